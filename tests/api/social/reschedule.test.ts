import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as calendarPage from "../../../app/routes/social/content-calendar.tsx";
import * as feedPage from "../../../app/routes/social/feed.tsx";
import { posts, postTargets, socialAccounts } from "../../../db/schema/index.ts";
import type { SocialNetwork } from "../../../shared/enums/social.ts";
import type { PostRow } from "../../../shared/resources/posts.ts";
import { viewDays } from "../../../shared/social/calendar.ts";
import { readCalendar } from "../../../worker/services/social/calendar.ts";
import { readFeed } from "../../../worker/services/social/feed.ts";
import { reschedulePosts } from "../../../worker/services/social/reschedule.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { createOwner, type Harness, userId } from "../harness.ts";
import { createPageHarness } from "../page-harness.ts";
import { actorFor, addMember, api, errorFields, errorMessage } from "../records.ts";

/**
 * Rescheduling (ADR 045): one service moves a post and each network's time in one batch, for
 * those who may schedule only, within the organização, never a post that went out, never into
 * the past, and never a post that moved since the page read it (a conditional change). The feed
 * swaps two posts' times all or nothing; the calendar reads a month in the organização's zone.
 */

type Body<T> = { data: T };
const FORBIDDEN = "Você não tem permissão para esta ação.";
const DAY = 86_400_000;

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let ownerId: string;
let other: Awaited<ReturnType<typeof createOwner>>;
let staff: { userId: string; cookie: string };
let professional: { userId: string; cookie: string };
let admin: { userId: string; cookie: string };
const accounts = {} as Record<SocialNetwork, string>;

async function insertAccount(orgId: string, rede: SocialNetwork, nome: string): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  await h.fresh.db
    .insert(socialAccounts)
    .values({ id, orgId, rede, idExterno: id.slice(0, 12), nome, usuario: "imobteste", criadoEm: now, atualizadoEm: now });
  return id;
}

beforeAll(async () => {
  h = await createPageHarness({ "content-calendar": calendarPage, feed: feedPage });
  owner = await createOwner(h, "Reagenda");
  ownerId = (await userId(h, owner.email)) as string;
  other = await createOwner(h, "Outra Reagenda");
  staff = await addMember(h, owner.orgId, "staff", "Equipe Reagenda");
  professional = await addMember(h, owner.orgId, "professional", "Corretora Reagenda");
  admin = await addMember(h, owner.orgId, "admin", "Admin Reagenda");
  accounts.facebook = await insertAccount(owner.orgId, "facebook", "Imobiliária Reagenda");
  accounts.instagram = await insertAccount(owner.orgId, "instagram", "@reagenda");
});

/** An approved post on the Facebook Page, scheduled `at`: its publication is `agendado`. */
async function scheduled(at: Date, legenda = "Casa com quintal no Butantã #casaavenda"): Promise<PostRow> {
  const created = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/posts", {
    legenda,
    contas: [accounts.facebook],
    midias: [],
    agendadoPara: at.toISOString(),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const approved = await api<Body<PostRow>>(h, owner.cookie, "POST", `/api/posts/${created.body.data.id}/aprovar`);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  return approved.body.data;
}

const reschedule = (cookie: string, id: string, body: Record<string, unknown>) =>
  api<Body<PostRow>>(h, cookie, "POST", `/api/posts/${id}/reagendar`, body);

async function stored(id: string) {
  const [post] = await h.fresh.db.select().from(posts).where(eq(posts.id, id));
  const targets = await h.fresh.db.select().from(postTargets).where(eq(postTargets.postId, id));
  return {
    at: post?.agendadoPara?.getTime() ?? null,
    targets: targets.map((t) => ({ status: t.status, at: t.agendadoPara?.getTime() ?? null })),
  };
}

const future = (days: number, hourUtc = 12) => {
  const d = new Date(Date.now() + days * DAY);
  d.setUTCHours(hourUtc, 0, 0, 0);
  return d;
};

