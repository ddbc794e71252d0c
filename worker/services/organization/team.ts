import { and, asc, desc, eq, gt, inArray, isNull, ne, sql } from "drizzle-orm";
import { can } from "../../auth/permissions.ts";
import { memberships, organizations, sessions, users } from "../../../db/schema/index.ts";
import { authTokens } from "../../../db/schema/accounts.ts";
import type { Role } from "../../../db/schema/organizations.ts";
import { ROLES } from "../../../shared/enums.ts";
import { dispatch } from "../../../jobs/dispatch.ts";
import type { RecentAuth } from "../../auth/reauth.ts";
import { type AuthOrg, type AuthState, createSession, revokeSession } from "../../auth/sessions.ts";
import { digest, randomToken } from "../../auth/tokens.ts";
import { hashPassword, passwordParams } from "../../auth/password.ts";
import { orgScope } from "../../../db/tenant.ts";
import { outboxInsert } from "../../email/provider.ts";
import { inviteEmail } from "../../email/templates.ts";
import { enforceKeyedLimit } from "../../security/rate-limit.ts";
import { authenticate, INVALID_LINK, normalizeEmail } from "../account/accounts.ts";
import { INVITE_TTL_MS } from "../account/lifetimes.ts";
import { endLiveAccess } from "../../live/publish.ts";
import { DomainError, type ServiceContext } from "../context.ts";
import { existingAccountInviteEmail, inviteRequestedEmail } from "./invite-emails.ts";
import { INVITE_REQUESTED } from "../../../shared/account/account-messages.ts";
import { linkOnJoin } from "../agenda/professional-link.ts";

export const LAST_OWNER = "A organização precisa de pelo menos um dono ativo.";
export const MEMBER_NOT_FOUND = "Membro não encontrado.";
export const INVITE_NOT_FOUND = "Convite não encontrado. Ele pode ter sido aceito ou revogado.";
export const INVITE_EXPIRED = "Este convite expirou.";
/** The one answer to an invite, whatever the e-mail (new, another organização's, a member's, already invited). */
export const inviteSentMessage = (email: string) => `Convite enviado para ${email}, se este e-mail puder entrar na equipe.`;
export { INVITE_REQUESTED };
export const mustLeaveFirst = (orgName: string) =>
  `Sua conta ainda faz parte de ${orgName}. Para aceitar este convite, saia dessa organização primeiro: em Meu Perfil, use “Sair da organização”.`;

export interface Member {
  membershipId: string;
  userId: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  joinedAt: Date;
}

