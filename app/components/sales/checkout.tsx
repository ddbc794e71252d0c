import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { formatBRL } from "../../../shared/format.ts";
import type { CheckoutPix } from "../../../shared/finance/pix-settings.ts";
import { checkoutTxid } from "../../../shared/finance/pix-txid.ts";
import { PAYMENT_METHOD, type PaymentMethod } from "../../../shared/money/payment-method.ts";
import { RelationPicker } from "../data/relation-picker.tsx";
import { Alert } from "../ui/alert.tsx";
import { useHydrated } from "../ui/hydrated.ts";
import { CatalogSearch, type CatalogSearchHandle } from "./catalog-search.tsx";
import { CartLines } from "./cart-lines.tsx";
import {
  type Cart,
  addItem,
  cartProblem,
  focusLastPaymentAmount,
  priceCart,
  removeLine,
  removePayment,
  setLine,
  setPayment,
  stepQuantity,
  summarizePayments,
  toSaleDraft,
  withNewPayment,
} from "./cart-rules.ts";
import { CheckoutTotals } from "./checkout-totals.tsx";
import { PaymentsPanel } from "./payments-panel.tsx";
import { completeSaleRequest } from "./sales-api.ts";

/**
 * "Nova venda" (issue 22): search → cart → payments → Concluir, on a phone or at a counter with
 * the keyboard only. Concluir posts the SaleDraft to the sales API (ADR 071). The draft id is
 * chosen once for this checkout (kept across refusals and reloads of the loader), so a double
 * submit or a retry after a lost answer returns the same sale. A refusal from the server is shown
 * above the button and the cart stays as it was.
 */

export interface CheckoutProps {
  draftId: string;
  /** "aaaa-mm-dd" in the organização's zone. */
  today: string;
  initialCart: Cart;
  professionals: readonly { id: string; nome: string }[];
  pix: CheckoutPix | null;
  canConfigurePix: boolean;
  /** Why the order could not fill the cart (cancelled, already sold…). */
  notice: string | null;
}

