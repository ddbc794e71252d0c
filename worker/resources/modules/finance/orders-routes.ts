import type { Hono } from "hono";
import { ORDER_STATUSES } from "../../../../shared/finance/enums.ts";
import { dataObject, documented, type RouteDoc } from "../../../api/route-doc.ts";
import type { AppEnv } from "../../../http/types.ts";
import { DomainError } from "../../../services/context.ts";
import { moveOrder, orderMoveSchema } from "../../../services/finance/orders.ts";
import type { RouteHelpers } from "../../define.ts";
import { isId } from "../../../../shared/id.ts";

const STATUS_DOC: RouteDoc = {
  access: { action: "update" },
  summary: "Mudar a situação do pedido",
  description:
    "novo → em_preparo → pronto → entregue, um passo para trás (pronto → em_preparo, em_preparo → novo), ou cancelado de qualquer situação em aberto. Entregue e cancelado não mudam mais; um pedido que virou venda não é cancelado aqui (cancele a venda). Cada mudança fica no histórico do pedido (quem e quando).",
  body: { type: "object", required: ["status"], properties: { status: { type: "string", enum: [...ORDER_STATUSES] } } },
  errors: ["400", "409"],
  response: dataObject({ id: { type: "string" }, status: { type: "string", enum: [...ORDER_STATUSES] } }, "A nova situação."),
};

/** `/api/orders/…` beyond the generic routes: the status pipeline's move. */
export function orderRoutes(app: Hono<AppEnv>, { run, notFound }: RouteHelpers): void {
  app.post(
    "/:id/status",
    documented(STATUS_DOC, (c) =>
      run(c, async (ctx, actor) => {
        const id = c.req.param("id") ?? "";
        let body: unknown;
        try {
          body = await c.req.json();
        } catch {
          throw new DomainError("Envie um corpo JSON válido.", 400);
        }
        const { status } = orderMoveSchema.parse(body);
        if (!isId(id)) return notFound(c);
        const moved = await moveOrder(ctx, actor, id, status);
        return c.json({ data: { id, status: moved.status } });
      }),
    ),
  );
}
