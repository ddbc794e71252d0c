import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { memberships, sessions } from "../../../db/schema/index.ts";
import type { RecentAuth } from "../../../worker/auth/reauth.ts";
import { type AuthOrg, type AuthState, loadSession } from "../../../worker/auth/sessions.ts";
import { changeRole, LAST_OWNER, leaveOrganization, listMembers, setActive } from "../../../worker/services/organization/team.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { addMember } from "../records.ts";

/**
 * Members: role, activation, leaving. The last-owner rule is decided by the write itself (a
 * conditional UPDATE/DELETE), so parallel changes cannot both pass a check made before them.
 */

let h: Harness;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let orgA: AuthOrg;
let orgB: AuthOrg;
const proof = { userId: "test", at: new Date(), __recentAuth: true } as RecentAuth;

beforeAll(async () => {
  h = await createHarness();
  a = await createOwner(h, "A");
  b = await createOwner(h, "B");
  orgA = { id: a.orgId, name: "Negócio A", role: "owner" };
  orgB = { id: b.orgId, name: "Negócio B", role: "owner" };
});

async function membershipOf(user: string) {
  const [m] = await h.fresh.db.select().from(memberships).where(eq(memberships.userId, user));
  return m;
}

/** The AuthState a signed-in member's request would carry (for leaveOrganization). */
async function authOf(cookie: string): Promise<AuthState> {
  const state = await loadSession(h.fresh.db, cookie.split("=")[1] as string);
  if (!state) throw new Error("no session");
  return state;
}

describe("team members", () => {
  it("never lists or changes another organization's members", async () => {
    const listA = await listMembers(h.ctx(), orgA);
    const listB = await listMembers(h.ctx(), orgB);
    expect(listB.map((m) => m.email)).toEqual([b.email]);
    expect(listA.some((m) => m.email === b.email)).toBe(false);
    const target = listA.find((m) => m.email === a.email);
    await expect(changeRole(h.ctx(), orgB, target?.membershipId as string, "staff", proof)).rejects.toThrow("Membro não encontrado.");
    await expect(setActive(h.ctx(), orgB, "x", target?.membershipId as string, false, proof)).rejects.toThrow("Membro não encontrado.");
    expect((await membershipOf((await userId(h, a.email)) as string))?.role).toBe("owner");
  });

  it("protects the last owner", async () => {
    const [me] = (await listMembers(h.ctx(), orgB)).filter((m) => m.email === b.email);
    await expect(changeRole(h.ctx(), orgB, me?.membershipId as string, "admin", proof)).rejects.toThrow(LAST_OWNER);
    expect((await membershipOf(me?.userId as string))?.role).toBe("owner");
  });

  it("two owners demoting each other at once leave exactly one owner", async () => {
    const owner = await createOwner(h, "Corrida");
    const org: AuthOrg = { id: owner.orgId, name: "Negócio Corrida", role: "owner" };
    const second = await addMember(h, owner.orgId, "owner", "Segunda Dona");
    for (let round = 0; round < 3; round++) {
      const members = await listMembers(h.ctx(), org);
      const owners = members.filter((m) => m.role === "owner");
      expect(owners).toHaveLength(2);
      const results = await Promise.allSettled(owners.map((m) => changeRole(h.ctx(), org, m.membershipId, "admin", proof)));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
      expect(String(refused.reason)).toContain(LAST_OWNER);
      const after = (await listMembers(h.ctx(), org)).filter((m) => m.role === "owner" && m.active);
      expect(after).toHaveLength(1);
      // Back to two owners for the next round.
      const demoted = members.find((m) => !after.some((o) => o.membershipId === m.membershipId) && m.role === "owner");
      await changeRole(h.ctx(), org, demoted?.membershipId as string, "owner", proof);
    }
    // Deactivating and demoting in parallel: one owner stays active too.
    const members = await listMembers(h.ctx(), org);
    const first = members.find((m) => m.userId === second.userId);
    const other = members.find((m) => m.userId !== second.userId && m.role === "owner");
    await Promise.allSettled([
      setActive(h.ctx(), org, "someone-else", first?.membershipId as string, false, proof),
      changeRole(h.ctx(), org, other?.membershipId as string, "staff", proof),
    ]);
    expect((await listMembers(h.ctx(), org)).filter((m) => m.role === "owner" && m.active)).toHaveLength(1);
  });

  it("lets admins manage staff but not owners", async () => {
    const admin: AuthOrg = { ...orgA, role: "admin" };
    const owner = (await listMembers(h.ctx(), orgA)).find((m) => m.email === a.email);
    await expect(setActive(h.ctx(), admin, "someone", owner?.membershipId as string, false, proof)).rejects.toThrow("Só um dono");
    await expect(changeRole(h.ctx(), admin, owner?.membershipId as string, "staff", proof)).rejects.toThrow("Só um dono");
    const staff = await addMember(h, a.orgId, "staff", "Sara Staff");
    const staffRow = await membershipOf(staff.userId);
    await expect(changeRole(h.ctx(), admin, staffRow?.id as string, "owner", proof)).rejects.toThrow("Só um dono");
    await changeRole(h.ctx(), admin, staffRow?.id as string, "professional", proof);
    expect((await membershipOf(staff.userId))?.role).toBe("professional");
    expect((await membershipOf(owner?.userId as string))?.role).toBe("owner");
    const staffOrg: AuthOrg = { ...orgA, role: "staff" };
    await expect(listMembers(h.ctx(), staffOrg)).resolves.toBeDefined();
    await expect(changeRole(h.ctx(), staffOrg, staffRow?.id as string, "staff", proof)).rejects.toThrow("permissão");
  });

  it("only an owner reactivates a deactivated owner; deactivating ends the person's sessions", async () => {
    const second = await addMember(h, a.orgId, "owner", "Segundo Dono");
    const row = await membershipOf(second.userId);
    expect(await loadSession(h.fresh.db, second.cookie.split("=")[1] as string)).not.toBeNull();
    await setActive(h.ctx(), orgA, "owner-id", row?.id as string, false, proof);
    expect(await loadSession(h.fresh.db, second.cookie.split("=")[1] as string)).toBeNull();
    const admin: AuthOrg = { ...orgA, role: "admin" };
    await expect(setActive(h.ctx(), admin, "admin-id", row?.id as string, true, proof)).rejects.toThrow(
      "Só um dono pode reativar outro dono.",
    );
    expect((await membershipOf(second.userId))?.deactivatedAt).not.toBeNull();
    await setActive(h.ctx(), orgA, "owner-id", row?.id as string, true, proof);
    expect((await membershipOf(second.userId))?.deactivatedAt).toBeNull();
    await expect(setActive(h.ctx(), orgA, second.userId, row?.id as string, false, proof)).rejects.toThrow("a si mesmo");
  });

  it("a refused deactivation ends nobody's sessions", async () => {
    const owner = await createOwner(h, "Só Um");
    const org: AuthOrg = { id: owner.orgId, name: "Negócio Só Um", role: "owner" };
    const ownerId = (await userId(h, owner.email)) as string;
    const row = await membershipOf(ownerId);
    await expect(setActive(h.ctx(), org, "other-owner", row?.id as string, false, proof)).rejects.toThrow(LAST_OWNER);
    const live = await h.fresh.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, ownerId)));
    expect(live.every((s) => s.revokedAt === null)).toBe(true);
  });
});

