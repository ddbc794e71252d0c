import { POST_ATTEMPT_OUTCOME, type PostAttemptOutcome, SOCIAL_NETWORK, type SocialNetwork } from "../enums/social.ts";
import { isId } from "../id.ts";
import { instantIn } from "../time-zone.ts";

/**
 * The URL of /historico, /facebook-posts and /instagram-posts: search, filters, order and the
 * page, so a copied link and the back button show the same list. Pages are keyset cursors (an
 * instant and an id), never an offset: page 500 costs what page 1 costs. Pure, client-safe.
 *
 * Parameters: `q` (search), `resultado`, `rede`, `conta`, `origem`, `de`/`ate` (aaaa-mm-dd in the
 * organização's zone), `ordem` (`recentes` by default, or `antigas`), `apos`/`antes` (cursor).
 */

export const SOCIAL_PAGE_SIZE = 25;

/** The registry resource whose "read" opens these screens (its "own" reach narrows them). */
export const POSTS_RESOURCE = "posts";

/** The caption preview a row shows: long enough to recognise the post, short enough for a phone. */
export const CAPTION_PREVIEW = 140;

export type SocialListOrder = "recentes" | "antigas";

/** Whose posts a published list shows: every one, those made in Alicerce, or the account's own. */
export type PostOriginFilter = "todos" | "alicerce" | "conta";
export const POST_ORIGIN_FILTER_LABELS: Readonly<Record<PostOriginFilter, string>> = {
  todos: "Todos",
  alicerce: "Feitos no Alicerce",
  conta: "Feitos fora do Alicerce",
};

/** A position in a list ordered by an instant: the row's instant (ms) and id break ties. */
export interface SocialCursor {
  at: number;
  id: string;
}

export interface SocialListQuery {
  q: string;
  resultado: PostAttemptOutcome | null;
  rede: SocialNetwork | null;
  conta: string | null;
  origem: PostOriginFilter;
  /** aaaa-mm-dd, as typed (the zone's calendar days). */
  de: string | null;
  ate: string | null;
  ordem: SocialListOrder;
  /** The page after this row (`apos`) or before it (`antes`); neither: the first page. */
  apos: SocialCursor | null;
  antes: SocialCursor | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function encodeCursor(cursor: SocialCursor): string {
  return `${cursor.at.toString(36)}.${cursor.id}`;
}

/** A cursor from the URL; anything we did not write is no cursor (the first page), never an error. */
export function decodeCursor(value: string | null): SocialCursor | null {
  if (!value) return null;
  const dot = value.indexOf(".");
  if (dot < 1) return null;
  const at = Number.parseInt(value.slice(0, dot), 36);
  const id = value.slice(dot + 1);
  if (!Number.isSafeInteger(at) || at < 0 || !isId(id)) return null;
  return { at, id };
}

function validDay(value: string | null): string | null {
  if (!value || !DAY.test(value)) return null;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const check = new Date(Date.UTC(y, m - 1, d));
  return check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d ? value : null;
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/** The list's state from the URL; a value outside what the list offers is dropped, never a 500. */
export function parseSocialListQuery(params: URLSearchParams): SocialListQuery {
  const conta = params.get("conta");
  let de = validDay(params.get("de"));
  let ate = validDay(params.get("ate"));
  // A range typed backwards means the same days.
  if (de && ate && de > ate) [de, ate] = [ate, de];
  const apos = decodeCursor(params.get("apos"));
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    resultado: oneOf(params.get("resultado"), POST_ATTEMPT_OUTCOME.values),
    rede: oneOf(params.get("rede"), SOCIAL_NETWORK.values),
    conta: isId(conta) ? conta : null,
    origem: oneOf(params.get("origem"), ["todos", "alicerce", "conta"] as const) ?? "todos",
    de,
    ate,
    ordem: params.get("ordem") === "antigas" ? "antigas" : "recentes",
    apos,
    antes: apos ? null : decodeCursor(params.get("antes")),
  };
}

/** The instants a period covers in `zone`: from the start of `de` to the start of the day after `ate`. */
export function periodRange(query: Pick<SocialListQuery, "de" | "ate">, zone: string): { from: Date | null; to: Date | null } {
  const from = query.de ? instantIn(query.de, "00:00", zone) : null;
  let to: Date | null = null;
  if (query.ate) {
    const [y, m, d] = query.ate.split("-").map(Number) as [number, number, number];
    const next = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    to = instantIn(next, "00:00", zone);
  }
  return { from, to };
}

/** Whether anything narrows the list (an empty list then says "nothing matches", not "nothing yet"). */
export function isFiltered(query: SocialListQuery): boolean {
  return Boolean(query.q || query.resultado || query.rede || query.conta || query.de || query.ate || query.origem !== "todos");
}

/** The URL of the list with this state (no page): the filters' and the order's links. */
export function socialListParams(query: SocialListQuery, page?: { apos?: SocialCursor; antes?: SocialCursor }): URLSearchParams {
  const out = new URLSearchParams();
  if (query.q) out.set("q", query.q);
  if (query.resultado) out.set("resultado", query.resultado);
  if (query.rede) out.set("rede", query.rede);
  if (query.conta) out.set("conta", query.conta);
  if (query.origem !== "todos") out.set("origem", query.origem);
  if (query.de) out.set("de", query.de);
  if (query.ate) out.set("ate", query.ate);
  if (query.ordem !== "recentes") out.set("ordem", query.ordem);
  if (page?.apos) out.set("apos", encodeCursor(page.apos));
  else if (page?.antes) out.set("antes", encodeCursor(page.antes));
  return out;
}

export function socialListHref(basePath: string, query: SocialListQuery, page?: { apos?: SocialCursor; antes?: SocialCursor }): string {
  const search = socialListParams(query, page).toString();
  return search ? `${basePath}?${search}` : basePath;
}

/**
 * One page from a keyset read of `size + 1` rows (in the order read: reversed when reading
 * backwards), and the links around it. Reading forwards (first page or `apos`), an extra row
 * means a next page; a page reached by `apos` always has one before it. Reading backwards
 * (`antes`), the extra row means a page before, and there is always one after.
 */
export function keysetPage<T extends SocialCursor>(
  rows: readonly T[],
  query: SocialListQuery,
  basePath: string,
  size: number = SOCIAL_PAGE_SIZE,
): { rows: T[]; prevHref: string | null; nextHref: string | null; firstHref: string | null } {
  const backwards = query.antes !== null;
  const more = rows.length > size;
  const kept = rows.slice(0, size);
  const page = backwards ? kept.reverse() : kept;
  const first = page[0];
  const last = page[page.length - 1];
  const hasPrev = backwards ? more : query.apos !== null;
  const hasNext = backwards ? true : more;
  const cursor = (row: T): SocialCursor => ({ at: row.at, id: row.id });
  return {
    rows: page,
    prevHref: hasPrev && first ? socialListHref(basePath, query, { antes: cursor(first) }) : null,
    nextHref: hasNext && last ? socialListHref(basePath, query, { apos: cursor(last) }) : null,
    firstHref: query.apos || query.antes ? socialListHref(basePath, query) : null,
  };
}
