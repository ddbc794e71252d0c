import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { BoardCard, BoardColumn } from "../../server/real-estate/kanban.server.ts";
import { Board, type BoardColumnView, type BoardMove, useBoardMoves } from "../data/board.tsx";
import { MoveMenu } from "../data/move-menu.tsx";
import { buttonClass } from "../ui/button.tsx";

const TEMPERATURE_BADGE: Record<string, string> = { frio: "badge badge-blue", morno: "badge badge-yellow", quente: "badge badge-red" };

/**
 * The interests by etapa on the shared board (../data/board.tsx): a card moves to any stage and
 * keeps its place within the column (↑ ↓, a drop on a card), and moving to "Perdido" asks the
 * reason first.
 */
export function KanbanBoard({ columns, error }: { columns: BoardColumn[]; error: string | null }) {
  const { fetcher, announcement, announce, submit } = useBoardMoves<{ ok?: true; error?: string }>();
  const [pendingLost, setPendingLost] = useState<BoardMove | null>(null);
  const reasonRef = useRef<HTMLInputElement>(null);
  const views: BoardColumnView<BoardCard>[] = columns.map((c) => ({
    key: c.etapa,
    title: c.titulo,
    total: c.total,
    value: c.valor,
    cards: c.cards,
  }));

  const nameOf = (id: string) => columns.flatMap((c) => c.cards).find((c) => c.id === id)?.cliente ?? "Interesse";
  const titleOf = (etapa: string) => columns.find((c) => c.etapa === etapa)?.titulo ?? etapa;

  const send = (move: BoardMove, motivoPerda?: string) => {
    const body: Record<string, string> = { intent: "mover", id: move.id, etapa: move.to, antesDe: move.before ?? "" };
    if (motivoPerda) body.motivoPerda = motivoPerda;
    submit(move.id, body, `${nameOf(move.id)} movido para ${titleOf(move.to)}.`);
  };
  const request = (move: BoardMove) => {
    if (move.to === "perdido") setPendingLost(move);
    else send(move);
  };

  useEffect(() => {
    if (pendingLost) reasonRef.current?.focus();
  }, [pendingLost]);

  const panel = pendingLost ? (
    <form
      className="mb-4 flex flex-wrap items-end gap-2 rounded border border-line p-3"
      aria-label="Motivo da perda"
      onSubmit={(event) => {
        event.preventDefault();
        const reason = reasonRef.current?.value.trim() ?? "";
        if (!reason) {
          announce("Informe o motivo da perda.");
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
  ) : null;

  return (
    <Board
      columns={views}
      columnAttribute="data-etapa"
      helpId="kanban-ajuda"
      help="Use “Mover para…” no cartão ou arraste-o com o mouse. Com o cartão focado, as setas também movem: ← → mudam a etapa, ↑ ↓ mudam a ordem."
      noun={["interesse", "interesses"]}
      announcement={announcement}
      error={fetcher.data?.error ?? error}
      panel={panel}
      reorder
      movable={() => true}
      cardLabel={(card, column, i) => `${card.cliente}, ${column.title}, posição ${i + 1} de ${column.cards.length}`}
      onMove={request}
      moreHref={(column) => `/property_clients?f.etapa=${column.key}`}
      renderCard={(card, column) => (
        <>
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
            targets={columns.filter((other) => other.etapa !== column.key).map((o) => ({ value: o.etapa, label: o.titulo }))}
            onPick={(etapa) => {
              const target = columns.find((o) => o.etapa === etapa);
              request({ id: card.id, to: etapa, before: target?.cards[0]?.id ?? null });
            }}
          />
        </>
      )}
    />
  );
}
