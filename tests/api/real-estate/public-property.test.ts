import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, inboundLeads, propertyInterests } from "../../../db/schema/index.ts";
import { RateLimitedError } from "../../../worker/security/rate-limit.ts";
import { publicPropertyPage, sendPropertyContact } from "../../../worker/services/real-estate/public-property.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { insertProperty } from "./property-photos-fixtures.ts";

/**
 * The public property page's data and contact form: nothing private leaves (owner, keys,
 * notes, the number when hidden), drafts are unknown, a gone property offers similar ones, and
 * the form is guarded (honeypot, rate limits, duplicates folded, malformed refused).
 */

let h: Harness;
let org: Awaited<ReturnType<typeof createOwner>>;

const ADDRESS = {
  rua: "Rua Harmonia",
  numero: "8765",
  complemento: "Apto 41",
  cep: "05435000",
  bairro: "Vila Madalena",
  cidade: "São Paulo",
  uf: "SP",
};
const PRIVATE = { chaves: "Portaria, com o zelador Sr. José", rascunhoEstado: '{"segredo":1}' };

beforeAll(async () => {
  h = await createHarness();
  org = await createOwner(h, "Pública");
});

describe("publicPropertyPage", () => {
  it("shows the address only at the chosen level and never private fields", async () => {
    for (const [level, expected] of [
      ["completo", { rua: "Rua Harmonia", numero: "8765", complemento: "Apto 41", cep: "05435000" }],
      ["rua", { rua: "Rua Harmonia", numero: null, complemento: null, cep: null }],
      ["bairro", { rua: null, numero: null, complemento: null, cep: null }],
    ] as const) {
      const { slug } = await insertProperty(h, org.orgId, {
        ...ADDRESS,
        ...PRIVATE,
        enderecoPublico: level,
        titulo: "Apartamento na Vila",
      });
      const page = await publicPropertyPage(h.ctx(), slug);
      expect(page?.kind).toBe("available");
      if (page?.kind !== "available") continue;
      expect(page.property.endereco).toEqual({ ...expected, bairro: "Vila Madalena", cidade: "São Paulo", uf: "SP" });
      const text = JSON.stringify(page);
      expect(text).not.toContain("zelador");
      expect(text).not.toContain("segredo");
      expect(text).not.toContain(org.orgId);
      if (level !== "completo") expect(text).not.toContain("8765");
    }
  });

  it("treats a draft like an unknown slug, and a sold one as gone with similar available ones", async () => {
    const draft = await insertProperty(h, org.orgId, { status: "rascunho" });
    expect(await publicPropertyPage(h.ctx(), draft.slug)).toBeNull();
    expect(await publicPropertyPage(h.ctx(), "nao-existe-abc")).toBeNull();
    expect(await publicPropertyPage(h.ctx(), "../../etc")).toBeNull();
    const similar = await insertProperty(h, org.orgId, {
      tipo: "casa",
      cidadeChave: "campinas",
      precoCentavos: 50_000_000,
      titulo: "Casa parecida",
    });
    await insertProperty(h, org.orgId, {
      tipo: "casa",
      cidadeChave: "campinas",
      precoCentavos: 50_000_000,
      status: "rascunho",
      titulo: "Rascunho oculto",
    });
    const sold = await insertProperty(h, org.orgId, {
      tipo: "casa",
      cidadeChave: "campinas",
      precoCentavos: 52_000_000,
      status: "vendido",
      titulo: "Casa vendida",
    });
    const page = await publicPropertyPage(h.ctx(), sold.slug);
    expect(page?.kind).toBe("unavailable");
    if (page?.kind !== "unavailable") return;
    expect(page.titulo).toBe("Casa vendida");
    expect(page.similar[0]?.slug).toBe(similar.slug);
    expect(page.similar.map((s) => s.titulo)).not.toContain("Rascunho oculto");
  });
});

