import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { matchAlerts, properties, propertyInterestPlaces, propertyVisits } from "../../../db/schema/index.ts";
import type { InteresseRow } from "../../../shared/resources/interesses.ts";
import type { InterestMatch, PropertyMatch } from "../../../worker/services/real-estate/matching.ts";
import { dashboardSummary } from "../../../worker/services/reports/dashboard.ts";
import { createHarness, createOwner, type Harness, lastEmail, userId } from "../harness.ts";
import { insertProperty } from "./interests-fixtures.ts";
import { addMember, api, errorFields } from "../records.ts";

/**
 * Interesses em Imóveis through the API: validation in pt-BR (a lost interest needs its reason),
 * places kept in sync with `locais`, matching both ways with reasons and the price tolerance,
 * the kanban's moves, visits in São Paulo time, and nothing of another organização.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let other: Awaited<ReturnType<typeof createOwner>>;
let clientId: string;

type Body<T> = { data: T };

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Imobiliária");
  other = await createOwner(h, "Concorrente");
  const client = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/clients", {
    tipo: "pf",
    nome: "Marina Souza",
    email: "marina@exemplo.com.br",
    telefones: [{ numero: "(11) 98765-4321", whatsapp: true }],
  });
  expect(client.status, JSON.stringify(client.body)).toBe(201);
  clientId = client.body.data.id;
});

async function interest(body: Record<string, unknown>, cookie = owner.cookie): Promise<string> {
  const res = await api<Body<{ id: string }>>(h, cookie, "POST", "/api/property_clients", { clienteId: clientId, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

/** An alert of the owner's organização written straight to its table (as the triggers and hooks would). */
async function insertAlert(
  propertyId: string,
  interestId: string,
  a: { motivo: "novo_imovel" | "baixa_preco"; pontuacao: number; criadoEm: Date; vistoEm?: Date },
) {
  await h.fresh.db.insert(matchAlerts).values({ id: crypto.randomUUID(), orgId: owner.orgId, propertyId, interestId, ...a });
}

async function placesOf(id: string) {
  const rows = await h.fresh.db.select().from(propertyInterestPlaces).where(eq(propertyInterestPlaces.interestId, id));
  return rows.map((r) => `${r.cidadeChave}|${r.bairroChave}`).sort();
}

describe("interesses: validation and places", () => {
  it("refuses a lost interest without a reason and a profile without finalidade, in pt-BR; nothing saved", async () => {
    const lost = await api(h, owner.cookie, "POST", "/api/property_clients", {
      clienteId: clientId,
      finalidade: "venda",
      etapa: "perdido",
    });
    expect(lost.status).toBe(400);
    expect(errorFields(lost.body).motivoPerda).toBe("Informe o motivo da perda.");
    const noPurpose = await api(h, owner.cookie, "POST", "/api/property_clients", { clienteId: clientId });
    expect(noPurpose.status).toBe(400);
    expect(errorFields(noPurpose.body).finalidade).toContain("finalidade");
    const badUf = await api(h, owner.cookie, "POST", "/api/property_clients", {
      clienteId: clientId,
      finalidade: "venda",
      locais: "Pinheiros, São Paulo - XX",
    });
    expect(badUf.status).toBe(400);
    const list = await api<Body<unknown[]>>(h, owner.cookie, "GET", "/api/property_clients");
    expect(list.body.data).toHaveLength(0);
  });

  it("mirrors locais into property_interest_places on create, edit and delete", async () => {
    const id = await interest({ finalidade: "venda", locais: "Pinheiros, São Paulo - SP\nCampinas/SP\npinheiros, sao paulo" });
    expect(await placesOf(id)).toEqual(["campinas|", "sao paulo|pinheiros"]);
    const row = (await api<Body<InteresseRow>>(h, owner.cookie, "GET", `/api/property_clients/${id}`)).body.data;
    expect(row.clienteNome).toBe("Marina Souza");
    expect(row.locais.map((l) => l.cidade)).toEqual(["São Paulo", "Campinas"]);
    const edit = await api(h, owner.cookie, "PATCH", `/api/property_clients/${id}`, {
      clienteId: clientId,
      finalidade: "venda",
      locais: [{ bairro: "Moema", cidade: "São Paulo", uf: "SP" }],
    });
    expect(edit.status).toBe(200);
    expect(await placesOf(id)).toEqual(["sao paulo|moema"]);
    await api(h, owner.cookie, "DELETE", `/api/property_clients/${id}`);
    expect(await placesOf(id)).toEqual([]);
    await api(h, owner.cookie, "POST", `/api/property_clients/${id}/restore`);
    expect(await placesOf(id)).toEqual(["sao paulo|moema"]);
    await api(h, owner.cookie, "DELETE", `/api/property_clients/${id}`);
  });

  it("refuses a broker from another organização and a property of another organização", async () => {
    const stranger = await addMember(h, other.orgId, "professional", "Corretor de fora");
    const res = await api(h, owner.cookie, "POST", "/api/property_clients", {
      clienteId: clientId,
      finalidade: "venda",
      corretorId: stranger.userId,
    });
    expect(res.status).toBe(422);
    expect(errorFields(res.body).corretorId).toContain("Corretor não encontrado");
    const theirs = await insertProperty(h.fresh.db, other.orgId);
    const prop = await api(h, owner.cookie, "POST", "/api/property_clients", { clienteId: clientId, imovelId: theirs });
    expect(prop.status).toBe(422);
    expect(errorFields(prop.body).imovelId).toContain("Imóvel não encontrado");
  });
});

