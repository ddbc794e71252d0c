import type { SessionRow } from "./sessions.ts";

/**
 * Who each recently seen session was, per Worker isolate: a hint, never a proof. A request
 * whose session is hinted builds its reads at once and sends the session lookup with the first
 * of them (one round trip instead of two); that lookup is checked before any of the data
 * reaches the code, and a session that changed or ended makes the request start over or end
 * (worker/http/middleware.ts, ADR 011). Reads (GET, HEAD, OPTIONS) use hints, and the few writes
 * `mayCarrySession` allows (CSV imports), whose body is kept to serve them again.
 */

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 5000;

const hints = new Map<string, { row: SessionRow; at: number }>();

export function sessionHint(sessionId: string, now: number): SessionRow | undefined {
  const hit = hints.get(sessionId);
  if (!hit) return undefined;
  if (now - hit.at > TTL_MS) {
    hints.delete(sessionId);
    return undefined;
  }
  return hit.row;
}

export function rememberSession(sessionId: string, row: SessionRow, now: number): void {
  hints.delete(sessionId);
  if (hints.size >= MAX_ENTRIES) {
    // Oldest first: a Map keeps insertion order.
    const oldest = hints.keys().next().value;
    if (oldest !== undefined) hints.delete(oldest);
  }
  hints.set(sessionId, { row, at: now });
}

export function forgetSession(sessionId: string): void {
  hints.delete(sessionId);
}

/**
 * Whether a fresh lookup still describes the caller the hint did (timestamps of use aside).
 * The last password check counts: a page that asks for it again must not be drawn from an old hint.
 */
export function sameCaller(a: SessionRow, b: SessionRow): boolean {
  return (
    a.sessionId === b.sessionId &&
    a.userId === b.userId &&
    a.name === b.name &&
    a.email === b.email &&
    (a.emailVerifiedAt?.getTime() ?? null) === (b.emailVerifiedAt?.getTime() ?? null) &&
    a.colorMode === b.colorMode &&
    a.orgId === b.orgId &&
    a.role === b.role &&
    (a.deactivatedAt?.getTime() ?? null) === (b.deactivatedAt?.getTime() ?? null) &&
    a.orgName === b.orgName &&
    Boolean(a.ownOnly) === Boolean(b.ownOnly) &&
    (a.timeZone ?? null) === (b.timeZone ?? null) &&
    (a.accent ?? null) === (b.accent ?? null) &&
    (a.professionalId ?? null) === (b.professionalId ?? null) &&
    (a.authenticatedAt?.getTime() ?? null) === (b.authenticatedAt?.getTime() ?? null)
  );
}
