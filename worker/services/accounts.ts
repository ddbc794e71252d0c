import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { authTokens, memberships, organizations, refreshTokens, sessions, users } from "../../db/schema/index.ts";
import type { Role } from "../../db/schema/organizations.ts";
import { dispatch } from "../../jobs/dispatch.ts";
import { createSession } from "../auth/sessions.ts";
import { digest, randomToken } from "../auth/tokens.ts";
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from "../auth/password.ts";
import { orgScope } from "../../db/tenant.ts";
import { outboxInsert } from "../email/provider.ts";
import { accountExistsEmail, confirmationEmail, recoveryEmail } from "../email/templates.ts";
import {
  consumeRateLimit,
  type LimitedAction,
  loginFailureStatements,
  loginRetryAfterSeconds,
  RATE_LIMIT_MESSAGE,
  RateLimitedError,
  refundLoginFailure,
} from "../security/rate-limit.ts";
import { DomainError, type ServiceContext } from "./context.ts";

export const CONFIRMATION_TTL_MS = 24 * 3600_000;
export const RECOVERY_TTL_MS = 3600_000;
export const INVITE_TTL_MS = 7 * 24 * 3600_000;
/** An account never confirmed this long after its last sign-up is deleted by the cron (scheduled.ts). */
export const UNCONFIRMED_ACCOUNT_TTL_MS = 7 * 24 * 3600_000;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function limit(ctx: ServiceContext, action: LimitedAction, email: string): Promise<void> {
  if (!(await consumeRateLimit(ctx.db, action, ctx.ip, email, ctx.now.getTime()))) {
    throw new DomainError(RATE_LIMIT_MESSAGE, 429);
  }
}

export function callbackLink(ctx: ServiceContext, type: "signup" | "recovery" | "invite", token: string): string {
  return `${ctx.origin}/auth/callback?type=${type}&token=${encodeURIComponent(token)}`;
}

/** Builds an e-mailed single-use token row; returns the raw token for the link. */
async function tokenRow(
  ctx: ServiceContext,
  purpose: "email_confirmation" | "password_recovery" | "invite",
  email: string,
  userId: string | null,
  ttlMs: number,
  extra: { orgId?: string; role?: Role } = {},
) {
  const token = randomToken();
  return {
    token,
    query: ctx.db.insert(authTokens).values({
      id: await digest(token),
      purpose,
      email,
      userId,
      orgId: extra.orgId ?? null,
      role: extra.role ?? null,
      createdAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + ttlMs),
    }),
  };
}

async function queueEmail(ctx: ServiceContext, outboxId: string): Promise<void> {
  await dispatch({ config: ctx.config, waitUntil: ctx.waitUntil }, "email/send.requested", { outboxId });
}

export interface SignUpInput {
  nome: string;
  email: string;
  senha: string;
}

/**
 * Creates an unconfirmed account and e-mails the confirmation link. An e-mail that already has
 * an account gets a "you already have an account" message instead, and the caller sees the
 * same answer either way (no account enumeration). Every branch hashes the password once, so
 * the time taken does not tell them apart either.
 *
 * Signing up again on an unconfirmed e-mail replaces the name and password and voids every
 * earlier confirmation link: otherwise someone who signed up first with another person's
 * e-mail (pre-hijacking) would keep a password of their choice in the account the owner
 * later confirms. Only the newest link works.
 */
export async function signUp(ctx: ServiceContext, input: SignUpInput): Promise<void> {
  const email = normalizeEmail(input.email);
  await limit(ctx, "signup", email);
  // tenant-exempt: only whether the account already belongs to an organization (an invite) is read.
  const [existing] = await ctx.db
    .select({ id: users.id, verified: users.emailVerifiedAt, orgId: memberships.orgId })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  const name = input.nome.trim();
  const passwordHash = hashPassword(input.senha);
  if (existing?.verified) {
    const mail = outboxInsert(ctx.db, accountExistsEmail(email, `${ctx.origin}/login`, `${ctx.origin}/forgot-password`));
    await mail.query;
    await queueEmail(ctx, mail.id);
    return;
  }
  if (existing?.orgId) {
    // Invited, not yet accepted: the password stays the unusable one the invite set (a sign-up
    // must not put a password of a stranger's choice into a member's account).
    await sendConfirmation(ctx, existing.id, email, name);
    return;
  }
  if (existing) {
    const confirmation = await tokenRow(ctx, "email_confirmation", email, existing.id, CONFIRMATION_TTL_MS);
    const mail = outboxInsert(ctx.db, confirmationEmail(email, name, callbackLink(ctx, "signup", confirmation.token)));
    await ctx.db.batch([
      ctx.db
        .update(users)
        .set({ name, passwordHash, termsAcceptedAt: ctx.now, updatedAt: ctx.now })
        .where(and(eq(users.id, existing.id), isNull(users.emailVerifiedAt))),
      ctx.db
        .update(authTokens)
        .set({ usedAt: ctx.now })
        .where(and(eq(authTokens.userId, existing.id), eq(authTokens.purpose, "email_confirmation"), isNull(authTokens.usedAt))),
      confirmation.query,
      mail.query,
    ]);
    await queueEmail(ctx, mail.id);
    return;
  }
  const userId = crypto.randomUUID();
  const confirmation = await tokenRow(ctx, "email_confirmation", email, userId, CONFIRMATION_TTL_MS);
  const mail = outboxInsert(ctx.db, confirmationEmail(email, name, callbackLink(ctx, "signup", confirmation.token)));
  try {
    await ctx.db.batch([
      ctx.db.insert(users).values({
        id: userId,
        name,
        email,
        passwordHash,
        termsAcceptedAt: ctx.now,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      }),
      confirmation.query,
      mail.query,
    ]);
  } catch (error) {
    // Two sign-ups racing for one e-mail: the loser gets the same neutral answer.
    if (String(error).includes("UNIQUE")) return;
    throw error;
  }
  await queueEmail(ctx, mail.id);
}