describe("interesses: matching both ways", () => {
  let wanted: string;
  let over: string;
  let tooExpensive: string;
  let rental: string;
  let profile: string;

  beforeAll(async () => {
    wanted = await insertProperty(h.fresh.db, owner.orgId, {
      titulo: "Apto Pinheiros",
      preco: 78_000_000,
      quartos: 3,
      caracteristicas: ["piscina", "portaria_24h"],
    });
    // R$ 20 mil above an R$ 800 mil ceiling: inside the 10% band, with a penalty.
    over = await insertProperty(h.fresh.db, owner.orgId, {
      titulo: "Apto caro",
      preco: 82_000_000,
      quartos: 3,
      caracteristicas: ["piscina"],
    });
    tooExpensive = await insertProperty(h.fresh.db, owner.orgId, { titulo: "Apto muito caro", preco: 95_000_000 });
    rental = await insertProperty(h.fresh.db, owner.orgId, { titulo: "Para alugar", finalidade: "locacao", preco: 500_000 });
    await insertProperty(h.fresh.db, owner.orgId, { titulo: "Outro bairro", bairro: "Moema" });
    await insertProperty(h.fresh.db, owner.orgId, { titulo: "Casa", tipo: "casa" });
    await insertProperty(h.fresh.db, owner.orgId, { titulo: "Poucos quartos", quartos: 1 });
    await insertProperty(h.fresh.db, owner.orgId, { titulo: "Reservado", status: "reservado" });
    profile = await interest({
      finalidade: "venda",
      tipos: ["Apartamento", "cobertura"],
      locais: [{ bairro: "Pinheiros", cidade: "São Paulo", uf: "SP" }],
      precoMaxCentavos: 80_000_000,
      quartosMin: 2,
      caracteristicas: ["piscina", "Portaria 24h"],
      temperatura: "quente",
    });
  });

  it("an interest lists the available properties that fit, best first, with reasons in pt-BR", async () => {
    const res = await api<Body<PropertyMatch[]>>(h, owner.cookie, "GET", `/api/property_clients/${profile}/matches`);
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBeLessThanOrEqual(2);
    const ids = res.body.data.map((m) => m.propertyId);
    expect(ids).toEqual([wanted, over]);
    const [best, second] = res.body.data as [PropertyMatch, PropertyMatch];
    expect(best.score).toBe(100);
    expect(best.reasons).toEqual(["bairro ✓", "Apartamento ✓", "preço ✓", "3 quartos ✓", "Piscina ✓", "Portaria 24h ✓"]);
    expect(second.reasons).toContain("R$ 20 mil acima do teto");
    expect(second.reasons).toContain("sem portaria 24h");
    expect(second.score).toBeLessThan(best.score);
    expect(ids).not.toContain(tooExpensive);
  });

  it("a property lists the open interests it fits, with the client to send it to", async () => {
    const res = await api<Body<InterestMatch[]>>(h, owner.cookie, "GET", `/api/property_clients/por-imovel/${wanted}/matches`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((m) => m.interestId)).toEqual([profile]);
    expect(res.body.data[0]).toMatchObject({ clientName: "Marina Souza", score: 100, clientEmail: "marina@exemplo.com.br" });
    const none = await api<Body<InterestMatch[]>>(h, owner.cookie, "GET", `/api/property_clients/por-imovel/${rental}/matches`);
    expect(none.body.data).toEqual([]);
  });

  it("a whole-city interest matches any bairro; a closed or lost one is not offered", async () => {
    const city = await interest({ finalidade: "venda", locais: "São Paulo - SP", etapa: "novo" });
    const res = await api<Body<InterestMatch[]>>(h, owner.cookie, "GET", `/api/property_clients/por-imovel/${wanted}/matches`);
    const found = res.body.data.find((m) => m.interestId === city);
    expect(found?.reasons[0]).toBe("cidade ✓");
    await api(h, owner.cookie, "POST", `/api/property_clients/${city}/move`, {
      etapa: "perdido",
      motivoPerda: "Comprou com outro corretor",
    });
    const after = await api<Body<InterestMatch[]>>(h, owner.cookie, "GET", `/api/property_clients/por-imovel/${wanted}/matches`);
    expect(after.body.data.map((m) => m.interestId)).not.toContain(city);
  });

  it("shows nothing of another organização", async () => {
    const theirs = await api<Body<PropertyMatch[]>>(h, other.cookie, "GET", `/api/property_clients/${profile}/matches`);
    expect(theirs.body.data ?? []).toEqual([]);
    const byProperty = await api<Body<InterestMatch[]>>(h, other.cookie, "GET", `/api/property_clients/por-imovel/${wanted}/matches`);
    expect(byProperty.body.data ?? []).toEqual([]);
    const read = await api(h, other.cookie, "GET", `/api/property_clients/${profile}`);
    expect(read.status).toBe(404);
    const move = await api(h, other.cookie, "POST", `/api/property_clients/${profile}/move`, { etapa: "contato" });
    expect(move.status).toBe(404);
  });
});