/** The organization's team; always filtered by the caller's organization. */
export async function listMembers(ctx: ServiceContext, org: AuthOrg): Promise<Member[]> {
  const rows = await ctx.db
    .select({
      membershipId: memberships.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      role: memberships.role,
      deactivatedAt: memberships.deactivatedAt,
      joinedAt: memberships.createdAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(orgScope(ctx.db, org.id).where(memberships))
    .orderBy(asc(users.name));
  return rows.map((r) => ({
    membershipId: r.membershipId,
    userId: r.userId,
    name: r.name,
    email: r.email,
    role: r.role,
    active: r.deactivatedAt === null,
    joinedAt: r.joinedAt,
  }));
}

function assertManager(org: AuthOrg): void {
  if (!can(org.role, "team", "update")) throw new DomainError("Você não tem permissão para gerenciar a equipe.", 403);
}

function isRole(value: string | null): value is Role {
  return (ROLES as readonly (string | null)[]).includes(value);
}

// ---------------------------------------------------------------------------
// Invites: pending tokens (auth_tokens, purpose "invite") until accepted. Inviting creates no
// user and no membership, and answers the same whatever the e-mail (ADR 019).

export interface PendingInvite {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  invitedBy: string | null;
  sentAt: Date;
  expiresAt: Date;
  expired: boolean;
}

/** The organization's invites not yet accepted nor revoked (expired ones too, until the cron purges them). */
export async function listPendingInvites(ctx: ServiceContext, org: AuthOrg): Promise<PendingInvite[]> {
  const rows = await ctx.db
    .select({
      id: authTokens.id,
      email: authTokens.email,
      name: authTokens.name,
      role: authTokens.role,
      invitedBy: users.name,
      sentAt: authTokens.createdAt,
      expiresAt: authTokens.expiresAt,
    })
    .from(authTokens)
    .leftJoin(users, eq(users.id, authTokens.invitedBy))
    .where(and(eq(authTokens.orgId, org.id), eq(authTokens.purpose, "invite"), isNull(authTokens.usedAt)))
    .orderBy(desc(authTokens.createdAt))
    .limit(200);
  return rows.flatMap((r) => (isRole(r.role) ? [{ ...r, role: r.role, expired: r.expiresAt.getTime() <= ctx.now.getTime() }] : []));
}

function inviteLink(ctx: ServiceContext, token: string): string {
  return `${ctx.origin}/convite?token=${encodeURIComponent(token)}`;
}

async function queueEmail(ctx: ServiceContext, outboxId: string): Promise<void> {
  await dispatch({ config: ctx.config, waitUntil: ctx.waitUntil }, "email/send.requested", { outboxId });
}

interface Inviter {
  id: string;
  name: string;
}

/**
 * Writes a fresh invite token (voiding this organization's earlier ones for the e-mail) and
 * its e-mail, chosen by whether the address already has a confirmed account.
 */
async function sendInvite(
  ctx: ServiceContext,
  org: AuthOrg,
  inviter: Inviter,
  invite: { email: string; name: string | null; role: Role },
  hasAccount: boolean,
): Promise<void> {
  const token = randomToken();
  const link = inviteLink(ctx, token);
  const mail = outboxInsert(
    ctx.db,
    hasAccount
      ? existingAccountInviteEmail(invite.email, org.name, inviter.name, link)
      : inviteEmail(invite.email, org.name, inviter.name, link),
  );
  await ctx.db.batch([
    voidInvites(ctx, org.id, invite.email),
    ctx.db.insert(authTokens).values({
      id: await digest(token),
      purpose: "invite",
      email: invite.email,
      userId: null,
      orgId: org.id,
      role: invite.role,
      name: invite.name,
      invitedBy: inviter.id,
      createdAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + INVITE_TTL_MS),
    }),
    mail.query,
  ]);
  await queueEmail(ctx, mail.id);
}

/** This organization's unused invites for an e-mail are spent (a newer one replaces them). */
function voidInvites(ctx: ServiceContext, orgId: string, email: string) {
  return ctx.db
    .update(authTokens)
    .set({ usedAt: ctx.now })
    .where(and(eq(authTokens.orgId, orgId), eq(authTokens.purpose, "invite"), eq(authTokens.email, email), isNull(authTokens.usedAt)));
}

/** Who an e-mail belongs to, and where its membership is (tenant-exempt reads, for the caller's branch only). */
async function accountByEmail(ctx: ServiceContext, email: string) {
  // tenant-exempt: an e-mail may belong to any organization; only the fact decides the branch, never the answer.
  const [row] = await ctx.db
    .select({ id: users.id, verifiedAt: users.emailVerifiedAt, orgId: memberships.orgId, orgName: organizations.name })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(organizations, eq(organizations.id, memberships.orgId))
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

/**
 * Invites a person by e-mail: a pending token and an e-mail, nothing else. The caller always
 * gets `inviteSentMessage` (same status, same work): a member of this team gets nothing new, an
 * address with an account is told to sign in to accept, any other gets the link to create one.
 * Admins cannot invite owners. Rate limited per organização and per IP.
 */
export async function inviteMember(
  ctx: ServiceContext,
  org: AuthOrg,
  inviter: Inviter,
  input: { nome: string; email: string; papel: Role },
  _proof: RecentAuth,
): Promise<void> {
  assertManager(org);
  if (input.papel === "owner" && org.role !== "owner") throw new DomainError("Só um dono pode convidar outro dono.", 403, "papel");
  await enforceKeyedLimit(ctx.db, "invite", { org: org.id, ip: ctx.ip }, ctx.now.getTime());
  const email = normalizeEmail(input.email);
  const existing = await accountByEmail(ctx, email);
  if (existing?.orgId === org.id) {
    // Already on this team (active or deactivated): nothing to send; the same write shape keeps the timing.
    await ctx.db.batch([voidInvites(ctx, org.id, email)]);
    return;
  }
  await sendInvite(ctx, org, inviter, { email, name: input.nome.trim(), role: input.papel }, Boolean(existing?.verifiedAt));
}

/** A pending invite of this organization, or 404; admins never touch owner invites. */
async function pendingInvite(ctx: ServiceContext, org: AuthOrg, inviteId: string) {
  const [row] = await ctx.db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.id, inviteId), eq(authTokens.orgId, org.id), eq(authTokens.purpose, "invite"), isNull(authTokens.usedAt)))
    .limit(1);
  if (!row || !isRole(row.role)) throw new DomainError(INVITE_NOT_FOUND, 404);
  if (row.role === "owner" && org.role !== "owner") throw new DomainError("Só um dono pode mexer no convite de outro dono.", 403);
  return { ...row, role: row.role };
}

