/**
 * /analytics (issue 23, ADR 085) against libSQL with a hand-seeded organização: every number is
 * computed by hand below. São Paulo midnights cut the period (a sale at 23:59:59.999 of the last
 * day counts, one at 00:00 of the next does not); cancelled and deleted rows never count; another
 * organização's rows never appear; the office sees the social half only; the professional role
 * is refused. The page reads everything in one round trip besides the session.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as analyticsRoute from "../../../app/routes/reports/analytics.tsx";
import { clients, posts, postTargets, propertyInterests, sales, socialAccountPosts } from "../../../db/schema/index.ts";
import type { Database } from "../../../db/client.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { analyticsOf } from "../../../worker/services/reports/analytics.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { createOwner, type Harness, userId } from "../harness.ts";
import { createPageHarness } from "../page-harness.ts";
import { actorFor, addMember } from "../records.ts";
import { insertAccount } from "../social/social-fixtures.ts";

const PERIOD = { de: "2026-11-01", ate: "2026-11-30" };
/** São Paulo is UTC−3 all of 2026 (no daylight time). */
const sp = (local: string) => new Date(`${local}-03:00`);

let h: Harness;
let orgA: string;
let orgB: string;
let owner: ReturnType<typeof actorFor>;
let ownerCookie: string;
let staffCookie: string;
let proCookie: string;
let proId: string;
let staffId: string;

let saleNumber = 0;
async function sale(
  db: Database,
  orgId: string,
  f: { total: number; at: Date; clienteId?: string | null; status?: "concluida" | "cancelada"; deleted?: boolean },
) {
  saleNumber++;
  await db.insert(sales).values({
    orgId,
    numero: saleNumber,
    ordem: "",
    clienteId: f.clienteId ?? null,
    status: f.status ?? "concluida",
    subtotalCentavos: f.total,
    totalCentavos: f.total,
    vendidaEm: f.at,
    ...(f.status === "cancelada" ? { canceladaEm: f.at } : {}),
    ...(f.deleted ? { excluidoEm: f.at } : {}),
  });
}

async function client(
  db: Database,
  orgId: string,
  nome: string,
  origem: (typeof clients.$inferInsert)["origem"],
  criadoEm: Date,
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(clients).values({ id, orgId, tipo: "pf", nome, ordem: nome.toLowerCase(), origem, criadoEm, atualizadoEm: criadoEm });
  return id;
}

async function interest(
  db: Database,
  orgId: string,
  clienteId: string,
  f: Pick<typeof propertyInterests.$inferInsert, "origem" | "etapa" | "criadoEm"> & { deleted?: boolean },
) {
  await db.insert(propertyInterests).values({
    orgId,
    clienteId,
    ordem: "x",
    origem: f.origem,
    etapa: f.etapa,
    criadoEm: f.criadoEm,
    atualizadoEm: f.criadoEm,
    ...(f.deleted ? { excluidoEm: f.criadoEm } : {}),
  });
}

async function post(db: Database, orgId: string, legenda: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(posts).values({ id, orgId, legenda, ordem: legenda.toLowerCase().slice(0, 40) });
  return id;
}

type Metrics = {
  alcance: number | null;
  curtidas: number | null;
  comentarios: number | null;
  compartilhamentos: number | null;
  salvamentos: number | null;
};

async function target(
  db: Database,
  orgId: string,
  f: { postId: string; contaId: string; rede: "facebook" | "instagram"; at: Date; status?: "publicado" | "falhou" } & Metrics,
) {
  const { postId, contaId, rede, at, status, ...metrics } = f;
  await db.insert(postTargets).values({
    orgId,
    postId,
    contaId,
    rede,
    status: status ?? "publicado",
    publicadoEm: at,
    ...metrics,
    metricasEm: at,
    criadoEm: at,
    atualizadoEm: at,
  });
}