export function Checkout({ draftId: initialDraftId, today, initialCart, professionals, pix, canConfigurePix, notice }: CheckoutProps) {
  const hydrated = useHydrated();
  // Chosen once: a revalidated loader brings a new id, which would allow a second sale.
  const [draftId] = useState(initialDraftId);
  const [cart, setCart] = useState<Cart>(initialCart);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const search = useRef<CatalogSearchHandle>(null);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const priced = priceCart(cart);
  const pricing = priced.ok ? priced.value : null;
  const total = pricing?.totalCentavos ?? 0;
  const summary = summarizePayments(total, cart.payments);
  const txid = checkoutTxid(draftId);

  async function submit() {
    // One request at a time (a double click, Enter held down); the draft id covers the rest.
    if (sending.current) return;
    const why = cartProblem(cart);
    if (why) {
      setProblem(why);
      return;
    }
    setProblem(null);
    sending.current = true;
    setBusy(true);
    const answer = await completeSaleRequest(toSaleDraft(cart, draftId, total));
    if (answer.ok) {
      navigate(`/sales/${answer.value}?concluida=1`);
      return;
    }
    // Refused: the cart stays as it was, with the server's reason.
    sending.current = false;
    setBusy(false);
    setProblem(answer.error);
  }
  // The keyboard shortcut reads the fields just left (they commit on blur), so it calls the latest render's submit.
  const latestSubmit = useRef(submit);
  latestSubmit.current = submit;

  // The counter starts by typing or scanning: the search has the focus when the page opens.
  useEffect(() => search.current?.focus(), []);

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === "F9" || (event.key === "Enter" && (event.ctrlKey || event.metaKey))) {
        event.preventDefault();
        (document.activeElement as HTMLElement | null)?.blur();
        setTimeout(() => void latestSubmit.current(), 0);
      } else if (event.key === "F2") {
        event.preventDefault();
        document.querySelector<HTMLElement>("[data-payment-method]")?.focus();
      } else if (event.key === "F4") {
        event.preventDefault();
        search.current?.focus();
      }
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  function addPayment(method: PaymentMethod) {
    setCart((c) => withNewPayment(c, method, today));
    setStatus(`Pagamento em ${PAYMENT_METHOD.label(method)} adicionado.`);
    focusLastPaymentAmount();
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="min-w-0 space-y-4">
        {notice ? <Alert tone="info">{notice}</Alert> : null}
        {!hydrated ? (
          <noscript>
            <Alert tone="error">O caixa precisa de JavaScript ligado no navegador.</Alert>
          </noscript>
        ) : null}
        <CatalogSearch
          ref={search}
          onAdd={(item) => setCart((c) => addItem(c, item))}
          onLeaveDown={() => document.querySelector<HTMLElement>('[data-cart-line="0"]')?.focus()}
          onStatus={setStatus}
        />
        <p className="sr-only" aria-live="polite">
          {status}
        </p>
        <section aria-labelledby="carrinho-titulo" className="space-y-2">
          <h2 id="carrinho-titulo" className="text-base font-semibold">
            Carrinho{cart.lines.length ? ` (${cart.lines.length} ${cart.lines.length === 1 ? "item" : "itens"})` : ""}
          </h2>
          <CartLines
            cart={cart}
            priced={pricing?.lines ?? null}
            professionals={professionals}
            onChange={(index, change) => setCart((c) => setLine(c, index, change))}
            onStep={(index, sign) => setCart((c) => stepQuantity(c, index, sign))}
            onRemove={(index) => {
              setCart((c) => removeLine(c, index));
              setStatus("Item removido.");
            }}
            onBackToSearch={() => search.current?.focus()}
          />
        </section>
        <section aria-labelledby="cliente-titulo" className="space-y-2">
          <h2 id="cliente-titulo" className="text-base font-semibold">
            <label htmlFor="venda-cliente">
              Cliente <span className="text-sm font-normal text-fg-soft">(opcional)</span>
            </label>
          </h2>
          <RelationPicker
            id="venda-cliente"
            name="clienteId"
            relation="clients"
            label="Cliente"
            placeholder="Buscar cliente por nome, CPF ou telefone"
            defaultSelected={cart.clientId ? [{ id: cart.clientId, title: cart.clientName ?? "Cliente" }] : []}
            onPick={(selected) => {
              const first = selected[0];
              setCart((c) => ({ ...c, clientId: first?.id ?? null, clientName: first?.title ?? null }));
            }}
          />
          {cart.clientId ? null : (
            <fieldset className="grid gap-2 sm:grid-cols-2">
              <legend className="mb-1 text-sm text-fg-soft">Sem cadastro? Anote quem comprou (sai no recibo).</legend>
              {(
                [
                  ["customerName", "venda-avulso-nome", "Nome do cliente", { maxLength: 120 }],
                  [
                    "customerPhone",
                    "venda-avulso-telefone",
                    "Telefone",
                    { type: "tel", inputMode: "tel", maxLength: 20, placeholder: "(11) 98765-4321" },
                  ],
                ] as const
              ).map(([key, id, label, attributes]) => (
                <div key={key} className="min-w-0">
                  <label htmlFor={id} className="text-sm font-medium">
                    {label}
                  </label>
                  <input
                    id={id}
                    autoComplete="off"
                    {...attributes}
                    value={cart[key]}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setCart((c) => ({ ...c, [key]: value }));
                    }}
                    className="mt-1 block w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm"
                  />
                </div>
              ))}
            </fieldset>
          )}
        </section>
        <div>
          <label htmlFor="venda-observacoes" className="text-sm font-medium">
            Observações <span className="font-normal text-fg-soft">(opcional)</span>
          </label>
          <textarea
            id="venda-observacoes"
            rows={2}
            maxLength={2000}
            value={cart.notes}
            onChange={(e) => {
              const notes = e.currentTarget.value;
              setCart((c) => ({ ...c, notes }));
            }}
            className="mt-1.5 block w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm"
          />
        </div>
      </div>
      <div className="min-w-0 space-y-4 lg:sticky lg:top-4 lg:self-start">
        <CheckoutTotals
          pricing={pricing}
          pricingError={priced.ok ? null : priced.error}
          totalDiscount={cart.totalDiscount}
          summary={summary}
          onTotalDiscount={(totalDiscount) => setCart((c) => ({ ...c, totalDiscount }))}
        />
        <PaymentsPanel
          payments={cart.payments}
          summary={summary}
          totalCentavos={total}
          pix={pix}
          canConfigurePix={canConfigurePix}
          txid={txid}
          onAdd={addPayment}
          onChange={(index, change) => setCart((c) => setPayment(c, index, change))}
          onRemove={(index) => setCart((c) => removePayment(c, index))}
        />
        {problem ? <Alert tone="error">{problem}</Alert> : null}
        <button
          type="button"
          className="btn btn-primary w-full py-3 text-base"
          onClick={() => void submit()}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-keyshortcuts="F9 Control+Enter"
        >
          {busy ? "Concluindo…" : `Concluir venda${pricing && total > 0 ? ` · ${formatBRL(total)}` : ""}`}
        </button>
        <p className="text-xs text-fg-soft">Atalhos: F4 busca · F2 pagamento · F9 ou Ctrl+Enter conclui.</p>
      </div>
    </div>
  );
}
