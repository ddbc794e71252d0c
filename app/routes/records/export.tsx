import type { Route } from "./+types/export";
import { exportResponse } from "../../server/resources.server.ts";
import { screenDefinition } from "../../server/screens.server.ts";

/** `/<base>/export?formato=csv|xlsx&<list query>`: the file of exactly what the list shows. */
export async function loader(args: Route.LoaderArgs) {
  return exportResponse(args, screenDefinition(args.request, "export"));
}
