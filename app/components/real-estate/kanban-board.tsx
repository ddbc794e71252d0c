import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { BoardCard, BoardColumn } from "../../server/real-estate/kanban.server.ts";
import { buttonClass } from "../ui/button.tsx";
import { type DropTarget, useTouchDrag } from "./kanban-touch-drag.ts";

const TEMPERATURE_BADGE: Record<string, string> = { frio: "badge badge-blue", morno: "badge badge-yellow", quente: "badge badge-red" };

interface Move {
  id: string;
  etapa: string;
  /** The card it goes before; null: the end of the column. */
  antesDe: string | null;
}

/**
 * The interests by etapa. A card moves by dragging (mouse: the card; touch: its handle), by its buttons or
 * by arrow keys when focused (← → column, ↑ ↓ order); every move is announced to screen
 * readers, and moving to "Perdido" asks the reason first.
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

  /** Mouse and touch drops alike: on a card, before it; on the column, at its end. */
  const dropAt = (id: string, { etapa, antesDe }: DropTarget) => {
    if (id && id !== antesDe) request({ id, etapa, antesDe });
  };
  const onDrop = (event: DragEvent<HTMLElement>, etapa: string, antesDe: string | null) => {
    event.preventDefault();
    event.stopPropagation();
    setDragging(null);
    dropAt(event.dataTransfer.getData("text/plain"), { etapa, antesDe });
  };
  const touch = useTouchDrag(dropAt);
  const anyDrag = dragging ?? touch.dragging;

  return (
    <div>
      <p className="sr-only" aria-live="polite" role="status">
        {announcement}
      </p>
      {error || fetcher.data?.error ? (
        <p className="mb-3 rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800" role="alert">
          {fetcher.data?.error ?? error}
        </p>
      ) : null}
      <p className="mb-3 text-sm text-fg-soft" id="kanban-ajuda">
        Arraste os cartões entre as etapas, ou foque um cartão e use as setas: ← → mudam a etapa, ↑ ↓ mudam a ordem.
      </p>
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
          <label className="flex min-w-64 flex-1 flex-col text-sm">
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
      <div className="flex snap-x gap-3 overflow-x-auto pb-4">
        {columns.map((column, c) => (
          <section
            key={column.etapa}
            aria-labelledby={`coluna-${column.etapa}`}
            className={`w-72 shrink-0 snap-start rounded-lg border border-line bg-surface-soft p-2 ${anyDrag ? "outline-dashed outline-1 outline-line" : ""} ${touch.over?.etapa === column.etapa && !touch.over.antesDe ? "ring-2 ring-accent" : ""}`}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, column.etapa, null)}
            data-etapa={column.etapa}
          >
            <h2 id={`coluna-${column.etapa}`} className="mb-2 flex justify-between px-1 text-sm font-semibold">
              <span>{column.titulo}</span>
              <span className="text-fg-soft tabular-nums">
                {column.total}
                <span className="sr-only"> interesses</span>
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
                  className={`rounded-md border border-line bg-surface p-2 text-sm shadow-sm focus:outline-2 focus:outline-accent ${anyDrag === card.id ? "opacity-50" : ""} ${touch.over?.antesDe === card.id ? "ring-2 ring-accent" : ""}`}
                >
                  <div className="flex items-start justify-between gap-2">
                    <Link to={`/property_clients/${card.id}`} className="font-semibold hover:text-accent hover:underline">
                      {card.cliente}
                    </Link>
                    <span className="flex items-center gap-1">
                      <span className={TEMPERATURE_BADGE[card.temperaturaValor] ?? "badge badge-neutral"}>{card.temperatura}</span>
                      {/* Pointer only: keyboard and screen reader users have the arrows and the buttons. */}
                      <button
                        type="button"
                        aria-label={`Arrastar ${card.cliente}`}
                        title="Arraste para mover"
                        tabIndex={-1}
                        className="min-h-8 min-w-8 cursor-grab touch-none rounded border border-line text-base"
                        onPointerDown={(event) => touch.start(event, card.id)}
                      >
                        ⠿
                      </button>
                    </span>
                  </div>
                  {card.resumo ? <p className="mt-1 text-xs text-fg-soft">{card.resumo}</p> : null}
                  <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-fg-soft">
                    {card.proximaAcao ? <span>Próxima ação: {card.proximaAcao}</span> : null}
                    {card.corretor ? <span>{card.corretor}</span> : null}
                    {card.alertas ? <span className="badge badge-green">{card.alertas} novo(s) match(es)</span> : null}
                  </p>
                  <div className="mt-2 flex gap-1">
                    <MoveButton
                      label={`Mover ${card.cliente} para a etapa anterior`}
                      text="◀"
                      move={stepMove(card, c, i, "ArrowLeft")}
                      onMove={request}
                    />
                    <MoveButton label={`Subir ${card.cliente}`} text="▲" move={stepMove(card, c, i, "ArrowUp")} onMove={request} />
                    <MoveButton label={`Descer ${card.cliente}`} text="▼" move={stepMove(card, c, i, "ArrowDown")} onMove={request} />
                    <MoveButton
                      label={`Mover ${card.cliente} para a próxima etapa`}
                      text="▶"
                      move={stepMove(card, c, i, "ArrowRight")}
                      onMove={request}
                    />
                  </div>
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

function MoveButton({ label, text, move, onMove }: { label: string; text: string; move: Move | null; onMove: (m: Move) => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={!move}
      onClick={() => move && onMove(move)}
      className="min-h-8 min-w-8 rounded border border-line text-xs disabled:opacity-30"
    >
      {text}
    </button>
  );
}
