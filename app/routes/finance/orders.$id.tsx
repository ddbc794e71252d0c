import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/orders.$id";
import { ConfirmPanel, RecordHeader } from "../../components/data/detail.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { buildDetailView } from "../../components/data/view.server.ts";
import { Card } from "../../components/ui/card.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Toaster } from "../../components/ui/toast.tsx";
import { titleMeta } from "../../lib/title.ts";
import { formatPhoneBR } from "../../../shared/documents.ts";
import { ORDER_FULFILMENT, ORDER_STATUS } from "../../../shared/finance/enums.ts";
import { checkTransition, isEditableStatus, nextStatuses, type OrderStatus } from "../../../shared/finance/order-pipeline.ts";
import { formatBRL, formatDateTime, formatNumber } from "../../../shared/format.ts";
import { isId } from "../../../shared/id.ts";
import { customerName, customerPhone, formatOrderAddress, type PedidoRow, pedidoDefinition } from "../../../shared/resources/pedidos.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { recordStatement, rowsOf } from "../../../worker/resources/records.ts";
import { orderMoveAction } from "../../server/finance/orders.server.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { deleteOne, guard, screenPermissions, takeFlash, toastFor } from "../../server/resources.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData ? `Pedido nº ${loaderData.row.numero}` : "Pedido");

/** The point of sale prefilled with the order (the sales screens, issue 22): the payment is chosen there. */
function saleFromOrderHref(orderId: string): string {
  return `/sales/nova?pedido=${encodeURIComponent(orderId)}`;
}

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, pedidoDefinition, "read");
  const id = args.params.id;
  if (!isId(id)) throw new Response("Pedido não encontrado.", { status: 404 });
  const { mod, statement } = recordStatement(ctx, actor, pedidoDefinition.name, id);
  const [rows] = await ctx.db.batch([statement]);
  const row = rowsOf(mod, rows)[0] as PedidoRow | undefined;
  if (!row) throw new Response("Pedido não encontrado.", { status: 404 });
  const zone = timeZoneOf(actor.timeZone);
  const permissions = screenPermissions(args, pedidoDefinition);
  const params = new URL(args.request.url).searchParams;
  const confirm =
    permissions.canDelete && params.has("excluir") ? "excluir" : permissions.canUpdate && params.has("cancelar") ? "cancelar" : null;
  return {
    view: buildDetailView(pedidoDefinition, row, {}, zone),
    row,
    // Read here: the definition's module (and zod) stays out of the page's browser bundle.
    customer: { name: customerName(row), phone: customerPhone(row) },
    address: row.entrega === "entrega" ? formatOrderAddress(row.endereco) : null,
    zone,
    permissions,
    confirm,
    toast: toastFor(pedidoDefinition, takeFlash(args)),
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "excluir") return deleteOne(args, pedidoDefinition, args.params.id);
  if (intent === "mover") return orderMoveAction(args, form, args.params.id);
  return unknownIntent();
}

/** A status button: a plain form, so it works before the page's script loads. */
function MoveButton({ status, primary }: { status: OrderStatus; primary: boolean }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("status") === status;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="mover" />
      <input type="hidden" name="status" value={status} />
      <button type="submit" className={buttonClass(primary ? "primary" : "secondary")} disabled={busy} aria-busy={busy || undefined}>
        {primary ? `Marcar como ${ORDER_STATUS.label(status).toLowerCase()}` : `Voltar para ${ORDER_STATUS.label(status)}`}
      </button>
    </Form>
  );
}

