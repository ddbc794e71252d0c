import { and, eq, gt, isNull, ne } from "drizzle-orm";
import { authTokens, memberships, organizations, refreshTokens, sessions, users } from "../../../db/schema/index.ts";
import type { AuthTokenPurpose } from "../../../db/schema/accounts.ts";
import type { Role } from "../../../db/schema/organizations.ts";
import { dispatch } from "../../../jobs/dispatch.ts";
import { createSession } from "../../auth/sessions.ts";
import { digest, randomToken } from "../../auth/tokens.ts";
import { dummyPasswordHash, hashPassword, needsRehash, passwordParams, verifyPassword } from "../../auth/password.ts";
import { orgScope } from "../../../db/tenant.ts";
import { outboxInsert } from "../../email/provider.ts";
import { accountExistsEmail, confirmationEmail, recoveryEmail } from "../../email/templates.ts";
import {
  consumeRateLimit,
  enforceKeyedLimit,
  type LimitedAction,
  loginFailureStatements,
  loginRetryAfterSeconds,
  RATE_LIMIT_MESSAGE,
  RateLimitedError,
  refundLoginFailure,
} from "../../security/rate-limit.ts";
import { DomainError, type ServiceContext } from "../context.ts";
import { defaultAccountsStatement } from "../finance/default-accounts.ts";
import { INVALID_LINK } from "../../../shared/account/account-messages.ts";
import { CONFIRMATION_TTL_MS, RECOVERY_TTL_MS } from "./lifetimes.ts";

/** A unique index refused the write (Drizzle wraps the driver's error: its cause says so). */
export function isUniqueViolation(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return /UNIQUE/.test(String(error)) || /UNIQUE/.test(String(cause));
}

/**
 * Ends every session and API refresh token of a user (statements for the caller's batch): after
 * a confirmation, a recovery or an undone e-mail change nobody keeps a way in from before.
 */
export function endEverySession(ctx: ServiceContext, userId: string) {
  return [
    ctx.db
      .update(sessions)
      .set({ revokedAt: ctx.now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),
    ctx.db
      .update(refreshTokens)
      .set({ revokedAt: ctx.now })
      .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt))),
  ] as const;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function limit(ctx: ServiceContext, action: LimitedAction, email: string): Promise<void> {
  if (!(await consumeRateLimit(ctx.db, action, ctx.ip, email, ctx.now.getTime()))) {
    throw new DomainError(RATE_LIMIT_MESSAGE, 429);
  }
}

/** The kinds of e-mailed link /auth/callback opens (invites moved to /convite; old links are sent there). */
export type LinkType = "signup" | "recovery" | "invite" | "email_change" | "email_change_undo";

/** Which token purpose each link type spends. */
export const LINK_PURPOSES = {
  signup: "email_confirmation",
  recovery: "password_recovery",
  invite: "invite",
  email_change: "email_change",
  email_change_undo: "email_change_undo",
} as const satisfies Record<LinkType, AuthTokenPurpose>;

export function callbackLink(ctx: ServiceContext, type: LinkType, token: string): string {
  return `${ctx.origin}/auth/callback?type=${type}&token=${encodeURIComponent(token)}`;
}

/** Builds an e-mailed single-use token row; returns the raw token for the link. */
export async function tokenRow(
  ctx: ServiceContext,
  purpose: AuthTokenPurpose,
  email: string,
  userId: string | null,
  ttlMs: number,
  extra: { orgId?: string; role?: Role; passwordHash?: string } = {},
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
      passwordHash: extra.passwordHash ?? null,
      createdAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + ttlMs),
    }),
  };
}

