import { type DragEvent, type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";

/** A column of a board: its key (the status or stage), title, count and R$ total, and its first cards. */
export interface BoardColumnView<C> {
  key: string;
  title: string;
  total: number;
  /** The column's total, formatted (R$). */
  value: string;
  cards: readonly C[];
}

/** Where a card was asked to go: a column and, on a board that keeps an order, the card it goes before (null: the end). */
export interface BoardMove {
  id: string;
  to: string;
  before: string | null;
}

/**
 * A board's moves sent to the page's action: the fetcher, the live announcement, and the moved
 * card taking the focus back once the page has answered (keyboard users keep their place). A
 * refusal from the server is announced too.
 */
export function useBoardMoves<D extends { error?: string }>() {
  const fetcher = useFetcher<D>();
  const [announcement, setAnnouncement] = useState("");
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || !focusAfter.current) return;
    document.querySelector<HTMLElement>(`[data-card="${focusAfter.current}"]`)?.focus();
    focusAfter.current = null;
  }, [fetcher.state]);
  useEffect(() => {
    if (fetcher.data?.error) setAnnouncement(fetcher.data.error);
  }, [fetcher.data]);
  const submit = (id: string, body: Record<string, string>, said: string) => {
    fetcher.submit(body, { method: "post" });
    focusAfter.current = id;
    setAnnouncement(said);
  };
  return { fetcher, announcement, announce: setAnnouncement, submit };
}

interface BoardProps<C extends { id: string }> {
  columns: readonly BoardColumnView<C>[];
  /** The column's data attribute ("data-status", "data-etapa"): pages and tests find a column by it. */
  columnAttribute: `data-${string}`;
  /** The help text's id (each card is described by it) and the text. */
  helpId: string;
  help: string;
  /** The count's noun for screen readers: one and many ("pedido", "pedidos"). */
  noun: readonly [string, string];
  announcement: string;
  error: string | null | undefined;
  /** A confirmation asked before a move (cancelling, losing), shown above the board. */
  panel?: ReactNode;
  /** ↑ ↓ and a drop on a card change the order within a column (the board keeps one). */
  reorder?: boolean;
  /** A card that may move is draggable (a final status is not). */
  movable: (card: C, column: BoardColumnView<C>) => boolean;
  cardLabel: (card: C, column: BoardColumnView<C>, index: number) => string;
  /** The card's own content (its link, details and "Mover para…" menu). */
  renderCard: (card: C, column: BoardColumnView<C>) => ReactNode;
  onMove: (move: BoardMove) => void;
  /** Said in an empty column (nothing when absent). */
  emptyText?: string;
  /** The list of a column's every card, when it has more than shown. */
  moreHref: (column: BoardColumnView<C>) => string;
  /** After the board, inside its box (a toaster). */
  children?: ReactNode;
}

/**
 * A board of cards by column (the interests' stages, the orders' statuses): each column headed by
 * its count and R$ total. A card moves by its "Mover para…" menu (keyboard, touch, screen
 * readers), by dragging it with a mouse, or by arrow keys when focused (← → column; ↑ ↓ order,
 * where the board keeps one); the page decides what a move does (confirm, refuse, send) and
 * announces it. The board scrolls sideways within itself, a column per screen on a phone (scroll
 * snap), and the column list above jumps to any column: the page never gets wider than the window.
 */