export default function Pedido({ loaderData, actionData }: Route.ComponentProps) {
  const { view, row, customer, address, zone, permissions, confirm, toast } = loaderData;
  const base = `/orders/${row.id}`;
  const forward = nextStatuses(row.status).filter((s) => s !== "cancelado");
  const canCancel = permissions.canUpdate && checkTransition(row.status, "cancelado", row.vendaId !== null).ok;
  const phone = customer.phone;
  const error = actionData && "error" in actionData ? (actionData.error as string) : null;
  const moved = actionData && "toast" in actionData ? actionData.toast : null;
  return (
    <>
      <RecordHeader
        view={view}
        listHref="/orders"
        listLabel="Pedidos"
        canWrite={permissions.canWrite}
        canEdit={permissions.canUpdate && isEditableStatus(row.status)}
        canDelete={permissions.canDelete && row.vendaId === null}
        confirmingDelete={confirm === "excluir"}
        error={error}
        deleteNote="O pedido sai da lista e do quadro agora. Você pode desfazer logo em seguida."
        extraActions={
          <>
            {row.vendaId === null && row.status !== "cancelado" && permissions.canUpdate ? (
              <Link to={saleFromOrderHref(row.id)} className={buttonClass("primary")}>
                Gerar venda
              </Link>
            ) : null}
            {canCancel ? (
              <Link to={`${base}?cancelar=1`} preventScrollReset className={buttonClass("secondary")}>
                Cancelar pedido
              </Link>
            ) : null}
          </>
        }
      />
      {confirm === "cancelar" ? (
        <ConfirmPanel
          title={`Cancelar o pedido nº ${row.numero}?`}
          cancelHref={base}
          intent="mover"
          confirmLabel="Confirmar cancelamento"
          fields={<input type="hidden" name="status" value="cancelado" />}
        >
          <p>O pedido vai para Cancelado e não muda mais de situação. Ele continua na lista e no histórico.</p>
        </ConfirmPanel>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          <Card title="Situação">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className={`badge badge-${ORDER_STATUS.tone(row.status)}`}>{ORDER_STATUS.label(row.status)}</span>
              {row.previstoPara ? <span>Para {formatDateTime(row.previstoPara, zone)}</span> : null}
            </p>
            {permissions.canUpdate && forward.length ? (
              <div className="mt-3 flex flex-wrap gap-2">
                {forward.map((status, i) => (
                  <MoveButton key={status} status={status} primary={i === 0} />
                ))}
              </div>
            ) : null}
            {row.vendaId ? (
              <p className="mt-3 text-sm">
                Virou a{" "}
                <Link to={`/sales/${row.vendaId}`} className="font-semibold text-accent hover:underline">
                  venda nº {row.vendaNumero ?? ""}
                </Link>{" "}
                (ver o recibo).
              </p>
            ) : null}
          </Card>
          <Card title={`Itens (${row.itens.length})`}>
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <caption className="sr-only">Itens do pedido nº {row.numero}</caption>
                <thead>
                  <tr className="border-b border-line text-left text-xs text-fg-soft">
                    <th scope="col" className="py-1.5 pr-2 font-semibold">
                      Item
                    </th>
                    <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
                      Qtd.
                    </th>
                    <th scope="col" className="hidden py-1.5 pr-2 text-right font-semibold sm:table-cell">
                      Preço
                    </th>
                    <th scope="col" className="py-1.5 text-right font-semibold">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {row.itens.map((item) => (
                    <tr key={item.id} className="border-b border-line/60 align-top">
                      <td className="py-1.5 pr-2">
                        {item.descricao}
                        {item.profissionalNome ? (
                          <span className="block text-xs text-fg-soft">Profissional: {item.profissionalNome}</span>
                        ) : null}
                        {item.descontoCentavos ? (
                          <span className="block text-xs text-fg-soft">Desconto: {formatBRL(item.descontoCentavos)}</span>
                        ) : null}
                      </td>
                      <td className="py-1.5 pr-2 text-right tabular-nums">{formatNumber(item.quantidade, { maximumFractionDigits: 3 })}</td>
                      <td className="hidden py-1.5 pr-2 text-right tabular-nums sm:table-cell">{formatBRL(item.precoUnitarioCentavos)}</td>
                      <td className="py-1.5 text-right tabular-nums">{formatBRL(item.totalCentavos)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <dl className="mt-3 space-y-1 text-sm tabular-nums">
              <div className="flex justify-between gap-2">
                <dt>Subtotal</dt>
                <dd>{formatBRL(row.subtotalCentavos)}</dd>
              </div>
              {row.descontoCentavos ? (
                <div className="flex justify-between gap-2">
                  <dt>Descontos</dt>
                  <dd>− {formatBRL(row.descontoCentavos)}</dd>
                </div>
              ) : null}
              {row.entrega === "entrega" ? (
                <div className="flex justify-between gap-2">
                  <dt>Taxa de entrega</dt>
                  <dd>{formatBRL(row.taxaEntregaCentavos)}</dd>
                </div>
              ) : null}
              <div className="flex justify-between gap-2 border-t border-line pt-1 font-semibold">
                <dt>Total</dt>
                <dd data-order-total>{formatBRL(row.totalCentavos)}</dd>
              </div>
            </dl>
          </Card>
        </div>
        <div className="min-w-0 space-y-6">
          <Card title="Cliente">
            <p className="text-sm font-semibold">
              {row.clienteId && row.clienteNome ? (
                <Link to={`/clients/${row.clienteId}`} className="text-accent hover:underline">
                  {row.clienteNome}
                </Link>
              ) : (
                customer.name
              )}
            </p>
            {phone ? (
              <p className="mt-1 flex flex-wrap gap-x-3 text-sm">
                <a href={`tel:+55${phone}`} className="hover:underline">
                  {formatPhoneBR(phone)}
                </a>
                <a href={`https://wa.me/55${phone}`} target="_blank" rel="noreferrer" className="text-accent hover:underline">
                  WhatsApp
                </a>
              </p>
            ) : null}
          </Card>
          <Card title={ORDER_FULFILMENT.label(row.entrega)}>
            <p className="text-sm">{address ?? "O cliente retira no balcão."}</p>
            {row.observacoes ? <p className="mt-2 whitespace-pre-line text-sm text-fg-soft">{row.observacoes}</p> : null}
          </Card>
          <Card title="Histórico">
            <ol className="space-y-2 text-sm">
              {row.historico.map((change) => (
                <li key={`${change.em}-${change.para}`} className="flex flex-wrap justify-between gap-x-2">
                  <span>
                    {change.de === null ? "Pedido criado" : `${ORDER_STATUS.label(change.de)} → ${ORDER_STATUS.label(change.para)}`}
                  </span>
                  <span className="text-fg-soft">
                    {formatDateTime(change.em, zone)}
                    {change.porNome ? ` · ${change.porNome}` : ""}
                  </span>
                </li>
              ))}
            </ol>
          </Card>
        </div>
      </div>
      <Toaster toast={moved ?? toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