describe("leaving the organização", () => {
  it("a member leaves (active or deactivated) and becomes like a new account; the last owner cannot", async () => {
    const owner = await createOwner(h, "Saída");
    const staff = await addMember(h, owner.orgId, "staff", "Sílvia Sai");
    const staffAuth = await authOf(staff.cookie);
    expect(staffAuth.memberOf?.id).toBe(owner.orgId);
    await leaveOrganization(h.ctx(), staffAuth);
    expect(await membershipOf(staff.userId)).toBeUndefined();
    // Nothing else ends: the session goes on, now without an organization (onboarding next).
    const after = await authOf(staff.cookie);
    expect(after.org).toBeNull();
    expect(after.memberOf).toBeNull();
    await expect(leaveOrganization(h.ctx(), after)).rejects.toThrow("não faz parte");

    // Deactivated members may leave too (their account is not locked out of Alicerce).
    const gone = await addMember(h, owner.orgId, "admin", "Davi Desativado");
    const goneAuth = await authOf(gone.cookie);
    await h.fresh.db.update(memberships).set({ deactivatedAt: new Date() }).where(eq(memberships.userId, gone.userId));
    await leaveOrganization(h.ctx(), { ...goneAuth, org: null, deactivated: true });
    expect(await membershipOf(gone.userId)).toBeUndefined();

    // The last active owner stays.
    const ownerAuth = await authOf(owner.cookie);
    await expect(leaveOrganization(h.ctx(), ownerAuth)).rejects.toThrow(LAST_OWNER);
    expect(await membershipOf((await userId(h, owner.email)) as string)).toBeDefined();
    // With another active owner, an owner may leave; that one remains.
    const other = await addMember(h, owner.orgId, "owner", "Outra Dona");
    await Promise.allSettled([leaveOrganization(h.ctx(), ownerAuth), leaveOrganization(h.ctx(), await authOf(other.cookie))]);
    const owners = (await h.fresh.db.select().from(memberships).where(eq(memberships.orgId, owner.orgId))).filter(
      (m) => m.role === "owner" && m.deactivatedAt === null,
    );
    expect(owners).toHaveLength(1);
  });
});