/** Sends the invite again with a new link (the old one stops working). Rate limited like inviting. */
export async function resendInvite(
  ctx: ServiceContext,
  org: AuthOrg,
  inviter: Inviter,
  inviteId: string,
  _proof: RecentAuth,
): Promise<string> {
  assertManager(org);
  const invite = await pendingInvite(ctx, org, inviteId);
  await enforceKeyedLimit(ctx.db, "invite", { org: org.id, ip: ctx.ip }, ctx.now.getTime());
  const existing = await accountByEmail(ctx, invite.email);
  await sendInvite(ctx, org, inviter, invite, Boolean(existing?.verifiedAt));
  return invite.email;
}

/** Revokes a pending invite: its link shows the invalid-link page from now on. */
export async function revokeInvite(ctx: ServiceContext, org: AuthOrg, inviteId: string, _proof: RecentAuth): Promise<string> {
  assertManager(org);
  const invite = await pendingInvite(ctx, org, inviteId);
  const result = await ctx.db
    .update(authTokens)
    .set({ usedAt: ctx.now })
    .where(and(eq(authTokens.id, invite.id), eq(authTokens.orgId, org.id), isNull(authTokens.usedAt)));
  if (result.rowsAffected === 0) throw new DomainError(INVITE_NOT_FOUND, 404);
  return invite.email;
}

// ---------------------------------------------------------------------------
// The invitee's side: /convite?token=… (GET shows, POST accepts).

export type InviteView =
  | { status: "invalid" }
  | { status: "expired"; orgName: string }
  | {
      status: "valid";
      orgName: string;
      role: Role;
      inviterName: string | null;
      email: string;
      name: string;
      /** "new": no confirmed account (the form creates it); "existing": sign in with it to accept. */
      account: "new" | "existing";
      /** The organização the account already belongs to (it must leave first), if any. */
      memberOf: string | null;
    };

/** The token's row with its organization and inviter (whether used, expired or valid). */
async function inviteByToken(ctx: ServiceContext, token: string) {
  if (!token || token.length > 200) return undefined;
  const [row] = await ctx.db
    .select({
      id: authTokens.id,
      email: authTokens.email,
      name: authTokens.name,
      role: authTokens.role,
      orgId: authTokens.orgId,
      invitedBy: authTokens.invitedBy,
      inviterName: users.name,
      orgName: organizations.name,
      expiresAt: authTokens.expiresAt,
      usedAt: authTokens.usedAt,
    })
    .from(authTokens)
    // tenant-exempt: the token names its organization; only its name is shown to the token's holder.
    .innerJoin(organizations, eq(organizations.id, authTokens.orgId))
    .leftJoin(users, eq(users.id, authTokens.invitedBy))
    .where(and(eq(authTokens.id, await digest(token)), eq(authTokens.purpose, "invite")))
    .limit(1);
  return row && isRole(row.role) ? { ...row, role: row.role, orgId: row.orgId as string } : undefined;
}

/** What the invite page shows; reads only (a GET never spends the token nor signs anyone in). */
export async function viewInvite(ctx: ServiceContext, token: string): Promise<InviteView> {
  const invite = await inviteByToken(ctx, token);
  if (!invite || invite.usedAt) return { status: "invalid" };
  if (invite.expiresAt.getTime() <= ctx.now.getTime()) return { status: "expired", orgName: invite.orgName };
  const account = await accountByEmail(ctx, invite.email);
  const existing = Boolean(account?.verifiedAt);
  return {
    status: "valid",
    orgName: invite.orgName,
    role: invite.role,
    inviterName: invite.inviterName,
    email: invite.email,
    name: invite.name ?? "",
    account: existing ? "existing" : "new",
    memberOf: existing && account?.orgId ? (account.orgName ?? "outra organização") : null,
  };
}

