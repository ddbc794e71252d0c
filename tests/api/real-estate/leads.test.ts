import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, inboundLeads, propertyInterests } from "../../../db/schema/index.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { receiveLead } from "../../../worker/services/real-estate/leads.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { insertProperty } from "./property-photos-fixtures.ts";
import { actorFor } from "../records.ts";
import { userId } from "../harness.ts";

/**
 * receiveLead: finds the client by e-mail then phone within the organization, opens an
 * interest on the property, folds a repeated submission into the first lead, and saves
 * nothing from a malformed one.
 */

let h: Harness;
let org: Awaited<ReturnType<typeof createOwner>>;
let other: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  h = await createHarness();
  org = await createOwner(h, "Imobiliária A");
  other = await createOwner(h, "Imobiliária B");
});

async function counts(orgId: string) {
  const db = h.fresh.db;
  const [c, i, l] = await Promise.all([
    db.select().from(clients).where(eq(clients.orgId, orgId)),
    db.select().from(propertyInterests).where(eq(propertyInterests.orgId, orgId)),
    db.select().from(inboundLeads).where(eq(inboundLeads.orgId, orgId)),
  ]);
  return { clients: c.length, interests: i.length, leads: l.length };
}

describe("receiveLead", () => {
  it("creates a client, an interest on the property (etapa novo, origem site) and the lead, in one round trip", async () => {
    const { id: imovelId } = await insertProperty(h, org.orgId);
    const ctx = h.ctx();
    const before = ctx.db.roundTrips();
    const lead = await receiveLead(ctx, org.orgId, {
      origem: "site",
      chave: "site:um",
      nome: "Beatriz Gonçalves",
      email: "Beatriz@Exemplo.com.br",
      telefone: "(11) 98888-7777",
      mensagem: "Posso visitar no sábado?",
      imovelId,
    });
    expect(ctx.db.roundTrips() - before).toBe(1);
    expect(lead.repetido).toBe(false);
    const [client] = await h.fresh.db.select().from(clients).where(eq(clients.id, lead.clienteId));
    expect(client).toMatchObject({
      orgId: org.orgId,
      nome: "Beatriz Gonçalves",
      email: "beatriz@exemplo.com.br",
      origem: "site",
      telefonePrincipal: "11988887777",
    });
    const [interest] = await h.fresh.db.select().from(propertyInterests).where(eq(propertyInterests.id, lead.interesseId));
    expect(interest).toMatchObject({
      orgId: org.orgId,
      clienteId: lead.clienteId,
      imovelId,
      etapa: "novo",
      origem: "site",
      mensagem: "Posso visitar no sábado?",
      ordem: "beatriz goncalves",
    });
    // Found by the client's search keys, as interests made on the screen.
    expect(JSON.parse(interest?.chavesBusca ?? "[]")).toContain("beatriz@exemplo.com.br");
    const [row] = await h.fresh.db.select().from(inboundLeads).where(eq(inboundLeads.id, lead.leadId));
    expect(row).toMatchObject({ chave: "site:um", imovelId, clienteId: lead.clienteId, interesseId: lead.interesseId, repeticoes: 0 });
  });

  it("folds a repeated key into the first lead: nothing new, repeticoes + 1", async () => {
    const first = await receiveLead(h.ctx(), org.orgId, {
      origem: "site",
      chave: "site:dois",
      nome: "Carla Dias",
      email: "carla@exemplo.com.br",
    });
    const before = await counts(org.orgId);
    const again = await receiveLead(h.ctx(), org.orgId, {
      origem: "site",
      chave: "site:dois",
      nome: "Carla Dias",
      email: "carla@exemplo.com.br",
    });
    expect(again).toEqual({ ...first, repetido: true });
    expect(await counts(org.orgId)).toEqual(before);
    const [row] = await h.fresh.db.select().from(inboundLeads).where(eq(inboundLeads.id, first.leadId));
    expect(row?.repeticoes).toBe(1);
  });

  it("never attaches an anonymous lead to the client whose e-mail or phone it gives: a possible match, on a client of its own", async () => {
    const owner = (await userId(h, org.email)) as string;
    const created = await createRecord(h.ctx(), actorFor(org.orgId, owner), "clients", {
      tipo: "pf",
      nome: "Daniel Rocha",
      email: "daniel@exemplo.com.br",
      telefones: [{ numero: "(21) 97777-6666", whatsapp: true }],
    });
    const byEmail = await receiveLead(h.ctx(), org.orgId, {
      origem: "portal",
      chave: "portal:1",
      nome: "Dani",
      email: "DANIEL@exemplo.com.br",
      mensagem: "Cancelem minha proposta, por favor.",
    });
    // Anyone can type Daniel's e-mail: the words stay off his record until a member confirms.
    expect(byEmail.clienteId).not.toBe(created.id);
    expect(byEmail.correspondenteId).toBe(created.id);
    const byPhone = await receiveLead(h.ctx(), org.orgId, {
      origem: "site",
      chave: "site:tres",
      nome: "Daniel R.",
      telefone: "+55 21 97777-6666",
    });
    expect(byPhone.clienteId).not.toBe(created.id);
    expect(byPhone.correspondenteId).toBe(created.id);
    const onDaniel = await h.fresh.db
      .select()
      .from(propertyInterests)
      .where(eq(propertyInterests.clienteId, created.id as string));
    expect(onDaniel).toEqual([]);
    const leads = await h.fresh.db
      .select()
      .from(inboundLeads)
      .where(eq(inboundLeads.correspondenteId, created.id as string));
    expect(leads.map((l) => l.correspondencia)).toEqual(["pendente", "pendente"]);
    expect(leads.every((l) => l.clienteId !== created.id)).toBe(true);
    // A lead matching nobody is nobody's possible match.
    const fresh = await receiveLead(h.ctx(), org.orgId, {
      origem: "site",
      chave: "site:nova",
      nome: "Nina Alves",
      email: "nina@exemplo.com.br",
    });
    expect(fresh.correspondenteId).toBeNull();
    const [freshRow] = await h.fresh.db.select().from(inboundLeads).where(eq(inboundLeads.id, fresh.leadId));
    expect(freshRow?.correspondencia).toBeNull();
    // Another organization with the same e-mail: no match across organizations.
    const elsewhere = await receiveLead(h.ctx(), other.orgId, {
      origem: "site",
      chave: "site:um",
      nome: "Daniel Rocha",
      email: "daniel@exemplo.com.br",
    });
    expect(elsewhere.clienteId).not.toBe(created.id);
    expect(elsewhere.correspondenteId).toBeNull();
    expect(elsewhere.repetido).toBe(false);
  });

  it("ignores a property of another organization", async () => {
    const { id: foreign } = await insertProperty(h, other.orgId);
    const lead = await receiveLead(h.ctx(), org.orgId, {
      origem: "site",
      chave: "site:quatro",
      nome: "Eva Lima",
      email: "eva@exemplo.com.br",
      imovelId: foreign,
    });
    const [interest] = await h.fresh.db.select().from(propertyInterests).where(eq(propertyInterests.id, lead.interesseId));
    expect(interest?.imovelId).toBeNull();
  });

  it("refuses a malformed lead in pt-BR and saves nothing", async () => {
    const before = await counts(org.orgId);
    const bad = [
      { nome: "", email: "a@b.com.br" },
      { nome: "Fulano" },
      { nome: "Fulano", email: "não é e-mail" },
      { nome: "Fulano", telefone: "123" },
      { nome: "Fulano", email: "f@exemplo.com.br", mensagem: "x".repeat(2001) },
    ];
    for (const fields of bad) {
      const error = await receiveLead(h.ctx(), org.orgId, { origem: "site", chave: `site:bad-${Math.random()}`, ...fields }).catch(
        (e) => e,
      );
      expect(error, JSON.stringify(fields)).toBeInstanceOf(DomainError);
      expect((error as DomainError).status).toBe(400);
      expect((error as DomainError).message).toMatch(/campo|Informe/);
    }
    expect(await counts(org.orgId)).toEqual(before);
  });
});
