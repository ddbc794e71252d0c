import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { can } from "../auth/permissions.ts";
import { memberships, sessions, users } from "../../db/schema/index.ts";
import { authTokens } from "../../db/schema/accounts.ts";
import type { Role } from "../../db/schema/organizations.ts";
import { dispatch } from "../../jobs/dispatch.ts";
import type { AuthOrg } from "../auth/sessions.ts";
import { digest, randomToken } from "../auth/tokens.ts";
import { hashPassword } from "../auth/password.ts";
import { orgScope } from "../../db/tenant.ts";
import { outboxInsert } from "../email/provider.ts";
import { inviteEmail } from "../email/templates.ts";
import { callbackLink, INVALID_LINK, INVITE_TTL_MS, normalizeEmail } from "./accounts.ts";
import { DomainError, type ServiceContext } from "./context.ts";

export const LAST_OWNER = "A organização precisa de pelo menos um dono ativo.";

export interface Member {
  membershipId: string;
  userId: string;
  name: string;
  email: string;
  role: Role;
  active: boolean;
  confirmed: boolean;
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
      verifiedAt: users.emailVerifiedAt,
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
    confirmed: r.verifiedAt !== null,
    joinedAt: r.joinedAt,
  }));
}

function assertManager(org: AuthOrg): void {
  if (!can(org.role, "team", "update")) throw new DomainError("Você não tem permissão para gerenciar a equipe.", 403);
}

/**
 * Invites a person by e-mail: the account is created (unconfirmed, no usable password) with its
 * membership, and the link lets them set a password. Admins cannot create owners.
 */
export async function inviteMember(
  ctx: ServiceContext,
  org: AuthOrg,
  inviterName: string,
  input: { nome: string; email: string; papel: Role },
): Promise<void> {
  assertManager(org);
  if (input.papel === "owner" && org.role !== "owner") throw new DomainError("Só um dono pode convidar outro dono.", 403, "papel");
  const email = normalizeEmail(input.email);
  // tenant-exempt: an e-mail may already belong to any organization; only that fact is used.
  const [existing] = await ctx.db
    .select({ id: users.id, orgId: memberships.orgId })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.email, email))
    .limit(1);
  if (existing?.orgId === org.id) throw new DomainError("Esta pessoa já faz parte da equipe.", 409, "email");
  if (existing) throw new DomainError("Este e-mail já tem uma conta no Alicerce em outra organização.", 409, "email");
  const userId = crypto.randomUUID();
  const token = randomToken();
  const mail = outboxInsert(ctx.db, inviteEmail(email, org.name, inviterName, callbackLink(ctx, "invite", token)));
  await ctx.db.batch([
    // Unusable password until the invite is accepted: the hash of a random secret nobody knows.
    ctx.db.insert(users).values({
      id: userId,
      name: input.nome.trim(),
      email,
      passwordHash: hashPassword(randomToken()),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    }),
    ctx.db
      .insert(memberships)
      .values(orgScope(ctx.db, org.id).values({ userId, role: input.papel, createdAt: ctx.now, updatedAt: ctx.now })),
    ctx.db.insert(authTokens).values({
      id: await digest(token),
      purpose: "invite",
      email,
      userId,
      orgId: org.id,
      role: input.papel,
      createdAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + INVITE_TTL_MS),
    }),
    mail.query,
  ]);
  await dispatch({ config: ctx.config, waitUntil: ctx.waitUntil }, "email/send.requested", { outboxId: mail.id });
}

/**
 * Accepting an invite confirms the e-mail, signs the person in and hands over a recovery token
 * so they choose their password on /recover-password.
 */
export async function acceptInvite(ctx: ServiceContext, token: string) {
  const [row] = await ctx.db
    .update(authTokens)
    .set({ usedAt: ctx.now })
    .where(
      and(
        eq(authTokens.id, await digest(token)),
        eq(authTokens.purpose, "invite"),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, ctx.now),
      ),
    )
    .returning();
  if (!row?.userId) throw new DomainError(INVALID_LINK, 400);
  const recovery = randomToken();
  await ctx.db.batch([
    ctx.db.update(users).set({ emailVerifiedAt: ctx.now }).where(eq(users.id, row.userId)),
    ctx.db.insert(authTokens).values({
      id: await digest(recovery),
      purpose: "password_recovery",
      email: row.email,
      userId: row.userId,
      createdAt: ctx.now,
      expiresAt: new Date(ctx.now.getTime() + INVITE_TTL_MS),
    }),
  ]);
  return { recoveryToken: recovery };
}

async function activeOwnerCount(ctx: ServiceContext, orgId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(memberships)
    .where(orgScope(ctx.db, orgId).where(memberships, eq(memberships.role, "owner"), isNull(memberships.deactivatedAt)));
  return row?.n ?? 0;
}

async function memberOf(ctx: ServiceContext, org: AuthOrg, membershipId: string) {
  const [row] = await ctx.db
    .select()
    .from(memberships)
    .where(orgScope(ctx.db, org.id).where(memberships, eq(memberships.id, membershipId)))
    .limit(1);
  if (!row) throw new DomainError("Membro não encontrado.", 404);
  return row;
}

/** Changes a member's role; says whose it was (a manager may demote themself). */
export async function changeRole(ctx: ServiceContext, org: AuthOrg, membershipId: string, role: Role): Promise<{ userId: string }> {
  assertManager(org);
  const member = await memberOf(ctx, org, membershipId);
  if ((role === "owner" || member.role === "owner") && org.role !== "owner")
    throw new DomainError("Só um dono pode mudar o papel de um dono.", 403);
  if (member.role === "owner" && role !== "owner" && !member.deactivatedAt && (await activeOwnerCount(ctx, org.id)) <= 1) {
    throw new DomainError(LAST_OWNER, 409);
  }
  await ctx.db
    .update(memberships)
    .set({ role })
    .where(orgScope(ctx.db, org.id).where(memberships, eq(memberships.id, membershipId)));
  return { userId: member.userId };
}

/** Deactivating ends the person's sessions at once. */
export async function setActive(
  ctx: ServiceContext,
  org: AuthOrg,
  actorUserId: string,
  membershipId: string,
  active: boolean,
): Promise<void> {
  assertManager(org);
  const member = await memberOf(ctx, org, membershipId);
  // Admins never touch owners: reactivating one is an owner's call too.
  if (active && member.role === "owner" && org.role !== "owner") throw new DomainError("Só um dono pode reativar outro dono.", 403);
  if (!active) {
    if (member.userId === actorUserId) throw new DomainError("Você não pode desativar a si mesmo.", 409);
    if (member.role === "owner" && org.role !== "owner") throw new DomainError("Só um dono pode desativar outro dono.", 403);
    if (member.role === "owner" && (await activeOwnerCount(ctx, org.id)) <= 1) throw new DomainError(LAST_OWNER, 409);
    await ctx.db.batch([
      ctx.db
        .update(memberships)
        .set({ deactivatedAt: ctx.now })
        .where(orgScope(ctx.db, org.id).where(memberships, eq(memberships.id, membershipId))),
      ctx.db
        .update(sessions)
        .set({ revokedAt: ctx.now })
        .where(and(eq(sessions.userId, member.userId), isNull(sessions.revokedAt))),
    ]);
    return;
  }
  await ctx.db
    .update(memberships)
    .set({ deactivatedAt: null })
    .where(orgScope(ctx.db, org.id).where(memberships, eq(memberships.id, membershipId)));
}
