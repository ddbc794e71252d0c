import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { authTokens, emailOutbox, memberships, users } from "../../../db/schema/index.ts";
import type { RecentAuth } from "../../../worker/auth/reauth.ts";
import { type AuthOrg, loadSession } from "../../../worker/auth/sessions.ts";
import { confirmEmail, INVALID_LINK, LOGIN_FAILED, login, signUp } from "../../../worker/services/account/accounts.ts";
import {
  acceptInvite,
  INVITE_EXPIRED,
  inviteMember,
  leaveOrganization,
  listPendingInvites,
  mustLeaveFirst,
  requestNewInvite,
  resendInvite,
  revokeInvite,
  viewInvite,
} from "../../../worker/services/organization/team.ts";
import { createHarness, createOwner, type Harness, lastEmail, tokenFrom, userId } from "../harness.ts";
import { addMember } from "../records.ts";

/**
 * Invites are pending tokens: inviting creates no user and no membership, answers the same for
 * every e-mail, and only /convite's POST (one caller, once) turns one into a membership.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let org: AuthOrg;
let ownerId: string;
const proof = { userId: "test", at: new Date(), __recentAuth: true } as RecentAuth;
let ipCounter = 0;
/** A fresh IP per invite: the per-IP limit is tested on its own. */
const ctx = () => h.ctx(`10.9.${Math.floor(++ipCounter / 200)}.${ipCounter % 200}`);
const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@exemplo.com.br`;

beforeAll(async () => {
  h = await createHarness();
});

// A new organização per test: the per-organização invite limit (30 a day) is tested on its own.
beforeEach(async () => {
  owner = await createOwner(h, "Convites");
  org = { id: owner.orgId, name: "Negócio Convites", role: "owner" };
  ownerId = (await userId(h, owner.email)) as string;
});

const inviter = () => ({ id: ownerId, name: "Dono Convites" });

async function invite(email: string, papel: "staff" | "admin" | "owner" = "staff", nome = "Pessoa Convidada") {
  await inviteMember(ctx(), org, inviter(), { nome, email, papel }, proof);
  const mail = await lastEmail(h, email);
  return { mail, token: mail?.link ? tokenFrom(mail.link) : "" };
}

/** A confirmed account without an organization. */
async function plainAccount(label: string, password = "senha-da-conta-1") {
  const email = uniqueEmail(label);
  await signUp(ctx(), { nome: `Conta ${label}`, email, senha: password });
  const confirmed = await confirmEmail(ctx(), tokenFrom((await lastEmail(h, email))?.link), password);
  return {
    email,
    password,
    userId: confirmed.userId,
    cookie: `alicerce_session=${confirmed.sessionToken}`,
    session: confirmed.sessionToken,
  };
}

async function counts(email: string) {
  const [user] = await h.fresh.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const members = user ? await h.fresh.db.select().from(memberships).where(eq(memberships.userId, user.id)) : [];
  return { user: Boolean(user), memberships: members.length };
}

describe("inviting", () => {
  it("answers the same for every e-mail, creates no user or membership, and tells nothing about other organizations", async () => {
    const other = await createOwner(h, "Outra");
    const newcomer = uniqueEmail("nova");
    const member = await addMember(h, owner.orgId, "staff", "Já Membro");
    const [memberRow] = await h.fresh.db.select({ email: users.email }).from(users).where(eq(users.id, member.userId));
    const cases = [newcomer, other.email, memberRow?.email as string, newcomer];
    const before = await Promise.all(cases.map(counts));
    for (const email of cases) {
      // No throw, no return value: the page shows one message for all of them.
      await expect(inviteMember(ctx(), org, inviter(), { nome: "Alguém", email, papel: "staff" }, proof)).resolves.toBeUndefined();
    }
    expect(await Promise.all(cases.map(counts))).toEqual(before);
    expect(before[0]).toEqual({ user: false, memberships: 0 });

    // The e-mails differ only for their own recipients: the link to create an account, or to sign in.
    const toNew = await lastEmail(h, newcomer);
    expect(toNew?.subject).toBe("Convite para Negócio Convites no Alicerce");
    expect(toNew?.link).toContain("/convite?token=");
    const toOther = await lastEmail(h, other.email);
    expect(toOther?.text).toContain("já tem uma conta no Alicerce");
    expect(toOther?.link).toContain("/convite?token=");
    expect(await lastEmail(h, memberRow?.email as string)).toBeUndefined();

    // This organization's own list is the only place that differs; inviting twice keeps one.
    const pending = (await listPendingInvites(h.ctx(), org)).map((i) => i.email);
    expect(pending.filter((e) => e === newcomer)).toHaveLength(1);
    expect(pending).toContain(other.email);
    expect(pending).not.toContain(memberRow?.email);
    // The other organization sees nothing of it.
    expect(await listPendingInvites(h.ctx(), { id: other.orgId, name: "Negócio Outra", role: "owner" })).toEqual([]);
  });

  it("admins cannot invite owners; staff cannot invite at all", async () => {
    const email = uniqueEmail("dono");
    await expect(inviteMember(ctx(), { ...org, role: "admin" }, inviter(), { nome: "X", email, papel: "owner" }, proof)).rejects.toThrow(
      "Só um dono",
    );
    await expect(inviteMember(ctx(), { ...org, role: "staff" }, inviter(), { nome: "X", email, papel: "staff" }, proof)).rejects.toThrow(
      "permissão",
    );
    expect(await h.fresh.db.select().from(authTokens).where(eq(authTokens.email, email))).toEqual([]);
  });

  it("is rate limited per IP (and per organização), with a pt-BR 429", async () => {
    const ip = "10.99.0.1";
    let refused: unknown;
    for (let i = 0; i < 25 && !refused; i++) {
      try {
        await inviteMember(h.ctx(ip), org, inviter(), { nome: "Lote", email: uniqueEmail(`lote${i}`), papel: "staff" }, proof);
      } catch (error) {
        refused = Object.assign(error as object, { at: i });
      }
    }
    expect(refused).toMatchObject({ status: 429, at: 20, message: expect.stringContaining("Muitas tentativas") });
  });
});

describe("accepting on /convite", () => {
  it("a new person creates the account (confirmed by the link) and is signed in; the link works once", async () => {
    const email = uniqueEmail("carla");
    const { token } = await invite(email, "staff", "Carla Mendes");
    // Looking is free: the GET's view spends nothing.
    const view = await viewInvite(ctx(), token);
    expect(view).toMatchObject({
      status: "valid",
      orgName: "Negócio Convites",
      role: "staff",
      inviterName: "Dono Convites",
      account: "new",
    });
    expect(await viewInvite(ctx(), token)).toEqual(view);

    const accepted = await acceptInvite(ctx(), token, { kind: "new", nome: "Carla Mendes", senha: "senha-da-carla" }, null);
    const state = await loadSession(h.fresh.db, accepted.session?.token as string);
    expect(state?.org).toEqual({ id: owner.orgId, name: "Negócio Convites", role: "staff" });
    expect(state?.user.emailVerified).toBe(true);
    await expect(login(ctx(), email, "senha-da-carla")).resolves.toHaveProperty("token");
    expect(await viewInvite(ctx(), token)).toEqual({ status: "invalid" });
    await expect(acceptInvite(ctx(), token, { kind: "new", nome: "Outra", senha: "outra-senha-1" }, null)).rejects.toThrow(INVALID_LINK);
    expect(await listPendingInvites(h.ctx(), org)).not.toContainEqual(expect.objectContaining({ email }));
  });

  it("only one of two simultaneous acceptances succeeds", async () => {
    const email = uniqueEmail("dupla");
    const { token } = await invite(email);
    const results = await Promise.allSettled([
      acceptInvite(ctx(), token, { kind: "new", nome: "Primeira", senha: "senha-primeira" }, null),
      acceptInvite(ctx(), token, { kind: "new", nome: "Segunda", senha: "senha-segunda" }, null),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(await counts(email)).toEqual({ user: true, memberships: 1 });
  });

  it("an unconfirmed account someone else signed up with gets the invitee's password, not the stranger's", async () => {
    const email = uniqueEmail("prehijack");
    await signUp(h.ctx("203.0.113.9"), { nome: "Atacante", email, senha: "senha-do-atacante" });
    const { token } = await invite(email);
    expect(await viewInvite(ctx(), token)).toMatchObject({ status: "valid", account: "new" });
    await acceptInvite(ctx(), token, { kind: "new", nome: "Dona Real", senha: "senha-da-dona-real" }, null);
    await expect(login(ctx(), email, "senha-do-atacante")).rejects.toThrow(LOGIN_FAILED);
    await expect(login(ctx(), email, "senha-da-dona-real")).resolves.toHaveProperty("token");
    const [row] = await h.fresh.db.select().from(users).where(eq(users.email, email));
    expect(row?.name).toBe("Dona Real");
  });

  it("an existing account accepts with its password (wrong password changes nothing) or as the signed-in account", async () => {
    const account = await plainAccount("existente");
    const { token, mail } = await invite(account.email, "admin");
    expect(mail?.text).toContain("entre com a sua senha");
    expect(await viewInvite(ctx(), token)).toMatchObject({ status: "valid", account: "existing", memberOf: null });
    await expect(acceptInvite(ctx(), token, { kind: "new", nome: "X", senha: "qualquer-uma-1" }, null)).rejects.toThrow("já tem uma conta");
    await expect(acceptInvite(ctx(), token, { kind: "password", senha: "errada-123" }, null)).rejects.toThrow(LOGIN_FAILED);
    expect(await counts(account.email)).toEqual({ user: true, memberships: 0 });
    expect((await viewInvite(ctx(), token)).status).toBe("valid");

    // Someone else is signed in on this browser: accepting signs them out.
    const bystander = await plainAccount("outra-pessoa");
    const bystanderAuth = await loadSession(h.fresh.db, bystander.session);
    const done = await acceptInvite(ctx(), token, { kind: "password", senha: account.password }, bystanderAuth);
    expect(done.session).not.toBeNull();
    expect(await loadSession(h.fresh.db, bystander.session)).toBeNull();
    expect((await loadSession(h.fresh.db, done.session?.token as string))?.org?.role).toBe("admin");

    // Signed in as the invited account: one button, no new session.
    const second = await plainAccount("logada");
    const again = await invite(second.email);
    const auth = await loadSession(h.fresh.db, second.session);
    await expect(acceptInvite(ctx(), again.token, { kind: "session" }, bystanderAuth)).rejects.toThrow("Entre com a conta");
    const signedIn = await acceptInvite(ctx(), again.token, { kind: "session" }, auth);
    expect(signedIn.session).toBeNull();
    expect((await loadSession(h.fresh.db, second.session))?.org?.id).toBe(owner.orgId);
  });

  it("an account in another organização (active or deactivated) must leave it first, then can accept", async () => {
    const other = await createOwner(h, "Origem");
    const staff = await addMember(h, other.orgId, "staff", "Rita Rodízio");
    const [row] = await h.fresh.db.select().from(users).where(eq(users.id, staff.userId));
    await h.fresh.db
      .update(users)
      .set({ passwordHash: (await h.fresh.db.select().from(users).where(eq(users.email, owner.email)))[0]?.passwordHash as string })
      .where(eq(users.id, staff.userId));
    // Deactivated there: still that organização's member until they leave.
    await h.fresh.db.update(memberships).set({ deactivatedAt: new Date() }).where(eq(memberships.userId, staff.userId));
    const { token } = await invite(row?.email as string);
    expect(await viewInvite(ctx(), token)).toMatchObject({ account: "existing", memberOf: "Negócio Origem" });
    await expect(acceptInvite(ctx(), token, { kind: "password", senha: owner.password }, null)).rejects.toThrow(
      mustLeaveFirst("Negócio Origem"),
    );
    const auth = await loadSession(h.fresh.db, staff.cookie.split("=")[1] as string);
    expect(auth?.deactivated).toBe(true);
    await leaveOrganization(h.ctx(), auth as NonNullable<typeof auth>);
    expect(await viewInvite(ctx(), token)).toMatchObject({ memberOf: null });
    const done = await acceptInvite(ctx(), token, { kind: "password", senha: owner.password }, null);
    expect((await loadSession(h.fresh.db, done.session?.token as string))?.org?.id).toBe(owner.orgId);
  });
});

describe("pending invites: resend, revoke, expire, ask again", () => {
  it("resend voids the old link; revoke voids the link; admins leave owner invites alone", async () => {
    const email = uniqueEmail("reenvio");
    const first = await invite(email);
    const [pending] = (await listPendingInvites(h.ctx(), org)).filter((i) => i.email === email);
    await resendInvite(ctx(), org, inviter(), pending?.id as string, proof);
    const second = tokenFrom((await lastEmail(h, email))?.link);
    expect(second).not.toBe(first.token);
    expect(await viewInvite(ctx(), first.token)).toEqual({ status: "invalid" });
    expect((await viewInvite(ctx(), second)).status).toBe("valid");
    const [current] = (await listPendingInvites(h.ctx(), org)).filter((i) => i.email === email);
    await revokeInvite(ctx(), org, current?.id as string, proof);
    expect(await viewInvite(ctx(), second)).toEqual({ status: "invalid" });
    await expect(revokeInvite(ctx(), org, current?.id as string, proof)).rejects.toThrow("Convite não encontrado");

    const ownerInvite = uniqueEmail("dona-convidada");
    await invite(ownerInvite, "owner");
    const [ownerRow] = (await listPendingInvites(h.ctx(), org)).filter((i) => i.email === ownerInvite);
    await expect(revokeInvite(ctx(), { ...org, role: "admin" }, ownerRow?.id as string, proof)).rejects.toThrow("Só um dono");
    // Another organization cannot touch it.
    const other = await createOwner(h, "Intrusa");
    await expect(revokeInvite(ctx(), { id: other.orgId, name: "x", role: "owner" }, ownerRow?.id as string, proof)).rejects.toThrow(
      "Convite não encontrado",
    );
    expect((await listPendingInvites(h.ctx(), org)).some((i) => i.email === ownerInvite)).toBe(true);
  });

  it("an expired invite says so, cannot be accepted, and can ask the inviter for a new one (same answer always, rate limited)", async () => {
    const email = uniqueEmail("expirado");
    const { token } = await invite(email, "staff", "Ezequiel Expirado");
    await h.fresh.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(and(eq(authTokens.email, email), eq(authTokens.purpose, "invite")));
    expect(await viewInvite(ctx(), token)).toEqual({ status: "expired", orgName: "Negócio Convites" });
    await expect(acceptInvite(ctx(), token, { kind: "new", nome: "E", senha: "senha-forte-9" }, null)).rejects.toThrow(INVITE_EXPIRED);
    expect((await listPendingInvites(h.ctx(), org)).find((i) => i.email === email)?.expired).toBe(true);

    const before = h.email.messages.length;
    await expect(requestNewInvite(h.ctx("10.50.0.1"), token)).resolves.toBeUndefined();
    const notice = await lastEmail(h, owner.email);
    expect(notice?.subject).toBe(`Ezequiel Expirado (${email}) pediu um novo convite para Negócio Convites`);
    expect(notice?.link).toContain("/admin/users");
    // An unknown link: the same answer, nothing sent.
    const afterFirst = h.email.messages.length;
    await expect(requestNewInvite(h.ctx("10.50.0.2"), "nao-existe")).resolves.toBeUndefined();
    await lastEmail(h, owner.email);
    expect(h.email.messages.length).toBe(afterFirst);
    expect(afterFirst).toBe(before + 1);
    // Per e-mail: two a day.
    await requestNewInvite(h.ctx("10.50.0.3"), token);
    await expect(requestNewInvite(h.ctx("10.50.0.4"), token)).rejects.toMatchObject({ status: 429 });
  });

  it("stores the invite's token hashed only, with its organization, role, name and inviter", async () => {
    const email = uniqueEmail("privado");
    await invite(email);
    const rows = await h.fresh.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(rows).toHaveLength(1);
    const [token] = await h.fresh.db.select().from(authTokens).where(eq(authTokens.email, email));
    // Only the hash is kept: the raw value from the link is never a row id.
    expect(token?.id).not.toBe(tokenFrom((await lastEmail(h, email))?.link));
    expect(token).toMatchObject({
      purpose: "invite",
      orgId: owner.orgId,
      role: "staff",
      name: "Pessoa Convidada",
      invitedBy: ownerId,
      userId: null,
    });
    expect((token?.expiresAt.getTime() ?? 0) - (token?.createdAt.getTime() ?? 0)).toBe(7 * 24 * 3600_000);
  });
});