beforeAll(async () => {
  h = await createPageHarness({ analytics: analyticsRoute });
  const db = h.fresh.db;
  const config = readConfig(h.env);
  const a = await createOwner(h, "Analytics A");
  const b = await createOwner(h, "Analytics B");
  orgA = a.orgId;
  orgB = b.orgId;
  ownerCookie = a.cookie;
  owner = actorFor(orgA, (await userId(h, a.email)) as string);
  const staff = await addMember(h, orgA, "staff");
  staffCookie = staff.cookie;
  staffId = staff.userId;
  const pro = await addMember(h, orgA, "professional");
  proCookie = pro.cookie;
  proId = pro.userId;

  // Clients: four new in November (two from Instagram, one referral, one without an origin); one from October.
  const c1 = await client(db, orgA, "Carla", "instagram", sp("2026-11-02T10:00:00"));
  const c2 = await client(db, orgA, "Bruno", "indicacao", sp("2026-11-03T10:00:00"));
  const c3 = await client(db, orgA, "Dora", "instagram", sp("2026-11-04T10:00:00"));
  await client(db, orgA, "Eva", null, sp("2026-11-20T10:00:00"));
  await client(db, orgA, "Fábio", "indicacao", sp("2026-10-15T10:00:00"));
  const cB = await client(db, orgB, "Outra", "portal", sp("2026-11-05T10:00:00"));

  // Sales (centavos). In: 10000 + 20000 + 30000 + 5000 = 65000 over 4 → ticket 16250; Carla bought twice, Bruno once.
  await sale(db, orgA, { total: 10_000, at: new Date("2026-11-01T03:00:00.000Z"), clienteId: c1 }); // 01/11 00:00 in São Paulo
  await sale(db, orgA, { total: 20_000, at: sp("2026-11-15T12:00:00"), clienteId: c1 });
  await sale(db, orgA, { total: 30_000, at: new Date("2026-12-01T02:59:59.999Z"), clienteId: c2 }); // 30/11 23:59:59.999
  await sale(db, orgA, { total: 5_000, at: sp("2026-11-10T09:00:00") }); // no client
  // Out: cancelled, deleted, the last instant of October and the first of December in São Paulo.
  await sale(db, orgA, { total: 99_900, at: sp("2026-11-12T10:00:00"), clienteId: c3, status: "cancelada" });
  await sale(db, orgA, { total: 88_800, at: sp("2026-11-13T10:00:00"), clienteId: c3, deleted: true });
  await sale(db, orgA, { total: 40_000, at: new Date("2026-11-01T02:59:59.999Z"), clienteId: c2 });
  await sale(db, orgA, { total: 77_700, at: new Date("2026-12-01T03:00:00.000Z"), clienteId: c3 });
  await sale(db, orgB, { total: 123_400, at: sp("2026-11-10T10:00:00"), clienteId: cB });

  // Leads: site 3 (1 fechado, 1 perdido, 1 novo), portal 1 fechado → conversion 2 ÷ 3; October's and the deleted one are out.
  await interest(db, orgA, c1, { origem: "site", etapa: "fechado", criadoEm: sp("2026-11-05T10:00:00") });
  await interest(db, orgA, c2, { origem: "site", etapa: "perdido", criadoEm: sp("2026-11-06T10:00:00") });
  await interest(db, orgA, c3, { origem: "site", etapa: "novo", criadoEm: sp("2026-11-30T23:59:00") });
  await interest(db, orgA, c3, { origem: "portal", etapa: "fechado", criadoEm: sp("2026-11-07T10:00:00") });
  await interest(db, orgA, c1, { origem: "whatsapp", etapa: "perdido", criadoEm: sp("2026-10-31T23:30:00") });
  await interest(db, orgA, c2, { origem: "portal", etapa: "proposta", criadoEm: sp("2026-11-08T10:00:00"), deleted: true });
  await interest(db, orgB, cB, { origem: "portal", etapa: "fechado", criadoEm: sp("2026-11-08T10:00:00") });

  // Social: one post to both networks on Tuesday 03/11 at 19:10, one of the account's own on 30/11 at 23:30.
  const fb = await insertAccount(db, config, orgA, { rede: "facebook" });
  const ig = await insertAccount(db, config, orgA, { rede: "instagram" });
  const p1 = await post(db, orgA, "Casa com quintal no Jardim Botânico");
  await target(db, orgA, {
    postId: p1,
    contaId: fb,
    rede: "facebook",
    at: sp("2026-11-03T19:10:00"),
    alcance: 1000,
    curtidas: 50,
    comentarios: 10,
    compartilhamentos: 5,
    salvamentos: null,
  });
  await target(db, orgA, {
    postId: p1,
    contaId: ig,
    rede: "instagram",
    at: sp("2026-11-03T19:10:00"),
    alcance: 2000,
    curtidas: 100,
    comentarios: 20,
    compartilhamentos: 10,
    salvamentos: 30,
  });
  await db.insert(socialAccountPosts).values({
    orgId: orgA,
    contaId: ig,
    rede: "instagram",
    idExterno: "ig-own-1",
    legenda: "Bastidores da equipe",
    publicadoEm: sp("2026-11-30T23:30:00"),
    alcance: 500,
    curtidas: 20,
    comentarios: 5,
    compartilhamentos: 0,
    salvamentos: 5,
    metricasEm: sp("2026-12-01T06:00:00"),
    criadoEm: sp("2026-12-01T06:00:00"),
  });
  // Out of the period (Saturday 31/10 23:59, still in the best-time grid) and a failed one.
  const p2 = await post(db, orgA, "Apartamento de outubro");
  await target(db, orgA, {
    postId: p2,
    contaId: fb,
    rede: "facebook",
    at: sp("2026-10-31T23:59:00"),
    alcance: 100,
    curtidas: 10,
    comentarios: 0,
    compartilhamentos: 0,
    salvamentos: null,
  });
  const p3 = await post(db, orgA, "Post que falhou");
  await target(db, orgA, {
    postId: p3,
    contaId: ig,
    rede: "instagram",
    at: sp("2026-11-20T10:00:00"),
    status: "falhou",
    alcance: 9999,
    curtidas: 9999,
    comentarios: 0,
    compartilhamentos: 0,
    salvamentos: 0,
  });
  // Another organização's post in the period.
  const fbB = await insertAccount(db, config, orgB, { rede: "facebook" });
  const pB = await post(db, orgB, "Post da outra imobiliária");
  await target(db, orgB, {
    postId: pB,
    contaId: fbB,
    rede: "facebook",
    at: sp("2026-11-10T10:00:00"),
    alcance: 7777,
    curtidas: 77,
    comentarios: 7,
    compartilhamentos: 7,
    salvamentos: null,
  });
});