describe("the contact form", () => {
  async function leadsOf(orgId: string) {
    return h.fresh.db.select().from(inboundLeads).where(eq(inboundLeads.orgId, orgId));
  }

  it("creates client + interest (origem site) on the property; a repeat the same day folds into it", async () => {
    const { id, slug } = await insertProperty(h, org.orgId);
    const form = { nome: "Lúcia Prado", email: "lucia@exemplo.com.br", telefone: "(11) 95555-4444", mensagem: "Quero visitar." };
    expect(await sendPropertyContact(h.ctx("10.9.0.1"), slug, form)).toEqual({ ok: true, repetido: false });
    expect(await sendPropertyContact(h.ctx("10.9.0.1"), slug, form)).toEqual({ ok: true, repetido: true });
    const leads = (await leadsOf(org.orgId)).filter((l) => l.imovelId === id);
    expect(leads).toHaveLength(1);
    expect(leads[0]?.repeticoes).toBe(1);
    const [interest] = await h.fresh.db
      .select()
      .from(propertyInterests)
      .where(eq(propertyInterests.id, leads[0]?.interesseId as string));
    expect(interest).toMatchObject({ origem: "site", etapa: "novo", imovelId: id, mensagem: "Quero visitar." });
    const [client] = await h.fresh.db
      .select()
      .from(clients)
      .where(eq(clients.id, interest?.clienteId as string));
    expect(client).toMatchObject({ nome: "Lúcia Prado", origem: "site" });
  });

  it("thanks a bot that fills the honeypot and keeps nothing", async () => {
    const { slug } = await insertProperty(h, org.orgId);
    const before = (await leadsOf(org.orgId)).length;
    expect(await sendPropertyContact(h.ctx("10.9.0.2"), slug, { nome: "Bot", email: "bot@spam.com", website: "http://spam" })).toEqual({
      ok: true,
      repetido: false,
    });
    expect((await leadsOf(org.orgId)).length).toBe(before);
  });

  it("refuses malformed input with pt-BR field errors and keeps nothing; a draft or unknown slug is 404", async () => {
    const { slug } = await insertProperty(h, org.orgId);
    const before = (await leadsOf(org.orgId)).length;
    const noContact = await sendPropertyContact(h.ctx("10.9.0.3"), slug, { nome: "Ana" });
    expect(noContact).toEqual({ ok: false, errors: { email: "Informe um e-mail ou um telefone para o corretor responder." } });
    const badPhone = await sendPropertyContact(h.ctx("10.9.0.3"), slug, { nome: "Ana", telefone: "123", nome2: ["x"] });
    expect(badPhone.ok).toBe(false);
    const weird = await sendPropertyContact(h.ctx("10.9.0.3"), slug, { nome: ["a", "b"], email: { x: 1 } });
    expect(weird.ok).toBe(false);
    expect((await leadsOf(org.orgId)).length).toBe(before);
    const draft = await insertProperty(h, org.orgId, { status: "rascunho" });
    await expect(sendPropertyContact(h.ctx("10.9.0.3"), draft.slug, { nome: "Ana", email: "a@b.com.br" })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("caps the form's body at 16 kB before the page reads it", async () => {
    const { slug } = await insertProperty(h, org.orgId);
    const body = new URLSearchParams({ nome: "Ana", email: "a@b.com.br", mensagem: "x".repeat(17 * 1024) }).toString();
    const res = await h.request(`/imovel/${slug}`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) },
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("O envio é grande demais: o limite é 16 kB.");
  });

  it("limits each IP to 5 messages in 10 minutes (pt-BR 429)", async () => {
    const { slug } = await insertProperty(h, org.orgId);
    for (let i = 0; i < 5; i++) {
      expect((await sendPropertyContact(h.ctx("10.9.9.9"), slug, { nome: `Pessoa ${i}`, email: `p${i}@exemplo.com.br` })).ok).toBe(true);
    }
    const refused = await sendPropertyContact(h.ctx("10.9.9.9"), slug, { nome: "Pessoa 6", email: "p6@exemplo.com.br" }).catch((e) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(await h.fresh.db.select().from(clients).where(eq(clients.email, "p6@exemplo.com.br"))).toHaveLength(0);
    // Another visitor is not affected.
    expect((await sendPropertyContact(h.ctx("10.9.9.10"), slug, { nome: "Outra", email: "outra@exemplo.com.br" })).ok).toBe(true);
  });

  it("junk from one address never spends the business's daily quota (200): a real buyer elsewhere is accepted", async () => {
    const business = await createOwner(h, "Cota");
    const { slug } = await insertProperty(h, business.orgId);
    for (let i = 0; i < 200; i++) {
      const junk = i % 2 ? { nome: "Bot", email: `bot${i}@spam.com`, website: "http://spam" } : { nome: "", email: "nao-e-email" };
      await sendPropertyContact(h.ctx("10.66.6.6"), slug, junk).catch((e) => {
        if (!(e instanceof RateLimitedError)) throw e;
      });
    }
    const buyer = await sendPropertyContact(h.ctx("10.66.6.7"), slug, { nome: "Comprador Real", email: "comprador@exemplo.com.br" });
    expect(buyer).toEqual({ ok: true, repetido: false });
  });
});
