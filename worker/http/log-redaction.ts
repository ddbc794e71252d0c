import { FEED_PATH } from "../services/real-estate/portal-settings.ts";

/**
 * Paths that carry a secret in the path itself, in one place: the request log keeps the route
 * and never the secret (the database keeps only its digest; a log line must not keep more). Each
 * pattern's first group is the secret. Query strings never reach the log at all (`loggedPath`):
 * e-mailed links carry their tokens there (`/auth/callback?token=…`, `/convite?token=…`).
 */
const SECRET_PATHS: readonly RegExp[] = [
  // The VRSync feed's secret URL, polled by the portals: /feeds/vrsync/<token>.xml (the whole
  // segment goes, whatever its shape: a mistyped poll still carries the token).
  new RegExp(`^${FEED_PATH}([^/]+)`),
  // A data-deletion request's status page: its confirmation code is what lets one read it.
  /^\/exclusao-de-dados\/([^/]+)/,
];

export const REDACTED = "[oculto]";

/** The request's path as the log shows it: no query string, each secret segment replaced. */
export function loggedPath(url: string | URL): string {
  const path = new URL(url).pathname;
  for (const pattern of SECRET_PATHS) {
    const match = pattern.exec(path);
    const secret = match?.[1];
    if (match && secret) {
      const at = match.index + match[0].indexOf(secret);
      return `${path.slice(0, at)}${REDACTED}${path.slice(at + secret.length)}`;
    }
  }
  return path;
}
