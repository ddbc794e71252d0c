import { Suspense, lazy, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { formatBRL } from "../../../shared/format.ts";
import { formatQuantityWithUnit } from "../../../shared/quantity.ts";
import { FINISHABLE } from "../../../shared/agenda/desk.ts";
import type { DeskData, FinishData } from "../../server/agenda/desk.server.ts";
import { Button, buttonClass } from "../ui/button.tsx";
import { PAYMENT_METHOD, type PaymentMethod } from "../../../shared/money/payment-method.ts";
import { AddPicker } from "./add-picker.tsx";
import type { DeskCharge } from "./desk-cart.ts";

/** The full charge (the point of sale's totals and payments): loaded when the person asks for it. */
const DeskChargePanel = lazy(() => import("./desk-charge.tsx"));
/** The charge's rules (the point of sale's cart): loaded with it, so the one-tap path ships none of them. */
const loadChargeRules = () => import("./desk-cart.ts");
type ChargeRules = Awaited<ReturnType<typeof loadChargeRules>>;

/** What the finish answers: the stock exits written and, when a payment was chosen, the sale. */
type FinishAnswer = { ok: boolean; error?: string; movimentos?: number; venda?: { number: number; changeCentavos: number } | null };

/**
 * "Finalizar" (ADR 061): a modal of what was done — the services performed (the booking's,
 * editable) and the products consumed (what those services use, quantities editable, products
 * added) — confirmed in one step: the appointment concluído and one stock exit per product, all
 * or nothing. Adding or removing a service adds or takes its products' quantities. The payment is
 * one tap for the common case (one method, the whole total); "Dividir, troco, parcelas ou
 * desconto" opens the point of sale's own charge (ADR 078), and the sale rides the same write.
 */

interface Line {
  produtoId: string;
  /** As typed ("1,5"). */
  quantidade: string;
}

type Recipe = FinishData["receitas"][number];

const typed = (n: number) => String(Math.round(n * 1000) / 1000).replace(".", ",");
/** "1,5" and "1.5" are both one and a half; "1.000,5" has a thousands dot. */
const parsed = (text: string) => {
  const t = text.trim();
  return Number(t.includes(",") ? t.replace(/\./g, "").replace(",", ".") : t);
};

/** Lines after a service is added (sign 1) or removed (sign −1): its recipe's quantities summed in. */
function withRecipe(lines: readonly Line[], recipes: readonly Recipe[], servicoId: string, sign: 1 | -1): Line[] {
  const next = lines.map((l) => ({ ...l }));
  for (const r of recipes) {
    if (r.servicoId !== servicoId) continue;
    const line = next.find((l) => l.produtoId === r.produtoId);
    const current = line ? parsed(line.quantidade) || 0 : 0;
    const value = Math.max(0, current + sign * r.quantidade);
    if (line) line.quantidade = typed(value);
    else if (sign > 0) next.push({ produtoId: r.produtoId, quantidade: typed(value) });
  }
  return next.filter((l) => sign > 0 || parsed(l.quantidade) > 0);
}

export function FinishPanel({
  finishing,
  clienteNome,
  today,
  canConfigurePix,
  onClose,
  onDone,
}: {
  finishing: NonNullable<DeskData["finishing"]>;
  clienteNome: string;
  today: string;
  canConfigurePix: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const saver = useFetcher<FinishAnswer>();
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  const done = saver.state === "idle" && saver.data?.ok === true;
  // Told once (the parent's callbacks change every render; the panel closes by navigating).
  const told = useRef(false);
  const latest = useRef(onDone);
  latest.current = onDone;
  useEffect(() => {
    if (!done || told.current) return;
    told.current = true;
    const n = saver.data?.movimentos ?? 0;
    const venda = saver.data?.venda;
    latest.current(
      `Atendimento de ${clienteNome} concluído.${n ? ` ${n === 1 ? "1 produto baixado" : `${n} produtos baixados`} do estoque (consumo em serviço).` : ""}${venda ? ` Venda nº ${venda.number} registrada.${venda.changeCentavos > 0 ? ` Troco: ${formatBRL(venda.changeCentavos)}.` : ""}` : ""}`,
    );
  }, [done, saver.data, clienteNome]);
  const { panel } = finishing;
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={() => {
        if (!done) onClose();
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100vw-1.5rem))] overflow-y-auto rounded-xl border border-line bg-surface p-4 text-fg shadow-xl backdrop:bg-black/40 sm:p-5"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        Finalizar atendimento de {clienteNome}
      </h2>
      {panel && FINISHABLE_NOW.has(panel.status) ? (
        <PanelForm
          key={panel.id}
          panel={panel}
          saver={saver}
          today={today}
          canConfigurePix={canConfigurePix}
          onClose={() => ref.current?.close()}
        />
      ) : (
        <>
          <p className="mt-3 text-sm" role="alert">
            {finishing.error ?? "Este atendimento já foi finalizado ou encerrado: nada a lançar."}
          </p>
          <div className="mt-4 flex justify-end">
            <Button type="button" variant="secondary" onClick={() => ref.current?.close()}>
              Voltar
            </Button>
          </div>
        </>
      )}
    </dialog>
  );
}

