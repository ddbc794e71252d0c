import type { InArgs, InStatement, ResultSet } from "@libsql/client";
import { and, eq, fillPlaceholders, gt, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { brandStyles, businessSettings, memberships, organizations, professionals, sessions, users } from "../../db/schema/index.ts";
import type { HexColor } from "../../shared/brand/brand-style.ts";
import type { ColorMode } from "../../db/schema/accounts.ts";
import type { Role } from "../../db/schema/organizations.ts";
import { DEFAULT_TIME_ZONE, type TimeZone, timeZoneOf } from "../../shared/time-zone.ts";
import { rememberSession, sessionHint } from "./session-hints.ts";
import { digest, randomToken } from "./tokens.ts";

/** The session cookie on plain-http localhost (development and tests). */
export const SESSION_COOKIE = "alicerce_session";
/**
 * The session cookie over https: the `__Host-` prefix makes the browser refuse it unless it is
 * Secure, has Path=/ and no Domain, so a sibling subdomain cannot plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = "__Host-alicerce_session";
/**
 * Absolute lifetime: a session ends 30 days after the sign-in that created it, however much it
 * is used (issue 11; supersedes the spec's 400-day cookie, ADR 019).
 */
export const SESSION_MAX_AGE_MS = 30 * 24 * 3600_000;
/** A session unused for 7 days ends; each use (at most hourly) pushes the end forward, never past the absolute end. */
export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
const RENEW_AFTER_MS = 3600_000;

/** The cookie name for the request's scheme: `__Host-` needs https (browsers drop it otherwise). */
export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  colorMode: ColorMode;
}
export interface AuthOrg {
  id: string;
  name: string;
  role: Role;
  /** Configurações do Negócio: the corretor sees only their own imóveis and interesses (Actor.ownOnly). */
  ownOnly?: boolean;
  /** Configurações do Negócio: the IANA zone every time is shown and typed in (ADR 039); absent: São Paulo. */
  timeZone?: TimeZone;
  /** /cores: the app's accent colour for this organização's pages (ADR 054); absent: Alicerce's own. */
  accent?: HexColor;
  /**
   * The profissional record linked to this member's login (professionals.user_id, issue 21):
   * whose agenda and service desk are theirs. With the professional role it selects the
   * "professionals" layout (ADR 063); absent: no link.
   */
  professionalId?: string;
}
export interface AuthState {
  sessionId: string;
  user: AuthUser;
  /** Null until the user completes the business profile (or when deactivated). */
  org: AuthOrg | null;
  deactivated: boolean;
  /**
   * The organization of the caller's membership, active or deactivated (null: none). A
   * deactivated member has `org: null` but may still leave this one (team.ts `leaveOrganization`).
   */
  memberOf: { id: string; name: string } | null;
  /** When the person last typed their password in this session (sign-in or re-authentication). */
  authenticatedAt: Date;
  /** How the request was authenticated: cookies need CSRF checks, bearer tokens do not. */
  via: "cookie" | "bearer";
  expiresAt: Date;
  lastSeenAt: Date;
}

export interface SessionMeta {
  userAgent?: string | null;
  ip?: string | null;
}

export async function createSession(
  db: Database,
  userId: string,
  meta: SessionMeta,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomToken();
  const sessionId = await digest(token);
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  // Every caller creates a session right after proving who the person is (password, or a
  // link whose flow also asks for it): that counts as an authentication for re-auth's window.
  const insert = db
    .insert(sessions)
    .values({
      id: sessionId,
      userId,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
      createdAt: now,
      lastSeenAt: now,
      authenticatedAt: now,
      expiresAt,
    })
    .toSQL();
  // The new session as every later request will see it, read in the same round trip: this
  // isolate remembers it, so the first page after signing in already costs one (ADR 011).
  const lookup = sessionStatement(db, sessionId, now);
  const [, found] = await db.$client.batch([{ sql: insert.sql, args: insert.params as InArgs }, lookup.statement], "write");
  const row = found ? lookup.read(found) : undefined;
  if (row) rememberSession(sessionId, row, now.getTime());
  return { token, expiresAt };
}

