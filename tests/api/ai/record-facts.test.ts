import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, matchAlerts, organizations, products, propertyInterests, propertyPhotos, services } from "../../../db/schema/index.ts";
import { checkVariant } from "../../../shared/ai/fact-check.ts";
import { templatePost } from "../../../shared/ai/template-post.ts";
import { monthPlanSources } from "../../../worker/services/ai/month-plan-sources.ts";
import { listingLink, productFactSheet, propertyFactSheet, recordFactSheet } from "../../../worker/services/ai/record-facts.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { insertProperty } from "../real-estate/property-photos-fixtures.ts";
import { actorFor, addMember } from "../records.ts";

/**
 * The facts AI generation may use, read from the database: one round trip per record, only the
 * organização's own rows (another's imóvel is not found), the photos in post order, the business's
 * WhatsApp and brand voice, and the places of its other imóveis for the checker.
 */

let h: Harness;
let orgA: string;
let orgB: string;
let ownerA: string;
let house: string;
let otherOrgHouse: string;
let product: string;

async function photo(orgId: string, propertyId: string, posicao: number, capa: boolean, legenda: string | null) {
  await h.fresh.db.insert(propertyPhotos).values({
    id: crypto.randomUUID(),
    orgId,
    propertyId,
    chave: `org/${orgId}/properties/${propertyId}/${posicao}`,
    tamanhos: [480],
    tipoConteudo: "image/jpeg",
    largura: 1600,
    altura: 1200,
    bytes: 1000,
    posicao,
    capa,
    legenda,
    criadoEm: new Date(),
  });
}

beforeAll(async () => {
  h = await createHarness();
  const a = await createOwner(h, "A");
  const b = await createOwner(h, "B");
  orgA = a.orgId;
  orgB = b.orgId;
  ownerA = (await userId(h, a.email)) as string;
  await h.fresh.db.update(organizations).set({ brandVoice: "Leve e direta.", creci: "12345-J" }).where(eq(organizations.id, orgA));
  house = (
    await insertProperty(h, orgA, {
      titulo: null,
      tipo: "apartamento",
      finalidade: "venda",
      valorVendaCentavos: 85_000_000,
      precoCentavos: 85_000_000,
      condominioCentavos: 90_000,
      areaUtil: 120,
      quartos: 3,
      suites: 1,
      vagas: 2,
      bairro: "Pinheiros",
      cidade: "São Paulo",
      uf: "SP",
      caracteristicas: ["piscina"],
      fotos: 2,
      publicadoEm: new Date(),
    })
  ).id;
  await photo(orgA, house, 1, false, "Cozinha");
  await photo(orgA, house, 0, true, "Fachada");
  await insertProperty(h, orgA, { bairro: "Moema", cidade: "São Paulo", status: "rascunho" });
  otherOrgHouse = (await insertProperty(h, orgB, { bairro: "Leblon", cidade: "Rio de Janeiro", quartos: 4 })).id;
  product = crypto.randomUUID();
  await h.fresh.db.insert(products).values({
    id: product,
    orgId: orgA,
    sku: "CIM-50",
    nome: "Cimento CP-II 50 kg",
    ordem: "cimento cp ii 50 kg",
    unidade: "un",
    precoCentavos: 3_990,
    estoqueMinimo: 10,
    categoria: "Materiais",
  });
});

describe("an imóvel's facts", () => {
  it("are the record's, with the business's contact and brand voice, read in one round trip", async () => {
    const ctx = h.ctx();
    const before = ctx.db.roundTrips();
    const sheet = await propertyFactSheet(ctx, actorFor(orgA, ownerA), house);
    expect(ctx.db.roundTrips() - before).toBe(1);
    const fact = (campo: string) => sheet?.fatos.find((f) => f.campo === campo);
    expect(fact("valorVenda")).toEqual({ campo: "valorVenda", rotulo: "Valor de venda", valor: 85_000_000, texto: "R$ 850.000" });
    expect(fact("quartos")?.texto).toBe("3 quartos");
    expect(fact("areaUtil")?.texto).toBe("120 m²");
    expect(fact("condominio")?.texto).toBe("R$ 900/mês");
    expect(fact("bairro")?.valor).toBe("Pinheiros");
    expect(fact("caracteristicas")?.texto).toBe("piscina");
    expect(fact("whatsapp")?.texto).toBe("(11) 91234-5678");
    expect(fact("creci")?.texto).toBe("CRECI 12345-J");
    expect(sheet?.negocio.vozDaMarca).toBe("Leve e direta.");
    expect(sheet?.imagens.map((i) => i.legenda)).toEqual(["Fachada", "Cozinha"]);
    expect(sheet?.outrosLugares).toEqual(["Moema"]);
    // The harness runs at http://localhost: no public page link worth posting there (issue 19's rule).
    expect(sheet?.negocio.link).toBeNull();
  });

  it("another organização's imóvel, or a bad id, is not found", async () => {
    expect(await propertyFactSheet(h.ctx(), actorFor(orgA, ownerA), otherOrgHouse)).toBeNull();
    expect(await propertyFactSheet(h.ctx(), actorFor(orgA, ownerA), "nao-e-id")).toBeNull();
  });

  it("a corretor restricted to their own imóveis does not reach a colleague's", async () => {
    const member = await addMember(h, orgA, "professional");
    const actor = { ...actorFor(orgA, member.userId, "professional"), ownOnly: true };
    expect(await propertyFactSheet(h.ctx(), actor, house)).toBeNull();
  });

  it("gives the public page's link on a public site, only while the listing is public", () => {
    expect(listingLink("https://horizonte.com.br", { slug: "apto-x", status: "disponivel" })).toBe(
      "https://horizonte.com.br/imovel/apto-x",
    );
    expect(listingLink("https://horizonte.com.br", { slug: "apto-x", status: "vendido" })).toBeNull();
    expect(listingLink("http://localhost:8787", { slug: "apto-x", status: "disponivel" })).toBeNull();
  });

  it("the template written from them passes the checker", async () => {
    const sheet = await propertyFactSheet(h.ctx(), actorFor(orgA, ownerA), house);
    if (!sheet) throw new Error("no sheet");
    for (const v of templatePost(sheet, { objetivo: "vender", tom: "profissional", seed: "api" }).variantes) {
      expect(checkVariant(v, sheet)).toEqual([]);
      expect(v.textosAlternativos).toHaveLength(2);
    }
  });
});

