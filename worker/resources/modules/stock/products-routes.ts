import type { Hono } from "hono";
import { isId } from "../../../../shared/id.ts";
import { dataOf, documented, integer, json, type RouteDoc, rowRef } from "../../../api/route-doc.ts";
import type { AppEnv } from "../../../http/types.ts";
import { productPage } from "../../../services/stock/products.ts";
import type { RouteHelpers } from "../../define.ts";

const LEDGER_DOC: RouteDoc = {
  access: { action: "read" },
  summary: "Razão: produto com as últimas movimentações e o saldo",
  description:
    "O registro com as movimentações mais recentes (até 50), cada uma com o saldo depois dela, e quantas movimentações vivas há ao todo. O saldo bate sempre com o estoque.",
  response: {
    description: "O registro e o razão.",
    content: json(
      dataOf({
        type: "object",
        required: ["product", "ledger", "movements"],
        properties: {
          product: rowRef("produtos"),
          ledger: {
            type: "array",
            items: {
              allOf: [
                rowRef("movimentacoes-produtos"),
                { type: "object", properties: { saldo: { type: "number", description: "Saldo depois desta movimentação." } } },
              ],
            },
          },
          movements: integer("Movimentações vivas ao todo."),
        },
      }),
    ),
  },
};

/** `/api/produtos/:id/razao`: the product with its newest ledger lines and running balance. */
export function productRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  app.get(
    "/:id/razao",
    documented(LEDGER_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        const page = isId(id) ? await productPage(ctx, actor, id) : null;
        return page ? c.json({ data: page }) : notFound(c);
      }),
    ),
  );
}