async function sendConfirmation(ctx: ServiceContext, userId: string, email: string, name: string): Promise<void> {
  const confirmation = await tokenRow(ctx, "email_confirmation", email, userId, CONFIRMATION_TTL_MS);
  const mail = outboxInsert(ctx.db, confirmationEmail(email, name, callbackLink(ctx, "signup", confirmation.token)));
  await ctx.db.batch([confirmation.query, mail.query]);
  await queueEmail(ctx, mail.id);
}

/** Resends the confirmation e-mail; the same answer whether or not the account exists. */
export async function resendConfirmation(ctx: ServiceContext, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await limit(ctx, "resend", email);
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name, verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (user && !user.verified) await sendConfirmation(ctx, user.id, email, user.name);
}

/** Claims a single-use token: only one caller can ever succeed (conditional update). */
async function claimToken(ctx: ServiceContext, token: string, purpose: "email_confirmation" | "password_recovery" | "invite") {
  const id = await digest(token);
  const [row] = await ctx.db
    .update(authTokens)
    .set({ usedAt: ctx.now })
    .where(and(eq(authTokens.id, id), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, ctx.now)))
    .returning();
  return row ?? null;
}

export const INVALID_LINK = "Este link é inválido ou expirou. Peça um novo.";

/** Confirms the e-mail and signs the user in. */
export async function confirmEmail(
  ctx: ServiceContext,
  token: string,
): Promise<{ sessionToken: string; expiresAt: Date; hasOrg: boolean }> {
  const row = await claimToken(ctx, token, "email_confirmation");
  if (!row?.userId) throw new DomainError(INVALID_LINK, 400);
  const [, membership] = await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ emailVerifiedAt: ctx.now })
      .where(and(eq(users.id, row.userId), isNull(users.emailVerifiedAt))),
    // tenant-exempt: does the confirmed user already belong to an organization?
    ctx.db.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, row.userId)).limit(1),
  ]);
  const session = await createSession(ctx.db, row.userId, { ip: ctx.ip, userAgent: ctx.userAgent }, ctx.now);
  return { sessionToken: session.token, expiresAt: session.expiresAt, hasOrg: membership.length > 0 };
}

export const LOGIN_FAILED = "E-mail ou senha incorretos.";
export const EMAIL_NOT_CONFIRMED = "Confirme seu e-mail antes de entrar. Enviamos um novo link para você.";

/**
 * Checks credentials; returns the user id. Timing is the same for unknown e-mails.
 * Throttled on failures only (security/rate-limit.ts, LOGIN_FAILURES): the attempt is counted
 * in advance, atomically with the check, and given back when the password is right, so the
 * owner's sign-ins never use up a budget a stranger could exhaust.
 */
