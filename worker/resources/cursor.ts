/**
 * Keyset cursors for `?after=`: the sort column, direction and the last row's sort value and id,
 * base64url-encoded JSON. A cursor made for another sort is ignored (the list falls back to the
 * page number), so a stale link never shows the wrong rows.
 */

export interface Cursor {
  sort: string;
  dir: "asc" | "desc";
  value: string | number;
  id: string;
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string {
  const padded = text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

export function encodeCursor(cursor: Cursor): string {
  return toBase64Url(JSON.stringify([cursor.sort, cursor.dir, cursor.value, cursor.id]));
}

/** The cursor when it is well-formed and made for this sort and direction; null otherwise. */
export function decodeCursor(text: string | null, sort: string, dir: "asc" | "desc"): Cursor | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(fromBase64Url(text));
    if (!Array.isArray(parsed) || parsed.length !== 4) return null;
    const [s, d, value, id] = parsed as unknown[];
    if (s !== sort || d !== dir) return null;
    if (typeof id !== "string" || id.length > 64) return null;
    if (!(typeof value === "string" && value.length <= 400) && !(typeof value === "number" && Number.isFinite(value))) return null;
    return { sort, dir, value, id };
  } catch {
    return null;
  }
}

/** The cursor of `?after=` when it fits the sort: its value must have the sort's type (text, or a number). */
export function readCursor(
  after: string | null,
  sort: string,
  dir: "asc" | "desc",
  type: "text" | "number" | "money" | "date",
): Cursor | null {
  const cursor = decodeCursor(after, sort, dir);
  if (!cursor) return null;
  if ((type === "text") !== (typeof cursor.value === "string")) return null;
  return cursor;
}