export async function queueEmail(ctx: ServiceContext, outboxId: string): Promise<void> {
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
 * Pre-hijacking (someone signs up first with another person's e-mail) is closed twice over:
 * signing up again on an unconfirmed e-mail replaces the name and password and voids every
 * earlier confirmation link, and each link carries the hash of the password chosen at the
 * sign-up that issued it: confirming asks for that password and sets it (`confirmEmail`), so
 * the mailbox owner can only ever confirm into a password they typed themselves.
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
  const passwordHash = hashPassword(input.senha, passwordParams(ctx.config));
  if (existing?.verified) {
    const mail = outboxInsert(ctx.db, accountExistsEmail(email, `${ctx.origin}/login`, `${ctx.origin}/forgot-password`));
    await mail.query;
    await queueEmail(ctx, mail.id);
    return;
  }
  if (existing?.orgId) {
    // Invited, not yet accepted: the password stays the unusable one the invite set until the
    // link is confirmed with the password typed here (a stranger's sign-up cannot be confirmed
    // by the mailbox owner, who does not know that password).
    await sendConfirmation(ctx, existing.id, email, name, passwordHash);
    return;
  }
  if (existing) {
    const confirmation = await tokenRow(ctx, "email_confirmation", email, existing.id, CONFIRMATION_TTL_MS, { passwordHash });
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
  const confirmation = await tokenRow(ctx, "email_confirmation", email, userId, CONFIRMATION_TTL_MS, { passwordHash });
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
    if (isUniqueViolation(error)) return;
    throw error;
  }
  await queueEmail(ctx, mail.id);
}

/** A confirmation link bound to `passwordHash` (the one the person must type to confirm). */
async function sendConfirmation(ctx: ServiceContext, userId: string, email: string, name: string, passwordHash: string): Promise<void> {
  const confirmation = await tokenRow(ctx, "email_confirmation", email, userId, CONFIRMATION_TTL_MS, { passwordHash });
  const mail = outboxInsert(ctx.db, confirmationEmail(email, name, callbackLink(ctx, "signup", confirmation.token)));
  await ctx.db.batch([confirmation.query, mail.query]);
  await queueEmail(ctx, mail.id);
}

/**
 * Resends the confirmation e-mail; the same answer whether or not the account exists. The new
 * link is bound to the account's current password (the newest sign-up's).
 */
export async function resendConfirmation(ctx: ServiceContext, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  await limit(ctx, "resend", email);
  const [user] = await ctx.db
    .select({ id: users.id, name: users.name, verified: users.emailVerifiedAt, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (user && !user.verified) await sendConfirmation(ctx, user.id, email, user.name, user.passwordHash);
}

/** Claims a single-use token: only one caller can ever succeed (conditional update). */
export async function claimToken(ctx: ServiceContext, token: string, purpose: AuthTokenPurpose) {
  const id = await digest(token);
  const [row] = await ctx.db
    .update(authTokens)
    .set({ usedAt: ctx.now })
    .where(and(eq(authTokens.id, id), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt), gt(authTokens.expiresAt, ctx.now)))
    .returning();
  return row ?? null;
}

export { INVALID_LINK };

/** What a still-usable e-mailed link is about, read without spending it (the page a GET shows). */
export interface LinkInfo {
  type: Exclude<LinkType, "invite">;
  userId: string;
  /** The address the link was sent to. */
  email: string;
}

/**
 * Reads a link's token without spending it: a GET of /auth/callback (a person, a link scanner,
 * a prefetch) only ever shows a page. Null when the link is unknown, used, expired or of
 * another kind; also for a confirmation whose account is already confirmed.
 */
export async function inspectLink(ctx: ServiceContext, type: string | null, token: string): Promise<LinkInfo | null> {
  if (!token || token.length > 200 || !type || type === "invite" || !Object.hasOwn(LINK_PURPOSES, type)) return null;
  const linkType = type as LinkInfo["type"];
  const [row] = await ctx.db
    .select({ userId: authTokens.userId, email: authTokens.email, verified: users.emailVerifiedAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.id, await digest(token)),
        eq(authTokens.purpose, LINK_PURPOSES[linkType]),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, ctx.now),
      ),
    )
    .limit(1);
  if (!row?.userId || (linkType === "signup" && row.verified)) return null;
  return { type: linkType, userId: row.userId, email: row.email };
}

export const CONFIRMATION_PASSWORD_WRONG = "Senha incorreta. Digite a senha que você escolheu ao criar a conta.";

/**
 * Confirms the e-mail and signs the user in, given the password chosen at the sign-up that sent
 * this link (the token keeps its hash). That password becomes the account's, the e-mail counts
 * as verified, and any earlier session or API token of the account ends: whoever confirms has
 * proved both the mailbox and the password, so nobody else can hold a way in.
 *
 * A wrong password leaves the link usable and counts as a failed login for the address
 * (rate-limit.ts, LOGIN_FAILURES), so the password cannot be guessed through this door either.
 */
