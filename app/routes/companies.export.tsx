import type { Route } from "./+types/companies.export";
import { companyDefinition } from "../../shared/resources/companies.ts";
import { exportResponse } from "../server/resources.server.ts";

/** `/companies/export?formato=csv|xlsx&<list query>`: the file of exactly what the list shows. */
export async function loader(args: Route.LoaderArgs) {
  return exportResponse(args, companyDefinition);
}
