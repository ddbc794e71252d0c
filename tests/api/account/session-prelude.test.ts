import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, memberships, sessions } from "../../../db/schema/index.ts";
import { SESSION_IDLE_MS, SESSION_MAX_AGE_MS, sessionCookie } from "../../../worker/auth/sessions.ts";
import { digest } from "../../../worker/auth/tokens.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { addMember } from "../records.ts";

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

describe("session cookie and lifetime (issue 11)", () => {
  const HTTPS = "https://app.exemplo.com.br";
  const overHttps = (path: string, cookie: string) => h.app.request(`${HTTPS}${path}`, { headers: { cookie } }, h.env);
  const maxAgeOf = (setCookie: string | null) => Number(/Max-Age=(\d+)/.exec(setCookie ?? "")?.[1] ?? Number.NaN);

  it("over https the cookie is __Host-alicerce_session (Secure, Path=/, no Domain); on localhost the plain name", () => {
    const end = new Date(Date.now() + SESSION_IDLE_MS);
    const secure = sessionCookie("abc", end, true);
    expect(secure).toMatch(/^__Host-alicerce_session=abc; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/);
    expect(secure).not.toContain("Domain");
    expect(sessionCookie("abc", end, false)).toMatch(/^alicerce_session=abc; Path=\/;/);
    // Never past the session's end (nor the absolute lifetime).
    expect(maxAgeOf(secure)).toBeLessThanOrEqual(SESSION_IDLE_MS / 1000);
    expect(maxAgeOf(sessionCookie("abc", new Date(Date.now() + 400 * 24 * 3600_000), true))).toBe(SESSION_MAX_AGE_MS / 1000);
    expect(SESSION_MAX_AGE_MS).toBe(30 * 24 * 3600_000);
  });

  it("https reads only the __Host- cookie, and clears it when the session ended", async () => {
    const owner = await createOwner(h, "Https");
    const token = owner.cookie.split("=")[1] as string;
    const hosted = await overHttps("/api/me", `__Host-alicerce_session=${token}`);
    expect(hosted.status).toBe(200);
    // An unprefixed cookie can be planted from a sibling subdomain or over plain http: over
    // https it signs no one in (nor is it promoted to __Host-), whether or not a real one is there.
    const planted = await overHttps("/api/me", `alicerce_session=${token}`);
    expect(planted.status).toBe(401);
    expect(planted.headers.getSetCookie().join("\n")).not.toContain(token);
    const victim = await createOwner(h, "Https Vítima");
    const victimToken = victim.cookie.split("=")[1] as string;
    const both = await overHttps("/api/me", `alicerce_session=${token}; __Host-alicerce_session=${victimToken}`);
    expect(both.status).toBe(200);
    expect(((await both.json()) as { user: { email: string } }).user.email).toBe(victim.email);
    // On plain-http localhost the plain name is the cookie, the __Host- one is not read.
    expect((await h.request("/api/me", { cookie: `alicerce_session=${token}` })).status).toBe(200);
    expect((await h.request("/api/me", { cookie: `__Host-alicerce_session=${token}` })).status).toBe(401);

    await h.fresh.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(eq(sessions.id, await digest(token)));
    const ended = await overHttps("/api/me", `__Host-alicerce_session=${token}`);
    expect(ended.status).toBe(401);
    expect(ended.headers.get("set-cookie")).toMatch(/^__Host-alicerce_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0; Secure/);
  });

  it("a session ends 30 days after sign-in however much it is used: renewal never goes past that", async () => {
    const owner = await createOwner(h, "Trinta Dias");
    const token = owner.cookie.split("=")[1] as string;
    const id = await digest(token);
    const [created] = await h.fresh.db.select().from(sessions).where(eq(sessions.id, id));
    // Created by a password sign-in: an authentication now, idle end in 7 days.
    expect(created?.authenticatedAt?.getTime()).toBe(created?.createdAt.getTime());
    expect((created?.expiresAt.getTime() ?? 0) - (created?.createdAt.getTime() ?? 0)).toBe(SESSION_IDLE_MS);

    // Used every day for almost 30 days: the next renewal stops at day 30 exactly.
    const createdAt = new Date(Date.now() - SESSION_MAX_AGE_MS + 3600_000);
    await h.fresh.db
      .update(sessions)
      .set({ createdAt, lastSeenAt: new Date(Date.now() - 2 * 3600_000), expiresAt: new Date(Date.now() + 24 * 3600_000) })
      .where(eq(sessions.id, id));
    const res = await h.request("/api/clients", { cookie: owner.cookie });
    expect(res.status).toBe(200);
    await Promise.allSettled(h.pending);
    const limit = createdAt.getTime() + SESSION_MAX_AGE_MS;
    await expect
      .poll(async () => (await h.fresh.db.select().from(sessions).where(eq(sessions.id, id)))[0]?.expiresAt.getTime())
      .toBe(limit);
    expect(maxAgeOf(res.headers.get("set-cookie"))).toBeLessThanOrEqual(3600);

    // Past it, the session is over.
    await h.fresh.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    expect((await h.request("/api/clients", { cookie: owner.cookie })).status).toBe(401);
  });
});
