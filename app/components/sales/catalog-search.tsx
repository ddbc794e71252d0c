import { type KeyboardEvent, forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from "react";
import { formatBRL } from "../../../shared/format.ts";
import { formatQuantityWithUnit } from "../../../shared/quantity.ts";
import { type CatalogItem, itemForEnter } from "./cart-rules.ts";

/**
 * The point of sale's one search box (a combobox): products by name, SKU or barcode and services
 * by name, from `/sales/nova/catalogo?q=`. A barcode scanner types the digits and Enter: Enter
 * waits for the answer for exactly what was typed and adds the product whose code matches, so a
 * scan adds at once even when it is faster than the search's pause. Arrows move through the
 * results; Escape clears; ArrowDown on an empty box goes to the cart.
 */

const DEBOUNCE_MS = 150;

async function fetchCatalog(q: string, signal?: AbortSignal): Promise<CatalogItem[]> {
  const res = await fetch(`/sales/nova/catalogo?q=${encodeURIComponent(q)}`, {
    credentials: "same-origin",
    headers: { accept: "application/json" },
    signal,
  });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const body = (await res.json()) as { data?: CatalogItem[] };
  return Array.isArray(body.data) ? body.data : [];
}

export interface CatalogSearchHandle {
  focus: () => void;
}

function itemNote(item: CatalogItem): string {
  if (item.kind === "servico") return "Serviço";
  const parts = [
    item.sku ? `SKU ${item.sku}` : "",
    item.stockMilli !== null ? `${formatQuantityWithUnit(item.stockMilli / 1000, item.unit)} em estoque` : "",
  ];
  return parts.filter(Boolean).join(" · ");
}

export const CatalogSearch = forwardRef<
  CatalogSearchHandle,
  { onAdd: (item: CatalogItem) => void; onLeaveDown: () => void; onStatus: (message: string) => void }
>(function CatalogSearch({ onAdd, onLeaveDown, onStatus }, ref) {
  const id = useId();
  const listId = `${id}-resultados`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [results, setResults] = useState<CatalogItem[]>([]);
  const [resultsFor, setResultsFor] = useState("");
  const [active, setActive] = useState(-1);
  const [state, setState] = useState<"idle" | "loading" | "error">("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef<{ q: string; promise: Promise<CatalogItem[]> } | null>(null);
  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus() }), []);

  function search(q: string): Promise<CatalogItem[]> {
    if (pending.current?.q === q) return pending.current.promise;
    const promise = fetchCatalog(q);
    pending.current = { q, promise };
    setState("loading");
    promise.then(
      (found) => {
        if (pending.current?.q !== q) return;
        setResults(found);
        setResultsFor(q);
        setActive(found.length ? 0 : -1);
        setState("idle");
      },
      () => {
        if (pending.current?.q === q) setState("error");
      },
    );
    return promise;
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  function change(value: string) {
    setText(value);
    clearTimeout(timer.current);
    const q = value.trim();
    if (!q) {
      pending.current = null;
      setResults([]);
      setResultsFor("");
      setActive(-1);
      setState("idle");
      return;
    }
    timer.current = setTimeout(() => void search(q), DEBOUNCE_MS);
  }

  function add(item: CatalogItem) {
    onAdd(item);
    onStatus(`${item.name} adicionado.`);
    clearTimeout(timer.current);
    pending.current = null;
    setText("");
    setResults([]);
    setResultsFor("");
    setActive(-1);
    input.current?.focus();
  }

  async function enter() {
    const q = text.trim();
    if (!q) return;
    clearTimeout(timer.current);
    let found = results;
    let highlighted = active;
    if (resultsFor !== q) {
      try {
        found = await search(q);
        highlighted = -1;
      } catch {
        onStatus("Não foi possível buscar agora. Verifique a conexão e tente de novo.");
        return;
      }
    }
    const item = itemForEnter(found, q, highlighted);
    if (item) add(item);
    else onStatus(found.length ? "Escolha um dos resultados com as setas e tecle Enter." : `Nada encontrado para “${q}”.`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      void enter();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!results.length) onLeaveDown();
      else setActive((a) => Math.min(results.length - 1, a + 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (event.key === "Escape") {
      change("");
    }
  }

  const open = results.length > 0 && text.trim() !== "";
  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <div className="relative">
      <label htmlFor={`${id}-busca`} className="text-sm font-medium">
        Buscar produto ou serviço
      </label>
      <input
        ref={input}
        id={`${id}-busca`}
        type="search"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-describedby={`${id}-ajuda`}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="enter"
        placeholder="Nome, SKU ou código de barras"
        value={text}
        onChange={(e) => change(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        className="mt-1.5 block w-full rounded-lg border border-line bg-surface px-3 py-3 text-base text-fg focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
      />
      <p id={`${id}-ajuda`} className="mt-1 text-xs text-fg-soft">
        Enter adiciona · leitor de código de barras adiciona direto · ↓ vai para o carrinho
      </p>
      {state === "loading" && !open ? (
        <p className="mt-1 text-sm text-fg-soft" aria-live="polite">
          Buscando…
        </p>
      ) : null}
      {state === "error" ? (
        <p className="mt-1 text-sm text-danger" role="alert">
          Não foi possível buscar agora. Verifique a conexão e tente de novo.
        </p>
      ) : null}
      {/* The list stays in the page (empty) so aria-controls always points at it. */}
      <div
        id={listId}
        role="listbox"
        aria-label="Resultados da busca"
        hidden={!open}
        className="absolute inset-x-0 z-20 mt-1 max-h-80 overflow-y-auto rounded-lg border border-line bg-surface shadow-lg"
      >
        {open
          ? results.map((item, i) => (
              // The options take no focus: the input keeps it and points at the active one
              // (aria-activedescendant); the keyboard works through the input's onKeyDown.
              // biome-ignore lint/a11y/useFocusableInteractive: see above
              // biome-ignore lint/a11y/useKeyWithClickEvents: see above
              <div
                key={`${item.kind}-${item.id}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => add(item)}
                className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2.5 text-sm ${i === active ? "bg-accent-soft" : ""}`}
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium">{item.name}</span>
                  <span className="block truncate text-xs text-fg-soft">{itemNote(item)}</span>
                </span>
                <span className="shrink-0 font-semibold tabular-nums">{formatBRL(item.priceCentavos)}</span>
              </div>
            ))
          : null}
      </div>
    </div>
  );
});
