import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { properties, propertyInterests } from "../../../db/schema/index.ts";
import { snapshotTables } from "../../support/db-snapshot.ts";
import { getBusinessSettings, updateBusinessSettings } from "../../../worker/services/organization/business-settings.ts";
import { dashboardSummary } from "../../../worker/services/reports/dashboard.ts";
import { kanbanStatements } from "../../../worker/services/real-estate/interests.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { insertProperty } from "./interests-fixtures.ts";
import { actorFor, addMember, api, errorMessage } from "../records.ts";

/**
 * "Corretores veem só os próprios imóveis e interesses" (Configurações do Negócio, ADR 024):
 * off by default (every corretor sees everything); on, a corretor's every door — the records'
 * API, the property's and the interest's own routes, the kanban and the dashboard — reaches only
 * the imóveis they capture or handle and the interesses they handle; another corretor's is "não
 * encontrado" and nothing of it changes. The generic doors are covered cell by cell by the role
 * matrix; this file covers the resources' own routes and the setting itself.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let ownerId: string;
let paula: { userId: string; cookie: string };
let rui: { userId: string; cookie: string };
let clientId: string;
/** Paula's and Rui's imóveis and interesses. */
const mine = { property: "", interest: "" };
const theirs = { property: "", interest: "" };

type Body<T> = { data: T };

async function setRestricted(on: boolean): Promise<void> {
  await updateBusinessSettings(h.ctx("10.9.0.1"), actorFor(owner.orgId, ownerId), {
    estoqueNegativo: false,
    corretorApenasSeus: on,
    fusoHorario: "America/Sao_Paulo",
  });
}

async function propertyOf(user: string, titulo: string, by: "captadorId" | "corretorId"): Promise<string> {
  const id = await insertProperty(h.fresh.db, owner.orgId, { titulo, cidade: "Campinas", bairro: "Cambuí" });
  await h.fresh.db
    .update(properties)
    .set({ [by]: user })
    .where(eq(properties.id, id));
  return id;
}

async function interestOf(user: string): Promise<string> {
  const res = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/property_clients", {
    clienteId: clientId,
    finalidade: "venda",
    locais: "Cambuí, Campinas - SP",
    corretorId: user,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

function snapshot() {
  return snapshotTables(h.fresh.db.$client, new Set(["rate_limits", "__drizzle_migrations", "sessions"]));
}

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Corretores");
  ownerId = (await userId(h, owner.email)) as string;
  paula = await addMember(h, owner.orgId, "professional", "Paula Corretora");
  rui = await addMember(h, owner.orgId, "professional", "Rui Corretor");
  const client = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/clients", { tipo: "pf", nome: "Marina Souza" });
  expect(client.status).toBe(201);
  clientId = client.body.data.id;
  // Paula captured hers; Rui is the corretor of his.
  mine.property = await propertyOf(paula.userId, "Casa da Paula", "captadorId");
  theirs.property = await propertyOf(rui.userId, "Casa do Rui", "corretorId");
  mine.interest = await interestOf(paula.userId);
  theirs.interest = await interestOf(rui.userId);
});