describe("POST /api/posts/:id/reagendar", () => {
  it("moves the post and each network's time in one batch; the status stays agendado", async () => {
    const post = await scheduled(future(3));
    const to = future(5, 15);
    const res = await reschedule(owner.cookie, post.id, { agendadoPara: to.toISOString(), agendadoAntes: post.agendadoPara });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.agendadoPara).toBe(to.toISOString());
    expect(res.body.data.redes.map((t) => t.status)).toEqual(["agendado"]);
    expect(await stored(post.id)).toEqual({ at: to.getTime(), targets: [{ status: "agendado", at: to.getTime() }] });
  });

  it("an admin may move posts; staff and professionals may not (403, nothing changed)", async () => {
    const post = await scheduled(future(4));
    const before = await stored(post.id);
    for (const who of [staff, professional]) {
      const res = await reschedule(who.cookie, post.id, { agendadoPara: future(6).toISOString() });
      expect(res.status).toBe(403);
      expect(errorMessage(res.body)).toBe(FORBIDDEN);
    }
    expect(await stored(post.id)).toEqual(before);
    const byAdmin = await reschedule(admin.cookie, post.id, { agendadoPara: future(6).toISOString() });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
  });

  it("another organização's owner gets 404 and moves nothing", async () => {
    const post = await scheduled(future(4));
    const before = await stored(post.id);
    const res = await reschedule(other.cookie, post.id, { agendadoPara: future(8).toISOString() });
    expect(res.status).toBe(404);
    expect(await stored(post.id)).toEqual(before);
    // Nor through the service with a forged id list mixing both organizações' posts.
    const theirs = actorFor(other.orgId, (await userId(h, other.email)) as string);
    await expect(
      reschedulePosts(h.ctx(), theirs, [{ id: post.id, para: future(9), era: new Date(post.agendadoPara as string) }]),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(await stored(post.id)).toEqual(before);
  });

  it("refuses a time in the past in pt-BR (422) and more than a year ahead", async () => {
    const post = await scheduled(future(2));
    const before = await stored(post.id);
    const past = await reschedule(owner.cookie, post.id, { agendadoPara: new Date(Date.now() - 2 * 3_600_000).toISOString() });
    expect(past.status).toBe(422);
    expect(errorMessage(past.body)).toMatch(
      /^Esse horário já passou \(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\): escolha um dia e horário a partir de agora\.$/,
    );
    const far = await reschedule(owner.cookie, post.id, { agendadoPara: new Date(Date.now() + 400 * DAY).toISOString() });
    expect(far.status).toBe(422);
    expect(errorMessage(far.body)).toBe("Agende para no máximo um ano à frente.");
    expect(await stored(post.id)).toEqual(before);
  });

  it("refuses (409) a post that moved since the caller read it, saying where it is now", async () => {
    const post = await scheduled(future(3));
    const moved = future(4);
    expect((await reschedule(owner.cookie, post.id, { agendadoPara: moved.toISOString() })).status).toBe(200);
    const stale = await reschedule(owner.cookie, post.id, { agendadoPara: future(7).toISOString(), agendadoAntes: post.agendadoPara });
    expect(stale.status).toBe(409);
    expect(errorMessage(stale.body)).toMatch(
      /^Este post mudou enquanto você o movia: agora está agendado para \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\. Confira e tente de novo\.$/,
    );
    expect((await stored(post.id)).at).toBe(moved.getTime());
  });

  it("never moves a post that went out or is going out on a network (409)", async () => {
    for (const status of ["publicando", "publicado"] as const) {
      const post = await scheduled(future(2));
      await h.fresh.db.update(postTargets).set({ status }).where(eq(postTargets.postId, post.id));
      const before = await stored(post.id);
      const res = await reschedule(owner.cookie, post.id, { agendadoPara: future(5).toISOString(), agendadoAntes: post.agendadoPara });
      expect(res.status).toBe(409);
      expect(errorMessage(res.body)).toBe("Este post já saiu (ou está saindo) em uma rede: o horário não muda mais.");
      expect(await stored(post.id)).toEqual(before);
    }
  });

  it("answers bad bodies in pt-BR without touching anything", async () => {
    const post = await scheduled(future(2));
    const before = await stored(post.id);
    const res = await reschedule(owner.cookie, post.id, { agendadoPara: "amanhã cedo" });
    expect(res.status).toBe(400);
    expect(errorMessage(res.body)).toBe("Dados inválidos. Confira os campos destacados.");
    expect(errorFields(res.body).agendadoPara).toContain("Informe a data e hora");
    expect(await stored(post.id)).toEqual(before);
  });
});

