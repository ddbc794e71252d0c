import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { DomainError } from "../services/context.ts";

export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
  /**
   * A shared quota (a business's leads for the day): charged only by `accept()`, once the
   * request passed the other counters and proved worth keeping, so junk never spends it.
   */
  quota?: true;
}

/**
 * Per IP the limits are loose (offices share an IP); per e-mail they are tight. Logins are
 * throttled on failures instead (LOGIN_FAILURES below).
 */
export const LIMITS = {
  signup: { ip: { max: 20, windowMs: 60 * 60_000 }, email: { max: 5, windowMs: 60 * 60_000 } },
  resend: { ip: { max: 20, windowMs: 60 * 60_000 }, email: { max: 3, windowMs: 15 * 60_000 } },
  forgot: { ip: { max: 20, windowMs: 60 * 60_000 }, email: { max: 3, windowMs: 15 * 60_000 } },
} as const satisfies Record<string, { ip: Limit; email: Limit }>;

export type LimitedAction = keyof typeof LIMITS;

export const RATE_LIMIT_MESSAGE = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";

/**
 * Counts one attempt on a window counter and returns the sliding estimate of attempts in the
 * last `windowMs` (ADR 080): this window's count plus the previous window's, weighted by how much
 * of it still overlaps. A plain fixed window let a burst straddling the boundary through twice.
 * SQLite evaluates every SET expression on the old row, so `prev_count` reads the old window.
 */
function hit(db: Database, key: string, limit: Limit, now: number) {
  const windowStart = now - (now % limit.windowMs);
  return db.all<WindowCount>(sql`
    INSERT INTO rate_limits (key, window_start, count, prev_count) VALUES (${key}, ${windowStart}, 1, 0)
    ON CONFLICT(key) DO UPDATE SET
      prev_count = CASE
        WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.prev_count
        WHEN rate_limits.window_start = excluded.window_start - ${limit.windowMs} THEN rate_limits.count
        ELSE 0 END,
      count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
      window_start = excluded.window_start
    RETURNING count, prev_count`);
}

interface WindowCount {
  count: number;
  prev_count: number;
}

/** The attempts of the last `windowMs`, estimated from this window's count and the previous one's. */
export function slidingCount(row: WindowCount | undefined, limit: Limit, now: number): number {
  if (!row) return 0;
  const elapsed = now % limit.windowMs;
  return Number(row.count) + Number(row.prev_count) * ((limit.windowMs - elapsed) / limit.windowMs);
}

/** How long until one more attempt fits under the limit again (0 when it already does). */
export function slidingWaitMs(row: WindowCount | undefined, limit: Limit, now: number): number {
  if (slidingCount(row, limit, now) <= limit.max || !row) return 0;
  const w = limit.windowMs;
  const elapsed = now % w;
  const count = Number(row.count);
  const room = limit.max - 1;
  // While this window alone is full, wait for the next one, then for this window's weight to fade.
  if (count > room) return w - elapsed + Math.max(0, w * (1 - room / count));
  return Math.max(0, w * (1 - (room - count) / Number(row.prev_count)) - elapsed);
}

/**
 * Counts one attempt per IP and per e-mail in a single round trip.
 * Returns true when the attempt is allowed.
 */
export async function consumeRateLimit(db: Database, action: LimitedAction, ip: string, email: string, now = Date.now()): Promise<boolean> {
  const limits = LIMITS[action];
  const [byIp, byEmail] = await db.batch([
    hit(db, `${action}:ip:${ip}`, limits.ip, now),
    hit(db, `${action}:email:${email.trim().toLowerCase()}`, limits.email, now),
  ]);
  return slidingCount(byIp[0], limits.ip, now) <= limits.ip.max && slidingCount(byEmail[0], limits.email, now) <= limits.email.max;
}

/**
 * Limits keyed by something other than (IP, e-mail): each named check counts one attempt on its
 * own window. A request passes only when every counter is within its limit; a `quota` counter is
 * charged last, and only for a request the caller accepts (`enforceKeyedLimit`).
 */
