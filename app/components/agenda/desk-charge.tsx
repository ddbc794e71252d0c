import { useState } from "react";
import { formatBRL } from "../../../shared/format.ts";
import type { CheckoutPix } from "../../../shared/finance/pix-settings.ts";
import { checkoutTxid } from "../../../shared/finance/pix-txid.ts";
import type { FinishData } from "../../server/agenda/desk.server.ts";
import { CheckoutTotals } from "../sales/checkout-totals.tsx";
import {
  type Cart,
  addItem,
  focusLastPaymentAmount,
  formatQuantityInput,
  parseQuantity,
  priceCart,
  removeLine,
  removePayment,
  setLine,
  setPayment,
  summarizePayments,
  withNewPayment,
} from "../sales/cart-rules.ts";
import { PaymentsPanel } from "../sales/payments-panel.tsx";
import { buttonClass } from "../ui/button.tsx";
import { AddPicker } from "./add-picker.tsx";
import { type DeskCharge, deskCart } from "./desk-cart.ts";

/**
 * The finish's full charge (ADR 078), loaded only when asked for: the point of sale's own totals
 * (discount on the total, "Falta pagar", troco) and payments panel (several methods, change for
 * dinheiro, installments, Pix QR), plus "Produtos vendidos" — what the client bought at the desk,
 * at the catalogue price. The services performed are the sale's first lines, as the finish has them.
 */

interface Props {
  panel: FinishData;
  servicoIds: readonly string[];
  charge: DeskCharge;
  onCharge: (next: DeskCharge) => void;
  /** "aaaa-mm-dd" in the organização's zone: a boleto's first due date is proposed from it. */
  today: string;
  canConfigurePix: boolean;
  pix: CheckoutPix | null;
}

export default function DeskChargePanel({ panel, servicoIds, charge, onCharge, today, canConfigurePix, pix }: Props) {
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const cart = deskCart(panel, servicoIds, charge);
  const priced = priceCart(cart);
  const pricing = priced.ok ? priced.value : null;
  const total = pricing?.totalCentavos ?? 0;
  const summary = summarizePayments(total, cart.payments);
  const first = servicoIds.length;
  const products = new Map(panel.produtosDisponiveis.map((p) => [p.id, p]));
  // The charge keeps only what it adds: the services come from the finish's own list.
  const commit = (next: Cart) => onCharge({ ...next, lines: next.lines.filter((l) => l.kind !== "servico") });

  function sell(id: string) {
    const p = products.get(id);
    if (!p) return;
    commit(
      addItem(cart, {
        kind: "produto",
        id: p.id,
        name: p.nome,
        sku: null,
        barcode: null,
        priceCentavos: p.precoCentavos,
        unit: p.unidade,
        stockMilli: Math.round(p.estoque * 1000),
      }),
    );
    setStatus(`${p.nome} adicionado à venda.`);
  }

  return (
    <div className="space-y-4">
      <p className="sr-only" aria-live="polite">
        {status}
      </p>
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold">Produtos vendidos</legend>
        <p className="text-xs text-fg-soft">O que o cliente levou: entram na venda e saem do estoque como venda.</p>
        {charge.lines.length ? (
          <ul className="mt-2 space-y-1" aria-label="Produtos vendidos">
            {charge.lines.map((line, i) => {
              const inputId = `vendido-${line.refId}`;
              return (
                <li key={line.key} className="flex flex-wrap items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm">
                  <label htmlFor={inputId} className="min-w-0 flex-1 break-words">
                    {line.description}
                    <span className="block text-xs text-fg-soft">{formatBRL(line.unitPriceCentavos)} cada</span>
                  </label>
                  <input
                    key={line.quantityMilli}
                    id={inputId}
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={formatQuantityInput(line.quantityMilli)}
                    onBlur={(e) => {
                      const quantityMilli = parseQuantity(e.currentTarget.value);
                      if (quantityMilli === null) {
                        setProblem(`${line.description}: quantidade inválida. Use um número maior que zero, como 1 ou 1,5.`);
                        e.currentTarget.value = formatQuantityInput(line.quantityMilli);
                        return;
                      }
                      setProblem(null);
                      commit(setLine(cart, first + i, { quantityMilli }));
                    }}
                    className="w-20 rounded-lg border border-line bg-surface px-2 py-1.5 text-right tabular-nums"
                  />
                  <span className="w-8 text-xs text-fg-soft">{line.unit ?? ""}</span>
                  <button
                    type="button"
                    className={buttonClass("ghost", "!px-2")}
                    aria-label={`Remover ${line.description} da venda`}
                    onClick={() => {
                      commit(removeLine(cart, first + i));
                      setStatus(`${line.description} removido da venda.`);
                    }}
                  >
                    Remover
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        {problem ? (
          <p className="mt-1 text-sm text-danger" role="alert">
            {problem}
          </p>
        ) : null}
        <AddPicker
          label="Vender produto"
          placeholder="Escolha um produto"
          button="Adicionar à venda"
          options={panel.produtosDisponiveis.map((p) => ({ value: p.id, label: `${p.nome} · ${formatBRL(p.precoCentavos)}` }))}
          onAdd={sell}
        />
      </fieldset>
      <CheckoutTotals
        pricing={pricing}
        pricingError={priced.ok ? null : priced.error}
        totalDiscount={charge.totalDiscount}
        summary={summary}
        onTotalDiscount={(totalDiscount) => onCharge({ ...charge, totalDiscount })}
      />
      <PaymentsPanel
        payments={charge.payments}
        summary={summary}
        totalCentavos={total}
        pix={pix}
        canConfigurePix={canConfigurePix}
        txid={checkoutTxid(panel.id)}
        onAdd={(method) => {
          commit(withNewPayment(cart, method, today));
          focusLastPaymentAmount();
        }}
        onChange={(index, change) => commit(setPayment(cart, index, change))}
        onRemove={(index) => commit(removePayment(cart, index))}
      />
    </div>
  );
}
