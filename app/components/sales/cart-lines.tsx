import { type KeyboardEvent, useState } from "react";
import { formatBRL, parseBRL } from "../../../shared/format.ts";
import type { PricedLine } from "../../../shared/money/sale-pricing.ts";
import { type Cart, type CartLine, formatDiscountInput, formatQuantityInput, parseDiscount, parseQuantity } from "./cart-rules.ts";

/**
 * The cart's lines. Each line is one focusable group: ↑/↓ move between lines, + and − change
 * the quantity, Delete removes, Escape goes back to the search. The fields inside (quantity,
 * price, discount, professional) are typed as usual; a value that does not read keeps the
 * previous one and says why.
 */

export type LineChange = Partial<Pick<CartLine, "quantityMilli" | "unitPriceCentavos" | "discount" | "professionalId">>;

interface Props {
  cart: Cart;
  priced: readonly PricedLine[] | null;
  professionals: readonly { id: string; nome: string }[];
  onChange: (index: number, change: LineChange) => void;
  onStep: (index: number, sign: 1 | -1) => void;
  onRemove: (index: number) => void;
  onBackToSearch: () => void;
}

export function CartLines({ cart, priced, professionals, onChange, onStep, onRemove, onBackToSearch }: Props) {
  if (!cart.lines.length) {
    return (
      <p className="rounded-xl border border-dashed border-line p-6 text-center text-sm text-fg-soft">
        Carrinho vazio. Busque um produto ou serviço acima, ou passe o código de barras no leitor.
      </p>
    );
  }
  function focusLine(index: number) {
    const target = document.querySelector<HTMLElement>(`[data-cart-line="${index}"]`);
    if (target) target.focus();
    else onBackToSearch();
  }
  function onKeyDown(event: KeyboardEvent<HTMLLIElement>, index: number) {
    // Only when the line itself has the focus: inside a field, keys type.
    if (event.target !== event.currentTarget) return;
    const key = event.key;
    if (key === "ArrowDown") {
      event.preventDefault();
      if (index + 1 < cart.lines.length) focusLine(index + 1);
    } else if (key === "ArrowUp") {
      event.preventDefault();
      if (index > 0) focusLine(index - 1);
      else onBackToSearch();
    } else if (key === "+" || key === "=") {
      event.preventDefault();
      onStep(index, 1);
    } else if (key === "-") {
      event.preventDefault();
      onStep(index, -1);
    } else if (key === "Delete" || key === "Backspace") {
      event.preventDefault();
      onRemove(index);
      // The next line (or the previous, or the search) takes the focus.
      requestAnimationFrame(() => focusLine(Math.min(index, cart.lines.length - 2)));
    } else if (key === "Escape") {
      onBackToSearch();
    }
  }
  return (
    <ol aria-label="Itens da venda" className="space-y-3">
      {cart.lines.map((line, index) => (
        <li
          key={line.key}
          data-cart-line={index}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a line is a keyboard target (+/−, Delete, arrows), named by its aria-label.
          tabIndex={0}
          aria-label={`${line.description}, ${formatQuantityInput(line.quantityMilli)} ${line.unit ?? ""}. + e − mudam a quantidade, Delete remove.`}
          onKeyDown={(e) => onKeyDown(e, index)}
          className="rounded-xl border border-line bg-surface p-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent/50"
        >
          <LineView
            line={line}
            index={index}
            priced={priced?.[index] ?? null}
            professionals={professionals}
            onChange={(change) => onChange(index, change)}
            onStep={(sign) => onStep(index, sign)}
            onRemove={() => {
              onRemove(index);
              onBackToSearch();
            }}
          />
        </li>
      ))}
    </ol>
  );
}

const smallInput =
  "block w-full rounded-lg border border-line bg-surface px-2 py-2 text-sm tabular-nums text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 aria-[invalid=true]:border-danger";