describe("the business numbers (hand-computed)", () => {
  it("average ticket, sales by day and returning clients: São Paulo's midnights, no cancelled, deleted or other org's sale", async () => {
    const r = await analyticsOf(h.fresh.db, owner, PERIOD);
    expect(r.plan.granularity).toBe("dia");
    expect(r.plan.buckets).toHaveLength(30);
    expect(r.business?.sales).toEqual({ count: 4, total: 65_000, withoutClient: 1 });
    expect(r.business?.clients).toEqual({ once: 1, returning: 1 });
    const days = r.business?.salesSeries ?? [];
    expect(days[0]).toEqual({ count: 1, total: 10_000 });
    expect(days[9]).toEqual({ count: 1, total: 5_000 });
    expect(days[14]).toEqual({ count: 1, total: 20_000 });
    expect(days[29]).toEqual({ count: 1, total: 30_000 });
    expect(days.reduce((t, d) => t + d.count, 0)).toBe(4);
  });

  it("leads by origin with their conversion, and new clients by origin", async () => {
    const r = await analyticsOf(h.fresh.db, owner, PERIOD);
    expect(r.business?.leads).toEqual([
      { origem: "site", total: 3, fechados: 1, perdidos: 1 },
      { origem: "portal", total: 1, fechados: 1, perdidos: 0 },
    ]);
    expect(r.business?.newClients).toEqual([
      { origem: "instagram", total: 2 },
      { origem: "indicacao", total: 1 },
      { origem: null, total: 1 },
    ]);
  });

  it("a one-day period ends at that day's São Paulo midnight", async () => {
    const r = await analyticsOf(h.fresh.db, owner, { de: "2026-11-30", ate: "2026-11-30" });
    expect(r.business?.sales).toEqual({ count: 1, total: 30_000, withoutClient: 0 });
    const oct = await analyticsOf(h.fresh.db, owner, { de: "2026-10-31", ate: "2026-10-31" });
    expect(oct.business?.sales).toEqual({ count: 1, total: 40_000, withoutClient: 0 });
  });
});

