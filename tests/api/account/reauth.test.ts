import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, sessions } from "../../../db/schema/index.ts";
import {
  needsReauth,
  REAUTH_REQUIRED,
  REAUTH_WINDOW_MS,
  REAUTH_WRONG,
  type RecentAuth,
  requireRecentAuth,
} from "../../../worker/auth/reauth.ts";
import { type AuthState, loadSession } from "../../../worker/auth/sessions.ts";
import { digest } from "../../../worker/auth/tokens.ts";
import { eraseRecord } from "../../../worker/resources/records.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { actorFor, CPFS } from "../records.ts";

/**
 * Re-authentication ("sudo mode"): team changes and the LGPD erase need the password typed in
 * the last 10 minutes of this session; API clients send it with the request.
 */

let h: Harness;

beforeAll(async () => {
  h = await createHarness();
});

const tokenOf = (cookie: string) => cookie.split("=")[1] as string;

async function ownerWithAuth(name: string) {
  const owner = await createOwner(h, name);
  const id = (await userId(h, owner.email)) as string;
  const auth = (await loadSession(h.fresh.db, tokenOf(owner.cookie))) as AuthState;
  return { ...owner, id, auth };
}

/** Moves the session's last password check back in time (as if typed long ago). */
async function ageAuthentication(cookie: string, ms: number) {
  await h.fresh.db
    .update(sessions)
    .set({ authenticatedAt: new Date(Date.now() - ms) })
    .where(eq(sessions.id, await digest(tokenOf(cookie))));
  return (await loadSession(h.fresh.db, tokenOf(cookie))) as AuthState;
}

async function newClient(cookie: string, nome: string): Promise<string> {
  const res = await h.request("/api/clients", { json: { tipo: "pf", nome, documento: CPFS[0] }, cookie });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

describe("requireRecentAuth", () => {
  it("passes within 10 minutes of signing in; after that only with the right password, which it records", async () => {
    const owner = await ownerWithAuth("Sudo");
    // A session created by a password sign-in counts as an authentication.
    expect(needsReauth(owner.auth, new Date())).toBe(false);
    await expect(requireRecentAuth(h.ctx(), owner.auth)).resolves.toMatchObject({ userId: owner.id });

    const stale = await ageAuthentication(owner.cookie, REAUTH_WINDOW_MS + 60_000);
    expect(needsReauth(stale, new Date())).toBe(true);
    await expect(requireRecentAuth(h.ctx(), stale)).rejects.toMatchObject({ message: REAUTH_REQUIRED, status: 403, field: "senha" });
    await expect(requireRecentAuth(h.ctx(), stale, "senha-errada")).rejects.toMatchObject({
      message: REAUTH_WRONG,
      status: 400,
      field: "senha",
    });
    // A wrong password records nothing.
    expect(needsReauth((await loadSession(h.fresh.db, tokenOf(owner.cookie))) as AuthState, new Date())).toBe(true);

    await expect(requireRecentAuth(h.ctx(), stale, owner.password)).resolves.toMatchObject({ userId: owner.id });
    const [row] = await h.fresh.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, await digest(tokenOf(owner.cookie))));
    expect(Date.now() - (row?.authenticatedAt?.getTime() ?? 0)).toBeLessThan(5_000);
    const fresh = (await loadSession(h.fresh.db, tokenOf(owner.cookie))) as AuthState;
    await expect(requireRecentAuth(h.ctx(), fresh)).resolves.toBeDefined();
  });

  it("API clients (bearer) always send the password", async () => {
    const owner = await ownerWithAuth("Portador");
    const bearer: AuthState = { ...owner.auth, via: "bearer" };
    expect(needsReauth(bearer, new Date())).toBe(true);
    await expect(requireRecentAuth(h.ctx(), bearer)).rejects.toMatchObject({ message: REAUTH_REQUIRED });
    await expect(requireRecentAuth(h.ctx(), bearer, owner.password)).resolves.toMatchObject({ userId: owner.id });
  });

  it("wrong passwords are rate limited per user: past five, even the right one waits (pt-BR 429)", async () => {
    const owner = await ownerWithAuth("Limite");
    const stale = await ageAuthentication(owner.cookie, REAUTH_WINDOW_MS + 60_000);
    for (let i = 0; i < 5; i++)
      await expect(requireRecentAuth(h.ctx(`10.60.0.${i}`), stale, `errada-${i}`)).rejects.toMatchObject({ status: 400 });
    await expect(requireRecentAuth(h.ctx("10.60.1.1"), stale, owner.password)).rejects.toMatchObject({
      status: 429,
      message: expect.stringContaining("Muitas tentativas"),
    });
  });
});

describe("LGPD erase needs a recent authentication", () => {
  it("the records layer refuses without a proof of the actor's own recent password", async () => {
    const owner = await ownerWithAuth("Apaga");
    const id = await newClient(owner.cookie, "Titular Protegido");
    const actor = actorFor(owner.orgId, owner.id);
    const someoneElse = { userId: "outra-pessoa", at: new Date(), __recentAuth: true } as RecentAuth;
    await expect(eraseRecord(h.ctx(), actor, "clients", id, someoneElse)).rejects.toMatchObject({ status: 403, message: REAUTH_REQUIRED });
    await expect(eraseRecord(h.ctx(), actor, "clients", id, undefined as unknown as RecentAuth)).rejects.toMatchObject({ status: 403 });
    expect(await h.fresh.db.select().from(clients).where(eq(clients.id, id))).toHaveLength(1);
    await eraseRecord(h.ctx(), actor, "clients", id, await requireRecentAuth(h.ctx(), owner.auth));
    expect(await h.fresh.db.select().from(clients).where(eq(clients.id, id))).toEqual([]);
  });

  it("API: a bearer client sends `senha` in the body; a browser session within the window needs none", async () => {
    const owner = await ownerWithAuth("Api Apaga");
    const token = await h.request("/api/auth/token", { json: { email: owner.email, senha: owner.password } });
    const bearer = String(((await token.json()) as { access_token: string }).access_token);
    const id = await newClient(owner.cookie, "Titular Da Api");

    const without = await h.request(`/api/clients/${id}/lgpd`, { method: "DELETE", bearer });
    expect(without.status).toBe(403);
    expect(await without.json()).toMatchObject({ error: { message: REAUTH_REQUIRED, fields: { senha: REAUTH_REQUIRED } } });
    const wrong = await h.request(`/api/clients/${id}/lgpd`, { method: "DELETE", bearer, json: { senha: "nao-e-esta" } });
    expect(wrong.status).toBe(400);
    expect(await h.fresh.db.select().from(clients).where(eq(clients.id, id))).toHaveLength(1);
    const right = await h.request(`/api/clients/${id}/lgpd`, { method: "DELETE", bearer, json: { senha: owner.password } });
    expect(right.status).toBe(200);
    expect(await h.fresh.db.select().from(clients).where(eq(clients.id, id))).toEqual([]);

    // The browser's own session, signed in moments ago: no password asked; ten minutes later, asked.
    const second = await newClient(owner.cookie, "Titular Do Navegador");
    await ageAuthentication(owner.cookie, REAUTH_WINDOW_MS + 60_000);
    const stale = await h.request(`/api/clients/${second}/lgpd`, { method: "DELETE", cookie: owner.cookie });
    expect(stale.status).toBe(403);
    await ageAuthentication(owner.cookie, 0);
    const recent = await h.request(`/api/clients/${second}/lgpd`, { method: "DELETE", cookie: owner.cookie });
    expect(recent.status).toBe(200);
  });
});