describe("interesses: kanban and visits", () => {
  it("moves cards between columns and within one; perdido asks for the reason", async () => {
    const a = await interest({ finalidade: "venda" });
    const b = await interest({ finalidade: "venda" });
    const c = await interest({ finalidade: "venda" });
    const order = async (stage: string) => {
      const res = await api<Body<InteresseRow[]>>(h, owner.cookie, "GET", `/api/property_clients?f.etapa=${stage}&sort=atualizadoEm`);
      return res.body.data
        .filter((r) => [a, b, c].includes(r.id))
        .sort((x, y) => x.posicaoEtapa - y.posicaoEtapa)
        .map((r) => r.id);
    };
    // New cards go on top.
    expect(await order("novo")).toEqual([c, b, a]);
    expect((await api(h, owner.cookie, "POST", `/api/property_clients/${a}/move`, { etapa: "novo", antesDe: c })).status).toBe(200);
    expect(await order("novo")).toEqual([a, c, b]);
    await api(h, owner.cookie, "POST", `/api/property_clients/${b}/move`, { etapa: "contato" });
    await api(h, owner.cookie, "POST", `/api/property_clients/${c}/move`, { etapa: "contato", antesDe: b });
    expect(await order("contato")).toEqual([c, b]);
    const lost = await api(h, owner.cookie, "POST", `/api/property_clients/${a}/move`, { etapa: "perdido" });
    expect(lost.status).toBe(400);
    expect(errorFields(lost.body).motivoPerda).toBe("Informe o motivo da perda.");
    expect(await order("novo")).toEqual([a]);
  });

  it("records a visit in São Paulo time and moves a new interest to visita agendada", async () => {
    const property = await insertProperty(h.fresh.db, owner.orgId, { titulo: "Visitado" });
    const id = await interest({ finalidade: "venda" });
    const bad = await api(h, owner.cookie, "POST", `/api/property_clients/${id}/visits`, {
      data: "2026-12-05",
      inicio: "10:00",
      fim: "09:30",
      imovelId: property,
    });
    expect(bad.status).toBe(400);
    expect(errorFields(bad.body).fim).toBe("O fim deve ser depois do início.");
    const res = await api<Body<{ id: string }>>(h, owner.cookie, "POST", `/api/property_clients/${id}/visits`, {
      data: "2026-12-05",
      inicio: "10:00",
      fim: "10:45",
      imovelId: property,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [visit] = await h.fresh.db.select().from(propertyVisits).where(eq(propertyVisits.id, res.body.data.id));
    // 10:00 in São Paulo (UTC−3) is 13:00 UTC.
    expect(visit?.inicio.toISOString()).toBe("2026-12-05T13:00:00.000Z");
    expect(visit?.fim.toISOString()).toBe("2026-12-05T13:45:00.000Z");
    expect(visit?.clienteId).toBe(clientId);
    const row = (await api<Body<InteresseRow>>(h, owner.cookie, "GET", `/api/property_clients/${id}`)).body.data;
    expect(row.etapa).toBe("visita_agendada");
    // Another organização's property cannot be visited through this interest.
    const theirs = await insertProperty(h.fresh.db, other.orgId);
    const refused = await api(h, owner.cookie, "POST", `/api/property_clients/${id}/visits`, {
      data: "2026-12-06",
      inicio: "10:00",
      fim: "11:00",
      imovelId: theirs,
    });
    expect(refused.status).toBe(404);
  });

  it("marks an interest's alerts seen with a POST; a GET changes nothing", async () => {
    const property = await insertProperty(h.fresh.db, owner.orgId, { titulo: "Alertado" });
    // Somewhere nothing is on offer: the create raises no alert of its own.
    const id = await interest({ finalidade: "venda", locais: [{ cidade: "Petrolina", uf: "PE" }] });
    await insertAlert(property, id, { motivo: "novo_imovel", pontuacao: 90, criadoEm: new Date() });
    const before = (await api<Body<InteresseRow>>(h, owner.cookie, "GET", `/api/property_clients/${id}`)).body.data;
    expect(before.alertas).toBe(1);
    const seen = await api<Body<{ seen: number }>>(h, owner.cookie, "POST", `/api/property_clients/${id}/alerts/seen`);
    expect(seen.body.data.seen).toBe(1);
    const after = (await api<Body<InteresseRow>>(h, owner.cookie, "GET", `/api/property_clients/${id}`)).body.data;
    expect(after.alertas).toBe(0);
    // An interest that is not there (or belongs to no one here) is a 404, not "0 seen".
    const missing = await api<{ error: { message: string } }>(h, owner.cookie, "POST", "/api/property_clients/nao-existe-123/alerts/seen");
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe("Interesse não encontrado.");
  });
});

/**
 * "Enviar por e-mail" costs more than the 2-trip budget of `api`: the pair's read, the keyed
 * limit, then the outbox write and the note (a refusal must change nothing) — session + 3.
 */
async function sendEmail(cookie: string, interestId: string, imovelId: string) {
  const res = await h.request(`/api/property_clients/${interestId}/email`, { method: "POST", cookie, json: { imovelId } });
  expect(Number(res.headers.get("x-db-round-trips"))).toBeLessThanOrEqual(4);
  return { status: res.status, body: (await res.json()) as unknown };
}

describe("interesses: Enviar por e-mail", () => {
  it("e-mails the property's public page to the client and notes it on the interest", async () => {
    const property = await insertProperty(h.fresh.db, owner.orgId, { titulo: "Casa com quintal" });
    const id = await interest({ finalidade: "venda" });
    const res = await sendEmail(owner.cookie, id, property);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mail = await lastEmail(h, "marina@exemplo.com.br");
    expect(mail?.subject).toBe("Imóvel para você: Casa com quintal");
    const [row] = await h.fresh.db.select({ slug: properties.slug }).from(properties).where(eq(properties.id, property));
    expect(mail?.link).toBe(`http://localhost/imovel/${row?.slug}`);
    expect(mail?.text).toContain("Olá, Marina!");
    const after = (await api<Body<InteresseRow>>(h, owner.cookie, "GET", `/api/property_clients/${id}`)).body.data;
    expect(after.observacoes).toMatch(/^\d{2}\/\d{2}\/\d{4}.*Casa com quintal \(T\d+\) enviado por e-mail para marina@exemplo\.com\.br/);
  });

  it("refuses in pt-BR a client without e-mail, a property that is not available, and another organização's pair", async () => {
    const bare = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/clients", { tipo: "pf", nome: "Sem Email" });
    expect(bare.status).toBe(201);
    const property = await insertProperty(h.fresh.db, owner.orgId);
    const noMail = await interest({ clienteId: bare.body.data.id, finalidade: "venda" });
    const refused = await sendEmail(owner.cookie, noMail, property);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).toContain("O cliente não tem e-mail cadastrado");
    const sold = await insertProperty(h.fresh.db, owner.orgId, { status: "vendido" });
    const id = await interest({ finalidade: "venda" });
    const gone = await sendEmail(owner.cookie, id, sold);
    expect(gone.status).toBe(422);
    expect(JSON.stringify(gone.body)).toContain("Só imóveis disponíveis");
    const foreign = await sendEmail(other.cookie, id, property);
    expect(foreign.status).toBe(404);
    const before = (await api<Body<InteresseRow>>(h, owner.cookie, "GET", `/api/property_clients/${id}`)).body.data;
    expect(before.observacoes).toBeNull();
  });
});

describe("dashboard: Novos matches", () => {
  it("counts the organização's unseen alerts and lists the latest (property → client), nothing of another", async () => {
    const property = await insertProperty(h.fresh.db, owner.orgId, { titulo: "Cobertura no painel" });
    const id = await interest({ finalidade: "venda" });
    const ownerId = (await userId(h, owner.email)) as string;
    const before = await dashboardSummary(h.fresh.db, owner.orgId, ownerId, "owner");
    await insertAlert(property, id, { motivo: "baixa_preco", pontuacao: 88, criadoEm: new Date(Date.now() + 60_000) });
    // One already seen: not new any more.
    await insertAlert(property, id, {
      motivo: "novo_imovel",
      pontuacao: 90,
      criadoEm: new Date(Date.now() + 120_000),
      vistoEm: new Date(),
    });
    const after = await dashboardSummary(h.fresh.db, owner.orgId, ownerId, "owner");
    expect(after.matches?.total).toBe((before.matches?.total ?? 0) + 1);
    expect(after.matches?.items[0]).toMatchObject({ interestId: id, imovelTitulo: "Cobertura no painel", clienteNome: "Marina Souza" });
    const foreign = await dashboardSummary(h.fresh.db, other.orgId, ownerId, "owner");
    expect(foreign.matches?.items.some((m) => m.interestId === id)).toBe(false);
  });
});

describe("interesses: new matches raised as alerts on every door", () => {
  /** The alerts of one interest, as "reason:property" strings. */
  async function alertsOf(interestId: string): Promise<string[]> {
    const rows = await h.fresh.db.select().from(matchAlerts).where(eq(matchAlerts.interestId, interestId));
    return rows.map((r) => `${r.motivo}:${r.propertyId}`).sort();
  }
  const ITAIM = { bairro: "Itaim Bibi", cidade: "São Paulo", uf: "SP" };
  const HOUSE = {
    finalidade: "venda",
    tipo: "casa",
    titulo: "Casa térrea no Itaim",
    valorVendaCentavos: 150_000_000,
    areaUtil: "180",
    quartos: 3,
    vagas: 2,
    bairro: "Itaim Bibi",
    cidade: "São Paulo",
    uf: "SP",
  };

  it("a new interest gets the available properties it already matches (API create, same round trips)", async () => {
    const house = await insertProperty(h.fresh.db, owner.orgId, { tipo: "casa", bairro: "Itaim Bibi", preco: 140_000_000 });
    const id = await interest({ finalidade: "venda", tipos: ["casa"], locais: [ITAIM], precoMaxCentavos: 150_000_000 });
    expect(await alertsOf(id)).toEqual([`novo_interesse:${house}`]);
  });

  it("a property published, then cheaper, raises novo_imovel then baixa_preco; a draft or a raise raises nothing", async () => {
    const id = await interest({ finalidade: "venda", tipos: ["casa"], locais: [ITAIM], precoMaxCentavos: 160_000_000, quartosMin: 3 });
    const before = await alertsOf(id);
    const draft = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/properties", { ...HOUSE, status: "rascunho" });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const p = draft.body.data.id;
    expect(await alertsOf(id)).toEqual(before);
    const published = await api(h, owner.cookie, "PATCH", `/api/properties/${p}`, { ...HOUSE, status: "disponivel" });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(await alertsOf(id)).toEqual([...before, `novo_imovel:${p}`].sort());
    const raised = await api(h, owner.cookie, "PATCH", `/api/properties/${p}`, {
      ...HOUSE,
      status: "disponivel",
      valorVendaCentavos: 155_000_000,
    });
    expect(raised.status).toBe(200);
    expect(await alertsOf(id)).toEqual([...before, `novo_imovel:${p}`].sort());
    const cheaper = await api(h, owner.cookie, "PATCH", `/api/properties/${p}`, {
      ...HOUSE,
      status: "disponivel",
      valorVendaCentavos: 139_000_000,
    });
    expect(cheaper.status).toBe(200);
    expect(await alertsOf(id)).toEqual([...before, `baixa_preco:${p}`, `novo_imovel:${p}`].sort());
  });
});
