import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { ORDER_STATUS } from "../../../shared/finance/enums.ts";
import { checkTransition, nextStatuses, type OrderStatus } from "../../../shared/finance/order-pipeline.ts";
import type { OrderCard, OrderColumn } from "../../server/finance/orders.server.ts";
import { MoveMenu } from "../real-estate/move-menu.tsx";
import { buttonClass } from "../ui/button.tsx";
import { Toaster, type ToastData } from "../ui/toast.tsx";

interface Move {
  id: string;
  status: OrderStatus;
}

/**
 * The orders by status (ADR 073), like the interests' board: a card moves by its "Mover para…"
 * menu (keyboard, touch, screen readers), by dragging it with a mouse, or by ← → when focused.
 * Only the pipeline's moves are offered (shared/finance/order-pipeline.ts; the server checks
 * again); cancelling asks for confirmation first. Every move is announced. The board scrolls
 * sideways within itself, a column per screen on a phone: the page never gets wider.
 */
export function OrderBoard({ columns }: { columns: OrderColumn[] }) {
  const fetcher = useFetcher<{ ok?: true; error?: string; toast?: ToastData }>();
  const [announcement, setAnnouncement] = useState("");
  const [pendingCancel, setPendingCancel] = useState<Move | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const focusAfter = useRef<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const board = useRef<HTMLDivElement>(null);

  const cardOf = (id: string): OrderCard | undefined => columns.flatMap((c) => c.cards).find((c) => c.id === id);
  const statusOf = (id: string): OrderStatus | undefined => columns.find((c) => c.cards.some((card) => card.id === id))?.status;
  const nameOf = (id: string) => {
    const card = cardOf(id);
    return card ? `Pedido nº ${card.numero} (${card.cliente})` : "Pedido";
  };

  const send = (move: Move) => {
    fetcher.submit({ intent: "mover", id: move.id, status: move.status }, { method: "post" });
    focusAfter.current = move.id;
    setAnnouncement(`${nameOf(move.id)} movido para ${ORDER_STATUS.label(move.status)}.`);
  };
  /** A move the pipeline allows: cancelling is confirmed first; another is refused with the rule's words. */
  const request = (move: Move) => {
    const from = statusOf(move.id);
    if (!from || from === move.status) return;
    const check = checkTransition(from, move.status, cardOf(move.id)?.temVenda ?? false);
    if (!check.ok) {
      setAnnouncement(check.error);
      return;
    }
    if (move.status === "cancelado") setPendingCancel(move);
    else send(move);
  };

  useEffect(() => {
    if (pendingCancel) confirmRef.current?.focus();
  }, [pendingCancel]);
  useEffect(() => {
    if (fetcher.state !== "idle" || !focusAfter.current) return;
    // Keyboard users keep their place: the moved card takes the focus again.
    document.querySelector<HTMLElement>(`[data-card="${focusAfter.current}"]`)?.focus();
    focusAfter.current = null;
  }, [fetcher.state]);
  useEffect(() => {
    if (fetcher.data?.error) setAnnouncement(fetcher.data.error);
  }, [fetcher.data]);

  const onKey = (event: KeyboardEvent<HTMLElement>, card: OrderCard, column: number) => {
    if (event.target !== event.currentTarget) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const target = columns[column + (event.key === "ArrowLeft" ? -1 : 1)];
    event.preventDefault();
    if (target) request({ id: card.id, status: target.status });
  };
  const onDrop = (event: DragEvent<HTMLElement>, status: OrderStatus) => {
    event.preventDefault();
    setDragging(null);
    const id = event.dataTransfer.getData("text/plain");
    if (id) request({ id, status });
  };
  const showColumn = (status: string) => {
    const section = board.current?.querySelector<HTMLElement>(`[data-status="${status}"]`);
    if (!section || !board.current) return;
    board.current.scrollTo({ left: section.offsetLeft - board.current.offsetLeft, behavior: "smooth" });
    section.querySelector<HTMLElement>("h2")?.focus();
  };
  const error = fetcher.data?.error;

  return (
    <div className="min-w-0">
      <p className="sr-only" aria-live="polite" role="status">
        {announcement}
      </p>
      {error ? (
        <p className="mb-3 rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800" role="alert">
          {error}
        </p>
      ) : null}
      <p className="mb-3 text-sm text-fg-soft" id="quadro-ajuda">
        Use “Mover para…” no cartão ou arraste-o com o mouse. Com o cartão focado, as setas ← → levam o pedido para a etapa ao lado.
      </p>
      <nav aria-label="Etapas do quadro" className="mb-3">
        <ul className="flex flex-wrap gap-1.5">
          {columns.map((column) => (
            <li key={column.status}>
              <button
                type="button"
                className="rounded-full border border-line px-2.5 py-1 text-xs font-semibold hover:border-accent hover:bg-accent-soft"
                onClick={() => showColumn(column.status)}
              >
                {column.titulo} <span className="tabular-nums text-fg-soft">{column.total}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {pendingCancel ? (
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
      ) : null}
      <div
        ref={board}
        data-kanban-board
        className="relative flex snap-x snap-mandatory scroll-px-1 gap-3 overflow-x-auto overscroll-x-contain px-1 pb-4 [contain:inline-size]"
      >
        {columns.map((column, c) => (
          <section
            key={column.status}
            aria-labelledby={`coluna-${column.status}`}
            className={`w-[calc(100%-2.5rem)] max-w-80 shrink-0 snap-start rounded-lg border border-line bg-surface-soft p-2 sm:w-72 ${dragging ? "outline-dashed outline-1 outline-line" : ""}`}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, column.status)}
            data-status={column.status}
          >
            <h2 id={`coluna-${column.status}`} tabIndex={-1} className="mb-2 px-1 text-sm font-semibold focus:outline-none">
              <span className="flex items-baseline justify-between gap-2">
                <span>{column.titulo}</span>
                <span className="text-fg-soft tabular-nums" data-coluna-total>
                  {column.total}
                  <span className="sr-only">{column.total === 1 ? " pedido" : " pedidos"}</span>
                </span>
              </span>
              <span className="block text-xs font-normal text-fg-soft tabular-nums">
                <span className="sr-only">Total: </span>
                {column.valor}
              </span>
            </h2>
            {column.cards.length === 0 ? <p className="px-1 text-xs text-fg-soft">Nenhum pedido.</p> : null}
            <ol className="space-y-2">
              {column.cards.map((card, i) => {
                const targets = nextStatuses(column.status)
                  .filter((s) => !(s === "cancelado" && card.temVenda))
                  .map((s) => ({ value: s, label: ORDER_STATUS.label(s) }));
                return (
                  <li
                    key={card.id}
                    data-card={card.id}
                    // biome-ignore lint/a11y/noNoninteractiveTabindex: the focused card itself takes the arrow keys that move it
                    tabIndex={0}
                    draggable={targets.length > 0}
                    aria-describedby="quadro-ajuda"
                    aria-label={`Pedido nº ${card.numero}, ${card.cliente}, ${column.titulo}, ${i + 1} de ${column.cards.length}`}
                    onKeyDown={(event) => onKey(event, card, c)}
                    onDragStart={(event) => {
                      event.dataTransfer.setData("text/plain", card.id);
                      event.dataTransfer.effectAllowed = "move";
                      setDragging(card.id);
                    }}
                    onDragEnd={() => setDragging(null)}
                    className={`rounded-md border border-line bg-surface p-2 text-sm shadow-sm focus:outline-2 focus:outline-accent ${targets.length ? "sm:cursor-grab" : ""} ${dragging === card.id ? "opacity-50" : ""}`}
                  >
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
                  </li>
                );
              })}
            </ol>
            {column.total > column.cards.length ? (
              <Link to={`/orders?f.status=${column.status}`} className="mt-2 block px-1 text-xs font-semibold text-accent hover:underline">
                Ver todos os {column.total}
              </Link>
            ) : null}
          </section>
        ))}
      </div>
      <Toaster toast={fetcher.data?.toast ?? null} />
    </div>
  );
}
