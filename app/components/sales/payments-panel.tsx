import { Suspense, lazy, useState } from "react";
import { Link } from "react-router";
import { formatBRL } from "../../../shared/format.ts";
import type { CheckoutPix } from "../../../shared/finance/pix-settings.ts";
import { INSTALLMENTS_MAX } from "../../../shared/money/installments.ts";
import { PAYMENT_METHOD, type PaymentMethod, allowsInstallments } from "../../../shared/money/payment-method.ts";
import { splitInstallments } from "../../../shared/money/installments.ts";
import type { CartPayment, PaymentSummary } from "./cart-rules.ts";
import { MoneyInput } from "./cart-lines.tsx";

/**
 * The sale's payments: one button per method adds a payment for what is still to pay; each can
 * be edited (amount, installments, first due date) or removed. Dinheiro shows the change; Pix
 * shows the business's BR Code for its amount (loaded only when a Pix payment is on screen).
 */

const PixCharge = lazy(() => import("./pix-charge.tsx"));

/** Boleto and a prazo are paid later: the person chooses when the first installment is due. */
const DUE_DATE_METHODS: readonly PaymentMethod[] = ["boleto", "a_prazo"];

interface Props {
  payments: readonly CartPayment[];
  summary: PaymentSummary;
  totalCentavos: number;
  pix: CheckoutPix | null;
  canConfigurePix: boolean;
  txid: string;
  onAdd: (method: PaymentMethod) => void;
  onChange: (index: number, change: Partial<Omit<CartPayment, "key">>) => void;
  onRemove: (index: number) => void;
}

