import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { POST_STATUS } from "../../../shared/enums/social.ts";
import { photoUrl } from "../../../shared/real-estate/photo-url.ts";
import { formatDateTimeIn } from "../../../shared/time-zone.ts";
import { useTimeZone } from "../../lib/time-zone.ts";
import type { FeedData } from "../../server/social/feed.server.ts";
import { STATUS_MARK, statusBadge } from "./post-marks.tsx";

type Tile = FeedData["tiles"][number];

/**
 * The Instagram grid as it will look (ADR 045): three columns, newest first, the scheduled posts
 * marked. Two scheduled posts change places — and so swap their times — by dragging one onto the
 * other, by ← → on a focused tile, or by its "Sai antes" / "Sai depois" buttons (a phone, a
 * screen reader); each swap is one batch on the server and is announced.
 */
export function FeedGrid({ data }: { data: FeedData }) {
  const zone = useTimeZone();
  const fetcher = useFetcher<{ ok?: true; error?: string }>();
  const [announcement, setAnnouncement] = useState("");
  const [dragging, setDragging] = useState<string | null>(null);
  const focusAfter = useRef<string | null>(null);
  const now = Date.parse(data.now);
  const movable = (t: Tile) => data.canMove && t.status === "agendado" && t.agendadoPara !== null && Date.parse(t.at) > now;
  const scheduled = data.tiles.filter(movable);

  const swap = (a: Tile, b: Tile) => {
    fetcher.submit({ intent: "trocar", a: a.id, b: b.id, eraA: a.agendadoPara ?? "", eraB: b.agendadoPara ?? "" }, { method: "post" });
    focusAfter.current = a.id;
    setAnnouncement(`Trocando: “${caption(a)}” passa para ${formatDateTimeIn(b.at, zone)}…`);
  };

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    setAnnouncement(fetcher.data.error ?? "Ordem do feed alterada.");
    if (focusAfter.current) document.querySelector<HTMLElement>(`[data-tile="${focusAfter.current}"]`)?.focus();
    focusAfter.current = null;
  }, [fetcher.state, fetcher.data]);

  /** The scheduled tile next to `tile` in the grid's order (-1: the one before it on screen, which goes out later). */
  const neighbour = (tile: Tile, step: -1 | 1) => scheduled[scheduled.findIndex((t) => t.id === tile.id) + step];

  const onKey = (event: KeyboardEvent<HTMLElement>, tile: Tile) => {
    if (event.target !== event.currentTarget || !movable(tile)) return;
    const step = event.key === "ArrowLeft" ? -1 : event.key === "ArrowRight" ? 1 : 0;
    const other = step ? neighbour(tile, step) : undefined;
    if (!other) return;
    event.preventDefault();
    swap(tile, other);
  };
  const onDrop = (event: DragEvent<HTMLElement>, target: Tile) => {
    event.preventDefault();
    const source = data.tiles.find((t) => t.id === dragging);
    setDragging(null);
    if (source && source.id !== target.id && movable(target)) swap(source, target);
  };

  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
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
      {data.canMove && scheduled.length > 1 ? (
        <p className="mb-3 text-xs text-fg-soft" id="feed-ajuda">
          Arraste um post agendado sobre outro para trocar os dois de lugar (e de horário). Com o post focado, ← → trocam com o vizinho.
        </p>
      ) : null}
      <ol className="mx-auto grid max-w-3xl grid-cols-3 gap-0.5 sm:gap-1" aria-busy={fetcher.state !== "idle" || undefined}>
        {data.tiles.map((tile) => {
          const canMove = movable(tile);
          const later = canMove ? neighbour(tile, -1) : undefined;
          const earlier = canMove ? neighbour(tile, 1) : undefined;
          const when = formatDateTimeIn(tile.at, zone);
          return (
            <li
              key={tile.id}
              data-tile={tile.id}
              tabIndex={canMove ? 0 : undefined}
              draggable={canMove || undefined}
              aria-label={`${caption(tile)}: ${POST_STATUS.label(tile.status)}, ${when}`}
              aria-describedby={canMove ? "feed-ajuda" : undefined}
              onKeyDown={(event) => onKey(event, tile)}
              onDragStart={(event) => {
                event.dataTransfer.setData("text/plain", tile.id);
                event.dataTransfer.effectAllowed = "move";
                setDragging(tile.id);
              }}
              onDragEnd={() => setDragging(null)}
              onDragOver={(event) => {
                if (dragging && canMove) event.preventDefault();
              }}
              onDrop={(event) => onDrop(event, tile)}
              className={`relative aspect-[3/4] min-w-0 overflow-hidden bg-muted focus:outline-2 focus:outline-offset-2 focus:outline-accent ${
                canMove ? "sm:cursor-grab" : ""
              } ${dragging === tile.id ? "opacity-50" : ""}`}
            >
              <Link to={`${data.detailPath}/${tile.id}`} className="block h-full w-full" aria-label={`Abrir o post “${caption(tile)}”`}>
                {tile.capa ? (
                  <img
                    src={photoUrl(tile.capa, 320)}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    draggable={false}
                    className={`h-full w-full object-cover ${tile.status === "publicado" ? "" : "opacity-80"}`}
                  />
                ) : (
                  <span className="flex h-full items-center p-2 text-xs text-fg-soft">{caption(tile)}</span>
                )}
              </Link>
              <span className={`${statusBadge(tile.status)} pointer-events-none absolute top-1 left-1 !px-1 text-[0.65rem]`}>
                <span aria-hidden="true">{STATUS_MARK[tile.status]} </span>
                {tile.status === "publicado" ? "" : POST_STATUS.label(tile.status)}
              </span>
              {tile.imagens > 1 ? (
                <span className="pointer-events-none absolute top-1 right-1 rounded bg-black/60 px-1 text-[0.65rem] text-white">
                  {tile.imagens} fotos
                </span>
              ) : null}
              {tile.status !== "publicado" ? (
                <span className="pointer-events-none absolute right-0 bottom-0 left-0 bg-black/60 px-1 py-0.5 text-[0.65rem] text-white tabular-nums">
                  {when}
                </span>
              ) : null}
              {canMove && (later || earlier) ? (
                <span className="absolute right-1 bottom-6 flex gap-0.5">
                  {earlier ? (
                    <button
                      type="button"
                      className="rounded bg-surface/90 px-1 text-[0.65rem] font-semibold text-fg shadow"
                      aria-label={`“${caption(tile)}” sai antes: troca com o post de ${formatDateTimeIn(earlier.at, zone)}`}
                      onClick={() => swap(tile, earlier)}
                    >
                      Sai antes
                    </button>
                  ) : null}
                  {later ? (
                    <button
                      type="button"
                      className="rounded bg-surface/90 px-1 text-[0.65rem] font-semibold text-fg shadow"
                      aria-label={`“${caption(tile)}” sai depois: troca com o post de ${formatDateTimeIn(later.at, zone)}`}
                      onClick={() => swap(tile, later)}
                    >
                      Sai depois
                    </button>
                  ) : null}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function caption(tile: Tile): string {
  const line = tile.legenda.split("\n", 1)[0]?.trim() ?? "";
  return line.length > 60 ? `${line.slice(0, 59)}…` : line || "(sem legenda)";
}
