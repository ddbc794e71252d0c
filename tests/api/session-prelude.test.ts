import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, memberships, sessions } from "../../db/schema/index.ts";
import { createHarness, createOwner, type Harness, userId } from "./harness.ts";
import { addMember } from "./records.ts";

/**
 * A GET from a session this isolate has seen sends the session lookup with its first read: one
 * round trip. The lookup is checked before any data reaches the handler, so a session that
 * ended or changed never sees data under its old identity (ADR 011).
 */

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

const trips = (res: Response) => Number(res.headers.get("x-db-round-trips"));

async function bearerFor(email: string, senha: string): Promise<string> {
  const res = await h.request("/api/auth/token", { json: { email, senha } });
  expect(res.status).toBe(200);
  return String(((await res.json()) as { access_token: string }).access_token);
}

async function seed(cookie: string, nome: string): Promise<void> {
  const res = await h.request("/api/clients", { json: { tipo: "pf", nome }, cookie });
  expect(res.status).toBe(201);
}

describe("session lookup in the first read's round trip", () => {
  it("costs one round trip once the session is known, with the same answer", async () => {
    const owner = await createOwner(h, "Prelúdio");
    await seed(owner.cookie, "Carla Prelúdio");
    const first = await h.request("/api/clients", { cookie: owner.cookie });
    const second = await h.request("/api/clients", { cookie: owner.cookie });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(trips(first)).toBe(1); // the POST above already saw this session
    expect(trips(second)).toBe(1);
    expect(await second.json()).toEqual(await first.json());
    // Bearer tokens too.
    const bearer = await bearerFor(owner.email, owner.password);
    await h.request("/api/clients", { bearer });
    const hinted = await h.request("/api/clients?q=carla", { bearer });
    expect(trips(hinted)).toBe(1);
    expect(((await hinted.json()) as { data: { nome: string }[] }).data.map((c) => c.nome)).toEqual(["Carla Prelúdio"]);
    // A handler that reads nothing still has the session checked: alone, one round trip.
    const me = await h.request("/api/me", { bearer });
    expect(me.status).toBe(200);
    expect(trips(me)).toBe(1);
    // Writes never ride along: the session is checked before them.
    const write = await h.request("/api/clients", { json: { tipo: "pf", nome: "Outra" }, cookie: owner.cookie });
    expect(write.status).toBe(201);
    expect(trips(write)).toBe(2);
  });

  it("a session just created is already known: the first request after signing in costs one round trip", async () => {
    const owner = await createOwner(h, "Recém-chegada");
    const bearer = await bearerFor(owner.email, owner.password);
    const first = await h.request("/api/clients", { bearer });
    expect(first.status).toBe(200);
    expect(trips(first)).toBe(1);
    // …and revoking it before that first use is still seen at once.
    const other = await bearerFor(owner.email, owner.password);
    await h.fresh.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, (await userId(h, owner.email)) as string));
    expect((await h.request("/api/me", { bearer: other })).status).toBe(401);
  });

  it("a session ended since it was seen gets no data: 401 for the API, and the cookie is dropped", async () => {
    const owner = await createOwner(h, "Encerrada");
    await seed(owner.cookie, "Segredo Encerrado");
    const bearer = await bearerFor(owner.email, owner.password);
    expect((await h.request("/api/clients", { cookie: owner.cookie })).status).toBe(200);
    expect((await h.request("/api/clients", { bearer })).status).toBe(200);
    const now = new Date();
    await h.fresh.db.update(sessions).set({ revokedAt: now });
    // Pages: served again as a visitor, and the cookie is dropped (the real page's guard then
    // asks to log in; here React Router is a stub that shows whether it had a context).
    const page = await h.request("/clients", { cookie: owner.cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get("set-cookie")).toContain("Max-Age=0");
    const viaCookie = await h.request("/api/clients", { cookie: owner.cookie });
    const body = await viaCookie.text();
    expect(viaCookie.status).toBe(401);
    expect(body).not.toContain("Segredo");
    expect(viaCookie.headers.get("set-cookie")).toContain("Max-Age=0");
    const viaBearer = await h.request("/api/clients", { bearer });
    expect(viaBearer.status).toBe(401);
    expect(await viaBearer.text()).not.toContain("Segredo");
    // Nothing is remembered any more: the next request pays the full lookup and is refused.
    const again = await h.request("/api/me", { bearer });
    expect(again.status).toBe(401);
  });

  it("a changed role or deactivation is never acted on with the old one: the request starts over", async () => {
    const owner = await createOwner(h, "Papéis");
    const admin = await addMember(h, owner.orgId, "admin", "Ana Admin");
    const me = async () => h.request("/api/me", { cookie: admin.cookie });
    expect(((await (await me()).json()) as { organization: { role: string } }).organization.role).toBe("admin");
    await h.fresh.db
      .update(memberships)
      .set({ role: "professional" })
      .where(and(eq(memberships.userId, admin.userId), eq(memberships.orgId, owner.orgId)));
    // The answer made as "admin" is thrown away and the request served again.
    const retried = await me();
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { organization: { role: string } }).organization.role).toBe("professional");
    // Deactivated: starts over, then has no organization at all.
    await h.fresh.db.update(memberships).set({ deactivatedAt: new Date() }).where(eq(memberships.userId, admin.userId));
    const after = await h.request("/api/clients", { cookie: admin.cookie });
    expect(after.status).toBeGreaterThanOrEqual(400);
    expect(after.status).toBeLessThan(500);
  });
});