describe("the social numbers (hand-computed)", () => {
  it("per post and per day: our publications and the account's own, published only, in the period", async () => {
    const r = await analyticsOf(h.fresh.db, owner, PERIOD);
    const s = r.social;
    // Newest first: the account's own post of 30/11, then the two publications of 03/11.
    expect(s?.posts[0]).toMatchObject({ legenda: "Bastidores da equipe", rede: "instagram", alcance: 500 });
    expect(
      s?.posts
        .slice(1)
        .map((p) => [p.legenda, p.rede, p.alcance])
        .sort(),
    ).toEqual([
      ["Casa com quintal no Jardim Botânico", "facebook", 1000],
      ["Casa com quintal no Jardim Botânico", "instagram", 2000],
    ]);
    expect(s?.posts[0]?.postId).toBeNull();
    expect(s?.series[2]).toEqual({ posts: 2, alcance: 3000, curtidas: 150, comentarios: 30, compartilhamentos: 15, salvamentos: 30 });
    expect(s?.series[29]).toEqual({ posts: 1, alcance: 500, curtidas: 20, comentarios: 5, compartilhamentos: 0, salvamentos: 5 });
    expect(s?.series.reduce((t, d) => t + d.posts, 0)).toBe(3);
  });

  it("the best-time grid reads 90 days back, by the São Paulo weekday and hour; no recommendation under 10 posts", async () => {
    const r = await analyticsOf(h.fresh.db, owner, PERIOD);
    expect(r.gridFrom).toBe("2026-09-02");
    const best = r.social?.best;
    expect(best?.posts).toBe(4);
    expect(best?.best).toBeNull();
    expect(best?.missing).toBe(6);
    // Tuesday 19h: the Facebook (65 ÷ 1000) and Instagram (160 ÷ 2000) publications' mean rate.
    expect(best?.grid[2]?.[19]).toEqual({ posts: 2, rate: (0.065 + 0.08) / 2 });
    // 31/10 23:59 in São Paulo is Saturday 23h (Sunday 02:59 in UTC).
    expect(best?.grid[6]?.[23]).toEqual({ posts: 1, rate: 0.1 });
    expect(best?.grid[1]?.[23]).toEqual({ posts: 1, rate: 0.06 });
    expect(best?.hours).toEqual([19, 23]);
  });
});

describe("who sees what", () => {
  it("the office sees the social half only; the professional role is refused", async () => {
    const staff = await analyticsOf(h.fresh.db, actorFor(orgA, staffId, "staff"), PERIOD);
    expect(staff.social?.posts).toHaveLength(3);
    expect(staff.business).toBeNull();
    await expect(analyticsOf(h.fresh.db, actorFor(orgA, proId, "professional"), PERIOD)).rejects.toMatchObject({ status: 403 });
  });

  it("another organização sees only its own rows", async () => {
    const b = await analyticsOf(h.fresh.db, actorFor(orgB, "x"), PERIOD);
    expect(b.business?.sales).toEqual({ count: 1, total: 123_400, withoutClient: 0 });
    expect(b.business?.leads).toEqual([{ origem: "portal", total: 1, fechados: 1, perdidos: 0 }]);
    expect(b.social?.posts.map((p) => p.legenda)).toEqual(["Post da outra imobiliária"]);
  });

  it("refuses a malformed or reversed period in pt-BR", async () => {
    await expect(analyticsOf(h.fresh.db, owner, { de: "2026-11-30", ate: "2026-11-01" })).rejects.toThrow(DomainError);
    await expect(analyticsOf(h.fresh.db, owner, { de: "2026-13-01", ate: "2026-11-01" })).rejects.toThrow("Data inicial inválida");
  });
});

describe("GET /analytics", () => {
  const page = (cookie: string, search = "") => h.request(`/analytics.data${search}`, { cookie });

  it("reads the page in one round trip besides the session, the period from the URL", async () => {
    const res = await page(ownerCookie, "?de=2026-11-01&ate=2026-11-30");
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-db-round-trips"))).toBeLessThanOrEqual(2);
    const text = await res.text();
    for (const expected of ["Casa com quintal no Jardim Botânico", "Bastidores da equipe", "Cadastro manual", "Site (página do imóvel)"]) {
      if (expected === "Cadastro manual") expect(text).not.toContain(expected);
      else expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain("Post da outra imobiliária");
    expect(text).not.toContain("Post que falhou");
  });

  it("a preset and a bad period (which falls back to the last 30 days, saying why)", async () => {
    expect((await page(ownerCookie, "?periodo=90d")).status).toBe(200);
    const bad = await page(ownerCookie, "?de=2026-11-30&ate=2026-11-01");
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain("A data final vem antes da inicial.");
  });

  it("staff opens it without the business half; the professional role gets 403", async () => {
    const staff = await page(staffCookie, "?de=2026-11-01&ate=2026-11-30");
    expect(staff.status).toBe(200);
    const text = await staff.text();
    expect(text).toContain("Bastidores da equipe");
    expect(text).not.toContain("Site (página do imóvel)");
    expect((await page(proCookie, "?de=2026-11-01&ate=2026-11-30")).status).toBe(403);
  });
});