export const KEYED_LIMITS = {
  /** Team invites (create and resend): per organização and per IP. */
  invite: { org: { max: 30, windowMs: 24 * 3600_000 }, ip: { max: 20, windowMs: 60 * 60_000 } },
  /** Changing the password (or the e-mail) from /perfil: per user and per IP. */
  password: { user: { max: 5, windowMs: 15 * 60_000 }, ip: { max: 20, windowMs: 60 * 60_000 } },
  /** CEP lookups (each costs a ViaCEP call): per user and per IP; a form asks once per CEP typed. */
  cep: { user: { max: 60, windowMs: 10 * 60_000 }, ip: { max: 300, windowMs: 10 * 60_000 } },
  /** Re-authentication (the password typed again before a team change or an LGPD erase): per user. */
  reauth: { user: { max: 5, windowMs: 15 * 60_000 }, ip: { max: 30, windowMs: 60 * 60_000 } },
  /** Asking the inviter for a new invite from an expired link: per e-mail and per IP. */
  inviteRequest: { email: { max: 2, windowMs: 24 * 3600_000 }, ip: { max: 10, windowMs: 60 * 60_000 } },
  /** The VRSync feed (portals poll it a few times a day): per token digest. */
  portalFeed: { token: { max: 60, windowMs: 60 * 60_000 } },
  /** Feed URLs with an unknown token: per IP, so guessing tokens stays slow. */
  portalFeedMiss: { ip: { max: 20, windowMs: 60 * 60_000 } },
  /**
   * The portal lead webhook, counted once authenticated: per IP (a portal sends for many
   * businesses) and per organização.
   */
  portalLead: { ip: { max: 3000, windowMs: 60 * 60_000 }, org: { max: 600, windowMs: 60 * 60_000 } },
  /** Wrong webhook credentials: per IP, charged on failure only (`enforceFailureLimit`). */
  portalLeadFailure: { ip: { max: 20, windowMs: 60 * 60_000 } },
  /** The landing page's public contact form: per IP, and valid messages per organização. */
  landingContact: { ip: { max: 10, windowMs: 60 * 60_000 }, org: { max: 300, windowMs: 24 * 3600_000, quota: true } },
  /**
   * The public booking page's "Agendar" (ADR 062): per IP (every post), and valid bookings per
   * organização (a quota, charged only once the honeypot and validation passed).
   */
  onlineBooking: { ip: { max: 10, windowMs: 60 * 60_000 }, org: { max: 300, windowMs: 24 * 3600_000, quota: true } },
  /** The client's appointment page's actions (confirm, cancel, reschedule): per IP and per appointment. */
  appointmentLink: { ip: { max: 30, windowMs: 60 * 60_000 }, appointment: { max: 10, windowMs: 60 * 60_000 } },
  /** Unknown tokens at `/agendamento/{token}`: per IP, charged on failure only, so guessing stays slow. */
  appointmentLinkMiss: { ip: { max: 30, windowMs: 60 * 60_000 } },
  /** Property photo uploads (each carries four sizes to R2): per user and per IP. */
  propertyPhotoUpload: { user: { max: 200, windowMs: 60 * 60_000 }, ip: { max: 400, windowMs: 60 * 60_000 } },
  /** Images from the device for posts (ADR 044): as photos, a busy day of carousels per person. */
  postImageUpload: { user: { max: 200, windowMs: 60 * 60_000 }, ip: { max: 400, windowMs: 60 * 60_000 } },
  /** Documentos (ADR 074): files uploaded per member (each counts), and the links asked for to open them. */
  documentUpload: { user: { max: 300, windowMs: 60 * 60_000 }, ip: { max: 600, windowMs: 60 * 60_000 } },
  documentLink: { user: { max: 600, windowMs: 10 * 60_000 } },
  /** The public property page's contact form (open to the internet): per IP, and valid messages per organização. */
  propertyLead: { ip: { max: 5, windowMs: 10 * 60_000 }, org: { max: 200, windowMs: 24 * 3600_000, quota: true } },
  /**
   * Meta's webhooks and callbacks (ADR 046). The signature is checked first and a valid one always
   * passes; only refusals count, per door and IP (`<org id|platform>:<ip>`), so wrong secrets at
   * one organização's own door never lock Meta's shared servers out of another door. A signed
   * delivery counts per app that signed it: the platform's app serves every organização, an
   * organização's own app only itself (a much lower ceiling for what one tenant can push in).
   */
  metaWebhookFailure: { door: { max: 30, windowMs: 60 * 60_000 } },
  metaWebhook: { app: { max: 30_000, windowMs: 60 * 60_000 } },
  metaWebhookOrgApp: { app: { max: 1_000, windowMs: 60 * 60_000 } },
  /** Unknown codes at the data-deletion status page (`/exclusao-de-dados/<code>`): per IP, so guessing stays slow. */
  deletionStatusMiss: { ip: { max: 30, windowMs: 60 * 60_000 } },
  /**
   * The social diagnostics' test actions (a container, an unpublished photo, a real test post):
   * per organização, so a misclick or a loop cannot spend the Instagram quota or flood a Page.
   */
  socialTest: { org: { max: 5, windowMs: 60_000 } },
  /**
   * Read-only checks against Meta that a screen triggers (the diagnostics' loaders, /me/accounts
   * on Páginas do Facebook, "Testar" in Credenciais Sociais): per organização, so reloading or a
   * loop cannot spend the app's Graph API quota.
   */
  metaCheck: { org: { max: 20, windowMs: 60_000 } },
  /** The post art's live preview (ADR 051; each costs a render in the art Worker): per organização and per person. */
  artPreview: { org: { max: 600, windowMs: 60 * 60_000 }, user: { max: 300, windowMs: 60 * 60_000 } },
  /**
   * Asking for an AI generation (ADR 055): per person and per organização, so one person (or a
   * script with their token) cannot spend the organização's monthly tokens in a burst.
   */
  aiGeneration: { user: { max: 12, windowMs: 10 * 60_000 }, org: { max: 120, windowMs: 60 * 60_000 } },
  /**
   * Report files asked for on /relatorio (ADR 086; each is a job that reads and renders up to a
   * year of records): per person and per organização, so nobody floods the queue.
   */
  reportFile: { user: { max: 20, windowMs: 10 * 60_000 }, org: { max: 120, windowMs: 60 * 60_000 } },
  /** "Enviar por e-mail" of a match (an e-mail in the business's name to a client): per user and per organização. */
  matchEmail: { user: { max: 60, windowMs: 60 * 60_000 }, org: { max: 500, windowMs: 24 * 3600_000 } },
} as const satisfies Record<string, Record<string, Limit>>;

