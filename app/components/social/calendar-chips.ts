import { escapeHtml } from "../../../shared/escape.ts";
import { targetsOf } from "../../../shared/social/calendar.ts";
import type { CalendarDayView } from "../../server/social/calendar.server.ts";
import { NETWORK_SHORT, STATUS_MARK, statusBadge, targetText } from "./post-marks.tsx";

/**
 * A day's chips as one HTML text (ADR 045). A month holds up to 126 chips of ~8 elements and ~16
 * attributes each, and React's server renderer writes every attribute as several chunks: the
 * chips alone cost more Worker CPU than the rest of the page. As one string they are one chunk,
 * and the page's handlers are delegated to the grid (`CalendarBoard`), so the chips need no
 * React of their own. Every text from the database is escaped here.
 */

type Post = CalendarDayView["posts"][number];

/** A caption's start, for a button's name (the chip's link says it whole). */
export function shortCaption(text: string): string {
  return text.length > 32 ? `${text.slice(0, 31)}…` : text;
}

/** One post on its day: its link (time and caption), a mark per network, and "Mover" when it may move. */
function chipHtml(post: Post, detailPath: string, movable: boolean): string {
  const id = escapeHtml(post.id);
  let marks = "";
  for (const t of targetsOf(post.redes)) {
    marks += `<span class="${statusBadge(t.status)} cal-mark" aria-label="${escapeHtml(targetText(t.rede, t.status))}" role="img">${NETWORK_SHORT[t.rede]} ${STATUS_MARK[t.status]}</span>`;
  }
  const move = movable
    ? `<button type="button" data-move="${id}" class="cal-move" aria-label="Mover “${escapeHtml(shortCaption(post.legenda))}”">Mover</button>`
    : "";
  const grab = movable ? ` tabindex="0" draggable="true" aria-describedby="calendario-ajuda"` : "";
  return `<li data-post="${id}"${grab} class="cal-chip"><a href="${escapeHtml(`${detailPath}/${post.id}`)}"><b>${escapeHtml(post.hora)}</b> ${escapeHtml(post.legenda)}</a><span>${marks}${move}</span></li>`;
}

/** A day's chips, in order. */
export function chipsHtml(posts: readonly Post[], detailPath: string, movable: (post: Post) => boolean): string {
  let html = "";
  for (const post of posts) html += chipHtml(post, detailPath, movable(post));
  return html;
}
