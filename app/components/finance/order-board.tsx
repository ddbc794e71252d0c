import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ORDER_STATUS } from "../../../shared/finance/enums.ts";
import { checkTransition, nextStatuses, type OrderStatus } from "../../../shared/finance/order-pipeline.ts";
import type { OrderCard, OrderColumn } from "../../server/finance/orders.server.ts";
import { Board, type BoardColumnView, useBoardMoves } from "../data/board.tsx";
import { MoveMenu } from "../data/move-menu.tsx";
import { buttonClass } from "../ui/button.tsx";
import { Toaster, type ToastData } from "../ui/toast.tsx";

interface Move {
  id: string;
  status: OrderStatus;
}

/**
 * The orders by status (ADR 073) on the shared board (../data/board.tsx), like the interests':
 * only the pipeline's moves are offered (shared/finance/order-pipeline.ts; the server checks
 * again), a card does not reorder within its column, and cancelling asks for confirmation first.
 */
export function OrderBoard({ columns }: { columns: OrderColumn[] }) {
  const { fetcher, announcement, announce, submit } = useBoardMoves<{ ok?: true; error?: string; toast?: ToastData }>();
  const [pendingCancel, setPendingCancel] = useState<Move | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const views: BoardColumnView<OrderCard>[] = columns.map((c) => ({
    key: c.status,
    title: c.titulo,
    total: c.total,
    value: c.valor,
    cards: c.cards,
  }));

  const cardOf = (id: string): OrderCard | undefined => columns.flatMap((c) => c.cards).find((c) => c.id === id);
  const statusOf = (id: string): OrderStatus | undefined => columns.find((c) => c.cards.some((card) => card.id === id))?.status;
  const nameOf = (id: string) => {
    const card = cardOf(id);
    return card ? `Pedido nº ${card.numero} (${card.cliente})` : "Pedido";
  };

  const send = (move: Move) =>
    submit(
      move.id,
      { intent: "mover", id: move.id, status: move.status },
      `${nameOf(move.id)} movido para ${ORDER_STATUS.label(move.status)}.`,
    );
  /** A move the pipeline allows: cancelling is confirmed first; another is refused with the rule's words. */
  const request = (move: Move) => {
    const from = statusOf(move.id);
    if (!from || from === move.status) return;
    const check = checkTransition(from, move.status, cardOf(move.id)?.temVenda ?? false);
    if (!check.ok) {
      announce(check.error);
      return;
    }
    if (move.status === "cancelado") setPendingCancel(move);
    else send(move);
  };
  const targetsOf = (card: OrderCard, status: OrderStatus) =>
    nextStatuses(status)
      .filter((s) => !(s === "cancelado" && card.temVenda))
      .map((s) => ({ value: s, label: ORDER_STATUS.label(s) }));

  useEffect(() => {
    if (pendingCancel) confirmRef.current?.focus();
  }, [pendingCancel]);

  const panel = pendingCancel ? (
    <div
      role="alertdialog"
      aria-labelledby="cancelar-titulo"
      className="mb-4 space-y-3 rounded-xl border border-danger/30 bg-danger-soft p-4"
    >
      <h2 id="cancelar-titulo" className="font-semibold">
        Cancelar o {nameOf(pendingCancel.id)}?
      </h2>
      <p className="text-sm">O pedido vai para Cancelado e não muda mais de situação. Fica no histórico e na lista.</p>
      <div className="flex flex-wrap gap-2">
        <button
          ref={confirmRef}
          type="button"
          className={buttonClass("danger")}
          onClick={() => {
            send(pendingCancel);
            setPendingCancel(null);
          }}
        >
          Confirmar cancelamento
        </button>
        <button
          type="button"
          className={buttonClass("secondary")}
          onClick={() => {
            const id = pendingCancel.id;
            setPendingCancel(null);
            document.querySelector<HTMLElement>(`[data-card="${id}"]`)?.focus();
          }}
        >
          Voltar
        </button>
      </div>
    </div>
  ) : null;

  return (
    <Board
      columns={views}
      columnAttribute="data-status"
      helpId="quadro-ajuda"
      help="Use “Mover para…” no cartão ou arraste-o com o mouse. Com o cartão focado, as setas ← → levam o pedido para a etapa ao lado."
      noun={["pedido", "pedidos"]}
      announcement={announcement}
      error={fetcher.data?.error}
      panel={panel}
      movable={(card, column) => targetsOf(card, column.key as OrderStatus).length > 0}
      cardLabel={(card, column, i) => `Pedido nº ${card.numero}, ${card.cliente}, ${column.title}, ${i + 1} de ${column.cards.length}`}
      onMove={(move) => request({ id: move.id, status: move.to as OrderStatus })}
      emptyText="Nenhum pedido."
      moreHref={(column) => `/orders?f.status=${column.key}`}
      renderCard={(card, column) => {
        const targets = targetsOf(card, column.key as OrderStatus);
        return (
          <>
            <div className="flex items-start justify-between gap-2">
              <Link to={`/orders/${card.id}`} className="min-w-0 font-semibold hover:text-accent hover:underline">
                Nº {card.numero} · {card.cliente}
              </Link>
              <span className="shrink-0 font-semibold tabular-nums">{card.total}</span>
            </div>
            {card.itens ? <p className="mt-1 text-xs text-fg-soft">{card.itens}</p> : null}
            <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-fg-soft">
              {card.quando ? <span>{card.quando}</span> : null}
              <span>{card.entrega}</span>
              {card.temVenda ? <span className="badge badge-green">Venda gerada</span> : null}
            </p>
            {targets.length ? (
              <MoveMenu
                subject={`pedido nº ${card.numero}`}
                targets={targets}
                onPick={(status) => request({ id: card.id, status: status as OrderStatus })}
              />
            ) : null}
          </>
        );
      }}
    >
      <Toaster toast={fetcher.data?.toast ?? null} />
    </Board>
  );
}
