import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import { authTokens, users } from "../../../db/schema/index.ts";
import { hashPassword, passwordParams, verifyPassword } from "../../auth/password.ts";
import { randomToken } from "../../auth/tokens.ts";
import { outboxInsert } from "../../email/provider.ts";
import { redactEmail } from "../../email/redact.ts";
import { emailChangeConfirmationEmail, emailChangedEmail, recoveryEmail } from "../../email/templates.ts";
import { enforceKeyedLimit } from "../../security/rate-limit.ts";
import {
  callbackLink,
  claimToken,
  endEverySession,
  INVALID_LINK,
  isUniqueViolation,
  normalizeEmail,
  queueEmail,
  tokenRow,
  WRONG_CURRENT_PASSWORD,
} from "./accounts.ts";
import { DomainError, type ServiceContext } from "../context.ts";
import { RECOVERY_TTL_MS } from "./lifetimes.ts";

/**
 * Changing the e-mail of an account (issue 11 §3). The new address proves itself with a link
 * (24 h); until then the account keeps working with the old one. Once confirmed, the old
 * address is told, with a link that undoes the change for 7 days: the way back for an owner
 * whose session and password someone else used.
 */

export const EMAIL_CHANGE_TTL_MS = 24 * 3600_000;
export const EMAIL_CHANGE_UNDO_TTL_MS = 7 * 24 * 3600_000;

export const SAME_EMAIL = "Este já é o e-mail da sua conta.";
export const EMAIL_CHANGE_NOT_POSSIBLE = "Não foi possível trocar para este e-mail. Peça a troca de novo em Meu Perfil.";
export const NO_PENDING_CHANGE = "Não há troca de e-mail aguardando confirmação.";

/** The pending (unconfirmed, unexpired) change of a user: the newest one. */
function pendingQuery(ctx: Pick<ServiceContext, "db" | "now">, userId: string) {
  return ctx.db
    .select({ email: authTokens.email, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, "email_change"),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, ctx.now),
      ),
    )
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
}

/** Voids every pending change of the user (a new request, a cancel, a confirmation, an undo). */
function voidPending(ctx: ServiceContext, userId: string) {
  return ctx.db
    .update(authTokens)
    .set({ usedAt: ctx.now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, "email_change"), isNull(authTokens.usedAt)));
}

/**
 * Issues the confirmation for `newEmail` (voiding earlier ones). When the address already has
 * an account, the pending change is recorded all the same but nothing is sent: the person
 * asking sees exactly what a free address gives (no account enumeration), and the owner of
 * that address is not bothered.
 */
async function issueChange(ctx: ServiceContext, user: { id: string; name: string }, newEmail: string, taken: boolean): Promise<void> {
  const confirmation = await tokenRow(ctx, "email_change", newEmail, user.id, EMAIL_CHANGE_TTL_MS);
  const mail = taken
    ? null
    : outboxInsert(ctx.db, emailChangeConfirmationEmail(newEmail, user.name, callbackLink(ctx, "email_change", confirmation.token)));
  await ctx.db.batch([voidPending(ctx, user.id), confirmation.query, ...(mail ? [mail.query] : [])]);
  if (mail) await queueEmail(ctx, mail.id);
}