export function Board<C extends { id: string }>(props: BoardProps<C>) {
  const { columns, columnAttribute, helpId, noun, reorder = false, onMove } = props;
  const [dragging, setDragging] = useState<string | null>(null);
  const board = useRef<HTMLDivElement>(null);

  /** Where a card goes with a step left/right (top of the column) or up/down (within it). */
  const stepMove = (card: C, column: number, index: number, key: string): BoardMove | null => {
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const target = columns[column + (key === "ArrowLeft" ? -1 : 1)];
      return target ? { id: card.id, to: target.key, before: target.cards[0]?.id ?? null } : null;
    }
    if (!reorder) return null;
    const col = columns[column] as BoardColumnView<C>;
    if (key === "ArrowUp" && index > 0) return { id: card.id, to: col.key, before: col.cards[index - 1]?.id ?? null };
    if (key === "ArrowDown" && index < col.cards.length - 1) return { id: card.id, to: col.key, before: col.cards[index + 2]?.id ?? null };
    return null;
  };
  const onKey = (event: KeyboardEvent<HTMLElement>, card: C, column: number, index: number) => {
    if (event.target !== event.currentTarget) return;
    const move = stepMove(card, column, index, event.key);
    if (!move) return;
    event.preventDefault();
    onMove(move);
  };
  /** A mouse drop: on a card, before it; on the column, at its end. */
  const onDrop = (event: DragEvent<HTMLElement>, to: string, before: string | null) => {
    event.preventDefault();
    event.stopPropagation();
    setDragging(null);
    const id = event.dataTransfer.getData("text/plain");
    if (id && id !== before) onMove({ id, to, before });
  };
  /** The column list's jump: the column scrolls into the board's view (the page does not move sideways). */
  const showColumn = (key: string) => {
    const section = board.current?.querySelector<HTMLElement>(`[${columnAttribute}="${key}"]`);
    if (!section || !board.current) return;
    board.current.scrollTo({ left: section.offsetLeft - board.current.offsetLeft, behavior: "smooth" });
    section.querySelector<HTMLElement>("h2")?.focus();
  };

  return (
    <div className="min-w-0">
      <p className="sr-only" aria-live="polite" role="status">
        {props.announcement}
      </p>
      {props.error ? (
        <p className="mb-3 rounded border border-red-300 bg-red-50 p-2 text-sm text-red-800" role="alert">
          {props.error}
        </p>
      ) : null}
      <p className="mb-3 text-sm text-fg-soft" id={helpId}>
        {props.help}
      </p>
      <nav aria-label="Etapas do quadro" className="mb-3">
        <ul className="flex flex-wrap gap-1.5">
          {columns.map((column) => (
            <li key={column.key}>
              <button
                type="button"
                className="rounded-full border border-line px-2.5 py-1 text-xs font-semibold hover:border-accent hover:bg-accent-soft"
                onClick={() => showColumn(column.key)}
              >
                {column.title} <span className="tabular-nums text-fg-soft">{column.total}</span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      {props.panel}
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
            key={column.key}
            aria-labelledby={`coluna-${column.key}`}
            className={`w-[calc(100%-2.5rem)] max-w-80 shrink-0 snap-start rounded-lg border border-line bg-surface-soft p-2 sm:w-72 ${dragging ? "outline-dashed outline-1 outline-line" : ""}`}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => onDrop(event, column.key, null)}
            {...{ [columnAttribute]: column.key }}
          >
            <h2 id={`coluna-${column.key}`} tabIndex={-1} className="mb-2 px-1 text-sm font-semibold focus:outline-none">
              <span className="flex items-baseline justify-between gap-2">
                <span>{column.title}</span>
                <span className="text-fg-soft tabular-nums" data-coluna-total>
                  {column.total}
                  <span className="sr-only">{` ${column.total === 1 ? noun[0] : noun[1]}`}</span>
                </span>
              </span>
              <span className="block text-xs font-normal text-fg-soft tabular-nums" data-coluna-valor>
                <span className="sr-only">Total: </span>
                {column.value}
              </span>
            </h2>
            {column.cards.length === 0 && props.emptyText ? <p className="px-1 text-xs text-fg-soft">{props.emptyText}</p> : null}
            <ol className="space-y-2">
              {column.cards.map((card, i) => {
                const movable = props.movable(card, column);
                return (
                  <li
                    key={card.id}
                    data-card={card.id}
                    // biome-ignore lint/a11y/noNoninteractiveTabindex: the focused card itself takes the arrow keys that move it
                    tabIndex={0}
                    draggable={movable}
                    aria-describedby={helpId}
                    aria-label={props.cardLabel(card, column, i)}
                    onKeyDown={(event) => onKey(event, card, c, i)}
                    onDragStart={(event) => {
                      event.dataTransfer.setData("text/plain", card.id);
                      event.dataTransfer.effectAllowed = "move";
                      setDragging(card.id);
                    }}
                    onDragEnd={() => setDragging(null)}
                    onDragOver={reorder ? (event) => event.preventDefault() : undefined}
                    onDrop={reorder ? (event) => onDrop(event, column.key, card.id) : undefined}
                    className={`rounded-md border border-line bg-surface p-2 text-sm shadow-sm focus:outline-2 focus:outline-accent ${movable ? "sm:cursor-grab" : ""} ${dragging === card.id ? "opacity-50" : ""}`}
                  >
                    {props.renderCard(card, column)}
                  </li>
                );
              })}
            </ol>
            {column.total > column.cards.length ? (
              <Link to={props.moreHref(column)} className="mt-2 block px-1 text-xs font-semibold text-accent hover:underline">
                Ver todos os {column.total}
              </Link>
            ) : null}
          </section>
        ))}
      </div>
      {props.children}
    </div>
  );
}
