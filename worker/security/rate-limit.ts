import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";

export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

/** Per IP the limits are loose (offices share an IP); per e-mail they are tight. */
export const LIMITS = {
  login: { ip: { max: 50, windowMs: 15 * 60_000 }, email: { max: 8, windowMs: 15 * 60_000 } },
  signup: { ip: { max: 20, windowMs: 60 * 60_000 }, email: { max: 5, windowMs: 60 * 60_000 } },
  resend: { ip: { max: 20, windowMs: 60 * 60_000 }, email: { max: 3, windowMs: 15 * 60_000 } },
  forgot: { ip: { max: 20, windowMs: 60 * 60_000 }, email: { max: 3, windowMs: 15 * 60_000 } },
  token: { ip: { max: 60, windowMs: 15 * 60_000 }, email: { max: 10, windowMs: 15 * 60_000 } },
} as const satisfies Record<string, { ip: Limit; email: Limit }>;

export type LimitedAction = keyof typeof LIMITS;

export const RATE_LIMIT_MESSAGE = "Muitas tentativas. Aguarde alguns minutos e tente novamente.";

function hit(db: Database, key: string, limit: Limit, now: number) {
  const windowStart = now - (now % limit.windowMs);
  return db.all<{ count: number }>(sql`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT(key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.count + 1 ELSE 1 END,
      window_start = excluded.window_start
    RETURNING count`);
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
  const ipCount = byIp[0]?.count ?? 0;
  const emailCount = byEmail[0]?.count ?? 0;
  return ipCount <= limits.ip.max && emailCount <= limits.email.max;
}