function userAndAddress(ctx: ServiceContext, userId: string, address: string) {
  return ctx.db.batch([
    ctx.db
      .select({ id: users.id, name: users.name, email: users.email, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    ctx.db.select({ id: users.id }).from(users).where(eq(users.email, address)).limit(1),
  ]);
}

/**
 * Asks to move the account to `rawNewEmail`; the current password is typed again
 * (re-authentication). Every attempt counts on the "password" keyed limit.
 */
export async function requestEmailChange(ctx: ServiceContext, userId: string, rawNewEmail: string, password: string): Promise<void> {
  await enforceKeyedLimit(ctx.db, "password", { user: userId, ip: ctx.ip }, ctx.now.getTime());
  const newEmail = normalizeEmail(rawNewEmail);
  const [[user], [holder]] = await userAndAddress(ctx, userId, newEmail);
  if (!user || !verifyPassword(password, user.passwordHash)) throw new DomainError(WRONG_CURRENT_PASSWORD, 400, "senhaAtual");
  if (user.email === newEmail) throw new DomainError(SAME_EMAIL, 400, "novoEmail");
  await issueChange(ctx, user, newEmail, Boolean(holder));
}

/** Sends the pending change's confirmation again (a fresh link; the old one stops working). */
export async function resendEmailChange(ctx: ServiceContext, userId: string): Promise<void> {
  await enforceKeyedLimit(ctx.db, "password", { user: userId, ip: ctx.ip }, ctx.now.getTime());
  const [pending] = await pendingQuery(ctx, userId);
  if (!pending) throw new DomainError(NO_PENDING_CHANGE, 400);
  const [[user], [holder]] = await userAndAddress(ctx, userId, pending.email);
  if (!user) throw new DomainError(NO_PENDING_CHANGE, 400);
  await issueChange(ctx, user, pending.email, Boolean(holder));
}

/** Drops the pending change: its link stops working. */
export async function cancelEmailChange(ctx: ServiceContext, userId: string): Promise<void> {
  await voidPending(ctx, userId);
}

/** The address waiting for confirmation, if any (shown on /perfil). */
export function pendingEmailChange(ctx: Pick<ServiceContext, "db" | "now">, userId: string) {
  return pendingQuery(ctx, userId);
}

/**
 * The new address's link, followed (POST): the account moves there unless the address was
 * taken meanwhile (a neutral refusal), other pending changes are voided, sessions stay, and the
 * old address gets the undo link.
 */
export async function confirmEmailChange(ctx: ServiceContext, token: string): Promise<{ userId: string; email: string }> {
  const row = await claimToken(ctx, token, "email_change");
  if (!row?.userId) throw new DomainError(INVALID_LINK, 400);
  const [user] = await ctx.db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, row.userId)).limit(1);
  if (!user) throw new DomainError(INVALID_LINK, 400);
  let moved = 0;
  try {
    const result = await ctx.db
      .update(users)
      .set({ email: row.email, updatedAt: ctx.now })
      .where(and(eq(users.id, row.userId), eq(users.email, user.email)));
    moved = result.rowsAffected;
  } catch (error) {
    // The unique index: someone signed up (or moved) to this address after the request.
    if (!isUniqueViolation(error)) throw error;
  }
  if (moved === 0) throw new DomainError(EMAIL_CHANGE_NOT_POSSIBLE, 409);
  const undo = await tokenRow(ctx, "email_change_undo", user.email, row.userId, EMAIL_CHANGE_UNDO_TTL_MS);
  const mail = outboxInsert(
    ctx.db,
    emailChangedEmail(user.email, user.name, redactEmail(row.email), callbackLink(ctx, "email_change_undo", undo.token)),
  );
  await ctx.db.batch([voidPending(ctx, row.userId), undo.query, mail.query]);
  await queueEmail(ctx, mail.id);
  return { userId: row.userId, email: row.email };
}

/**
 * The old address's undo link, followed (POST) within 7 days. Whoever changed the e-mail knew
 * the password and may hold sessions: the address moves back (when still free), every session
 * and API token of the account ends, pending changes are voided, the password stops working,
 * and a link to create a new one goes to the old address.
 * Returns whether the address could be moved back.
 */
export async function undoEmailChange(ctx: ServiceContext, token: string): Promise<{ userId: string; restored: boolean }> {
  const row = await claimToken(ctx, token, "email_change_undo");
  if (!row?.userId) throw new DomainError(INVALID_LINK, 400);
  const userId = row.userId;
  let restored = false;
  try {
    const result = await ctx.db
      .update(users)
      .set({ email: row.email, updatedAt: ctx.now })
      .where(and(eq(users.id, userId), ne(users.email, row.email)));
    restored = result.rowsAffected > 0;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const recovery = restored ? await tokenRow(ctx, "password_recovery", row.email, userId, RECOVERY_TTL_MS) : null;
  const mail = recovery ? outboxInsert(ctx.db, recoveryEmail(row.email, callbackLink(ctx, "recovery", recovery.token))) : null;
  await ctx.db.batch([
    // A password nobody knows: the one used for the change must not open the account again.
    ctx.db
      .update(users)
      .set({ passwordHash: hashPassword(randomToken(), passwordParams(ctx.config)), updatedAt: ctx.now })
      .where(eq(users.id, userId)),
    ...endEverySession(ctx, userId),
    voidPending(ctx, userId),
    ...(recovery && mail ? [recovery.query, mail.query] : []),
  ]);
  if (mail) await queueEmail(ctx, mail.id);
  return { userId, restored };
}