export type KeyedAction = keyof typeof KEYED_LIMITS;

type KeysOf<A extends KeyedAction> = { [K in keyof (typeof KEYED_LIMITS)[A]]: string };

/** The action's counters (name, limit, row key), gate counters or quota counters. */
function counters<A extends KeyedAction>(action: A, keys: KeysOf<A>, quota: boolean) {
  return Object.entries(KEYED_LIMITS[action] as Record<string, Limit>)
    .filter(([, limit]) => Boolean(limit.quota) === quota)
    .map(([name, limit]) => ({ limit, key: `${action}:${name}:${(keys as Record<string, string>)[name]}` }));
}

/** Counts one attempt on each counter in a single round trip; 0 when allowed, else how long until the fullest exceeded window ends. */
async function countWaitMs(db: Database, list: { limit: Limit; key: string }[], now: number): Promise<number> {
  if (list.length === 0) return 0;
  const statements = list.map((c) => hit(db, c.key, c.limit, now));
  const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  let waitMs = 0;
  results.forEach((rows, i) => {
    const limit = (list[i] as { limit: Limit }).limit;
    waitMs = Math.max(waitMs, slidingWaitMs(rows[0], limit, now));
  });
  return waitMs;
}

/** What a request that passed the gate may do next: charge the action's shared quota. */
export interface Admission {
  /** Charges the quota counters (`quota: true`), throwing the pt-BR 429 when one is spent. */
  accept(): Promise<void>;
}

/**
 * The keyed limiter, in a fixed order: the gate counters (per IP, per user…) are counted first,
 * in one round trip, and a refusal there throws the pt-BR 429 (with Retry-After) having charged
 * nothing else. The quota counters are charged only by `accept()`, which the caller calls once
 * the request is worth keeping (valid, not a honeypot), so junk from one address never spends
 * a business's quota. Actions without quota counters need not call `accept()`.
 */