/** What a request learns about its caller: session, user and membership with its organization. */
const sessionFields = {
  sessionId: sessions.id,
  expiresAt: sessions.expiresAt,
  lastSeenAt: sessions.lastSeenAt,
  createdAt: sessions.createdAt,
  authenticatedAt: sessions.authenticatedAt,
  userId: users.id,
  name: users.name,
  email: users.email,
  emailVerifiedAt: users.emailVerifiedAt,
  colorMode: users.colorMode,
  orgId: memberships.orgId,
  role: memberships.role,
  deactivatedAt: memberships.deactivatedAt,
  orgName: organizations.name,
  /**
   * The business's choice that a corretor sees only their own records, read with the session so
   * it costs no round trip; a changed choice makes a hinted request start over (sameCaller).
   */
  ownOnly: sql<number>`coalesce((select ${businessSettings.corretorApenasSeus} from ${businessSettings} where ${businessSettings.orgId} = ${memberships.orgId}), 0)`,
  /** The organização's time zone, read the same way (null: never chosen, the default). */
  timeZone: sql<
    string | null
  >`(select ${businessSettings.fusoHorario} from ${businessSettings} where ${businessSettings.orgId} = ${memberships.orgId})`,
  /** The app's accent chosen on /cores (null: Alicerce's own), read the same way: every page of the organização draws with it. */
  accent: sql<string | null>`(select ${brandStyles.corDestaqueApp} from ${brandStyles} where ${brandStyles.orgId} = ${memberships.orgId})`,
  /** The profissional linked to this login in this organização (null: none), read the same way. */
  professionalId: sql<
    string | null
  >`(select ${professionals.id} from ${professionals} where ${professionals.orgId} = ${memberships.orgId} and ${professionals.usuarioId} = ${users.id} and ${professionals.excluidoEm} is null limit 1)`,
};

/** One query: session, user and membership with its organization (written with placeholders). */
function sessionLookupQuery(db: Database) {
  // tenant-exempt: this is how a request learns its organization (the session user's membership).
  return db
    .select(sessionFields)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(organizations, eq(organizations.id, memberships.orgId))
    .where(and(eq(sessions.id, sql.placeholder("sid")), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder("now"))))
    .limit(1);
}

/** The lookup's SQL, built once per isolate (building it cost ≈0.5 ms per request). */
let lookupSql: { sql: string; params: unknown[] } | undefined;

const sessionColumns = Object.entries(sessionFields);

/**
 * The same lookup as a raw statement and a reader for its result, so it can ride in the
 * round trip of the request's first read (db/prelude.ts).
 */
export function sessionStatement(
  db: Database,
  sessionId: string,
  now: Date,
): { statement: InStatement; read(result: ResultSet): SessionRow | undefined } {
  lookupSql ??= sessionLookupQuery(db).toSQL();
  const template = lookupSql;
  return {
    // `expires_at` holds milliseconds (timestamp_ms).
    statement: { sql: template.sql, args: fillPlaceholders(template.params, { sid: sessionId, now: now.getTime() }) as InArgs },
    read(result) {
      const raw = result.rows[0];
      if (!raw) return undefined;
      const row: Record<string, unknown> = {};
      sessionColumns.forEach(([key, column], i) => {
        const value = raw[i];
        row[key] =
          value === null || value === undefined ? null : "mapFromDriverValue" in column ? column.mapFromDriverValue(value as never) : value;
      });
      return row as SessionRow;
    },
  };
}

/** The session's row, looked up on its own (one round trip). */
export async function lookUpSession(db: Database, sessionId: string, now: Date): Promise<SessionRow | undefined> {
  const lookup = sessionStatement(db, sessionId, now);
  return lookup.read(await db.$client.execute(lookup.statement));
}

