import { useState } from "react";
import { formatBRL } from "../../../shared/format.ts";
import type { Discount } from "../../../shared/money/discount.ts";
import type { SalePricing } from "../../../shared/money/sale-pricing.ts";
import { type PaymentSummary, formatDiscountInput, parseDiscount } from "./cart-rules.ts";

/**
 * The sale's totals, always in view: subtotal, discounts (the items' and the one on the total,
 * typed in R$ or %), the total, what the payments cover, what is still to pay and the change.
 * "Falta pagar" is a polite live region: a screen reader hears it change as payments are typed.
 */
export function CheckoutTotals({
  pricing,
  pricingError,
  totalDiscount,
  summary,
  onTotalDiscount,
}: {
  pricing: SalePricing | null;
  pricingError: string | null;
  totalDiscount: Discount | null;
  summary: PaymentSummary;
  onTotalDiscount: (discount: Discount | null) => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const shown = formatDiscountInput(totalDiscount);
  return (
    <section aria-labelledby="totais-titulo" className="space-y-2 rounded-xl border border-line bg-surface p-3">
      <h2 id="totais-titulo" className="sr-only">
        Totais
      </h2>
      <div>
        <label htmlFor="desconto-total" className="text-xs text-fg-soft">
          Desconto no total (R$ ou %)
        </label>
        <input
          key={shown}
          id="desconto-total"
          inputMode="decimal"
          placeholder="0,00 ou 10%"
          defaultValue={shown}
          aria-invalid={problem ? true : undefined}
          onBlur={(e) => {
            const read = parseDiscount(e.currentTarget.value);
            if (!read.ok) return setProblem(read.error);
            setProblem(null);
            onTotalDiscount(read.discount);
          }}
          className="mt-0.5 block w-full rounded-lg border border-line bg-surface px-2 py-2 text-sm tabular-nums focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 aria-[invalid=true]:border-danger"
        />
        {problem ? (
          <p className="mt-1 text-sm text-danger" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      {pricingError ? (
        <p className="text-sm text-danger" role="alert">
          {pricingError}
        </p>
      ) : null}
      <dl className="space-y-1 text-sm">
        <Row label="Subtotal" value={pricing ? formatBRL(pricing.grossCentavos) : "—"} />
        {pricing && pricing.discountCentavos > 0 ? <Row label="Descontos" value={`− ${formatBRL(pricing.discountCentavos)}`} /> : null}
        <Row label="Total" value={pricing ? formatBRL(pricing.totalCentavos) : "—"} strong testId="total" />
        <Row label="Pago" value={formatBRL(summary.tenderedCentavos)} />
      </dl>
      <div aria-live="polite" aria-atomic="true" className="space-y-1 border-t border-line pt-2">
        <p
          className={`flex justify-between text-base font-semibold ${summary.remainingCentavos > 0 ? "text-danger" : "text-ok"}`}
          data-testid="falta-pagar"
        >
          <span>Falta pagar</span>
          <span className="tabular-nums">{formatBRL(summary.remainingCentavos)}</span>
        </p>
        {summary.changeCentavos > 0 ? (
          <p className="flex justify-between text-base font-semibold">
            <span>Troco</span>
            <span className="tabular-nums">{formatBRL(summary.changeCentavos)}</span>
          </p>
        ) : null}
        {summary.overpaidByNonCash ? (
          <p className="text-sm text-danger">Os pagamentos fora do dinheiro passam do total: só dinheiro pode ter troco.</p>
        ) : null}
      </div>
    </section>
  );
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <div className={`flex justify-between gap-2 ${strong ? "text-lg font-bold" : ""}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