describe("a produto's facts and the month plan's records", () => {
  it("a produto: name, price, category; no stock fact when there is none", async () => {
    const sheet = await productFactSheet(h.ctx(), actorFor(orgA, ownerA), product);
    expect(sheet?.fatos.map((f) => f.campo)).toEqual(["nome", "preco", "categoria", "negocio", "whatsapp", "creci"]);
    expect(sheet?.fatos.find((f) => f.campo === "preco")?.texto).toBe("R$ 39,90");
    expect(await productFactSheet(h.ctx(), actorFor(orgB, ownerA), product)).toBeNull();
  });

  it("a serviço: its own facts only (never its commission), only the organização's, a deleted one not found", async () => {
    const id = crypto.randomUUID();
    await h.fresh.db.insert(services).values({
      id,
      orgId: orgA,
      nome: "Limpeza de pele",
      ordem: "limpeza de pele",
      categoria: "Estética",
      duracaoMin: 75,
      precoCentavos: 18_000,
      comissaoTipo: "percentual",
      comissaoValor: 4000,
      descricao: "Com extração e máscara calmante.",
    });
    const sheet = await recordFactSheet(h.ctx(), actorFor(orgA, ownerA), { tipo: "servico", id });
    expect(sheet?.registro).toMatchObject({ tipo: "servico", nome: "Limpeza de pele", tipoLabel: "Estética" });
    expect(sheet?.fatos.map((f) => [f.campo, f.texto])).toEqual([
      ["nome", "Limpeza de pele"],
      ["preco", "R$ 180"],
      ["categoria", "Estética"],
      ["duracao", "1h15"],
      ["descricao", "Com extração e máscara calmante."],
      ["negocio", "Negócio A"],
      ["whatsapp", "(11) 91234-5678"],
      ["creci", "CRECI 12345-J"],
    ]);
    expect(JSON.stringify(sheet)).not.toMatch(/4000|40%|comiss/i);
    expect(await recordFactSheet(h.ctx(), actorFor(orgB, ownerA), { tipo: "servico", id })).toBeNull();
    await h.fresh.db.update(services).set({ excluidoEm: new Date() }).where(eq(services.id, id));
    expect(await recordFactSheet(h.ctx(), actorFor(orgA, ownerA), { tipo: "servico", id })).toBeNull();
  });

  it("new imóveis, price drops and low or new products, in one round trip and only the organização's", async () => {
    const ctx = h.ctx();
    const before = ctx.db.roundTrips();
    const sources = await monthPlanSources(ctx, actorFor(orgA, ownerA));
    const records = sources.registros;
    expect(ctx.db.roundTrips() - before).toBe(1);
    expect(sources.publico).toBe("comercio");
    expect(sources.negocio.whatsappTexto).toBe("(11) 91234-5678");
    // The draft in Moema is not a new listing; the product below its minimum and new is told once, as low stock.
    expect(records.map((r) => [r.motivo, r.sheet.registro.id])).toEqual([
      ["novo_imovel", house],
      ["estoque_baixo", product],
    ]);
  });

  it("a price drop recorded by matching comes first, told once", async () => {
    const interest = crypto.randomUUID();
    const clientId = crypto.randomUUID();
    const now = new Date();
    await h.fresh.db.insert(clients).values({ id: clientId, orgId: orgA, tipo: "pf", nome: "Cliente", ordem: "cliente" });
    await h.fresh.db.insert(propertyInterests).values({ id: interest, orgId: orgA, clienteId: clientId, ordem: "cliente" });
    await h.fresh.db.insert(matchAlerts).values({
      id: crypto.randomUUID(),
      orgId: orgA,
      propertyId: house,
      interestId: interest,
      motivo: "baixa_preco",
      pontuacao: 90,
      criadoEm: now,
    });
    const records = (await monthPlanSources(h.ctx(), actorFor(orgA, ownerA))).registros;
    expect(records.filter((r) => r.sheet.registro.id === house).map((r) => r.motivo)).toEqual(["preco_reduzido"]);
  });
});