export type AcceptHow =
  /** No confirmed account: create it (the link proved the mailbox). */
  | { kind: "new"; nome: string; senha: string }
  /** An existing account, proven by its password on the invite's page. */
  | { kind: "password"; senha: string }
  /** Signed in as the invited account already. */
  | { kind: "session" };

/**
 * Accepts an invite. Only one caller can ever succeed: the token is claimed by a conditional
 * update before anything is written, and given back if the write is refused. Someone else
 * signed in on this browser is signed out (their session ends) when a new session starts.
 */
export async function acceptInvite(
  ctx: ServiceContext,
  token: string,
  how: AcceptHow,
  current: AuthState | null,
): Promise<{ orgId: string; session: { token: string; expiresAt: Date } | null }> {
  const invite = await inviteByToken(ctx, token);
  if (!invite || invite.usedAt) throw new DomainError(INVALID_LINK, 400);
  if (invite.expiresAt.getTime() <= ctx.now.getTime()) throw new DomainError(INVITE_EXPIRED, 400);
  const account = await accountByEmail(ctx, invite.email);
  const existing = account?.verifiedAt ? account : undefined;

  let userId: string;
  let passwordHash: string | null = null;
  if (existing) {
    if (existing.orgId === invite.orgId) throw new DomainError(`Você já faz parte de ${invite.orgName}.`, 409);
    if (existing.orgId) throw new DomainError(mustLeaveFirst(existing.orgName ?? "outra organização"), 409);
    if (how.kind === "session") {
      if (current?.user.id !== existing.id) throw new DomainError("Entre com a conta deste convite para aceitá-lo.", 403);
      userId = existing.id;
    } else if (how.kind === "password") {
      // The login's throttle and checks (failures only, growing wait).
      userId = await authenticate(ctx, invite.email, how.senha);
    } else {
      throw new DomainError("Este e-mail já tem uma conta: entre com a senha dela para aceitar.", 409);
    }
  } else {
    if (how.kind !== "new") throw new DomainError("Crie sua senha para aceitar o convite.", 400);
    userId = account?.id ?? crypto.randomUUID();
    passwordHash = hashPassword(how.senha, passwordParams(ctx.config));
  }

  const claimed = await ctx.db
    .update(authTokens)
    .set({ usedAt: ctx.now, userId: account?.id ?? null })
    .where(and(eq(authTokens.id, invite.id), isNull(authTokens.usedAt), gt(authTokens.expiresAt, ctx.now)))
    .returning({ id: authTokens.id });
  if (claimed.length === 0) throw new DomainError(INVALID_LINK, 400);

  const membership = ctx.db
    .insert(memberships)
    .values(orgScope(ctx.db, invite.orgId).values({ userId, role: invite.role, createdAt: ctx.now, updatedAt: ctx.now }));
  // A professional registered with this e-mail signs in as this member from now on (ADR 064).
  const professional = linkOnJoin(ctx, invite.orgId, userId, invite.email);
  try {
    if (passwordHash && !account) {
      const name = how.kind === "new" ? how.nome.trim() : "";
      await ctx.db.batch([
        ctx.db.insert(users).values({
          id: userId,
          name,
          email: invite.email,
          passwordHash,
          emailVerifiedAt: ctx.now,
          termsAcceptedAt: ctx.now,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        }),
        membership,
        professional,
      ]);
    } else if (passwordHash) {
      // An unconfirmed account (someone's sign-up never confirmed): the invite proves the
      // mailbox, so its password and name become the invitee's and earlier links die.
      const name = how.kind === "new" ? how.nome.trim() : "";
      await ctx.db.batch([
        ctx.db
          .update(users)
          .set({ name, passwordHash, emailVerifiedAt: ctx.now, termsAcceptedAt: ctx.now, updatedAt: ctx.now })
          .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt))),
        ctx.db
          .update(authTokens)
          .set({ usedAt: ctx.now })
          .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, "email_confirmation"), isNull(authTokens.usedAt))),
        membership,
        professional,
      ]);
    } else {
      await ctx.db.batch([membership, professional]);
    }
  } catch (error) {
    // Refused (the account was created or joined a team meanwhile): the invite stays usable.
    await ctx.db.update(authTokens).set({ usedAt: null, userId: null }).where(eq(authTokens.id, invite.id));
    if (String(error).includes("UNIQUE")) {
      throw new DomainError("Não foi possível aceitar agora: esta conta mudou enquanto você aceitava. Abra o convite de novo.", 409);
    }
    throw error;
  }

  if (current && current.user.id === userId) return { orgId: invite.orgId, session: null };
  // Another person was signed in on this browser: their session ends here.
  if (current) await revokeSession(ctx.db, current.sessionId, current.user.id, ctx.now);
  const session = await createSession(ctx.db, userId, { ip: ctx.ip, userAgent: ctx.userAgent }, ctx.now);
  return { orgId: invite.orgId, session };
}