export function PaymentsPanel({ payments, summary, totalCentavos, pix, canConfigurePix, txid, onAdd, onChange, onRemove }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <section aria-labelledby="pagamentos-titulo" className="space-y-3">
      <h2 id="pagamentos-titulo" className="text-base font-semibold">
        Pagamento
      </h2>
      <fieldset className="flex min-w-0 flex-wrap gap-2">
        <legend className="sr-only">Adicionar forma de pagamento</legend>
        {PAYMENT_METHOD.options.map((o) => (
          <button
            key={o.value}
            type="button"
            className="btn btn-secondary px-3"
            data-payment-method={o.value}
            onClick={() => onAdd(o.value)}
            disabled={totalCentavos <= 0 && payments.length > 0}
          >
            + {o.label}
          </button>
        ))}
      </fieldset>
      {problem ? (
        <p className="text-sm text-danger" role="alert">
          {problem}
        </p>
      ) : null}
      {payments.length ? (
        <ol className="space-y-3" aria-label="Formas de pagamento da venda">
          {payments.map((p, index) => (
            <li key={p.key} className="rounded-xl border border-line bg-surface p-3">
              <PaymentView
                payment={p}
                index={index}
                isLastCash={p.method === "dinheiro" && payments.findLastIndex((q) => q.method === "dinheiro") === index}
                summary={summary}
                onChange={(change) => onChange(index, change)}
                onRemove={() => onRemove(index)}
                onProblem={setProblem}
              />
              {p.method === "pix" ? (
                <PixBlock pix={pix} canConfigurePix={canConfigurePix} amountCentavos={p.amountCentavos} txid={txid} />
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-fg-soft">Escolha como o cliente paga. Pode combinar várias formas na mesma venda.</p>
      )}
    </section>
  );
}

function PaymentView({
  payment,
  index,
  isLastCash,
  summary,
  onChange,
  onRemove,
  onProblem,
}: {
  payment: CartPayment;
  index: number;
  isLastCash: boolean;
  summary: PaymentSummary;
  onChange: (change: Partial<Omit<CartPayment, "key">>) => void;
  onRemove: () => void;
  onProblem: (message: string | null) => void;
}) {
  const label = PAYMENT_METHOD.label(payment.method);
  const base = `pagamento-${payment.key}`;
  const split =
    allowsInstallments(payment.method) && payment.installments > 1 ? splitInstallments(payment.amountCentavos, payment.installments) : null;
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <p className="font-medium">
          {index + 1}. {label}
        </p>
        <button type="button" className="rounded-lg px-2 py-1 text-sm font-medium text-danger hover:bg-danger-soft" onClick={onRemove}>
          Remover<span className="sr-only"> pagamento {label}</span>
        </button>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <MoneyInput
          id={`${base}-valor`}
          label={payment.method === "dinheiro" ? "Valor recebido" : "Valor"}
          centavos={payment.amountCentavos}
          min={1}
          onValue={(amountCentavos) => onChange({ amountCentavos })}
          onProblem={onProblem}
        />
        {allowsInstallments(payment.method) ? (
          <div>
            <label htmlFor={`${base}-parcelas`} className="text-xs text-fg-soft">
              Parcelas
            </label>
            <select
              id={`${base}-parcelas`}
              value={payment.installments}
              onChange={(e) => onChange({ installments: Number(e.currentTarget.value) })}
              className="mt-0.5 block w-full rounded-lg border border-line bg-surface px-2 py-2 text-sm"
            >
              {Array.from({ length: INSTALLMENTS_MAX }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? "À vista" : `${n}×`}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {DUE_DATE_METHODS.includes(payment.method) ? (
          <>
            <div>
              <label htmlFor={`${base}-venc`} className="text-xs text-fg-soft">
                1º vencimento
              </label>
              <input
                id={`${base}-venc`}
                type="date"
                value={payment.firstDueDate}
                onChange={(e) => onChange({ firstDueDate: e.currentTarget.value })}
                className="mt-0.5 block w-full rounded-lg border border-line bg-surface px-2 py-2 text-sm"
              />
            </div>
            {payment.installments > 1 ? (
              <div>
                <label htmlFor={`${base}-intervalo`} className="text-xs text-fg-soft">
                  Intervalo
                </label>
                <select
                  id={`${base}-intervalo`}
                  value={payment.interval}
                  onChange={(e) => onChange({ interval: e.currentTarget.value === "semanal" ? "semanal" : "mensal" })}
                  className="mt-0.5 block w-full rounded-lg border border-line bg-surface px-2 py-2 text-sm"
                >
                  <option value="mensal">Mensal</option>
                  <option value="semanal">Semanal</option>
                </select>
              </div>
            ) : null}
          </>
        ) : null}
      </div>
      {split?.ok ? (
        <p className="text-sm text-fg-soft">
          {payment.installments} parcelas de {formatBRL(split.value[split.value.length - 1] as number)}
          {split.value[0] !== split.value[split.value.length - 1] ? ` (a 1ª de ${formatBRL(split.value[0] as number)})` : ""}.
        </p>
      ) : null}
      {isLastCash && summary.changeCentavos > 0 ? (
        <p className="text-base font-semibold text-ok" data-testid="troco">
          Troco: {formatBRL(summary.changeCentavos)}
        </p>
      ) : null}
    </div>
  );
}

function PixBlock({
  pix,
  canConfigurePix,
  amountCentavos,
  txid,
}: {
  pix: CheckoutPix | null;
  canConfigurePix: boolean;
  amountCentavos: number;
  txid: string;
}) {
  if (!pix) {
    return (
      <p className="mt-2 rounded-lg bg-muted px-3 py-2 text-sm">
        Sem chave Pix cadastrada: o pagamento é registrado, mas sem QR Code.{" "}
        {canConfigurePix ? (
          <Link to="/pix" className="font-semibold text-accent underline">
            Cadastrar a chave Pix
          </Link>
        ) : (
          "Peça a um administrador para cadastrar a chave Pix do negócio."
        )}
      </p>
    );
  }
  if (amountCentavos <= 0) return null;
  return (
    <Suspense fallback={<p className="mt-2 text-sm text-fg-soft">Gerando o QR Code…</p>}>
      <PixCharge pix={pix} amountCentavos={amountCentavos} txid={txid} />
    </Suspense>
  );
}
