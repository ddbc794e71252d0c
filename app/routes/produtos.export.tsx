import type { Route } from "./+types/produtos.export";
import { produtoDefinition } from "../../shared/resources/produtos.ts";
import { exportResponse } from "../server/resources.server.ts";

/** `/produtos/export?formato=csv|xlsx&<list query>`: the file of exactly what the list shows. */
export async function loader(args: Route.LoaderArgs) {
  return exportResponse(args, produtoDefinition);
}