export async function confirmEmail(
  ctx: ServiceContext,
  token: string,
  password: string,
): Promise<{ sessionToken: string; expiresAt: Date; hasOrg: boolean; userId: string }> {
  const id = await digest(token);
  const [row] = await ctx.db
    .select({ userId: authTokens.userId, email: authTokens.email, passwordHash: authTokens.passwordHash, verified: users.emailVerifiedAt })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(
      and(
        eq(authTokens.id, id),
        eq(authTokens.purpose, "email_confirmation"),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, ctx.now),
      ),
    )
    .limit(1);
  // Links issued before confirmations carried a password cannot be confirmed: a new one can.
  if (!row?.userId || !row.passwordHash || row.verified) throw new DomainError(INVALID_LINK, 400);
  const now = ctx.now.getTime();
  const throttle = loginFailureStatements(ctx.db, ctx.ip, row.email, now);
  const [counted, counters] = await ctx.db.batch([throttle.count, throttle.read]);
  const wait = loginRetryAfterSeconds(counted, counters, ctx.ip, row.email, now);
  if (wait > 0) throw new RateLimitedError(wait);
  if (!verifyPassword(password, row.passwordHash)) throw new DomainError(CONFIRMATION_PASSWORD_WRONG, 400, "senha");
  await refundLoginFailure(ctx.db, ctx.ip, row.email);
  const claimed = await claimToken(ctx, token, "email_confirmation");
  if (!claimed?.userId || claimed.passwordHash !== row.passwordHash) throw new DomainError(INVALID_LINK, 400);
  const userId = claimed.userId;
  const [verified, , , membership] = await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ passwordHash: row.passwordHash, emailVerifiedAt: ctx.now, updatedAt: ctx.now })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt))),
    ...endEverySession(ctx, userId),
    // tenant-exempt: does the confirmed user already belong to an organization?
    ctx.db.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, userId)).limit(1),
  ]);
  if (verified.rowsAffected === 0) throw new DomainError(INVALID_LINK, 400);
  const session = await createSession(ctx.db, userId, { ip: ctx.ip, userAgent: ctx.userAgent }, ctx.now);
  return { sessionToken: session.token, expiresAt: session.expiresAt, hasOrg: membership.length > 0, userId };
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
  const ok = verifyPassword(password, user?.passwordHash ?? dummyPasswordHash(passwordParams(ctx.config)));
  if (!user || !ok) throw new DomainError(LOGIN_FAILED, 401);
  await refundLoginFailure(ctx.db, ctx.ip, email);
  if (!user.emailVerifiedAt) {
    // The right password on an unconfirmed account: a new link, at the resend pace.
    if (await consumeRateLimit(ctx.db, "resend", ctx.ip, email, now))
      await sendConfirmation(ctx, user.id, email, user.name, user.passwordHash);
    throw new DomainError(EMAIL_NOT_CONFIRMED, 403);
  }
  if (needsRehash(user.passwordHash, passwordParams(ctx.config))) {
    ctx.waitUntil(
      ctx.db
        .update(users)
        .set({ passwordHash: hashPassword(password, passwordParams(ctx.config)) })
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
    // Following the link proves the mailbox, so it also confirms the e-mail (and voids pending
    // confirmation links: they carry passwords this one replaces).
    ctx.db
      .update(users)
      .set({ passwordHash: hashPassword(password, passwordParams(ctx.config)), emailVerifiedAt: ctx.now })
      .where(eq(users.id, row.userId)),
    ctx.db
      .update(authTokens)
      .set({ usedAt: ctx.now })
      .where(and(eq(authTokens.userId, row.userId), eq(authTokens.purpose, "email_confirmation"), isNull(authTokens.usedAt))),
    ...endEverySession(ctx, row.userId),
  ]);
  return createSession(ctx.db, row.userId, { ip: ctx.ip, userAgent: ctx.userAgent }, ctx.now);
}

export const WRONG_CURRENT_PASSWORD = "Senha atual incorreta.";

/**
 * Changes the password of a signed-in person, who types the current one. Every attempt counts
 * on the "password" keyed limit (per user and per IP), a wrong current password included, so a
 * borrowed session cannot be used to guess the password.
 */
export async function changePassword(
  ctx: ServiceContext,
  userId: string,
  currentSessionId: string,
  current: string,
  next: string,
): Promise<void> {
  await enforceKeyedLimit(ctx.db, "password", { user: userId, ip: ctx.ip }, ctx.now.getTime());
  const [user] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user || !verifyPassword(current, user.hash)) throw new DomainError(WRONG_CURRENT_PASSWORD, 400, "senhaAtual");
  await ctx.db.batch([
    ctx.db
      .update(users)
      .set({ passwordHash: hashPassword(next, passwordParams(ctx.config)) })
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

/** Creates the user's organization with the user as owner, and its default finance accounts. */
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
      // Caixa, Banco and Cartão a receber (ADR 072): the first sale already has where to go.
      defaultAccountsStatement(ctx.db, orgId, ctx.now, userId),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError("Seu cadastro já foi completado.", 409);
    throw error;
  }
  return orgId;
}