const FINISHABLE_NOW: ReadonlySet<string> = new Set(FINISHABLE);

function PanelForm({
  panel,
  saver,
  today,
  canConfigurePix,
  onClose,
}: {
  panel: FinishData;
  saver: ReturnType<typeof useFetcher<FinishAnswer>>;
  today: string;
  canConfigurePix: boolean;
  onClose: () => void;
}) {
  // How the client paid (ADR 071): chosen, the finish also makes the appointment's sale (the whole total, one payment).
  const [forma, setForma] = useState<PaymentMethod | "">("");
  // The full charge (ADR 078): several payments, troco, installments, a discount, products sold; null: the one tap.
  const [charge, setCharge] = useState<DeskCharge | null>(null);
  const [rules, setRules] = useState<ChargeRules | null>(null);
  const chargeHeading = useRef<HTMLHeadingElement>(null);
  const detailButton = useRef<HTMLButtonElement>(null);
  const [servicoIds, setServicoIds] = useState<string[]>(panel.servicoIds);
  const [lines, setLines] = useState<Line[]>(panel.produtos.map((p) => ({ produtoId: p.produtoId, quantidade: typed(p.quantidade) })));
  const [problem, setProblem] = useState<string | null>(null);
  const services = new Map(panel.servicos.map((s) => [s.id, s]));
  const products = new Map(panel.produtosDisponiveis.map((p) => [p.id, p]));
  const busy = saver.state !== "idle";
  const error = problem ?? (saver.state === "idle" && saver.data && !saver.data.ok ? (saver.data.error ?? null) : null);
  const total = servicoIds.reduce((sum, id) => sum + (services.get(id)?.precoCentavos ?? 0), 0);
  const charged = charge && rules ? rules.deskCart(panel, servicoIds, charge) : null;

  /** Opens the full charge, starting from the method tapped (for the whole total) when there is one. */
  async function detail() {
    let loaded: ChargeRules;
    try {
      loaded = rules ?? (await loadChargeRules());
    } catch {
      return setProblem("Não foi possível abrir a cobrança. Confira a conexão e tente de novo.");
    }
    setRules(loaded);
    setCharge(loaded.startCharge(panel, servicoIds, forma, today));
  }
  // The button that had the focus goes away as the charge opens or closes: the focus moves to what
  // replaced it (the charge's heading, so a screen reader starts there; or the button back).
  const opened = charge !== null;
  const wasOpened = useRef(false);
  useEffect(() => {
    if (opened && !wasOpened.current) chargeHeading.current?.focus();
    if (!opened && wasOpened.current) detailButton.current?.focus();
    wasOpened.current = opened;
  }, [opened]);

  function removeService(index: number) {
    const id = servicoIds[index] as string;
    setServicoIds(servicoIds.filter((_, i) => i !== index));
    setLines(withRecipe(lines, panel.receitas, id, -1));
  }
  function confirm() {
    const produtos = lines.map((l) => ({ produtoId: l.produtoId, quantidade: parsed(l.quantidade) }));
    const bad = produtos.find((p) => !Number.isFinite(p.quantidade) || p.quantidade <= 0);
    if (!servicoIds.length) return setProblem("Escolha ao menos um serviço realizado.");
    if (bad)
      return setProblem(`Informe uma quantidade maior que zero para ${products.get(bad.produtoId)?.nome ?? "o produto"}, ou remova-o.`);
    const sale = charged && rules ? rules.deskChargeBody(charged) : null;
    if (sale && !sale.ok) return setProblem(sale.error);
    setProblem(null);
    saver.submit(
      {
        intent: "finalizar",
        id: panel.id,
        feito: JSON.stringify({
          servicoIds,
          produtos,
          ...(sale?.ok ? sale.body : forma && total > 0 ? { pagamentos: [{ method: forma, amountCentavos: total }] } : {}),
        }),
      },
      { method: "post", action: "/atendimento", preventScrollReset: true },
    );
  }

  return (
    <div className="mt-3 space-y-5">
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold">Serviços realizados</legend>
        <ul className="mt-2 space-y-1">
          {servicoIds.map((id, i) => (
            <li key={`${id}-${i}`} className="flex items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 break-words">{services.get(id)?.nome ?? "Serviço"}</span>
              <span className="tabular-nums text-fg-soft">{formatBRL(services.get(id)?.precoCentavos ?? 0)}</span>
              <button
                type="button"
                className={buttonClass("ghost", "!px-2")}
                aria-label={`Remover ${services.get(id)?.nome ?? "serviço"}`}
                onClick={() => removeService(i)}
              >
                Remover
              </button>
            </li>
          ))}
        </ul>
        <AddPicker
          label="Adicionar serviço"
          placeholder="Escolha um serviço"
          options={panel.servicos.map((s) => ({ value: s.id, label: `${s.nome} · ${formatBRL(s.precoCentavos)}` }))}
          onAdd={(id) => {
            setServicoIds([...servicoIds, id]);
            setLines(withRecipe(lines, panel.receitas, id, 1));
          }}
        />
        <p className="mt-1 text-sm">
          Total dos serviços: <strong className="tabular-nums">{formatBRL(total)}</strong>
        </p>
      </fieldset>

      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold">Produtos consumidos</legend>
        <p className="text-xs text-fg-soft">Saem do estoque como “Consumo em serviço” ao concluir.</p>
        {lines.length ? (
          <ul className="mt-2 space-y-1">
            {lines.map((l, i) => {
              const p = products.get(l.produtoId);
              const inputId = `consumo-${l.produtoId}`;
              return (
                <li key={l.produtoId} className="flex flex-wrap items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm">
                  <label htmlFor={inputId} className="min-w-0 flex-1 break-words">
                    {p?.nome ?? "Produto"}
                    <span className="block text-xs text-fg-soft">Em estoque: {formatQuantityWithUnit(p?.estoque ?? 0, p?.unidade)}</span>
                  </label>
                  <input
                    id={inputId}
                    inputMode="decimal"
                    autoComplete="off"
                    value={l.quantidade}
                    onChange={(e) => setLines(lines.map((x, j) => (j === i ? { ...x, quantidade: e.target.value } : x)))}
                    className="w-20 rounded-lg border border-line bg-surface px-2 py-1.5 text-right tabular-nums"
                    aria-describedby={`${inputId}-un`}
                  />
                  <span id={`${inputId}-un`} className="w-8 text-xs text-fg-soft">
                    {p?.unidade ?? ""}
                  </span>
                  <button
                    type="button"
                    className={buttonClass("ghost", "!px-2")}
                    aria-label={`Remover ${p?.nome ?? "produto"}`}
                    onClick={() => setLines(lines.filter((_, j) => j !== i))}
                  >
                    Remover
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-fg-soft">Nenhum produto consumido.</p>
        )}
        <AddPicker
          label="Adicionar produto"
          placeholder="Escolha um produto"
          options={panel.produtosDisponiveis
            .filter((p) => !lines.some((l) => l.produtoId === p.id))
            .map((p) => ({ value: p.id, label: `${p.nome} (${formatQuantityWithUnit(p.estoque, p.unidade)})` }))}
          onAdd={(id) => setLines([...lines, { produtoId: id, quantidade: "1" }])}
        />
      </fieldset>

      {charge ? (
        <section aria-labelledby="cobranca-titulo" className="min-w-0 space-y-2 border-t border-line pt-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id="cobranca-titulo" ref={chargeHeading} tabIndex={-1} className="text-sm font-semibold focus:outline-none">
              Cobrança
            </h3>
            <button type="button" className={buttonClass("ghost", "!px-2 text-sm")} onClick={() => setCharge(null)}>
              Voltar ao pagamento simples
            </button>
          </div>
          <Suspense fallback={<p className="text-sm text-fg-soft">Carregando o pagamento…</p>}>
            <DeskChargePanel
              panel={panel}
              servicoIds={servicoIds}
              charge={charge}
              onCharge={setCharge}
              today={today}
              canConfigurePix={canConfigurePix}
              pix={panel.pix}
            />
          </Suspense>
        </section>
      ) : (
        <div className="min-w-0">
          <label className="flex min-w-0 flex-col text-sm font-semibold">
            Pagamento
            <select
              value={forma}
              onChange={(e) => setForma(e.target.value as PaymentMethod | "")}
              className="mt-1 w-full rounded-lg border border-line bg-surface px-2 py-1.5 text-sm font-normal"
              aria-describedby="pagamento-dica"
            >
              <option value="">Sem venda agora</option>
              {PAYMENT_METHOD.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label} · {formatBRL(total)}
                </option>
              ))}
            </select>
            <span id="pagamento-dica" className="mt-1 text-xs font-normal text-fg-soft">
              Escolhida a forma, o atendimento vira uma venda com as comissões do profissional.
            </span>
          </label>
          <button
            ref={detailButton}
            type="button"
            className={buttonClass("secondary", "mt-2 w-full sm:w-auto")}
            onClick={() => void detail()}
          >
            Dividir, troco, parcelas ou desconto
          </button>
        </div>
      )}

      {error ? (
        <p role="alert" className="rounded-lg border border-danger p-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose}>
          Voltar
        </Button>
        <Button type="button" busy={busy} onClick={confirm}>
          {charged && rules ? `Concluir e cobrar ${formatBRL(rules.deskTotal(charged))}` : "Concluir atendimento"}
        </Button>
      </div>
    </div>
  );
}
