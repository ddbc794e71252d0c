/**
 * The live connection inside workerd (ADR 043): GET /api/live through the real Worker entry,
 * the `LIVE` Durable Object from wrangler.toml, its hibernatable sockets and auto-response,
 * and the replay a first connection asks for (what was sent while its page was loading).
 */
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client.ts";
import { and, eq } from "drizzle-orm";
import { memberships, organizations, users } from "../../db/schema/index.ts";
import { LIVE_PING, LIVE_PONG, LIVE_REPLAY_PARAM, LIVE_TIMING } from "../../shared/live-connection.ts";
import type { LiveEvent } from "../../shared/live-events.ts";
import { signAccessToken } from "../../worker/auth/jwt.ts";
import { createSession } from "../../worker/auth/sessions.ts";
import { digest } from "../../worker/auth/tokens.ts";
import { readConfig } from "../../worker/config/env.ts";
import { publishLive } from "../../worker/live/publish.ts";
import { LIVE_ACCESS_ENDED } from "../../worker/live/room.ts";
import type { RecentAuth } from "../../worker/auth/reauth.ts";
import type { ServiceContext } from "../../worker/services/context.ts";
import { setActive } from "../../worker/services/organization/team.ts";

const BASE = "http://localhost";
const bindings = env as unknown as Record<string, unknown> & { LIVE: import("../../worker/live/publish.ts").LiveNamespace };
const config = readConfig(bindings);
const db = createDb({ url: config.DATABASE_URL });

interface Member {
  userId: string;
  orgId: string;
  /** The session cookie's token. */
  token: string;
}

async function member(orgName: string): Promise<Member> {
  const now = new Date();
  const userId = crypto.randomUUID();
  const orgId = crypto.randomUUID();
  await db.batch([
    db.insert(users).values({
      id: userId,
      name: "Beatriz Carvalho",
      email: `live.${userId}@teste.alicerce.app`,
      passwordHash: "x",
      emailVerifiedAt: now,
      termsAcceptedAt: now,
      createdAt: now,
      updatedAt: now,
    }),
    db
      .insert(organizations)
      .values({ id: orgId, name: orgName, segment: "corretor", city: "Campinas", uf: "SP", createdAt: now, updatedAt: now }),
    db.insert(memberships).values({ orgId, userId, role: "owner", createdAt: now, updatedAt: now }),
  ]);
  const { token } = await createSession(db, userId, {});
  return { userId, orgId, token };
}

const call = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`${BASE}${path}`, init));

function upgrade(headers: Record<string, string>, query = ""): Promise<Response> {
  return call(`/api/live${query}`, { headers: { upgrade: "websocket", ...headers } });
}

const cookieOf = (m: Member) => ({ cookie: `alicerce_session=${m.token}`, origin: BASE });

/** A connected socket and everything it has received. */
interface Client {
  ws: WebSocket;
  received: string[];
  next: (match?: (text: string) => boolean) => Promise<string>;
}

const open: WebSocket[] = [];

async function connect(headers: Record<string, string>, query = ""): Promise<Client> {
  const res = await upgrade(headers, query);
  expect(res.status).toBe(101);
  const ws = res.webSocket as WebSocket;
  expect(ws).toBeTruthy();
  const received: string[] = [];
  const waiting: { match: (t: string) => boolean; resolve: (t: string) => void }[] = [];
  ws.accept();
  open.push(ws);
  ws.addEventListener("message", (e) => {
    const text = String(e.data);
    received.push(text);
    for (const w of [...waiting]) {
      if (w.match(text)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(text);
      }
    }
  });
  return {
    ws,
    received,
    next: (match = () => true) =>
      new Promise<string>((resolve, reject) => {
        const seen = received.find(match);
        if (seen) return resolve(seen);
        waiting.push({ match, resolve });
        setTimeout(() => reject(new Error("nothing arrived within 5 s")), 5_000);
      }),
  };
}

const changed = (ids: string[]): LiveEvent => ({ type: "record.changed", resource: "clients", action: "updated", ids });

/** Publishes as a job or request would, and waits until the room has sent it. */
async function publish(orgId: string, event: LiveEvent, userId?: string): Promise<void> {
  const pending: Promise<unknown>[] = [];
  publishLive({ live: bindings.LIVE, waitUntil: (p) => pending.push(p) }, orgId, event, userId ? { userId } : {});
  await Promise.all(pending);
}

let a: Member;
let b: Member;

beforeAll(async () => {
  [a, b] = await Promise.all([member("Carvalho Imóveis"), member("Lopes Corretora")]);
});

