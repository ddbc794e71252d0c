/**
 * Redirect targets from untrusted input (`?redirectTo=`, the saved-path
 * cookie) must stay on our site; external navigation is refused unless
 * explicitly allowed (spec §8). Pure and client-safe.
 */

const BASE_ORIGIN = "http://local.invalid";
const MAX_LENGTH = 2048;

/** C0 controls and DEL: browsers silently strip tabs/newlines from URLs. */
function hasControlChar(value: string): boolean {
  for (let k = 0; k < value.length; k++) {
    const code = value.charCodeAt(k);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Decodes %XX byte by byte, ignoring malformed sequences, so "%2F%2F" and
 * "%5C" are seen for what browsers may turn them into without throwing on a
 * stray "%" ("/busca?q=100%").
 */
function decodeBytes(value: string): string {
  return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A path that can only mean "this site": "/x", never "//host", "/\host" or with control chars. */
function hasLocalShape(value: string): boolean {
  return value.startsWith("/") && value[1] !== "/" && !value.includes("\\") && !hasControlChar(value);
}

/**
 * Returns `input` as a local path ("/clientes?page=2#lista"), normalised
 * ("/a/../b" → "/b"), or `fallback` when it could lead elsewhere: "//evil",
 * "/\\evil", "http:", "javascript:", percent-encoded variants ("/%2F%2Fevil",
 * "%5C"), tabs/newlines (which browsers strip), or anything not starting with "/".
 */
export function safeRedirectPath(input: string | null | undefined, fallback = "/"): string {
  if (typeof input !== "string" || input.length === 0 || input.length > MAX_LENGTH) return fallback;

  // Check the raw value and each decoding layer (double-encoding included).
  let probe = input;
  for (let layer = 0; layer < 4; layer++) {
    if (!hasLocalShape(probe)) return fallback;
    const decoded = decodeBytes(probe);
    if (decoded === probe) break;
    probe = decoded;
  }

  let url: URL;
  try {
    url = new URL(input, BASE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE_ORIGIN) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into "//host" ("/.//evil" → "//evil").
  return hasLocalShape(path) ? path : fallback;
}

/**
 * True when `url` is an absolute http(s) URL allowed by `allowList`. Entries:
 * - "https://wa.me" or "https://www.instagram.com/oauth" — exact origin (scheme,
 *   host, port) and, when the entry has a path, that path prefix;
 * - "facebook.com" — that host exactly, https only;
 * - "*.facebook.com" — any subdomain (not the bare domain), https only.
 * URLs with credentials ("https://user@host") are always refused.
 */
export function isAllowedExternal(url: string | URL, allowList: readonly string[]): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== "https:" && target.protocol !== "http:") return false;
  if (target.username || target.password) return false;
  if (typeof url === "string" && hasControlChar(url)) return false;

  return allowList.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry.includes("://")) {
      let allowed: URL;
      try {
        allowed = new URL(entry);
      } catch {
        return false;
      }
      if (allowed.origin !== target.origin) return false;
      const prefix = allowed.pathname.replace(/\/+$/, "");
      return prefix === "" || target.pathname === prefix || target.pathname.startsWith(`${prefix}/`);
    }
    if (target.protocol !== "https:" || target.port !== "") return false;
    if (entry.startsWith("*.")) return target.hostname.endsWith(entry.slice(1));
    return target.hostname === entry;
  });
}
