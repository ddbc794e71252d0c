import type { Context, Hono } from "hono";
import { SALE_DRAFT_LIMITS } from "../../../../shared/finance/sale-draft.ts";
import { ID_PATTERN, isId } from "../../../../shared/id.ts";
import { dataObject, documented, type JsonSchema, type RouteDoc } from "../../../api/route-doc.ts";
import type { AppEnv } from "../../../http/types.ts";
import { DomainError } from "../../../services/context.ts";
import { cancelSale } from "../../../services/finance/sales/cancel-sale.ts";
import type { RouteHelpers } from "../../define.ts";

/**
 * `/api/sales/:id/cancel`: cancelling a sale (ADR 071) — the same service as the receipt's
 * "Cancelar venda": one batch reversing stock, receivables, movements and commissions.
 */

const ID: JsonSchema = { type: "string", pattern: ID_PATTERN };

const CANCEL_DOC: RouteDoc = {
  access: { action: "approve" },
  summary: "Cancelar a venda",
  description:
    "Estorna tudo numa só gravação, sem apagar nada: o estoque volta (entrada “cancelamento”), as contas a receber são canceladas, cada movimentação de caixa da venda (e dos recebimentos) ganha um estorno, as comissões pendentes são canceladas. Uma comissão já paga continua paga e volta em `comissoesPagas`. Cancelar de novo é recusado (409).",
  body: {
    type: "object",
    required: ["reason"],
    properties: { reason: { type: "string", minLength: 3, maxLength: SALE_DRAFT_LIMITS.cancelReason, title: "Motivo" } },
    additionalProperties: false,
  },
  bodyExample: { reason: "Cliente desistiu da compra" },
  response: dataObject(
    {
      saleId: ID,
      numero: { type: "integer", minimum: 1 },
      estornos: { type: "integer", minimum: 0, description: "Movimentações de caixa estornadas." },
      comissoesPagas: {
        type: "array",
        items: {
          type: "object",
          required: ["profissional", "valorCentavos"],
          properties: { profissional: { type: "string" }, valorCentavos: { type: "integer", minimum: 0 } },
        },
      },
    },
    "A venda cancelada.",
  ),
  errors: ["400", "409", "422"],
};

async function body(c: Context<AppEnv>): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new DomainError("Corpo da requisição deve ser JSON.", 400);
  }
}

export function saleRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  app.post(
    "/:id/cancel",
    documented(CANCEL_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id");
        if (!isId(id)) return notFound(c);
        return c.json({ data: await cancelSale(ctx, actor, id, await body(c)) });
      }),
    ),
  );
}
