import type { Route } from "./+types/movimentacao-produtos.export";
import { movimentacaoProdutoDefinition } from "../../shared/resources/movimentacoes-produtos.ts";
import { exportResponse } from "../server/resources.server.ts";

/** `/movimentacao-produtos/export?formato=csv|xlsx&<list query>`: the file of exactly what the list shows. */
export async function loader(args: Route.LoaderArgs) {
  return exportResponse(args, movimentacaoProdutoDefinition);
}
