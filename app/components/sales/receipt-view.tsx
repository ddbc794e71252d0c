import { Link } from "react-router";
import { formatBRL, formatDate, formatDateTime } from "../../../shared/format.ts";
import { maskCpfCnpj } from "../../../shared/mask.ts";
import { PAYMENT_METHOD } from "../../../shared/money/payment-method.ts";
import type { SaleReceipt } from "../../../shared/finance/sale-receipt.ts";
import { RECEIVABLE_STATUS } from "../../../shared/finance/enums.ts";
import { formatQuantityInput } from "./cart-rules.ts";

/**
 * The receipt itself (#recibo: what prints). One column that fits a 390 px phone and an 80 mm
 * roll; the items as a list of rows rather than a wide table, so nothing scrolls sideways.
 */
export function ReceiptView({ receipt: r, zone }: { receipt: SaleReceipt; zone: string }) {
  const cancelled = r.status === "cancelada";
  return (
    <article id="recibo" aria-labelledby="recibo-titulo" className="mx-auto max-w-xl rounded-xl border border-line bg-surface p-4 sm:p-6">
      <header className="border-b border-dashed border-line pb-3 text-center">
        <p className="text-lg font-bold">{r.business.name}</p>
        {r.business.document ? <p className="text-sm">CPF/CNPJ {maskCpfCnpj(r.business.document)}</p> : null}
        {r.business.address ? <p className="text-xs text-fg-soft">{r.business.address}</p> : null}
        <h1 id="recibo-titulo" className="mt-2 text-base font-semibold">
          Recibo · Venda nº {r.numero}
        </h1>
        <p className="text-sm text-fg-soft">{formatDateTime(r.soldAt, zone)}</p>
        {cancelled ? (
          <p className="mt-2 rounded-lg border border-danger/40 px-2 py-1 text-sm font-bold text-danger" role="status">
            VENDA CANCELADA{r.cancelledAt ? ` em ${formatDateTime(r.cancelledAt, zone)}` : ""}
            {r.cancelledBy ? ` por ${r.cancelledBy}` : ""}
            {r.cancelReason ? <span className="block font-normal">Motivo: {r.cancelReason}</span> : null}
          </p>
        ) : null}
      </header>
      {r.client ? (
        <p className="border-b border-dashed border-line py-2 text-sm">
          Cliente:{" "}
          {r.client.id ? (
            <Link to={`/clients/${r.client.id}`} className="font-medium text-accent print:text-inherit">
              {r.client.name}
            </Link>
          ) : (
            <span className="font-medium">{r.client.name}</span>
          )}
        </p>
      ) : null}
      <h2 className="sr-only">Itens</h2>
      <ul className="divide-y divide-dashed divide-line border-b border-dashed border-line">
        {r.items.map((item, i) => (
          <li key={`${i}-${item.description}`} className="py-2 text-sm">
            <div className="flex justify-between gap-2">
              <span className="min-w-0 font-medium">{item.description}</span>
              <span className="shrink-0 tabular-nums">{formatBRL(item.totalCentavos)}</span>
            </div>
            <p className="text-xs text-fg-soft">
              {formatQuantityInput(item.quantityMilli)} × {formatBRL(item.unitPriceCentavos)}
              {item.discountCentavos > 0 ? ` · desconto ${formatBRL(item.discountCentavos)}` : ""}
              {item.allocatedDiscountCentavos > 0 ? ` · desconto no total ${formatBRL(item.allocatedDiscountCentavos)}` : ""}
              {item.professional ? ` · ${item.professional}` : ""}
            </p>
          </li>
        ))}
      </ul>
      <dl className="space-y-0.5 border-b border-dashed border-line py-2 text-sm">
        <Line label="Subtotal" value={formatBRL(r.subtotalCentavos)} />
        {r.discountCentavos > 0 ? <Line label="Descontos" value={`− ${formatBRL(r.discountCentavos)}`} /> : null}
        <Line label="Total" value={formatBRL(r.totalCentavos)} strong />
      </dl>
      <h2 className="pt-2 text-sm font-semibold">Pagamento</h2>
      <dl className="space-y-0.5 py-1 text-sm">
        {r.payments.map((p, i) => (
          <Line
            key={`${i}-${p.method}`}
            label={`${PAYMENT_METHOD.label(p.method)}${p.installments > 1 ? ` (${p.installments}×)` : ""}`}
            value={
              p.method === "dinheiro" && p.tenderedCentavos && p.tenderedCentavos > p.amountCentavos
                ? `${formatBRL(p.tenderedCentavos)} recebido`
                : formatBRL(p.amountCentavos)
            }
          />
        ))}
        {r.changeCentavos > 0 ? <Line label="Troco" value={formatBRL(r.changeCentavos)} strong /> : null}
      </dl>
      {r.installments.length ? (
        <>
          <h2 className="border-t border-dashed border-line pt-2 text-sm font-semibold">Parcelas</h2>
          <ul className="py-1 text-sm">
            {r.installments.map((i) => (
              <li key={`${i.method}-${i.number}-${i.dueOn}`} className="flex justify-between gap-2">
                <span>
                  {i.number}/{i.of} · vence {formatDate(i.dueOn)}
                  {i.status !== "aberta" ? ` · ${RECEIVABLE_STATUS.label(i.status)}` : ""}
                </span>
                <span className="tabular-nums">{formatBRL(i.amountCentavos)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {r.notes ? <p className="border-t border-dashed border-line pt-2 text-sm">Observações: {r.notes}</p> : null}
      <p className="pt-3 text-center text-xs text-fg-soft">Obrigado pela preferência! Este recibo não é documento fiscal.</p>
    </article>
  );
}

function Line({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? "font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}