export type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionLookupQuery>["all"]>>[number];

export function toAuthState(row: SessionRow, via: AuthState["via"]): AuthState {
  const active = row.orgId && !row.deactivatedAt && row.role && row.orgName;
  return {
    sessionId: row.sessionId,
    via,
    expiresAt: row.expiresAt,
    lastSeenAt: row.lastSeenAt,
    deactivated: Boolean(row.deactivatedAt),
    memberOf: row.orgId && row.orgName ? { id: row.orgId, name: row.orgName } : null,
    authenticatedAt: row.authenticatedAt ?? row.createdAt,
    user: {
      id: row.userId,
      name: row.name,
      email: row.email,
      emailVerified: row.emailVerifiedAt !== null,
      colorMode: row.colorMode,
    },
    org: active
      ? // `ownOnly`, `timeZone`, `accent` and `professionalId` only when the business chose them (the defaults leave the shape as it was).
        {
          id: row.orgId as string,
          name: row.orgName as string,
          role: row.role as Role,
          ...(row.ownOnly ? { ownOnly: true } : {}),
          ...(timeZoneOf(row.timeZone) !== DEFAULT_TIME_ZONE ? { timeZone: timeZoneOf(row.timeZone) } : {}),
          ...(row.accent ? { accent: row.accent as HexColor } : {}),
          ...(row.professionalId ? { professionalId: row.professionalId } : {}),
        }
      : null,
  };
}

export async function loadSession(db: Database, token: string, now = new Date()): Promise<AuthState | null> {
  const row = await lookUpSession(db, await digest(token), now);
  if (!row) return null;
  return toAuthState(row, "cookie");
}

/** Sliding renewal, written at most once an hour, never past the absolute end (30 days from creation). */
export function renewalFor(state: AuthState, createdAt: Date, now: Date): Date | null {
  if (now.getTime() - state.lastSeenAt.getTime() < RENEW_AFTER_MS) return null;
  const cap = createdAt.getTime() + SESSION_MAX_AGE_MS;
  return new Date(Math.min(now.getTime() + SESSION_IDLE_MS, cap));
}

export async function touchSession(db: Database, sessionId: string, expiresAt: Date, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Database, sessionId: string, userId: string, now = new Date()): Promise<boolean> {
  const result = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return result.rowsAffected > 0;
}

/** The session cookie: it lives exactly as long as the session (never past its end). No Domain, ever. */
export function sessionCookie(token: string, expiresAt: Date, secure: boolean, now = new Date()): string {
  const maxAge = Math.max(0, Math.min(Math.floor((expiresAt.getTime() - now.getTime()) / 1000), SESSION_MAX_AGE_MS / 1000));
  return `${sessionCookieName(secure)}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secure ? "; Secure" : ""}`;
}

export function clearSessionCookie(secure: boolean): string {
  return `${sessionCookieName(secure)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
}

/**
 * The session token a request carries, under the scheme's own name only. Over https an
 * unprefixed `alicerce_session` is ignored: a sibling subdomain or a plain-http answer can plant
 * one (only `__Host-` is safe from that), and accepting it would sign the person into whatever
 * account the planter chose.
 */
export function sessionTokenFrom(cookies: Record<string, string>, secure: boolean): string | null {
  return cookies[sessionCookieName(secure)] || null;
}

/**
 * Records that the person just typed their password in this session (re-authentication), in
 * the database and in this isolate's hint, so the next page already knows (ADR 019).
 */
export async function stampAuthentication(db: Database, sessionId: string, now: Date): Promise<void> {
  await db.update(sessions).set({ authenticatedAt: now }).where(eq(sessions.id, sessionId));
  const hint = sessionHint(sessionId, now.getTime());
  if (hint) rememberSession(sessionId, { ...hint, authenticatedAt: now }, now.getTime());
}
