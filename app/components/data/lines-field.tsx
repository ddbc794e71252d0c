import { useId, useRef, useState } from "react";
import { formatBRL, formatNumber, parseBRL } from "../../../shared/format.ts";
import { lineGross } from "../../../shared/money/sale-pricing.ts";
import {
  type CatalogueEntry,
  type CatalogueProfessional,
  catalogueEntry,
  catalogueProfessional,
  type LineDraft,
  professionalsFor,
} from "../../../shared/resources/line-catalogue.ts";
import type { FilterOption } from "../../../shared/resources/types.ts";
import { buttonClass } from "../ui/button.tsx";
import { completeMoneyInput, maskDecimalInput, onMoneyInput } from "../ui/number-input.ts";

const inputClass =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 aria-[invalid=true]:border-danger";

interface Line extends LineDraft {
  /** React's key: a line keeps its inputs while others are removed. */
  key: number;
}

/** A value of the posted JSON as the inputs hold it: text as typed; a number (an API-style body) as a person would type it. */
function typed(value: unknown, money: boolean): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value))
    return money ? formatBRL(Math.trunc(value)) : formatNumber(value, { maximumFractionDigits: 3, useGrouping: false });
  return "";
}

/** The lines of the hidden input's JSON (echoed back by a refused submit, whatever was posted): never throws. */
function parseLines(text: string): LineDraft[] {
  if (!text.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .filter((row): row is Record<string, unknown> => typeof row === "object" && row !== null)
    .slice(0, 100)
    .map((row) => ({
      ...(typeof row.produtoId === "string" ? { produtoId: row.produtoId } : {}),
      ...(typeof row.servicoId === "string" ? { servicoId: row.servicoId } : {}),
      ...(typeof row.profissionalId === "string" ? { profissionalId: row.profissionalId } : {}),
      descricao: typed(row.descricao, false),
      quantidade: typed(row.quantidade, false),
      precoUnitarioCentavos: typed(row.precoUnitarioCentavos, true),
      descontoCentavos: typed(row.descontoCentavos, true),
    }));
}

/** The offered professionals, plus the one a saved line already names (even if they no longer perform it). */
function withChosen(
  offered: readonly CatalogueProfessional[],
  all: readonly CatalogueProfessional[],
  chosen: string | undefined,
): readonly CatalogueProfessional[] {
  if (!chosen || offered.some((p) => p.id === chosen)) return offered;
  const found = all.find((p) => p.id === chosen);
  return found ? [...offered, found] : offered;
}

/** What a line is worth as typed (the server prices it again with the same rule). */
function lineTotal(line: LineDraft): number | null {
  const price = parseBRL(line.precoUnitarioCentavos || "0");
  const quantity = Number((line.quantidade || "").replace(",", "."));
  const discount = parseBRL(line.descontoCentavos || "0") ?? 0;
  if (price === null || !Number.isFinite(quantity) || quantity <= 0) return null;
  return lineGross(price, Math.round(quantity * 1000)) - discount;
}

/**
 * A "lines" field (shared/resources/types.ts): products and services with quantity, unit price
 * and discount, one card per line (it fits a 390 px phone), added from the catalogue the page
 * offers or typed as a free line. The lines travel as one JSON text in a hidden input named
 * after the field; errors of a line (`itens.0.quantidade`) show under its inputs.
 */
export function LinesField({
  name,
  label,
  hint,
  initial,
  catalogue,
  errors,
  onChanged,
}: {
  name: string;
  label: string;
  hint: string | undefined;
  initial: string;
  catalogue: readonly FilterOption[];
  errors: Record<string, string>;
  onChanged: () => void;
}) {
  const nextKey = useRef(0);
  const withKey = (draft: LineDraft): Line => ({ ...draft, key: nextKey.current++ });
  const [lines, setLines] = useState<Line[]>(() => parseLines(initial).map(withKey));
  const [announcement, setAnnouncement] = useState("");
  const pickId = useId();
  const entries = catalogue.map(catalogueEntry).filter((e): e is CatalogueEntry => e !== null);
  const products = entries.filter((e) => e.kind === "produto");
  const services = entries.filter((e) => e.kind === "servico");
  const professionals = catalogue.map(catalogueProfessional).filter((p): p is CatalogueProfessional => p !== null);

  const update = (key: number, change: Partial<LineDraft>) => {
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
    onChanged();
  };
  const add = (entry: CatalogueEntry | null) => {
    const price = entry ? formatBRL(entry.priceCentavos) : "";
    const line = withKey({
      ...(entry?.kind === "produto" ? { produtoId: entry.id } : {}),
      ...(entry?.kind === "servico" ? { servicoId: entry.id } : {}),
      descricao: entry?.name ?? "",
      quantidade: "1",
      precoUnitarioCentavos: price,
      descontoCentavos: "",
    });
    setLines((all) => [...all, line]);
    setAnnouncement(`${entry?.name ?? "Item livre"} adicionado. ${lines.length + 1} ${lines.length + 1 === 1 ? "item" : "itens"}.`);
    onChanged();
    // The new line's quantity takes the focus: the next thing to type.
    requestAnimationFrame(() => document.getElementById(`${pickId}-q-${line.key}`)?.focus());
  };
  const remove = (line: Line, index: number) => {
    setLines((all) => all.filter((l) => l.key !== line.key));
    setAnnouncement(`Item ${index + 1} (${line.descricao || "sem descrição"}) removido.`);
    onChanged();
    requestAnimationFrame(() => document.getElementById(`${pickId}-pick`)?.focus());
  };

  const value = JSON.stringify(lines.map(({ key: _key, ...draft }) => draft));
  const totals = lines.map(lineTotal);
  const sum = totals.every((t) => t !== null) ? totals.reduce<number>((a, t) => a + (t ?? 0), 0) : null;
  const fieldError = errors[name];

  return (
    <fieldset className="min-w-0 space-y-3" aria-describedby={hint ? `${pickId}-hint` : undefined}>
      <legend className="text-sm font-semibold">
        {label} <span className="text-danger">*</span>
      </legend>
      {hint ? (
        <p id={`${pickId}-hint`} className="text-xs text-fg-soft">
          {hint}
        </p>
      ) : null}
      <input type="hidden" name={name} value={value} />
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      {lines.length === 0 ? <p className="rounded border border-dashed border-line p-3 text-sm text-fg-soft">Nenhum item ainda.</p> : null}
      <ol className="space-y-3">
        {lines.map((line, i) => {
          const err = (field: string) => errors[`${name}.${i}.${field}`];
          const total = totals[i];
          const kind = line.produtoId ? "Produto" : line.servicoId ? "Serviço" : "Item livre";
          return (
            <li
              key={line.key}
              className="rounded-lg border border-line bg-surface-soft p-3"
              aria-label={`Item ${i + 1}: ${line.descricao || kind}`}
            >
              <div className="mb-2 flex items-center justify-between gap-2">
                <span className="text-xs font-semibold text-fg-soft">
                  {i + 1}. {kind}
                </span>
                <button
                  type="button"
                  className="min-h-9 rounded-md px-2 text-xs font-semibold text-danger hover:bg-danger/10"
                  onClick={() => remove(line, i)}
                >
                  Remover<span className="sr-only"> o item {i + 1}</span>
                </button>
              </div>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-6">
                <div className="col-span-2 text-xs sm:col-span-6">
                  <label htmlFor={`${pickId}-d-${line.key}`} className="font-semibold">
                    Descrição
                  </label>
                  <input
                    id={`${pickId}-d-${line.key}`}
                    className={`${inputClass} mt-1`}
                    value={line.descricao}
                    maxLength={200}
                    aria-invalid={err("descricao") ? true : undefined}
                    onChange={(e) => update(line.key, { descricao: e.currentTarget.value })}
                  />
                  {err("descricao") ? <span className="mt-1 block text-danger">{err("descricao")}</span> : null}
                </div>
                <div className="text-xs sm:col-span-2">
                  <label htmlFor={`${pickId}-q-${line.key}`} className="font-semibold">
                    Quantidade
                  </label>
                  <input
                    id={`${pickId}-q-${line.key}`}
                    className={`${inputClass} mt-1 tabular-nums`}
                    inputMode="decimal"
                    value={line.quantidade}
                    aria-invalid={err("quantidade") ? true : undefined}
                    onChange={(e) => update(line.key, { quantidade: maskDecimalInput(e.currentTarget.value, 3) })}
                  />
                  {err("quantidade") ? <span className="mt-1 block text-danger">{err("quantidade")}</span> : null}
                </div>
                <div className="text-xs sm:col-span-2">
                  <label htmlFor={`${pickId}-p-${line.key}`} className="font-semibold">
                    Preço unitário
                  </label>
                  <input
                    id={`${pickId}-p-${line.key}`}
                    className={`${inputClass} mt-1 tabular-nums`}
                    inputMode="decimal"
                    placeholder="R$ 0,00"
                    value={line.precoUnitarioCentavos}
                    aria-invalid={err("precoUnitarioCentavos") ? true : undefined}
                    onChange={(e) => {
                      onMoneyInput(e);
                      update(line.key, { precoUnitarioCentavos: e.currentTarget.value });
                    }}
                    onBlur={(e) => {
                      completeMoneyInput(e.currentTarget);
                      update(line.key, { precoUnitarioCentavos: e.currentTarget.value });
                    }}
                  />
                  {err("precoUnitarioCentavos") ? <span className="mt-1 block text-danger">{err("precoUnitarioCentavos")}</span> : null}
                </div>
                <div className="text-xs sm:col-span-2">
                  <label htmlFor={`${pickId}-x-${line.key}`} className="font-semibold">
                    Desconto (R$)
                  </label>
                  <input
                    id={`${pickId}-x-${line.key}`}
                    className={`${inputClass} mt-1 tabular-nums`}
                    inputMode="decimal"
                    placeholder="R$ 0,00"
                    value={line.descontoCentavos}
                    aria-invalid={err("descontoCentavos") ? true : undefined}
                    onChange={(e) => {
                      onMoneyInput(e);
                      update(line.key, { descontoCentavos: e.currentTarget.value });
                    }}
                    onBlur={(e) => {
                      completeMoneyInput(e.currentTarget);
                      update(line.key, { descontoCentavos: e.currentTarget.value });
                    }}
                  />
                  {err("descontoCentavos") ? <span className="mt-1 block text-danger">{err("descontoCentavos")}</span> : null}
                </div>
                {line.servicoId && professionals.length ? (
                  <div className="col-span-2 text-xs sm:col-span-6">
                    <label htmlFor={`${pickId}-r-${line.key}`} className="font-semibold">
                      Profissional <span className="font-normal text-fg-soft">(a comissão vai para quem atende)</span>
                    </label>
                    <select
                      id={`${pickId}-r-${line.key}`}
                      className={`${inputClass} mt-1`}
                      value={line.profissionalId ?? ""}
                      aria-invalid={err("profissionalId") ? true : undefined}
                      // "" → undefined: JSON.stringify leaves the key out of the posted line.
                      onChange={(e) => update(line.key, { profissionalId: e.currentTarget.value || undefined })}
                    >
                      <option value="">Ainda não definido</option>
                      {withChosen(professionalsFor(professionals, line.servicoId), professionals, line.profissionalId).map((p) => (
                        <option key={p.id} value={p.id}>
                          {p.name}
                        </option>
                      ))}
                    </select>
                    {err("profissionalId") ? <span className="mt-1 block text-danger">{err("profissionalId")}</span> : null}
                  </div>
                ) : null}
                <p className="col-span-1 self-end text-right text-sm font-semibold tabular-nums sm:col-span-6">
                  <span className="sr-only">Total do item: </span>
                  {total === null || total === undefined ? "—" : formatBRL(Math.max(total, 0))}
                </p>
              </div>
              {err("servicoId") ? <p className="mt-1 text-xs text-danger">{err("servicoId")}</p> : null}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-end gap-2">
        <label className="block min-w-0 flex-1 basis-56 text-xs" htmlFor={`${pickId}-pick`}>
          <span className="font-semibold">Adicionar produto ou serviço</span>
          <select
            id={`${pickId}-pick`}
            className={`${inputClass} mt-1`}
            value=""
            onChange={(e) => {
              const picked = entries.find((x) => `${x.kind}:${x.id}` === e.currentTarget.value) ?? null;
              if (picked) add(picked);
            }}
          >
            <option value="">Escolha para adicionar…</option>
            {products.length ? (
              <optgroup label="Produtos">
                {products.map((p) => (
                  <option key={p.id} value={`produto:${p.id}`}>
                    {p.name} — {formatBRL(p.priceCentavos)}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {services.length ? (
              <optgroup label="Serviços">
                {services.map((s) => (
                  <option key={s.id} value={`servico:${s.id}`}>
                    {s.name} — {formatBRL(s.priceCentavos)}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        </label>
        <button type="button" className={buttonClass("secondary")} onClick={() => add(null)}>
          Adicionar item livre
        </button>
      </div>
      <p className="text-right text-sm tabular-nums">
        Itens: <strong>{sum === null ? "—" : formatBRL(Math.max(sum, 0))}</strong>
      </p>
      {fieldError ? (
        <p className="text-sm text-danger" role="alert">
          {fieldError}
        </p>
      ) : null}
    </fieldset>
  );
}