export async function authenticate(
  ctx: ServiceContext,
  rawEmail: string,
  password: string,
  _action: "login" | "token" = "login",
): Promise<string> {
  const email = normalizeEmail(rawEmail);
  const now = ctx.now.getTime();
  const throttle = loginFailureStatements(ctx.db, ctx.ip, email, now);
  const [counted, counters, found] = await ctx.db.batch([
    throttle.count,
    throttle.read,
    ctx.db.select().from(users).where(eq(users.email, email)).limit(1),
  ]);
  const wait = loginRetryAfterSeconds(counted, counters, ctx.ip, email, now);
  if (wait > 0) throw new RateLimitedError(wait);
  const user = found[0];
  const ok = verifyPassword(password, user?.passwordHash ?? dummyPasswordHash());
  if (!user || !ok) throw new DomainError(LOGIN_FAILED, 401);
  await refundLoginFailure(ctx.db, ctx.ip, email);
  if (!user.emailVerifiedAt) {
    // The right password on an unconfirmed account: a new link, at the resend pace.
    if (await consumeRateLimit(ctx.db, "resend", ctx.ip, email, now)) await sendConfirmation(ctx, user.id, email, user.name);
    throw new DomainError(EMAIL_NOT_CONFIRMED, 403);
  }
  if (needsRehash(user.passwordHash)) {
    ctx.waitUntil(
      ctx.db
        .update(users)
        .set({ passwordHash: hashPassword(password) })
        .where(eq(users.id, user.id)),
    );
  }
  return user.id;
}

export async function login(ctx: ServiceContext, email: string, password: string) {
  const userId = await authenticate(ctx, email, password);
  return createSession(ctx.db, userId, { ip: ctx.ip, userAgent: ctx.userAgent }, ctx.now);
}

/** Always the same answer: the e-mail goes only to an existing account. */
export async function requestPasswordRecovery(ctx: ServiceContext, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await limit(ctx, "forgot", email);
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;
  const recovery = await tokenRow(ctx, "password_recovery", email, user.id, RECOVERY_TTL_MS);
  const mail = outboxInsert(ctx.db, recoveryEmail(email, callbackLink(ctx, "recovery", recovery.token)));
  await ctx.db.batch([recovery.query, mail.query]);
  await queueEmail(ctx, mail.id);
}

/** True when a recovery token can still be used (the form is shown only then). */
export async function recoveryTokenIsValid(ctx: ServiceContext, token: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.id, await digest(token)),
        eq(authTokens.purpose, "password_recovery"),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, ctx.now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * Sets the new password from a recovery link: the link works once, every other session and
 * refresh token of the user ends, and a fresh session signs the user in.
 */
export async function recoverPassword(ctx: ServiceContext, token: string, password: string) {
  const row = await claimToken(ctx, token, "password_recovery");
  if (!row?.userId) throw new DomainError(INVALID_LINK, 400);
  await ctx.db.batch([
    // Following the link proves the mailbox, so it also confirms the e-mail.
    ctx.db
      .update(users)
      .set({ passwordHash: hashPassword(password), emailVerifiedAt: ctx.now })
      .where(eq(users.id, row.userId)),
    ctx.db
      .update(sessions)
      .set({ revokedAt: ctx.now })
      .where(and(eq(sessions.userId, row.userId), isNull(sessions.revokedAt))),
    ctx.db
      .update(refreshTokens)
      .set({ revokedAt: ctx.now })
      .where(and(eq(refreshTokens.userId, row.userId), isNull(refreshTokens.revokedAt))),
  ]);
  return createSession(ctx.db, row.userId, { ip: ctx.ip, userAgent: ctx.userAgent }, ctx.now);
}

export async function changePassword(
  ctx: ServiceContext,
  userId: string,
  currentSessionId: string,
  current: string,
  next: string,
): Promise<void> {
  const [user] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !verifyPassword(current, user.hash)) throw new DomainError("Senha atual incorreta.", 400, "senhaAtual");
  await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ passwordHash: hashPassword(next) })
      .where(eq(users.id, userId)),
    ctx.db
      .update(sessions)
      .set({ revokedAt: ctx.now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, currentSessionId))),
  ]);
}

export interface CompleteRegistrationInput {
  nomeNegocio: string;
  segmento: "imobiliaria" | "corretor" | "comercio" | "servicos";
  documento: string;
  creci?: string | undefined;
  whatsapp: string;
  cidade: string;
  uf: string;
}

/** Creates the user's organization with the user as owner. */
export async function completeRegistration(ctx: ServiceContext, userId: string, input: CompleteRegistrationInput): Promise<string> {
  const orgId = crypto.randomUUID();
  try {
    await ctx.db.batch([
      // tenant-exempt: creates the organization itself.
      ctx.db.insert(organizations).values({
        id: orgId,
        name: input.nomeNegocio.trim(),
        segment: input.segmento,
        document: input.documento,
        creci: input.creci ?? null,
        whatsapp: input.whatsapp,
        city: input.cidade.trim(),
        uf: input.uf,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      }),
      ctx.db
        .insert(memberships)
        .values(orgScope(ctx.db, orgId).values({ userId, role: "owner" as const, createdAt: ctx.now, updatedAt: ctx.now })),
    ]);
  } catch (error) {
    if (String(error).includes("UNIQUE")) throw new DomainError("Seu cadastro já foi completado.", 409);
    throw error;
  }
  return orgId;
}
