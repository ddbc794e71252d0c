import { beforeAll, describe, expect, it } from "vitest";
import { memberships } from "../../db/schema/index.ts";
import { loadSession } from "../../worker/auth/sessions.ts";
import type { AuthOrg } from "../../worker/auth/sessions.ts";
import { acceptInvite, changeRole, inviteMember, LAST_OWNER, listMembers, setActive } from "../../worker/services/team.ts";
import { login, recoverPassword } from "../../worker/services/accounts.ts";
import { eq } from "drizzle-orm";
import { createHarness, createOwner, type Harness, lastEmail, tokenFrom, userId } from "./harness.ts";

let h: Harness;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let orgA: AuthOrg;
let orgB: AuthOrg;

beforeAll(async () => {
  h = await createHarness();
  a = await createOwner(h, "A");
  b = await createOwner(h, "B");
  orgA = { id: a.orgId, name: "Negócio A", role: "owner" };
  orgB = { id: b.orgId, name: "Negócio B", role: "owner" };
});

describe("team", () => {
  it("invites by e-mail; the link confirms, and the person sets a password and signs in", async () => {
    const email = `convidada-${Date.now()}@exemplo.com.br`;
    await inviteMember(h.ctx(), orgA, "Dono A", { nome: "Carla Mendes", email, papel: "staff" });
    const mail = await lastEmail(h, email);
    expect(mail?.subject).toBe("Convite para Negócio A no Alicerce");
    const { recoveryToken } = await acceptInvite(h.ctx(), tokenFrom(mail?.link));
    const session = await recoverPassword(h.ctx(), recoveryToken, "senha-da-carla");
    const state = await loadSession(h.fresh.db, session.token);
    expect(state?.org).toEqual({ id: a.orgId, name: "Negócio A", role: "staff" });
    await expect(login(h.ctx(), email, "senha-da-carla")).resolves.toHaveProperty("token");
  });

  it("never lists or changes another organization's members", async () => {
    const listA = await listMembers(h.ctx(), orgA);
    const listB = await listMembers(h.ctx(), orgB);
    expect(listB.map((m) => m.email)).toEqual([b.email]);
    expect(listA.some((m) => m.email === b.email)).toBe(false);
    const target = listA.find((m) => m.email === a.email);
    await expect(changeRole(h.ctx(), orgB, target?.membershipId as string, "staff")).rejects.toThrow("Membro não encontrado.");
    await expect(setActive(h.ctx(), orgB, "x", target?.membershipId as string, false)).rejects.toThrow("Membro não encontrado.");
  });

  it("protects the last owner", async () => {
    const [me] = (await listMembers(h.ctx(), orgB)).filter((m) => m.email === b.email);
    await expect(changeRole(h.ctx(), orgB, me?.membershipId as string, "admin")).rejects.toThrow(LAST_OWNER);
  });

  it("lets admins manage staff but not owners", async () => {
    const admin: AuthOrg = { ...orgA, role: "admin" };
    await expect(inviteMember(h.ctx(), admin, "Admin", { nome: "X", email: `x-${Date.now()}@ex.com`, papel: "owner" })).rejects.toThrow(
      "Só um dono",
    );
    const owner = (await listMembers(h.ctx(), orgA)).find((m) => m.email === a.email);
    await expect(setActive(h.ctx(), admin, "someone", owner?.membershipId as string, false)).rejects.toThrow("Só um dono");
    const staff: AuthOrg = { ...orgA, role: "staff" };
    await expect(listMembers(h.ctx(), staff)).resolves.toBeDefined();
    await expect(inviteMember(h.ctx(), staff, "Staff", { nome: "Y", email: `y-${Date.now()}@ex.com`, papel: "staff" })).rejects.toThrow(
      "permissão",
    );
  });

  it("only an owner reactivates a deactivated owner", async () => {
    const email = `dono2-${Date.now()}@exemplo.com.br`;
    await inviteMember(h.ctx(), orgA, "Dono A", { nome: "Segundo Dono", email, papel: "owner" });
    const second = (await listMembers(h.ctx(), orgA)).find((m) => m.email === email);
    await setActive(h.ctx(), orgA, "owner-id", second?.membershipId as string, false);
    const admin: AuthOrg = { ...orgA, role: "admin" };
    await expect(setActive(h.ctx(), admin, "admin-id", second?.membershipId as string, true)).rejects.toThrow(
      "Só um dono pode reativar outro dono.",
    );
    expect((await listMembers(h.ctx(), orgA)).find((m) => m.email === email)?.active).toBe(false);
    await setActive(h.ctx(), orgA, "owner-id", second?.membershipId as string, true);
    expect((await listMembers(h.ctx(), orgA)).find((m) => m.email === email)?.active).toBe(true);
  });

  it("deactivating ends the person's sessions", async () => {
    const email = `sai-${Date.now()}@exemplo.com.br`;
    await inviteMember(h.ctx(), orgA, "Dono A", { nome: "Pedro", email, papel: "staff" });
    const { recoveryToken } = await acceptInvite(h.ctx(), tokenFrom((await lastEmail(h, email))?.link));
    const session = await recoverPassword(h.ctx(), recoveryToken, "senha-do-pedro");
    const id = await userId(h, email);
    const [m] = await h.fresh.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, id as string));
    await setActive(h.ctx(), orgA, "owner-id", m?.id as string, false);
    expect(await loadSession(h.fresh.db, session.token)).toBeNull();
  });
});