describe("CSV imports: the session rides with the first read of these writes too", () => {
  const csv = (nome: string) => `Nome;CPF/CNPJ\r\n${nome};529.982.247-25\r\n`;
  const imported = async (orgId: string, nome: string) =>
    (
      await h.fresh.db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.orgId, orgId), eq(clients.nome, nome)))
    ).length;
  const importAs = (cookie: string, nome: string, mode: "preview" | "all") =>
    h.request("/api/clients/import", { json: { csv: csv(nome), mode }, cookie });

  it("a preview costs one round trip and a save two, once the session is known", async () => {
    const owner = await createOwner(h, "Importa Rápido");
    expect((await h.request("/api/me", { cookie: owner.cookie })).status).toBe(200);
    const preview = await importAs(owner.cookie, "Iara Prévia", "preview");
    expect(preview.status).toBe(200);
    expect(trips(preview)).toBe(1);
    const save = await importAs(owner.cookie, "Iara Salva", "all");
    expect(save.status).toBe(201);
    expect(trips(save)).toBe(2);
    expect(await imported(owner.orgId, "Iara Salva")).toBe(1);
  });

  it("a session revoked meanwhile saves nothing", async () => {
    const owner = await createOwner(h, "Importa Revogada");
    expect((await h.request("/api/me", { cookie: owner.cookie })).status).toBe(200);
    await h.fresh.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.userId, (await userId(h, owner.email)) as string));
    const save = await importAs(owner.cookie, "Intrusa Revogada", "all");
    expect(save.status).toBe(401);
    expect(await imported(owner.orgId, "Intrusa Revogada")).toBe(0);
  });

  it("a role changed meanwhile is applied before anything is written, and the body is sent again", async () => {
    const owner = await createOwner(h, "Importa Papéis");
    const member = await addMember(h, owner.orgId, "admin", "Bia Admin");
    const role = (r: "owner" | "professional") =>
      h.fresh.db
        .update(memberships)
        .set({ role: r })
        .where(and(eq(memberships.userId, member.userId), eq(memberships.orgId, owner.orgId)));
    expect((await h.request("/api/me", { cookie: member.cookie })).status).toBe(200);
    // Still allowed to import: served again with the new role, from the kept body.
    await role("owner");
    const allowed = await importAs(member.cookie, "Cida Equipe", "all");
    expect(allowed.status).toBe(201);
    expect(await imported(owner.orgId, "Cida Equipe")).toBe(1);
    // Not allowed any more: refused before anything is written.
    await role("professional");
    const refused = await importAs(member.cookie, "Duda Leitura", "all");
    expect(refused.status).toBe(403);
    expect(await imported(owner.orgId, "Duda Leitura")).toBe(0);
  });
});