export async function enforceKeyedLimit<A extends KeyedAction>(
  db: Database,
  action: A,
  keys: KeysOf<A>,
  now = Date.now(),
): Promise<Admission> {
  const waitMs = await countWaitMs(db, counters(action, keys, false), now);
  if (waitMs > 0) throw new RateLimitedError(Math.ceil(waitMs / 1000));
  return {
    async accept() {
      const quotaWaitMs = await countWaitMs(db, counters(action, keys, true), now);
      if (quotaWaitMs > 0) throw new RateLimitedError(Math.ceil(quotaWaitMs / 1000));
    },
  };
}

/**
 * Counters charged on failure only (wrong credentials at a door): throws the pt-BR 429 while
 * a counter's failures in its window exceed its limit, counting nothing. Count a failure with
 * `countKeyedFailure`.
 */
export async function enforceFailureLimit<A extends KeyedAction>(
  db: Database,
  action: A,
  keys: KeysOf<A>,
  now = Date.now(),
): Promise<void> {
  const list = counters(action, keys, false);
  const rows = await db.all<{ key: string; window_start: number; count: number; prev_count: number }>(sql`
    SELECT key, window_start, count, prev_count FROM rate_limits WHERE key IN (${sql.join(
      list.map((c) => sql`${c.key}`),
      sql`, `,
    )})`);
  let waitMs = 0;
  for (const { key, limit } of list) {
    const row = rows.find((r) => r.key === key);
    const windowStart = now - (now % limit.windowMs);
    // The counter as the next failure would see it: its window rolled forward if it is old.
    const seen: WindowCount | undefined = !row
      ? undefined
      : Number(row.window_start) === windowStart
        ? row
        : { count: 0, prev_count: Number(row.window_start) === windowStart - limit.windowMs ? Number(row.count) : 0 };
    // Refused while one more failure would pass the limit: the failures already counted reach it.
    if (slidingCount(seen, limit, now) >= limit.max)
      waitMs = Math.max(waitMs, slidingWaitMs(seen && { ...seen, count: seen.count + 1 }, limit, now));
  }
  if (waitMs > 0) throw new RateLimitedError(Math.ceil(waitMs / 1000));
}

/**
 * Failures counted in the current window on every key of an action's counter that starts with
 * `prefix` (e.g. every IP at one door): what a screen shows as "refused this hour".
 */
export async function failuresUnder<A extends KeyedAction>(
  db: Database,
  action: A,
  counter: keyof (typeof KEYED_LIMITS)[A] & string,
  prefix: string,
  now = Date.now(),
): Promise<number> {
  const limit = (KEYED_LIMITS[action] as Record<string, Limit>)[counter] as Limit;
  const like = `${action}:${counter}:${prefix}`.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const rows = await db.all<{ n: number | null }>(sql`
    SELECT sum(count) AS n FROM rate_limits WHERE key LIKE ${`${like}%`} ESCAPE '\\' AND window_start = ${now - (now % limit.windowMs)}`);
  return Number(rows[0]?.n ?? 0);
}

/** One failure on each of the action's counters (see `enforceFailureLimit`). */
export async function countKeyedFailure<A extends KeyedAction>(db: Database, action: A, keys: KeysOf<A>, now = Date.now()): Promise<void> {
  await countWaitMs(db, counters(action, keys, false), now);
}

/**
 * Login throttling (browser login and `/api/auth/token` share it): only failed password checks
 * count, never successful sign-ins, and past `free` failures each further one doubles the wait
 * (`baseMs`, 2×, 4×… up to `maxMs`), answered with the pt-BR 429 and `Retry-After`. A counter
 * starts over after `quietMs` without failures. Three counters, each with its own threshold:
 *
 * - `pair` (one IP against one e-mail): the stranger hammering an account from one address is
 *   slowed after a few failures, without touching the owner on any other IP.
 * - `ip` (one IP, any e-mail): loose, since offices share an IP; slows credential stuffing.
 * - `email` (one e-mail, any IP): distributed guessing. Its threshold is high, and past it the
 *   wait applies to everyone, the owner included: a botnet with many IPs can slow the owner's
 *   sign-in (never block it for longer than `maxMs` at a time). Accepted trade-off: the
 *   alternative is unlimited guesses against one password.
 *
 * An attempt that is refused is not counted (the waiting does not grow while refused), and the
 * check and the count are one atomic statement, so parallel requests cannot slip past it.
 */
export interface FailureLimit {
  /** Failures answered normally; the next attempt after the `free`-th failure waits `baseMs`. */
  free: number;
  baseMs: number;
  maxMs: number;
}