afterEach(() => {
  for (const ws of open.splice(0)) ws.close(1000, "fim");
});

describe("live connection (GET /api/live)", () => {
  it("refuses a caller without a session with the API's 401, before any upgrade", async () => {
    const res = await upgrade({ origin: BASE });
    expect(res.status).toBe(401);
    expect(res.webSocket).toBeNull();
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("unauthenticated");
    const ended = await upgrade({ cookie: "alicerce_session=nao-existe", origin: BASE });
    expect(ended.status).toBe(401);
    expect(ended.webSocket).toBeNull();
  });

  it("refuses a cookie session from another site's page (cross-site WebSocket hijacking)", async () => {
    const res = await upgrade({ cookie: `alicerce_session=${a.token}`, origin: "https://outro-site.example" });
    expect(res.status).toBe(403);
    expect(res.webSocket).toBeNull();
  });

  it("answers a plain GET with 426, asking for the upgrade", async () => {
    const res = await call("/api/live", { headers: cookieOf(a) });
    expect(res.status).toBe(426);
  });

  it("delivers an organização's events to its sockets, and to no other organização's", async () => {
    const a1 = await connect(cookieOf(a));
    const a2 = await connect(cookieOf(a));
    const other = await connect(cookieOf(b));
    await publish(a.orgId, changed(["r1"]));
    expect(JSON.parse(await a1.next())).toEqual(changed(["r1"]));
    expect(JSON.parse(await a2.next())).toEqual(changed(["r1"]));
    // B's own event arrives after A's would have: had A's reached B, it would be first.
    await publish(b.orgId, changed(["r2"]));
    expect(JSON.parse(await other.next())).toEqual(changed(["r2"]));
    expect(other.received.map((t) => JSON.parse(t))).toEqual([changed(["r2"])]);
    expect(a1.received).toHaveLength(1);
  });

  it("connects with a bearer token too (API clients), without an Origin", async () => {
    const token = await signAccessToken(config.JWT_PRIVATE_JWK, { sub: a.userId, sid: await digest(a.token) });
    const socket = await connect({ authorization: `Bearer ${token}` });
    await publish(a.orgId, changed(["r3"]));
    expect(JSON.parse(await socket.next())).toEqual(changed(["r3"]));
  });

  it("answers the heartbeat's ping with pong (the room's auto-response)", async () => {
    const socket = await connect(cookieOf(a));
    socket.ws.send(LIVE_PING);
    expect(await socket.next((t) => t === LIVE_PONG)).toBe(LIVE_PONG);
    socket.ws.send("qualquer outra coisa");
    socket.ws.send(LIVE_PING);
    await expect.poll(() => socket.received.filter((t) => t === LIVE_PONG).length).toBe(2);
    expect(socket.received).toEqual([LIVE_PONG, LIVE_PONG]);
  });

  it("tells the organização's pages when a record is saved through the API, and no other organização's", async () => {
    const mine = await connect(cookieOf(a));
    const other = await connect(cookieOf(b));
    const res = await call("/api/clients", {
      method: "POST",
      headers: { ...cookieOf(a), "content-type": "application/json" },
      body: JSON.stringify({ tipo: "pf", nome: "Renata Lopes" }),
    });
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as { data: { id: string } };
    const event = JSON.parse(await mine.next()) as LiveEvent;
    expect(event).toEqual({ type: "record.changed", resource: "clients", action: "created", ids: [data.id] });
    await publish(b.orgId, changed(["marca"]));
    await other.next();
    expect(other.received.map((t) => JSON.parse(t))).toEqual([changed(["marca"])]);
  });

  it("refuses, where it is made, an event outside the schema: an unknown field, an oversized id", () => {
    const ctx = { live: bindings.LIVE, waitUntil: () => {} };
    const leaky = { ...changed(["r4"]), token: "segredo" } as unknown as LiveEvent;
    expect(() => publishLive(ctx, a.orgId, leaky)).toThrow();
    expect(() => publishLive(ctx, a.orgId, changed(["x".repeat(65)]))).toThrow();
    expect(() => publishLive(ctx, a.orgId, changed(["r4"]))).not.toThrow();
  });

  it("repeats to a first connection what the room sent while its page was loading, and nothing more", async () => {
    const d = await member("Duarte Imóveis");
    // A page read its data, then an event went out before its socket connected.
    await publish(d.orgId, changed(["durante-o-carregamento"]));
    await publish(d.orgId, changed(["so-de-beatriz"]), d.userId);
    await publish(d.orgId, changed(["de-outra-pessoa"]), crypto.randomUUID());
    await publish(b.orgId, changed(["de-outra-organizacao"]));
    const late = await connect(cookieOf(d), `?${LIVE_REPLAY_PARAM}=5000`);
    const marker = changed(["depois"]);
    await publish(d.orgId, marker);
    await late.next((t) => t === JSON.stringify(marker));
    // What was meant for another person, or another organização, is never repeated to this one.
    expect(late.received.map((t) => JSON.parse(t))).toEqual([changed(["durante-o-carregamento"]), changed(["so-de-beatriz"]), marker]);
    // A reconnect (no ask), or a malformed ask, hears only what comes next.
    for (const query of ["", `?${LIVE_REPLAY_PARAM}=-1`, `?${LIVE_REPLAY_PARAM}=abc`]) {
      const plain = await connect(cookieOf(d), query);
      const next = changed([`depois-${query.length}`]);
      await publish(d.orgId, next);
      await plain.next((t) => t === JSON.stringify(next));
      expect(plain.received).toEqual([JSON.stringify(next)]);
    }
  });

  it("asks at most the window back: older events are gone", async () => {
    expect(LIVE_TIMING.replayMs).toBeLessThanOrEqual(15_000);
    const c = await member("Prado Negócios");
    await publish(c.orgId, changed(["recente"]));
    const greedy = await connect(cookieOf(c), `?${LIVE_REPLAY_PARAM}=999999`);
    expect(JSON.parse(await greedy.next())).toEqual(changed(["recente"]));
  });

  it("closes a session's sockets when it signs out, and a deactivated member's, while the others keep hearing", async () => {
    const owner = await member("Rocha Imóveis");
    // The same person on another device, and a colleague in the same organização.
    const otherDevice = (await createSession(db, owner.userId, {})).token;
    const colleague = await member("Empresa antiga da colega");
    await db.delete(memberships).where(and(eq(memberships.orgId, colleague.orgId), eq(memberships.userId, colleague.userId)));
    await db
      .insert(memberships)
      .values({ orgId: owner.orgId, userId: colleague.userId, role: "staff", createdAt: new Date(), updatedAt: new Date() });
    const closedWith = (ws: WebSocket) =>
      new Promise<number>((resolve, reject) => {
        ws.addEventListener("close", (e) => resolve(e.code));
        setTimeout(() => reject(new Error("not closed within 5 s")), 5_000);
      });

    const leaving = await connect(cookieOf(owner));
    const staying = await connect({ cookie: `alicerce_session=${otherDevice}`, origin: BASE });
    const staff = await connect({ cookie: `alicerce_session=${colleague.token}`, origin: BASE });
    const leavingClosed = closedWith(leaving.ws);
    const out = await call("/api/auth/logout", { method: "POST", headers: cookieOf(owner) });
    expect(out.status).toBe(200);
    expect(await leavingClosed).toBe(LIVE_ACCESS_ENDED);
    await publish(owner.orgId, changed(["depois-de-sair"]));
    expect(JSON.parse(await staying.next())).toEqual(changed(["depois-de-sair"]));
    expect(JSON.parse(await staff.next())).toEqual(changed(["depois-de-sair"]));
    expect(leaving.received).toEqual([]);
    // The signed-out session cannot connect again.
    expect((await upgrade(cookieOf(owner))).status).toBe(401);

    // The owner (other device) deactivates the colleague: their page is closed at once.
    const [row] = await db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.orgId, owner.orgId), eq(memberships.userId, colleague.userId)));
    const pending: Promise<unknown>[] = [];
    const ctx = {
      db,
      config,
      origin: BASE,
      ip: "127.0.0.1",
      userAgent: "",
      waitUntil: (p: Promise<unknown>) => pending.push(p),
      now: new Date(),
      live: bindings.LIVE,
    } as unknown as ServiceContext;
    const staffClosed = closedWith(staff.ws);
    const proof = { userId: owner.userId, at: new Date(), __recentAuth: true } as RecentAuth;
    await setActive(ctx, { id: owner.orgId, name: "Rocha Imóveis", role: "owner" }, owner.userId, row?.id as string, false, proof);
    await Promise.all(pending);
    expect(await staffClosed).toBe(LIVE_ACCESS_ENDED);
    await publish(owner.orgId, changed(["depois-de-desativar"]));
    expect(JSON.parse(await staying.next((t) => t.includes("depois-de-desativar")))).toEqual(changed(["depois-de-desativar"]));
    expect(staff.received.some((t) => t.includes("depois-de-desativar"))).toBe(false);
  });
});