describe("Configurações do Negócio: corretores veem só os próprios", () => {
  it("is off by default: a corretor sees and opens every imóvel and interesse", async () => {
    expect((await getBusinessSettings(h.ctx("10.9.0.2"), actorFor(owner.orgId, ownerId))).corretorApenasSeus).toBe(false);
    expect((await api(h, paula.cookie, "GET", `/api/properties/${theirs.property}`)).status).toBe(200);
    expect((await api(h, paula.cookie, "GET", `/api/property_clients/${theirs.interest}`)).status).toBe(200);
    const list = await api<Body<{ id: string }[]>>(h, paula.cookie, "GET", "/api/properties");
    expect(list.body.data.map((r) => r.id)).toEqual(expect.arrayContaining([mine.property, theirs.property]));
  });

  it("on, applies from the corretor's next request (their session already open): only their own", async () => {
    await setRestricted(true);
    expect((await getBusinessSettings(h.ctx("10.9.0.3"), actorFor(owner.orgId, ownerId))).corretorApenasSeus).toBe(true);
    const other = await api(h, paula.cookie, "GET", `/api/properties/${theirs.property}`);
    expect(other.status).toBe(404);
    expect(errorMessage(other.body)).toBe("Imóvel não encontrado.");
    expect((await api(h, paula.cookie, "GET", `/api/properties/${mine.property}`)).status).toBe(200);
    const list = await api<Body<{ id: string }[]> & { total: number }>(h, paula.cookie, "GET", "/api/properties");
    expect(list.body.data.map((r) => r.id)).toEqual([mine.property]);
    expect(list.body.total).toBe(1);
    // Managers are not corretores: they still see everything.
    const all = await api<{ total: number }>(h, owner.cookie, "GET", "/api/properties");
    expect(all.body.total).toBe(2);
  });

  it("the property's own routes: another corretor's imóvel is not found and does not change", async () => {
    await setRestricted(true);
    expect((await api(h, paula.cookie, "GET", `/api/properties/${mine.property}/dados`)).status).toBe(200);
    const before = await snapshot();
    const tries: [string, string, unknown][] = [
      ["GET", `/api/properties/${theirs.property}/dados`, undefined],
      ["POST", `/api/properties/${theirs.property}/status`, { status: "reservado" }],
      ["PATCH", `/api/properties/${theirs.property}/rascunho`, { titulo: "Mudado" }],
      ["POST", `/api/properties/${theirs.property}/publicar`, undefined],
      ["GET", `/api/property_clients/por-imovel/${theirs.property}/matches`, undefined],
    ];
    for (const [method, path, body] of tries) {
      const res = await api(h, paula.cookie, method as "GET", path, body);
      expect.soft(res.status, `${method} ${path}`).toBe(404);
    }
    const after = await snapshot();
    expect(Object.keys(after.hashes).filter((t) => after.hashes[t] !== before.hashes[t])).toEqual([]);
    expect((await api(h, paula.cookie, "POST", `/api/properties/${mine.property}/status`, { status: "reservado" })).status).toBe(200);
  });

  it("the interest's own routes: another corretor's card does not move, gets no visit, alert or e-mail", async () => {
    await setRestricted(true);
    const before = await snapshot();
    const tries: [string, string, unknown][] = [
      ["POST", `/api/property_clients/${theirs.interest}/move`, { etapa: "contato" }],
      [
        "POST",
        `/api/property_clients/${theirs.interest}/visits`,
        { data: "2026-12-05", inicio: "10:00", fim: "11:00", imovelId: mine.property },
      ],
      ["POST", `/api/property_clients/${theirs.interest}/alerts/seen`, undefined],
      ["POST", `/api/property_clients/${theirs.interest}/email`, { imovelId: mine.property }],
      ["GET", `/api/property_clients/${theirs.interest}/matches`, undefined],
    ];
    for (const [method, path, body] of tries) {
      const res = await api(h, paula.cookie, method as "GET", path, body);
      expect.soft(res.status, `${method} ${path}`).toBe(404);
    }
    const after = await snapshot();
    expect(Object.keys(after.hashes).filter((t) => after.hashes[t] !== before.hashes[t])).toEqual([]);
    expect((await api(h, paula.cookie, "POST", `/api/property_clients/${mine.interest}/move`, { etapa: "contato" })).status).toBe(200);
    const [row] = await h.fresh.db.select().from(propertyInterests).where(eq(propertyInterests.id, mine.interest));
    expect(row?.etapa).toBe("contato");
  });

  it("the kanban's cards and counts, and the dashboard's counts, are the corretor's own", async () => {
    await setRestricted(true);
    const paulaActor = { ...actorFor(owner.orgId, paula.userId, "professional"), ownOnly: true };
    const ctx = h.ctx("10.9.0.4");
    const columns = await ctx.db.batch(kanbanStatements(ctx, paulaActor) as never as [never]);
    const cards = (columns as unknown as { id: string; total: number }[][]).flat();
    expect(cards.map((c) => c.id)).toEqual([mine.interest]);
    expect(cards.every((c) => Number(c.total) === 1)).toBe(true);
    const own = await dashboardSummary(h.fresh.db, owner.orgId, paula.userId, "professional", new Date(), true);
    expect(own.counts.imoveis).toBe(1);
    expect(own.counts.interesses).toBe(1);
    const any = await dashboardSummary(h.fresh.db, owner.orgId, paula.userId, "professional", new Date(), false);
    expect(any.counts.imoveis).toBe(2);
    expect(any.counts.interesses).toBe(2);
  });

  it("a corretor's new imóvel with no captador or corretor named is theirs", async () => {
    await setRestricted(true);
    const draft = await api<Body<{ id: string }>>(h, paula.cookie, "POST", "/api/properties", {
      codigo: "PAULA1",
      finalidade: "venda",
      tipo: "casa",
      titulo: "Captada pela Paula",
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const [row] = await h.fresh.db.select().from(properties).where(eq(properties.id, draft.body.data.id));
    expect(row?.captadorId).toBe(paula.userId);
    expect((await api(h, paula.cookie, "GET", `/api/properties/${draft.body.data.id}`)).status).toBe(200);
    expect((await api(h, rui.cookie, "GET", `/api/properties/${draft.body.data.id}`)).status).toBe(404);
  });

  it("match lists hold only the corretor's own interests and imóveis (the owner's hold both)", async () => {
    await setRestricted(true);
    const hers = await propertyOf(paula.userId, "Apartamento da Paula", "corretorId");
    const his = await propertyOf(rui.userId, "Apartamento do Rui", "captadorId");
    type Matches = Body<{ interestId: string; propertyId: string }[]>;
    const interestsOf = async (cookie: string, property: string) =>
      (await api<Matches>(h, cookie, "GET", `/api/property_clients/por-imovel/${property}/matches`)).body.data.map((m) => m.interestId);
    const propertiesOf = async (cookie: string, interest: string) =>
      (await api<Matches>(h, cookie, "GET", `/api/property_clients/${interest}/matches`)).body.data.map((m) => m.propertyId);
    expect(await interestsOf(owner.cookie, hers)).toEqual(expect.arrayContaining([mine.interest, theirs.interest]));
    expect(await interestsOf(paula.cookie, hers)).toEqual([mine.interest]);
    expect(await propertiesOf(owner.cookie, mine.interest)).toEqual(expect.arrayContaining([hers, his]));
    const own = await propertiesOf(paula.cookie, mine.interest);
    expect(own).toContain(hers);
    expect(own).not.toContain(his);
  });

  it("off again, every corretor sees everything again", async () => {
    await setRestricted(false);
    expect((await api(h, paula.cookie, "GET", `/api/properties/${theirs.property}`)).status).toBe(200);
    expect((await api(h, rui.cookie, "GET", `/api/property_clients/${mine.interest}`)).status).toBe(200);
  });
});
