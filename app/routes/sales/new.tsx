import type { Route } from "./+types/new";
import { Checkout } from "../../components/sales/checkout.tsx";
import { orderCart } from "../../components/sales/order-cart.ts";
import { EMPTY_CART } from "../../components/sales/cart-rules.ts";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { titleMeta } from "../../lib/title.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { serviceContext } from "../../../worker/context.ts";
import { checkoutOrder } from "../../../worker/services/finance/checkout-order.ts";
import { checkoutProfessionals } from "../../../worker/services/finance/checkout-catalog.ts";
import { getCheckoutPix } from "../../../worker/services/finance/pix-settings.ts";
import { DEFAULT_TIME_ZONE, dayIn } from "../../../shared/time-zone.ts";

/**
 * /sales/nova "Nova venda" (issue 22): the point of sale. The loader gives what the checkout
 * needs besides the search (professionals, the business's Pix, an order's cart for
 * `?pedido=<id>`, a fresh draft id). Concluir posts the SaleDraft to the sales API (ADR 071, one
 * transaction; no action of its own) and goes to the receipt, or shows the API's pt-BR refusal.
 */

export const meta: Route.MetaFunction = () => titleMeta("Nova venda");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context }: Route.LoaderArgs) {
  const signed = requirePermission(context, request, "vendas", "create");
  const ctx = serviceContext(signed.rc);
  const pedido = new URL(request.url).searchParams.get("pedido");
  const [professionals, pix, order] = await Promise.all([
    checkoutProfessionals(ctx, signed.actor),
    getCheckoutPix(ctx, signed.actor),
    pedido ? (UUID.test(pedido) ? checkoutOrder(ctx, signed.actor, pedido) : null) : null,
  ]);
  return {
    draftId: crypto.randomUUID(),
    // Today in the organização's zone: a boleto's or a prazo's first due date is proposed from it.
    today: dayIn(ctx.now, signed.actor.timeZone ?? DEFAULT_TIME_ZONE),
    professionals,
    pix,
    canConfigurePix: can(signed.actor.role, "business-settings", "update"),
    order: order?.ok ? order : null,
    notice: pedido && !order?.ok ? (order?.message ?? "Pedido não encontrado: a venda começa com o carrinho vazio.") : null,
  };
}

export default function NovaVenda({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  return (
    <>
      <PageHeader
        title="Nova venda"
        description={
          order
            ? `Pedido nº ${order.numero}: confira os itens, receba o pagamento e conclua. O pedido vira esta venda.`
            : "Busque ou passe o código de barras, ajuste o carrinho, receba o pagamento e conclua."
        }
      />
      <Checkout
        draftId={loaderData.draftId}
        today={loaderData.today}
        initialCart={order ? orderCart(order) : EMPTY_CART}
        professionals={loaderData.professionals}
        pix={loaderData.pix}
        canConfigurePix={loaderData.canConfigurePix}
        notice={loaderData.notice}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
