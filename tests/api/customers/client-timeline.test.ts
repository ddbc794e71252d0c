import { beforeAll, describe, expect, it } from "vitest";
import { businessSettings } from "../../../db/schema/index.ts";
import type { TimelineEvent } from "../../../worker/services/customers/clients.ts";
import type { TimelineCount } from "../../../worker/services/customers/timeline.ts";
import { receiveLead } from "../../../worker/services/real-estate/leads.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { insertProperty } from "../real-estate/property-photos-fixtures.ts";
import { addMember, api } from "../records.ts";

/**
 * A client's timeline (`GET /api/clients/:id/timeline`, the data of the client's page): their
 * interests with the etapa, visits, imóveis they own and leads, each linking to its record, with
 * the summary; the organização's only; for a corretor restricted to their own records, only theirs.
 */

let h: Harness;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;

type Timeline = { data: TimelineEvent[]; resumo: TimelineCount[] };

async function created(cookie: string, path: string, body: Record<string, unknown>): Promise<string> {
  const res = await api<{ data: { id: string } }>(h, cookie, "POST", path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function timeline(cookie: string, id: string) {
  return api<Timeline>(h, cookie, "GET", `/api/clients/${id}/timeline`);
}

const summary = (t: Timeline) => Object.fromEntries(t.resumo.map((c) => [c.key, c.text]));
/** The agenda's three lines (ADR 061), none for these clients. */
const NO_APPOINTMENTS = {
  "agendamentos-proximos": "0 próximos agendamentos",
  "agendamentos-concluidos": "0 atendimentos concluídos",
  "agendamentos-faltas": "0 faltas",
};
/** Documentos (ADR 074): counted for the office; the professional role reads none, so has no line. */
const NO_DOCUMENTS = { documentos: "0 documentos" };

beforeAll(async () => {
  h = await createHarness();
  a = await createOwner(h, "A");
  b = await createOwner(h, "B");
});

describe("a client's timeline", () => {
  let felipe: string;
  let interests: string[];
  let ownedId: string;
  let pro: Awaited<ReturnType<typeof addMember>>;

  beforeAll(async () => {
    pro = await addMember(h, a.orgId, "professional", "Corretora Rita");
    felipe = await created(a.cookie, "/api/clients", { tipo: "pf", nome: "Felipe Barbosa", email: "felipe@exemplo.com.br" });
    const listed = await insertProperty(h, a.orgId, { titulo: "Casa na Vila Madalena" });
    // One interest is the corretora's; the others the office's.
    interests = [
      await created(a.cookie, "/api/property_clients", { clienteId: felipe, imovelId: listed.id, corretorId: pro.userId }),
      await created(a.cookie, "/api/property_clients", { clienteId: felipe, finalidade: "venda", locais: "Pinheiros, São Paulo - SP" }),
      await created(a.cookie, "/api/property_clients", { clienteId: felipe, finalidade: "locacao", locais: "Perdizes, São Paulo - SP" }),
    ];
    await created(a.cookie, `/api/property_clients/${interests[1]}/visits`, {
      data: "2026-12-05",
      inicio: "10:00",
      fim: "10:45",
      imovelId: listed.id,
    });
    ownedId = (await insertProperty(h, a.orgId, { titulo: "Apartamento do Felipe", proprietarioId: felipe, status: "disponivel" })).id;
    await insertProperty(h, a.orgId, { titulo: "Sala comercial do Felipe", proprietarioId: felipe, captadorId: pro.userId });
  });

  it("holds the interests with their etapa, the visit, the imóveis owned and the summary, each linking to its record, in one round trip", async () => {
    const res = await timeline(a.cookie, felipe);
    expect(res.status).toBe(200);
    expect(res.roundTrips).toBeLessThanOrEqual(2);
    expect(summary(res.body)).toEqual({
      interesses: "3 interesses",
      visitas: "1 visita",
      imoveis: "2 imóveis",
      leads: "0 leads",
      ...NO_APPOINTMENTS,
      ...NO_DOCUMENTS,
    });
    const byKind = (kind: string) => res.body.data.filter((e) => e.kind === kind);
    expect(
      byKind("interest")
        .map((e) => e.href)
        .sort(),
    ).toEqual(interests.map((id) => `/property_clients/${id}`).sort());
    expect(byKind("interest").find((e) => e.href === `/property_clients/${interests[0]}`)).toMatchObject({
      title: "Interesse em Casa na Vila Madalena",
      badge: { label: "Novo", tone: "blue" },
    });
    // Scheduling moved the interest on: the badge is its etapa now.
    expect(byKind("interest").find((e) => e.href === `/property_clients/${interests[1]}`)?.badge?.label).toBe("Visita agendada");
    const [visit] = byKind("visit");
    expect(visit).toMatchObject({
      title: "Visita a Casa na Vila Madalena",
      at: "2026-12-05T13:00:00.000Z",
      href: `/property_clients/${interests[1]}`,
      badge: { label: "Agendada" },
    });
    // In the organização's zone: 10:00 in São Paulo.
    expect(visit?.description).toContain("05/12/2026, 10:00–10:45");
    expect(byKind("property-owned").map((e) => e.href)).toContain(`/properties/${ownedId}`);
    expect(byKind("created")).toHaveLength(1);
    // Newest first.
    const instants = res.body.data.map((e) => e.at);
    expect(instants).toEqual([...instants].sort().reverse());
  });

  it("is the organização's only: another organização gets a 404 that names nothing", async () => {
    const res = await timeline(b.cookie, felipe);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain("Felipe");
    // B's own client with the same e-mail sees none of A's records.
    const theirs = await created(b.cookie, "/api/clients", { tipo: "pf", nome: "Outro Felipe", email: "felipe@exemplo.com.br" });
    const other = await timeline(b.cookie, theirs);
    expect(other.body.data.map((e) => e.kind)).toEqual(["created"]);
    expect(summary(other.body)).toEqual({
      interesses: "0 interesses",
      visitas: "0 visitas",
      imoveis: "0 imóveis",
      leads: "0 leads",
      ...NO_APPOINTMENTS,
      ...NO_DOCUMENTS,
    });
  });

  it("shows a corretor everything while the business does not restrict, only their own records when it does", async () => {
    const open = await timeline(pro.cookie, felipe);
    expect(open.status).toBe(200);
    expect(summary(open.body)).toMatchObject({ interesses: "3 interesses", imoveis: "2 imóveis" });
    await h.fresh.db.insert(businessSettings).values({ orgId: a.orgId, estoqueNegativo: false, corretorApenasSeus: true });
    const own = await timeline(pro.cookie, felipe);
    expect(own.status).toBe(200);
    expect(summary(own.body)).toEqual({
      interesses: "1 interesse",
      visitas: "0 visitas",
      imoveis: "1 imóvel",
      leads: "0 leads",
      ...NO_APPOINTMENTS,
    });
    expect(own.body.data.filter((e) => e.kind === "interest").map((e) => e.href)).toEqual([`/property_clients/${interests[0]}`]);
    expect(JSON.stringify(own.body)).not.toContain("Apartamento do Felipe");
    // The office still sees it all.
    expect(summary((await timeline(a.cookie, felipe)).body).interesses).toBe("3 interesses");
  });

  it("shows a lead that gave the client's e-mail as not verified, on both clients", async () => {
    const lead = await receiveLead(h.ctx(), a.orgId, {
      origem: "site",
      chave: "site:timeline",
      nome: "Felipe B.",
      email: "felipe@exemplo.com.br",
      mensagem: "Quero vender meu apartamento.",
    });
    const onFelipe = (await timeline(a.cookie, felipe)).body;
    const pending = onFelipe.data.find((e) => e.kind === "lead");
    expect(pending).toMatchObject({
      badge: { label: "Não verificado" },
      href: `/clients/${lead.clienteId}`,
      match: { leadId: lead.leadId, leadClientId: lead.clienteId, matchedClientId: felipe },
    });
    expect(summary(onFelipe).leads).toBe("1 lead");
    // Felipe's interests are untouched: the lead's interest is on its own client.
    expect(summary(onFelipe).interesses).toBe("3 interesses");
    const onLead = (await timeline(a.cookie, lead.clienteId)).body;
    expect(onLead.data.find((e) => e.kind === "lead")).toMatchObject({
      badge: { label: "Não verificado" },
      description: "“Quero vender meu apartamento.”",
      match: { matchedClientId: felipe, matchedClientName: "Felipe Barbosa" },
    });
  });
});