export const LOGIN_FAILURES = {
  pair: { free: 5, baseMs: 30_000, maxMs: 15 * 60_000 },
  ip: { free: 30, baseMs: 30_000, maxMs: 15 * 60_000 },
  email: { free: 50, baseMs: 30_000, maxMs: 15 * 60_000 },
} as const satisfies Record<string, FailureLimit>;

/** A counter with no failure for this long starts over. */
export const LOGIN_FAILURE_QUIET_MS = 60 * 60_000;

/** The wait after `count` failures (0 while within the free ones). */
export function failureDelayMs(limit: FailureLimit, count: number): number {
  if (count < limit.free) return 0;
  return Math.min(limit.baseMs * 2 ** Math.min(count - limit.free, 20), limit.maxMs);
}

function failureKeys(ip: string, email: string) {
  const e = email.trim().toLowerCase();
  return [
    { key: `login-fail:pair:${ip}:${e}`, limit: LOGIN_FAILURES.pair as FailureLimit },
    { key: `login-fail:ip:${ip}`, limit: LOGIN_FAILURES.ip as FailureLimit },
    { key: `login-fail:email:${e}`, limit: LOGIN_FAILURES.email as FailureLimit },
  ];
}

/**
 * The statements of one login attempt's throttle, to run in one batch (with other reads): the
 * first counts the attempt as a failure on all three counters unless one of them is waiting
 * (then it changes nothing and returns no rows); the second reads the counters back.
 * Window start holds the time of the last failure. A successful login gives the attempt back
 * with `refundLoginFailure`.
 */
export function loginFailureStatements(db: Database, ip: string, email: string, now: number) {
  const keys = failureKeys(ip, email);
  const values = sql.join(
    keys.map((k) => sql`(${k.key}, ${k.limit.free}, ${k.limit.baseMs}, ${k.limit.maxMs})`),
    sql`, `,
  );
  const count = db.all<{ key: string }>(sql`
    WITH k(key, free, base, cap) AS (VALUES ${values})
    INSERT INTO rate_limits (key, window_start, count)
    SELECT key, ${now}, 1 FROM k WHERE NOT EXISTS (
      SELECT 1 FROM rate_limits r JOIN k AS kk ON kk.key = r.key
      WHERE r.window_start > ${now - LOGIN_FAILURE_QUIET_MS}
        AND r.count >= kk.free
        AND ${now} < r.window_start + min(kk.base * (1 << min(r.count - kk.free, 20)), kk.cap)
    )
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= ${now - LOGIN_FAILURE_QUIET_MS} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = excluded.window_start
    RETURNING key`);
  const read = db.all<{ key: string; window_start: number; count: number }>(sql`
    SELECT key, window_start, count FROM rate_limits WHERE key IN (${sql.join(
      keys.map((k) => sql`${k.key}`),
      sql`, `,
    )})`);
  return { count, read };
}

/** From the two statements' results: 0 when the attempt was counted, else the seconds to wait. */
export function loginRetryAfterSeconds(
  counted: { key: string }[],
  rows: { key: string; window_start: number; count: number }[],
  ip: string,
  email: string,
  now: number,
): number {
  if (counted.length > 0) return 0;
  let waitMs = 1000;
  for (const { key, limit } of failureKeys(ip, email)) {
    const row = rows.find((r) => r.key === key);
    if (!row || row.window_start <= now - LOGIN_FAILURE_QUIET_MS) continue;
    waitMs = Math.max(waitMs, Number(row.window_start) + failureDelayMs(limit, Number(row.count)) - now);
  }
  return Math.ceil(waitMs / 1000);
}

/** A successful login: the attempt counted in advance is given back on every counter. */
export function refundLoginFailure(db: Database, ip: string, email: string) {
  const keys = failureKeys(ip, email).map((k) => sql`${k.key}`);
  return db.run(sql`UPDATE rate_limits SET count = max(count - 1, 0) WHERE key IN (${sql.join(keys, sql`, `)})`);
}

/** A refused login: the pt-BR 429 with how long to wait (sent as `Retry-After`). */
export class RateLimitedError extends DomainError {
  override name = "RateLimitedError";
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super(RATE_LIMIT_MESSAGE, 429);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