/**
 * "Pedir um novo convite" from an expired link: the inviter (while still managing the team) or
 * else the organização's active owners get an e-mail. Always the same answer; rate limited per
 * invitee e-mail and IP.
 */
export async function requestNewInvite(ctx: ServiceContext, token: string): Promise<void> {
  const invite = await inviteByToken(ctx, token);
  const key = invite?.email ?? `link:${(await digest(token || "-")).slice(0, 16)}`;
  await enforceKeyedLimit(ctx.db, "inviteRequest", { email: key, ip: ctx.ip }, ctx.now.getTime());
  if (!invite || invite.usedAt || invite.expiresAt.getTime() > ctx.now.getTime()) return;
  const managers = await ctx.db
    .select({ userId: users.id, email: users.email, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      orgScope(ctx.db, invite.orgId).where(memberships, isNull(memberships.deactivatedAt), inArray(memberships.role, ["owner", "admin"])),
    );
  const inviter = managers.find((m) => m.userId === invite.invitedBy);
  const recipients = inviter ? [inviter] : managers.filter((m) => m.role === "owner");
  if (recipients.length === 0) return;
  const who = invite.name ? `${invite.name} (${invite.email})` : invite.email;
  const mails = recipients.map((r) =>
    outboxInsert(ctx.db, inviteRequestedEmail(r.email, who, invite.orgName, `${ctx.origin}/admin/users`)),
  );
  await ctx.db.batch(mails.map((m) => m.query) as [(typeof mails)[number]["query"], ...(typeof mails)[number]["query"][]]);
  for (const m of mails) await queueEmail(ctx, m.id);
}

// ---------------------------------------------------------------------------
// Members: role, activation, leaving. The last-owner rule is checked in the same statement
// as the write (a WHERE with a subquery), so two racing changes can never both pass.

/** True when another active owner of the row's organization exists (correlated with the row being written). */
function anotherActiveOwner() {
  return sql`exists (select 1 from ${memberships} other where other.org_id = ${memberships.orgId} and other.role = 'owner' and other.deactivated_at is null and other.id <> ${memberships.id})`;
}

/** The row would still leave an active owner: it is not one, is inactive, or another exists. */
function keepsAnOwner() {
  return sql`(${memberships.role} <> 'owner' or ${memberships.deactivatedAt} is not null or ${anotherActiveOwner()})`;
}

async function memberOf(ctx: ServiceContext, org: AuthOrg, membershipId: string) {
  const [row] = await ctx.db
    .select()
    .from(memberships)
    .where(orgScope(ctx.db, org.id).where(memberships, eq(memberships.id, membershipId)))
    .limit(1);
  if (!row) throw new DomainError(MEMBER_NOT_FOUND, 404);
  return row;
}

/** Changes a member's role; says whose it was (a manager may demote themself). */
export async function changeRole(
  ctx: ServiceContext,
  org: AuthOrg,
  membershipId: string,
  role: Role,
  _proof: RecentAuth,
): Promise<{ userId: string }> {
  assertManager(org);
  if (role === "owner" && org.role !== "owner") throw new DomainError("Só um dono pode mudar o papel de um dono.", 403);
  const [changed] = await ctx.db
    .update(memberships)
    .set({ role })
    .where(
      orgScope(ctx.db, org.id).where(
        memberships,
        eq(memberships.id, membershipId),
        // Admins never touch owners; an owner stays unless another active one remains.
        org.role === "owner" ? undefined : ne(memberships.role, "owner"),
        role === "owner" ? undefined : keepsAnOwner(),
      ),
    )
    .returning({ userId: memberships.userId });
  if (changed) return changed;
  // Refused: say why (the read only explains; the write already decided).
  const member = await memberOf(ctx, org, membershipId);
  if (member.role === "owner" && org.role !== "owner") throw new DomainError("Só um dono pode mudar o papel de um dono.", 403);
  throw new DomainError(LAST_OWNER, 409);
}

/** Deactivating ends the person's sessions at once; the account itself stays theirs (they may leave). */
export async function setActive(
  ctx: ServiceContext,
  org: AuthOrg,
  actorUserId: string,
  membershipId: string,
  active: boolean,
  _proof: RecentAuth,
): Promise<void> {
  assertManager(org);
  const scope = orgScope(ctx.db, org.id);
  const ownersOnly = org.role === "owner" ? undefined : ne(memberships.role, "owner");
  if (active) {
    const result = await ctx.db
      .update(memberships)
      .set({ deactivatedAt: null })
      .where(scope.where(memberships, eq(memberships.id, membershipId), ownersOnly));
    if (result.rowsAffected > 0) return;
    const member = await memberOf(ctx, org, membershipId);
    if (member.role === "owner") throw new DomainError("Só um dono pode reativar outro dono.", 403);
    throw new DomainError(MEMBER_NOT_FOUND, 404);
  }
  const [, deactivated] = await ctx.db.batch([
    ctx.db
      .update(memberships)
      .set({ deactivatedAt: ctx.now })
      .where(
        scope.where(
          memberships,
          eq(memberships.id, membershipId),
          isNull(memberships.deactivatedAt),
          ne(memberships.userId, actorUserId),
          ownersOnly,
          keepsAnOwner(),
        ),
      ),
    ctx.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(scope.where(memberships, eq(memberships.id, membershipId), eq(memberships.deactivatedAt, ctx.now))),
    // Sessions end only if this very statement batch deactivated the membership.
    ctx.db
      .update(sessions)
      .set({ revokedAt: ctx.now })
      .where(
        and(
          isNull(sessions.revokedAt),
          inArray(
            sessions.userId,
            ctx.db
              .select({ userId: memberships.userId })
              .from(memberships)
              .where(scope.where(memberships, eq(memberships.id, membershipId), eq(memberships.deactivatedAt, ctx.now))),
          ),
        ),
      ),
  ]);
  if (deactivated.length > 0) {
    // Their open pages were authorised at connect: close them now (ADR 043 amendment).
    for (const row of deactivated) endLiveAccess(ctx, org.id, { userId: row.userId });
    return;
  }
  const member = await memberOf(ctx, org, membershipId);
  if (member.deactivatedAt) return;
  if (member.userId === actorUserId) throw new DomainError("Você não pode desativar a si mesmo.", 409);
  if (member.role === "owner" && org.role !== "owner") throw new DomainError("Só um dono pode desativar outro dono.", 403);
  throw new DomainError(LAST_OWNER, 409);
}

/**
 * The signed-in person leaves their organização (active or deactivated membership): the
 * membership row goes, nothing else (sessions, account and records stay). The last active
 * owner cannot leave. Afterwards the account is like a new one: /completar-cadastro creates a
 * business, or an invite can be accepted.
 */
export async function leaveOrganization(ctx: ServiceContext, auth: AuthState): Promise<void> {
  const org = auth.memberOf;
  if (!org) throw new DomainError("Você não faz parte de nenhuma organização.", 404);
  const left = await ctx.db
    .delete(memberships)
    .where(orgScope(ctx.db, org.id).where(memberships, eq(memberships.userId, auth.user.id), keepsAnOwner()));
  if (left.rowsAffected > 0) {
    endLiveAccess(ctx, org.id, { userId: auth.user.id });
    return;
  }
  const [still] = await ctx.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(orgScope(ctx.db, org.id).where(memberships, eq(memberships.userId, auth.user.id)))
    .limit(1);
  if (!still) throw new DomainError("Você não faz parte de nenhuma organização.", 404);
  throw new DomainError(LAST_OWNER, 409);
}
