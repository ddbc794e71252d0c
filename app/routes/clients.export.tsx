import type { Route } from "./+types/clients.export";
import { clientDefinition } from "../../shared/resources/clients.ts";
import { exportResponse } from "../server/resources.server.ts";

/** `/clients/export?formato=csv|xlsx&<list query>`: the file of exactly what the list shows. */
export async function loader(args: Route.LoaderArgs) {
  return exportResponse(args, clientDefinition);
}
