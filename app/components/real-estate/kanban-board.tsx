import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { BoardCard, BoardColumn } from "../../server/real-estate/kanban.server.ts";
import { buttonClass } from "../ui/button.tsx";
import { MoveMenu } from "./move-menu.tsx";

const TEMPERATURE_BADGE: Record<string, string> = { frio: "badge badge-blue", morno: "badge badge-yellow", quente: "badge badge-red" };

interface Move {
  id: string;
  etapa: string;
  /** The card it goes before; null: the end of the column. */
  antesDe: string | null;
}

/**
 * The interests by etapa, each column headed by its count and R$ total. A card moves by its
 * "Mover para…" menu (keyboard, touch, screen readers), by dragging it with a mouse, or by
 * arrow keys when focused (← → column, ↑ ↓ order); every move is announced to screen readers,
 * and moving to "Perdido" asks the reason first. The board scrolls sideways within itself, a
 * column per screen on a phone (scroll snap), and the column list above jumps to any column:
 * the page itself never gets wider than the window.
 */
export function KanbanBoard({ columns, error }: { columns: BoardColumn[]; error: string | null }) {
  const fetcher = useFetcher<{ ok?: true; error?: string }>();
  const [announcement, setAnnouncement] = useState("");
  const [pendingLost, setPendingLost] = useState<Move | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const focusAfter = useRef<string | null>(null);
  const reasonRef = useRef<HTMLInputElement>(null);

  const nameOf = (id: string) => columns.flatMap((c) => c.cards).find((c) => c.id === id)?.cliente ?? "Interesse";
  const titleOf = (etapa: string) => columns.find((c) => c.etapa === etapa)?.titulo ?? etapa;

  const send = (move: Move, motivoPerda?: string) => {
    const body: Record<string, string> = { intent: "mover", id: move.id, etapa: move.etapa, antesDe: move.antesDe ?? "" };
    if (motivoPerda) body.motivoPerda = motivoPerda;
    fetcher.submit(body, { method: "post" });
    focusAfter.current = move.id;
    setAnnouncement(`${nameOf(move.id)} movido para ${titleOf(move.etapa)}.`);
  };
  const request = (move: Move) => {
    if (move.etapa === "perdido") setPendingLost(move);
    else send(move);
  };

  useEffect(() => {
    if (pendingLost) reasonRef.current?.focus();
  }, [pendingLost]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !focusAfter.current) return;
    // Keyboard users keep their place: the moved card takes the focus again.
    document.querySelector<HTMLElement>(`[data-card="${focusAfter.current}"]`)?.focus();
    focusAfter.current = null;
  }, [fetcher.state]);
  useEffect(() => {
    if (fetcher.data?.error) setAnnouncement(fetcher.data.error);
  }, [fetcher.data]);

  /** Where a card goes with a step left/right (top of the column) or up/down (within it). */
  const stepMove = (card: BoardCard, column: number, index: number, key: string): Move | null => {
    const col = columns[column] as BoardColumn;
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const target = columns[column + (key === "ArrowLeft" ? -1 : 1)];
      return target ? { id: card.id, etapa: target.etapa, antesDe: target.cards[0]?.id ?? null } : null;
    }
    if (key === "ArrowUp" && index > 0) return { id: card.id, etapa: col.etapa, antesDe: col.cards[index - 1]?.id ?? null };
    if (key === "ArrowDown" && index < col.cards.length - 1)
      return { id: card.id, etapa: col.etapa, antesDe: col.cards[index + 2]?.id ?? null };
    return null;
  };

  const onKey = (event: KeyboardEvent<HTMLElement>, card: BoardCard, column: number, index: number) => {
    if (event.target !== event.currentTarget) return;
    const move = stepMove(card, column, index, event.key);
    if (!move) return;
    event.preventDefault();
    request(move);
  };

  /** A mouse drop: on a card, before it; on the column, at its end. */
  const onDrop = (event: DragEvent<HTMLElement>, etapa: string, antesDe: string | null) => {
    event.preventDefault();
    event.stopPropagation();
    setDragging(null);
    const id = event.dataTransfer.getData("text/plain");
    if (id && id !== antesDe) request({ id, etapa, antesDe });
  };
  const board = useRef<HTMLDivElement>(null);
  /** The column list's jump: the column scrolls into the board's view (the page does not move sideways). */
  const showColumn = (etapa: string) => {
    const section = board.current?.querySelector<HTMLElement>(`[data-etapa="${etapa}"]`);
    if (!section || !board.current) return;
    board.current.scrollTo({ left: section.offsetLeft - board.current.offsetLeft, behavior: "smooth" });
    section.querySelector<HTMLElement>("h2")?.focus();
  };

  return (
    <div className="min-w-0">
      <p className="sr-only" aria-live="polite" role="status">
        {announcement}
      </p>
      {error || fetcher.data?.error ? (
        <p className="mb-3 rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800" role="alert">
          {fetcher.data?.error ?? error}
        </p>
      ) : null}
      <p className="mb-3 text-sm text-fg-soft" id="kanban-ajuda">
        Use “Mover para…” no cartão ou arraste-o com o mouse. Com o cartão focado, as setas também movem: ← → mudam a etapa, ↑ ↓ mudam a
        ordem.
      </p>
      <nav aria-label="Etapas do quadro" className="mb-3">
        <ul className="flex flex-wrap gap-1.5">
          {columns.map((column) => (
            <li key={column.etapa}>
              <button
                type="button"
                className="rounded-full border border-line px-2.5 py-1 text-xs font-semibold hover:border-accent hover:bg-accent-soft"
                onClick={() => showColumn(column.etapa)}
              >
                {column.titulo} <span className="tabular-nums text-fg-soft">{column.total}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {pendingLost ? (
        <form
          className="mb-4 flex flex-wrap items-end gap-2 rounded border border-line p-3"
          aria-label="Motivo da perda"
          onSubmit={(event) => {
            event.preventDefault();
            const reason = reasonRef.current?.value.trim() ?? "";
            if (!reason) {
              setAnnouncement("Informe o motivo da perda.");
              reasonRef.current?.focus();
              return;
            }
            send(pendingLost, reason);
            setPendingLost(null);
          }}
        >
          <label className="flex min-w-0 flex-1 basis-64 flex-col text-sm">
            <span className="font-semibold">Por que {nameOf(pendingLost.id)} foi perdido?</span>
            <input
              ref={reasonRef}
              name="motivoPerda"
              required
              maxLength={300}
              className="mt-1 rounded-lg border border-line bg-surface px-3 py-2"
            />
          </label>
          <button type="submit" className={buttonClass("primary")}>
            Mover para Perdido
          </button>
          <button type="button" className={buttonClass("secondary")} onClick={() => setPendingLost(null)}>
            Cancelar
          </button>
        </form>
      ) : null}
      {/* The columns never widen the page: `contain` keeps their width out of the layout's, and
          `relative` makes the board the box of the columns' screen-reader-only texts (absolute: they
          would otherwise stretch the page to where the last column's header sits, 1,900 px away). */}
      <div
        ref={board}
        data-kanban-board
        className="relative flex snap-x snap-mandatory scroll-px-1 gap-3 overflow-x-auto overscroll-x-contain px-1 pb-4 [contain:inline-size]"
      >
        {columns.map((column, c) => (
          <section
            key={column.etapa}
            aria-labelledby={`coluna-${column.etapa}`}
            className={`w-[calc(100%-2.5rem)] max-w-80 shrink-0 snap-start rounded-lg border border-line bg-surface-soft p-2 sm:w-72 ${dragging ? "outline-dashed outline-1 outline-line" : ""}`}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, column.etapa, null)}
            data-etapa={column.etapa}
          >
            <h2 id={`coluna-${column.etapa}`} tabIndex={-1} className="mb-2 px-1 text-sm font-semibold focus:outline-none">
              <span className="flex items-baseline justify-between gap-2">
                <span>{column.titulo}</span>
                <span className="text-fg-soft tabular-nums" data-coluna-total>
                  {column.total}
                  <span className="sr-only">{column.total === 1 ? " interesse" : " interesses"}</span>
                </span>
              </span>
              <span className="block text-xs font-normal text-fg-soft tabular-nums" data-coluna-valor>
                <span className="sr-only">Total: </span>
                {column.valor}
              </span>
            </h2>
            <ol className="space-y-2">
              {column.cards.map((card, i) => (
                <li
                  key={card.id}
                  data-card={card.id}
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: the focused card itself takes the arrow keys that move it
                  tabIndex={0}
                  draggable
                  aria-describedby="kanban-ajuda"
                  aria-label={`${card.cliente}, ${column.titulo}, posição ${i + 1} de ${column.cards.length}`}
                  onKeyDown={(event) => onKey(event, card, c, i)}
                  onDragStart={(event) => {
                    event.dataTransfer.setData("text/plain", card.id);
                    event.dataTransfer.effectAllowed = "move";
                    setDragging(card.id);
                  }}
                  onDragEnd={() => setDragging(null)}
                  onDragOver={(event) => event.preventDefault()}
                  onDrop={(event) => onDrop(event, column.etapa, card.id)}
                  className={`rounded-md border border-line bg-surface p-2 text-sm shadow-sm focus:outline-2 focus:outline-accent sm:cursor-grab ${dragging === card.id ? "opacity-50" : ""}`}
                >
                  <div className="flex items-start justify-between gap-2">
                    <Link to={`/property_clients/${card.id}`} className="min-w-0 font-semibold hover:text-accent hover:underline">
                      {card.cliente}
                    </Link>
                    <span className={TEMPERATURE_BADGE[card.temperaturaValor] ?? "badge badge-neutral"}>{card.temperatura}</span>
                  </div>
                  {card.resumo ? <p className="mt-1 text-xs text-fg-soft">{card.resumo}</p> : null}
                  <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-fg-soft">
                    {card.proximaAcao ? <span>Próxima ação: {card.proximaAcao}</span> : null}
                    {card.corretor ? <span>{card.corretor}</span> : null}
                    {card.alertas ? <span className="badge badge-green">{card.alertas} novo(s) match(es)</span> : null}
                  </p>
                  <MoveMenu
                    subject={card.cliente}
                    targets={columns.filter((other) => other.etapa !== column.etapa).map((o) => ({ value: o.etapa, label: o.titulo }))}
                    onPick={(etapa) => {
                      const target = columns.find((o) => o.etapa === etapa);
                      request({ id: card.id, etapa, antesDe: target?.cards[0]?.id ?? null });
                    }}
                  />
                </li>
              ))}
            </ol>
            {column.total > column.cards.length ? (
              <Link
                to={`/property_clients?f.etapa=${column.etapa}`}
                className="mt-2 block px-1 text-xs font-semibold text-accent hover:underline"
              >
                Ver todos os {column.total}
              </Link>
            ) : null}
          </section>
        ))}
      </div>
    </div>
  );
}