function LineView({
  line,
  index,
  priced,
  professionals,
  onChange,
  onStep,
  onRemove,
}: {
  line: CartLine;
  index: number;
  priced: PricedLine | null;
  professionals: readonly { id: string; nome: string }[];
  onChange: (change: LineChange) => void;
  onStep: (sign: 1 | -1) => void;
  onRemove: () => void;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const base = `linha-${line.key}`;
  const qty = formatQuantityInput(line.quantityMilli);
  return (
    <div className="space-y-2">
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-medium">
          <span className="text-fg-soft">{index + 1}.</span> {line.description}
          {line.kind === "servico" ? <span className="ml-1 text-xs text-fg-soft">(serviço)</span> : null}
        </p>
        <p className="shrink-0 text-right font-semibold tabular-nums">
          {priced ? formatBRL(priced.netCentavos) : "—"}
          {priced && priced.netCentavos !== priced.grossCentavos ? (
            <span className="block text-xs font-normal text-fg-soft line-through">{formatBRL(priced.grossCentavos)}</span>
          ) : null}
        </p>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <div>
          <label htmlFor={`${base}-qtd`} className="text-xs text-fg-soft">
            Quantidade{line.unit ? ` (${line.unit})` : ""}
          </label>
          <div className="mt-0.5 flex items-center gap-1">
            <button
              type="button"
              className="btn btn-secondary px-2.5"
              aria-label={`Diminuir ${line.description}`}
              onClick={() => onStep(-1)}
            >
              −
            </button>
            <input
              key={qty}
              id={`${base}-qtd`}
              inputMode="decimal"
              defaultValue={qty}
              className={`${smallInput} min-w-0 text-center`}
              onBlur={(e) => {
                const milli = parseQuantity(e.currentTarget.value);
                if (milli === null) {
                  setProblem("Quantidade inválida: use um número maior que zero, como 2 ou 1,5.");
                  e.currentTarget.value = qty;
                } else {
                  setProblem(null);
                  if (milli !== line.quantityMilli) onChange({ quantityMilli: milli });
                }
              }}
            />
            <button
              type="button"
              className="btn btn-secondary px-2.5"
              aria-label={`Aumentar ${line.description}`}
              onClick={() => onStep(1)}
            >
              +
            </button>
          </div>
        </div>
        <MoneyInput
          id={`${base}-preco`}
          label="Preço unitário"
          centavos={line.unitPriceCentavos}
          onValue={(centavos) => onChange({ unitPriceCentavos: centavos })}
          onProblem={setProblem}
        />
        <div>
          <label htmlFor={`${base}-desconto`} className="text-xs text-fg-soft">
            Desconto (R$ ou %)
          </label>
          <input
            key={formatDiscountInput(line.discount)}
            id={`${base}-desconto`}
            inputMode="decimal"
            placeholder="0,00 ou 10%"
            defaultValue={formatDiscountInput(line.discount)}
            className={`${smallInput} mt-0.5`}
            onBlur={(e) => {
              const read = parseDiscount(e.currentTarget.value);
              if (!read.ok) {
                setProblem(read.error);
                return;
              }
              setProblem(null);
              onChange({ discount: read.discount });
            }}
          />
        </div>
        {line.kind === "servico" ? (
          <div>
            <label htmlFor={`${base}-prof`} className="text-xs text-fg-soft">
              Profissional
            </label>
            <select
              id={`${base}-prof`}
              value={line.professionalId ?? ""}
              aria-invalid={!line.professionalId || undefined}
              onChange={(e) => onChange({ professionalId: e.currentTarget.value || null })}
              className={`${smallInput} mt-0.5`}
            >
              <option value="">Escolha…</option>
              {professionals.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.nome}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <div className="flex items-center justify-between gap-2">
        <p className="min-h-5 text-sm text-danger" role={problem ? "alert" : undefined}>
          {problem}
        </p>
        <button type="button" className="rounded-lg px-2 py-1 text-sm font-medium text-danger hover:bg-danger-soft" onClick={onRemove}>
          Remover<span className="sr-only"> {line.description}</span>
        </button>
      </div>
    </div>
  );
}

/** A money field typed as "12,50": read on leaving; a value that does not read keeps the previous one. */
export function MoneyInput({
  id,
  label,
  centavos,
  onValue,
  onProblem,
  min = 0,
}: {
  id: string;
  label: string;
  centavos: number;
  onValue: (centavos: number) => void;
  onProblem: (message: string | null) => void;
  min?: number;
}) {
  const shown = formatBRL(centavos).replace(/^R\$\s/, "");
  return (
    <div>
      <label htmlFor={id} className="text-xs text-fg-soft">
        {label}
      </label>
      <input
        key={shown}
        id={id}
        inputMode="decimal"
        defaultValue={shown}
        className={`${smallInput} mt-0.5`}
        onBlur={(e) => {
          const value = parseBRL(e.currentTarget.value);
          if (value === null || value < min) {
            onProblem(`${label}: valor inválido. Use um valor como 12,50${min > 0 ? " maior que zero" : ""}.`);
            e.currentTarget.value = shown;
            return;
          }
          onProblem(null);
          if (value !== centavos) onValue(value);
        }}
      />
    </div>
  );
}
