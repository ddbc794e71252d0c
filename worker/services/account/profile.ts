import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { sessions, users } from "../../../db/schema/index.ts";
import type { ColorMode } from "../../../db/schema/accounts.ts";
import { revokeSession } from "../../auth/sessions.ts";
import { DomainError, type ServiceContext } from "../context.ts";
import { pendingEmailChange } from "./email-change.ts";

/** The signed-in person's own account: every query here is filtered by their user id. */

export async function updateName(ctx: ServiceContext, userId: string, name: string): Promise<void> {
  await ctx.db.update(users).set({ name: name.trim(), updatedAt: ctx.now }).where(eq(users.id, userId));
}

export async function setColorMode(ctx: ServiceContext, userId: string, mode: ColorMode): Promise<void> {
  await ctx.db.update(users).set({ colorMode: mode, updatedAt: ctx.now }).where(eq(users.id, userId));
}

export interface SessionView {
  id: string;
  /** "Chrome no Linux", "Safari no iPhone", "Aplicativo ou API"… */
  device: string;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  current: boolean;
}

/** Active (not revoked, not expired) sessions of the user; the current one first. */
export async function listSessions(db: Database, userId: string, currentSessionId: string, now = new Date()): Promise<SessionView[]> {
  return toSessionViews(await sessionsQuery(db, userId, now), currentSessionId);
}

/**
 * What /perfil shows, in one round trip: the active sessions and the e-mail change waiting for
 * confirmation (null when none).
 */
export async function profileOverview(
  db: Database,
  userId: string,
  currentSessionId: string,
  now = new Date(),
): Promise<{ sessions: SessionView[]; pendingEmail: string | null }> {
  const [rows, pending] = await db.batch([sessionsQuery(db, userId, now), pendingEmailChange({ db, now }, userId)]);
  return { sessions: toSessionViews(rows, currentSessionId), pendingEmail: pending[0]?.email ?? null };
}

function sessionsQuery(db: Database, userId: string, now: Date) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(50);
}

function toSessionViews(
  rows: { id: string; userAgent: string | null; ip: string | null; createdAt: Date; lastSeenAt: Date }[],
  currentSessionId: string,
): SessionView[] {
  return rows
    .map((r) => ({
      id: r.id,
      device: describeUserAgent(r.userAgent),
      ip: r.ip,
      createdAt: r.createdAt,
      lastSeenAt: r.lastSeenAt,
      current: r.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

export const SESSION_NOT_FOUND = "Esta sessão não existe ou já foi encerrada.";

/** Ends one of the user's other sessions (the current one ends with "Sair"). */
export async function revokeOtherSession(ctx: ServiceContext, userId: string, currentSessionId: string, sessionId: string): Promise<void> {
  if (sessionId === currentSessionId) throw new DomainError("Para encerrar esta sessão, use “Sair” no menu do usuário.", 400);
  // revokeSession filters by user id too: another person's session id never matches.
  if (!(await revokeSession(ctx.db, sessionId, userId, ctx.now))) throw new DomainError(SESSION_NOT_FOUND, 404);
}

/** Ends every session of the user except the current one; returns how many ended. */
export async function revokeOtherSessions(ctx: ServiceContext, userId: string, currentSessionId: string): Promise<number> {
  const result = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now })
    .where(
      and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now)),
    );
  return result.rowsAffected;
}

// ---------------------------------------------------------------------------
// User agent → pt-BR words. Deliberately small: the common browsers and systems, in the order
// that matters (Edge and Opera also say "Chrome"; Chrome also says "Safari").

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

const CLIENTS: readonly [RegExp, string][] = [
  [/^curl\//i, "curl"],
  [/\bnode\b|undici/i, "Node.js"],
  [/^(python-requests|python-httpx|aiohttp)/i, "Python"],
  [/^API$/, "Aplicativo ou API"],
];

export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? "";
  if (!ua) return "Navegador desconhecido";
  for (const [re, name] of CLIENTS) if (re.test(ua)) return name === "Aplicativo ou API" ? name : `${name} (linha de comando ou API)`;
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return `${browser} no ${system}`;
  if (browser) return browser;
  if (system) return `Navegador no ${system}`;
  return "Navegador desconhecido";
}
