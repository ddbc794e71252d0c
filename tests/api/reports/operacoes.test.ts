/**
 * The operations reports (ADR 085) on a business typed by hand: Posts, Interesses and Estoque of
 * November 2026 in São Paulo. Every expected figure is computed on paper from the rows inserted
 * here; the month's edges are São Paulo's midnights (23:59 on 30/11 counts, 00:00 on 01/12 does
 * not; 23:59 on 31/10 does not); deleted rows and another organização's never count; one round
 * trip per build; the office and the professional role are refused.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../../db/client.ts";
import { clients, posts, postTargets, products, propertyInterests, stockMovements } from "../../../db/schema/index.ts";
import type { ReportDocument, ReportSection } from "../../../shared/reports/document.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { reportById, reportParams } from "../../../worker/services/reports/catalogue.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { actorFor } from "../records.ts";
import { insertAccount } from "../social/social-fixtures.ts";
import { reportCtx, sp } from "./money-fixtures.ts";

let h: Harness;
let orgA: string;
let orgB: string;
let owner: ReturnType<typeof actorFor>;

function kpis(doc: ReportDocument): Record<string, number> {
  return Object.fromEntries(doc.kpis.map((k) => [k.label, k.value]));
}

function section(doc: ReportDocument, id: string): ReportSection {
  const s = doc.sections.find((x) => x.id === id);
  if (!s) throw new Error(`no section ${id}`);
  return s;
}

async function build(id: string, query: string, actor = owner) {
  const def = reportById(id);
  if (!def) throw new Error(`${id} is not in the catalogue`);
  const params = reportParams(def, new URLSearchParams(query), "2026-12-05");
  const before = h.fresh.db.roundTrips();
  const doc = await def.build(h.fresh.db, reportCtx(actor), params);
  return { doc, trips: h.fresh.db.roundTrips() - before };
}

const NOV = "de=2026-11-01&ate=2026-11-30";

type Metrics = {
  alcance?: number | null;
  curtidas?: number | null;
  comentarios?: number | null;
  compartilhamentos?: number | null;
  salvamentos?: number | null;
};

async function publication(
  db: Database,
  orgId: string,
  f: {
    contaId: string;
    rede: "facebook" | "instagram";
    legenda: string;
    at: Date;
    status?: "publicado" | "falhou";
    erro?: string;
  } & Metrics,
) {
  const postId = crypto.randomUUID();
  await db.insert(posts).values({ id: postId, orgId, legenda: f.legenda, ordem: f.legenda.toLowerCase() });
  const failed = f.status === "falhou";
  await db.insert(postTargets).values({
    orgId,
    postId,
    contaId: f.contaId,
    rede: f.rede,
    status: f.status ?? "publicado",
    agendadoPara: f.at,
    publicadoEm: failed ? null : f.at,
    erroMensagem: f.erro ?? null,
    alcance: f.alcance ?? null,
    curtidas: f.curtidas ?? null,
    comentarios: f.comentarios ?? null,
    compartilhamentos: f.compartilhamentos ?? null,
    salvamentos: f.salvamentos ?? null,
    criadoEm: f.at,
    atualizadoEm: f.at,
  });
}

async function interest(
  db: Database,
  orgId: string,
  clienteId: string,
  origem: (typeof propertyInterests.$inferInsert)["origem"],
  etapa: (typeof propertyInterests.$inferInsert)["etapa"],
  at: Date,
  deleted = false,
) {
  await db
    .insert(propertyInterests)
    .values({ orgId, clienteId, ordem: "x", origem, etapa, criadoEm: at, atualizadoEm: at, ...(deleted ? { excluidoEm: at } : {}) });
}

async function product(
  db: Database,
  orgId: string,
  nome: string,
  f: { estoque: number; minimo: number; custo: number; deleted?: boolean },
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(products).values({
    id,
    orgId,
    sku: `SKU-${id.slice(0, 6)}`,
    nome,
    ordem: nome.toLowerCase().normalize("NFD").replace(/\p{M}/gu, ""),
    unidade: "un",
    custoCentavos: f.custo,
    estoque: f.estoque,
    estoqueMinimo: f.minimo,
    ...(f.deleted ? { excluidoEm: new Date() } : {}),
  });
  return id;
}

async function movement(
  db: Database,
  orgId: string,
  produtoId: string,
  tipo: (typeof stockMovements.$inferInsert)["tipo"],
  quantidade: number,
  valor: number,
  at: Date,
  deleted = false,
) {
  await db.insert(stockMovements).values({
    orgId,
    produtoId,
    tipo,
    quantidade,
    valorCentavos: valor,
    ocorridoEm: at,
    ordem: "x",
    ...(deleted ? { excluidoEm: at } : {}),
  });
}

beforeAll(async () => {
  h = await createHarness();
  const db = h.fresh.db;
  const config = readConfig(h.env);
  const a = await createOwner(h, "Operações A");
  const b = await createOwner(h, "Operações B");
  orgA = a.orgId;
  orgB = b.orgId;
  owner = actorFor(orgA, (await userId(h, a.email)) as string);

  // Posts. In November: a post to both networks on 03/11 (FB 1000 reach, 65 engagement; IG 2000, 160),
  // a Page post at 23:59 on 30/11 not measured yet, and an Instagram failure on 20/11.
  const fb = await insertAccount(db, config, orgA, { rede: "facebook" });
  const ig = await insertAccount(db, config, orgA, { rede: "instagram" });
  await publication(db, orgA, {
    contaId: fb,
    rede: "facebook",
    legenda: "Casa no Batel",
    at: sp("2026-11-03", "19:10"),
    alcance: 1000,
    curtidas: 50,
    comentarios: 10,
    compartilhamentos: 5,
  });
  await publication(db, orgA, {
    contaId: ig,
    rede: "instagram",
    legenda: "Casa no Batel",
    at: sp("2026-11-03", "19:10"),
    alcance: 2000,
    curtidas: 100,
    comentarios: 20,
    compartilhamentos: 10,
    salvamentos: 30,
  });
  await publication(db, orgA, { contaId: fb, rede: "facebook", legenda: "Plantão de sábado", at: sp("2026-11-30", "23:59") });
  await publication(db, orgA, {
    contaId: ig,
    rede: "instagram",
    legenda: "Apartamento no Água Verde",
    at: sp("2026-11-20", "10:00"),
    status: "falhou",
    erro: "A Meta não conseguiu baixar a imagem.",
  });
  // Out: 00:00 on 01/12, 23:59 on 31/10, a failure scheduled for 01/12; another organização's.
  await publication(db, orgA, {
    contaId: fb,
    rede: "facebook",
    legenda: "Dezembro",
    at: sp("2026-12-01", "00:00"),
    alcance: 500,
    curtidas: 5,
  });
  await publication(db, orgA, {
    contaId: ig,
    rede: "instagram",
    legenda: "Outubro",
    at: sp("2026-10-31", "23:59"),
    alcance: 700,
    curtidas: 7,
  });
  await publication(db, orgA, {
    contaId: ig,
    rede: "instagram",
    legenda: "Falha de dezembro",
    at: sp("2026-12-01", "00:00"),
    status: "falhou",
  });
  const fbB = await insertAccount(db, config, orgB, { rede: "facebook" });
  await publication(db, orgB, {
    contaId: fbB,
    rede: "facebook",
    legenda: "Outra imobiliária",
    at: sp("2026-11-10", "10:00"),
    alcance: 9999,
    curtidas: 99,
  });

  // Interesses. November's leads: site (fechado, perdido, novo at 23:59 on 30/11), portal (fechado,
  // proposta), WhatsApp (contato). Out: a lost one at 23:59 on 31/10, a deleted one, another organização's.
  const c = crypto.randomUUID();
  await db.insert(clients).values({ id: c, orgId: orgA, tipo: "pf", nome: "Carla", ordem: "carla" });
  await interest(db, orgA, c, "site", "fechado", sp("2026-11-05", "10:00"));
  await interest(db, orgA, c, "site", "perdido", sp("2026-11-06", "10:00"));
  await interest(db, orgA, c, "site", "novo", sp("2026-11-30", "23:59"));
  await interest(db, orgA, c, "portal", "fechado", sp("2026-11-01", "00:00"));
  await interest(db, orgA, c, "portal", "proposta", sp("2026-11-08", "10:00"));
  await interest(db, orgA, c, "whatsapp", "contato", sp("2026-11-09", "10:00"));
  await interest(db, orgA, c, "whatsapp", "perdido", sp("2026-10-31", "23:59"));
  await interest(db, orgA, c, "portal", "visita_agendada", sp("2026-11-10", "10:00"), true);
  const cB = crypto.randomUUID();
  await db.insert(clients).values({ id: cB, orgId: orgB, tipo: "pf", nome: "Outro", ordem: "outro" });
  await interest(db, orgB, cB, "site", "fechado", sp("2026-11-05", "10:00"));

  // Estoque. Shampoo 4 (minimum 5, cost R$ 12,50: R$ 50,00), Condicionador 0 (minimum 2), Máscara 10,5
  // (cost R$ 3,33: 10,5 × 333 = 3.496,5 → R$ 34,97); a deleted product and another organização's are out.
  const shampoo = await product(db, orgA, "Shampoo", { estoque: 4, minimo: 5, custo: 1250 });
  const condicionador = await product(db, orgA, "Condicionador", { estoque: 5, minimo: 2, custo: 900 });
  const mascara = await product(db, orgA, "Máscara", { estoque: 10.5, minimo: 1, custo: 333 });
  await product(db, orgA, "Antigo", { estoque: 50, minimo: 0, custo: 1000, deleted: true });
  const outro = await product(db, orgB, "Shampoo B", { estoque: 100, minimo: 0, custo: 1000 });
  await movement(db, orgA, shampoo, "entrada", 6, 7500, sp("2026-11-01", "00:00"));
  await movement(db, orgA, shampoo, "venda", -2, 2500, sp("2026-11-30", "23:59"));
  await movement(db, orgA, condicionador, "saida", -1, 900, sp("2026-11-15", "10:00"));
  await movement(db, orgA, mascara, "ajuste", 0.5, 167, sp("2026-11-10", "10:00"));
  await movement(db, orgA, shampoo, "cancelamento", 1, 1250, sp("2026-11-20", "10:00"));
  await movement(db, orgA, shampoo, "entrada", 3, 3750, sp("2026-10-31", "23:59"));
  await movement(db, orgA, shampoo, "entrada", 3, 3750, sp("2026-12-01", "00:00"));
  await movement(db, orgA, condicionador, "entrada", 5, 4500, sp("2026-11-12", "10:00"), true);
  await movement(db, orgB, outro, "entrada", 100, 100_000, sp("2026-11-12", "10:00"));
  // The ledger's triggers moved the stock: set it to the position this test reads.
  for (const [id, estoque] of [
    [shampoo, 4],
    [condicionador, 0],
    [mascara, 10.5],
  ] as const)
    await db.update(products).set({ estoque }).where(eq(products.id, id));
});

describe("Posts: November 2026", () => {
  it("published, failed, reach and engagement, by network and by day, in one round trip", async () => {
    const { doc, trips } = await build("posts", NOV);
    expect(trips).toBe(1);
    expect(kpis(doc)).toEqual({ Publicados: 3, "Com falha": 1, Alcance: 3000, Engajamento: 225, "Taxa de engajamento": 225 / 3000 });
    expect(section(doc, "por-rede").table.rows).toEqual([
      { rede: "Facebook", publicados: 2, falhas: 0, alcance: 1000, engajamento: 65, taxa: 0.065 },
      { rede: "Instagram", publicados: 1, falhas: 1, alcance: 2000, engajamento: 160, taxa: 0.08 },
    ]);
    const days = section(doc, "por-dia").table.rows;
    expect(days).toHaveLength(30);
    expect(days[2]).toEqual({ periodo: "2026-11-03", publicados: 2, alcance: 3000, engajamento: 225 });
    expect(days[29]).toEqual({ periodo: "2026-11-30", publicados: 1, alcance: 0, engajamento: 0 });
    const list = section(doc, "posts").table.rows;
    expect(list.map((r) => [r.legenda, r.rede, r.status])).toEqual([
      ["Plantão de sábado", "Facebook", "Publicado"],
      ["Apartamento no Água Verde", "Instagram", "Falhou"],
      ["Casa no Batel", expect.any(String), "Publicado"],
      ["Casa no Batel", expect.any(String), "Publicado"],
    ]);
    expect(list[1]?.erro).toBe("A Meta não conseguiu baixar a imagem.");
    expect(list[0]?.quando).toBe("2026-12-01T02:59:00.000Z");
  });

  it("filtered to Instagram", async () => {
    const { doc } = await build("posts", `${NOV}&rede=instagram`);
    expect(kpis(doc)).toMatchObject({ Publicados: 1, "Com falha": 1, Alcance: 2000, Engajamento: 160 });
    expect(doc.filters).toEqual(["Rede: Instagram"]);
  });
});

describe("Interesses: November 2026", () => {
  it("the funnel, by origin and the board today, in one round trip", async () => {
    const { doc, trips } = await build("interesses", NOV);
    expect(trips).toBe(1);
    expect(kpis(doc)).toEqual({ Leads: 6, Fechados: 2, Perdidos: 1, "Em andamento": 3, Conversão: 2 / 3 });
    expect(section(doc, "funil").table.rows).toEqual([
      { etapa: "Novo", agora: 1, chegaram: 6, taxa: 1 },
      { etapa: "Contato", agora: 1, chegaram: 4, taxa: 4 / 6 },
      { etapa: "Visita agendada", agora: 0, chegaram: 3, taxa: 3 / 6 },
      { etapa: "Proposta", agora: 1, chegaram: 3, taxa: 3 / 6 },
      { etapa: "Fechado", agora: 2, chegaram: 2, taxa: 2 / 6 },
      { etapa: "Perdido", agora: 1, chegaram: null, taxa: 1 / 6 },
    ]);
    expect(section(doc, "por-origem").table.rows).toEqual([
      { origem: "Site (página do imóvel)", leads: 3, fechados: 1, perdidos: 1, andamento: 1, conversao: 0.5 },
      { origem: "Portal", leads: 2, fechados: 1, perdidos: 0, andamento: 1, conversao: 1 },
      { origem: "WhatsApp", leads: 1, fechados: 0, perdidos: 0, andamento: 1, conversao: 0 },
    ]);
    // Every live interest of any date: October's lost one too, not the deleted one.
    expect(section(doc, "quadro").table.rows.map((r) => r.interesses)).toEqual([1, 1, 0, 1, 2, 2]);
  });
});

describe("Estoque", () => {
  it("the position now at cost, below minimum, and November's movement by kind and product, in one round trip", async () => {
    const { doc, trips } = await build("estoque", NOV);
    expect(trips).toBe(1);
    expect(kpis(doc)).toEqual({
      "Valor do estoque a custo": 5000 + 0 + 3497,
      Produtos: 3,
      "Abaixo do mínimo": 2,
      "Entradas no período (valor)": 7500 + 1250,
      "Saídas no período (valor)": 900 + 2500,
    });
    expect(section(doc, "posicao").table.rows.map((r) => [r.produto, r.estoque, r.valor, r.situacao])).toEqual([
      ["Condicionador", 0, 0, "Sem estoque"],
      ["Máscara", 10.5, 3497, "OK"],
      ["Shampoo", 4, 5000, "Abaixo do mínimo"],
    ]);
    expect(section(doc, "movimentacao").table.rows).toEqual([
      { tipo: "Entrada", movimentos: 1, quantidade: 6, valor: 7500 },
      { tipo: "Saída", movimentos: 1, quantidade: -1, valor: 900 },
      { tipo: "Ajuste", movimentos: 1, quantidade: 0.5, valor: 167 },
      { tipo: "Venda", movimentos: 1, quantidade: -2, valor: 2500 },
      { tipo: "Consumo em serviço", movimentos: 0, quantidade: 0, valor: 0 },
      { tipo: "Cancelamento", movimentos: 1, quantidade: 1, valor: 1250 },
    ]);
    expect(section(doc, "por-produto").table.rows).toEqual([
      { produto: "Condicionador", entradas: 0, saidas: 1, ajustes: 0, valorEntradas: 0, valorSaidas: 900 },
      { produto: "Máscara", entradas: 0, saidas: 0, ajustes: 0.5, valorEntradas: 0, valorSaidas: 0 },
      { produto: "Shampoo", entradas: 7, saidas: 2, ajustes: 0, valorEntradas: 8750, valorSaidas: 2500 },
    ]);
  });
});

describe("who may open them", () => {
  it("another organização sees its own rows only; the office and the professional role are refused", async () => {
    const other = actorFor(orgB, "x");
    expect(kpis((await build("posts", NOV, other)).doc)).toMatchObject({ Publicados: 1, Alcance: 9999 });
    expect(kpis((await build("interesses", NOV, other)).doc)).toMatchObject({ Leads: 1, Fechados: 1 });
    expect(kpis((await build("estoque", NOV, other)).doc)).toMatchObject({ Produtos: 1, "Entradas no período (valor)": 100_000 });
    for (const role of ["staff", "professional"] as const)
      for (const id of ["posts", "interesses", "estoque"])
        await expect(build(id, NOV, actorFor(orgA, "x", role)), `${role} ${id}`).rejects.toMatchObject({ status: 403 });
  });
});