describe("the feed's reorder: two posts swap their times, both or neither", () => {
  it("swaps in one batch", async () => {
    const [a, b] = [await scheduled(future(3)), await scheduled(future(6))];
    const actor = { ...actorFor(owner.orgId, ownerId), timeZone: "America/Sao_Paulo" };
    const ta = new Date(a.agendadoPara as string);
    const tb = new Date(b.agendadoPara as string);
    await reschedulePosts(h.ctx(), actor, [
      { id: a.id, para: tb, era: ta },
      { id: b.id, para: ta, era: tb },
    ]);
    expect((await stored(a.id)).targets[0]?.at).toBe(tb.getTime());
    expect((await stored(b.id)).targets[0]?.at).toBe(ta.getTime());
  });

  it("moves neither when one of them changed meanwhile", async () => {
    const [a, b] = [await scheduled(future(3)), await scheduled(future(6))];
    const actor = actorFor(owner.orgId, ownerId);
    const ta = new Date(a.agendadoPara as string);
    const tb = new Date(b.agendadoPara as string);
    await h.fresh.db
      .update(posts)
      .set({ agendadoPara: future(9) })
      .where(eq(posts.id, b.id));
    const before = [await stored(a.id), await stored(b.id)];
    const error = await reschedulePosts(h.ctx(), actor, [
      { id: a.id, para: tb, era: ta },
      { id: b.id, para: ta, era: tb },
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(409);
    expect([await stored(a.id), await stored(b.id)]).toEqual(before);
  });
});

describe("the registry's own update of a post uses the same time statement", () => {
  it("a PATCH with a new time moves each network's time too", async () => {
    const post = await scheduled(future(3));
    const to = future(10, 18);
    const res = await api(h, owner.cookie, "PATCH", `/api/posts/${post.id}`, {
      legenda: "Casa com quintal no Butantã #casaavenda",
      contas: [accounts.facebook],
      midias: [],
      agendadoPara: to.toISOString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stored(post.id)).toEqual({ at: to.getTime(), targets: [{ status: "agendado", at: to.getTime() }] });
  });
});

describe("the calendar and the feed read in one round trip", () => {
  it("puts a post at 23:30 in São Paulo on that day, only for its organização and the reader's reach", async () => {
    // 23:30 −03 on a day 20 days ahead = 02:30 UTC on the next day.
    const day = new Date(Date.now() + 20 * DAY).toISOString().slice(0, 10);
    const at = new Date(`${day}T23:30:00-03:00`);
    const post = await scheduled(at, "Post das 23h30 #noite");
    const actor = { ...actorFor(owner.orgId, ownerId), timeZone: "America/Sao_Paulo" };
    const days = viewDays({ vista: "mes", data: day }, "America/Sao_Paulo");
    const read = await readCalendar(h.ctx(), actor, days, 50, { rede: null, conta: null, status: null });
    expect(read.days.find((d) => d.day === day)?.posts.map((p) => p.id)).toContain(post.id);
    const next = new Date(Date.parse(`${day}T12:00:00Z`) + DAY).toISOString().slice(0, 10);
    expect(read.days.find((d) => d.day === next)?.posts.map((p) => p.id) ?? []).not.toContain(post.id);
    expect(read.accounts.map((a) => a.id).sort()).toEqual([accounts.facebook, accounts.instagram].sort());
    // Filters: a status no network has hides it; the network it has shows it.
    const none = await readCalendar(h.ctx(), actor, days, 50, { rede: null, conta: null, status: "falhou" });
    expect(none.days.flatMap((d) => d.posts).map((p) => p.id)).not.toContain(post.id);
    const fb = await readCalendar(h.ctx(), actor, days, 50, { rede: "facebook", conta: accounts.facebook, status: "agendado" });
    expect(fb.days.flatMap((d) => d.posts).map((p) => p.id)).toContain(post.id);
    // Another organização sees nothing of it; a professional sees only their own posts.
    const theirs = await readCalendar(h.ctx(), actorFor(other.orgId, (await userId(h, other.email)) as string), days, 50, {
      rede: null,
      conta: null,
      status: null,
    });
    expect(theirs.days.flatMap((d) => d.posts)).toEqual([]);
    expect(theirs.accounts).toEqual([]);
    const corretora = await readCalendar(h.ctx(), actorFor(owner.orgId, professional.userId, "professional"), days, 50, {
      rede: null,
      conta: null,
      status: null,
    });
    expect(corretora.days.flatMap((d) => d.posts)).toEqual([]);
  });

  it("serves /content-calendar and /feed with one data read besides the session", async () => {
    const post = await scheduled(future(2), "Post do calendário #teste");
    await h.fresh.db
      .update(postTargets)
      .set({ rede: "instagram", contaId: accounts.instagram })
      .where(inArray(postTargets.postId, [post.id]));
    for (const path of [
      "/content-calendar.data",
      `/content-calendar.data?vista=semana&data=${post.agendadoPara?.slice(0, 10)}`,
      "/feed.data",
    ]) {
      const res = await h.request(path, { cookie: owner.cookie });
      expect(res.status, path).toBe(200);
      expect(Number(res.headers.get("x-db-round-trips")), path).toBeLessThanOrEqual(2);
      if (!path.includes("semana") || path.startsWith("/feed")) continue;
      expect(await res.text(), path).toContain("Post do calendário");
    }
    const feed = await readFeed(h.ctx(), actorFor(owner.orgId, ownerId), null);
    expect(feed.accountId).toBe(accounts.instagram);
    expect(feed.tiles.map((t) => t.id)).toContain(post.id);
  });

  it("the page's action refuses staff in pt-BR and moves for the owner", async () => {
    const post = await scheduled(future(3));
    const target = new Date(Date.parse(post.agendadoPara as string) + 2 * DAY).toISOString().slice(0, 10);
    const form = (cookie: string) =>
      h.request("/content-calendar.data", {
        method: "POST",
        cookie,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "reagendar", id: post.id, dia: target, era: post.agendadoPara as string }).toString(),
      });
    const refused = await form(staff.cookie);
    expect(await refused.text()).toContain(FORBIDDEN);
    expect((await stored(post.id)).at).toBe(Date.parse(post.agendadoPara as string));
    const moved = await form(owner.cookie);
    expect(moved.status).toBe(200);
    // Same time of day, two days later (no DST in Brazil today: 48 hours).
    expect((await stored(post.id)).at).toBe(Date.parse(post.agendadoPara as string) + 2 * DAY);
  });
});
