/**
 * The Imóveis report (ADR 085) on properties typed by hand, November 2026 in São Paulo, built on
 * 05/12/2026 at 12:00 (15:00 UTC): by status now, days on market from the status history (the
 * publication date without one), the period's status changes and the days until sold; São
 * Paulo's midnights cut the month; deleted properties and another organização's never count.
 * Price changes are written by the database (the `properties_price_au` trigger) from ordinary
 * updates, only once a property is on the market.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { properties, propertyStatusHistory } from "../../../db/schema/index.ts";
import type { Database } from "../../../db/client.ts";
import type { ReportDocument } from "../../../shared/reports/document.ts";
import { reportById, reportParams } from "../../../worker/services/reports/catalogue.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { actorFor } from "../records.ts";
import { reportCtx, sp } from "./money-fixtures.ts";

let h: Harness;
let owner: ReturnType<typeof actorFor>;
let orgA: string;
let orgB: string;

async function property(
  db: Database,
  orgId: string,
  titulo: string,
  status: (typeof properties.$inferInsert)["status"],
  f: { preco?: number; criadoEm?: Date; deleted?: boolean; history?: [string, Date][] } = {},
) {
  const id = crypto.randomUUID();
  await db.insert(properties).values({
    id,
    orgId,
    codigo: `IM-${id.slice(0, 4)}`,
    slug: `imovel-${id.slice(0, 8)}`,
    titulo,
    ordem: titulo.toLowerCase(),
    status,
    finalidade: "venda",
    precoCentavos: f.preco ?? null,
    criadoEm: f.criadoEm ?? sp("2026-09-01", "10:00"),
    atualizadoEm: f.criadoEm ?? sp("2026-09-01", "10:00"),
    ...(f.deleted ? { excluidoEm: sp("2026-11-20", "10:00") } : {}),
  });
  for (const [para, em] of f.history ?? [])
    await db.insert(propertyStatusHistory).values({ id: crypto.randomUUID(), orgId, propertyId: id, para: para as never, em });
}

async function build(query: string, actor = owner) {
  const def = reportById("imoveis");
  if (!def) throw new Error("imoveis is not in the catalogue");
  const params = reportParams(def, new URLSearchParams(query), "2026-12-05");
  const before = h.fresh.db.roundTrips();
  const doc = await def.build(h.fresh.db, reportCtx(actor), params);
  return { doc, trips: h.fresh.db.roundTrips() - before };
}

const kpis = (doc: ReportDocument) => Object.fromEntries(doc.kpis.map((k) => [k.label, k.value]));

beforeAll(async () => {
  h = await createHarness();
  const db = h.fresh.db;
  const a = await createOwner(h, "Imóveis A");
  const b = await createOwner(h, "Imóveis B");
  orgA = a.orgId;
  orgB = b.orgId;
  owner = actorFor(orgA, (await userId(h, a.email)) as string);
  // Available since 05/11 10:00 (13:00 UTC): 30 days and 2 hours on 05/12 15:00 UTC → 30.
  await property(db, orgA, "Casa no Batel", "disponivel", { preco: 50_000_000, history: [["disponivel", sp("2026-11-05", "10:00")]] });
  // Created available on 25/11 12:00 (15:00 UTC; the record's own first history row) → exactly 10 days.
  await property(db, orgA, "Apartamento no Centro", "disponivel", { preco: 30_000_000, criadoEm: sp("2026-11-25", "12:00") });
  // Available 01/10 00:00, reserved 10/11, sold at 23:59 on 30/11: 60 days and 23:59 → 60.
  await property(db, orgA, "Sala comercial", "vendido", {
    preco: 20_000_000,
    history: [
      ["disponivel", sp("2026-10-01", "00:00")],
      ["reservado", sp("2026-11-10", "10:00")],
      ["vendido", sp("2026-11-30", "23:59")],
    ],
  });
  // Available at 00:00 on 01/11 (November's), rented at 00:00 on 01/12 (December's).
  await property(db, orgA, "Kitnet", "alugado", {
    preco: 150_000,
    history: [
      ["disponivel", sp("2026-11-01", "00:00")],
      ["alugado", sp("2026-12-01", "00:00")],
    ],
  });
  await property(db, orgA, "Rascunho", "rascunho");
  await property(db, orgA, "Excluído", "disponivel", {
    preco: 99_900,
    deleted: true,
    history: [["disponivel", sp("2026-11-03", "10:00")]],
  });
  await property(db, orgB, "Outra", "vendido", { preco: 1, history: [["vendido", sp("2026-11-15", "10:00")]] });
});

describe("Imóveis: November 2026", () => {
  it("by status, days on market, the month's changes and the days until sold, in one round trip", async () => {
    const { doc, trips } = await build("de=2026-11-01&ate=2026-11-30");
    expect(trips).toBe(1);
    expect(kpis(doc)).toEqual({
      Disponíveis: 2,
      "Dias no mercado (média dos disponíveis)": 20,
      "Vendidos no período": 1,
      "Alugados no período": 0,
      "Dias até fechar (média)": 60,
      "Preços reduzidos no período": 0,
    });
    expect(doc.sections.find((s) => s.id === "por-situacao")?.table.rows).toEqual([
      { situacao: "Rascunho", imoveis: 1, valor: 0 },
      { situacao: "Disponível", imoveis: 2, valor: 80_000_000 },
      { situacao: "Reservado", imoveis: 0, valor: 0 },
      { situacao: "Vendido", imoveis: 1, valor: 20_000_000 },
      { situacao: "Alugado", imoveis: 1, valor: 150_000 },
      { situacao: "Inativo", imoveis: 0, valor: 0 },
    ]);
    // Became available: the Casa (05/11), the Kitnet (00:00 on 01/11) and the Apartamento, created available on 25/11.
    expect(doc.sections.find((s) => s.id === "mudancas")?.table.rows.map((r) => r.imoveis)).toEqual([0, 3, 1, 1, 0, 0]);
    expect(doc.sections.find((s) => s.id === "disponiveis")?.table.rows.map((r) => [r.imovel, r.dias])).toEqual([
      ["Casa no Batel", 30],
      ["Apartamento no Centro", 10],
    ]);
    expect(doc.sections.find((s) => s.id === "fechados")?.table.rows.map((r) => [r.imovel, r.situacao, r.dias])).toEqual([
      ["Sala comercial", "Vendido", 60],
    ]);
  });

  it("December sees the rental; another organização its own; the office is refused", async () => {
    expect(kpis((await build("de=2026-12-01&ate=2026-12-05")).doc)).toMatchObject({
      "Alugados no período": 1,
      "Dias até fechar (média)": 30,
    });
    expect(kpis((await build("de=2026-11-01&ate=2026-11-30", actorFor(orgB, "x"))).doc)).toMatchObject({
      "Vendidos no período": 1,
      Disponíveis: 0,
    });
    await expect(build("de=2026-11-01&ate=2026-11-30", actorFor(orgA, "x", "staff"))).rejects.toMatchObject({ status: 403 });
  });

  it("lists the month's price changes of listed properties, with their variation, and counts the reductions", async () => {
    const db = h.fresh.db;
    const by = owner.userId;
    const listed = async (orgId: string, titulo: string, status: "disponivel" | "rascunho", venda: number, locacao: number | null) => {
      const id = crypto.randomUUID();
      await db.insert(properties).values({
        id,
        orgId,
        codigo: `PR-${id.slice(0, 4)}`,
        slug: `preco-${id.slice(0, 8)}`,
        titulo,
        ordem: titulo.toLowerCase(),
        status,
        finalidade: "venda_locacao",
        valorVendaCentavos: venda,
        valorLocacaoCentavos: locacao,
        precoCentavos: venda,
        criadoEm: sp("2026-10-01", "10:00"),
        atualizadoEm: sp("2026-10-01", "10:00"),
      });
      return id;
    };
    const reprice = (orgId: string, id: string, values: Partial<typeof properties.$inferInsert>, at: Date) =>
      db
        .update(properties)
        .set({ ...values, atualizadoEm: at, atualizadoPor: orgId === orgA ? by : null })
        .where(and(eq(properties.orgId, orgId), eq(properties.id, id)));
    const sobrado = await listed(orgA, "Sobrado no Ahú", "disponivel", 40_000_000, 350_000);
    // 15/11 09:00: the sale price down 5% (R$ 400.000,00 → R$ 380.000,00), the rent unchanged.
    await reprice(orgA, sobrado, { valorVendaCentavos: 38_000_000, precoCentavos: 38_000_000 }, sp("2026-11-15", "09:00"));
    // 30/11 23:59 (still November in São Paulo): both up, R$ 390.000,00 and R$ 3.600,00.
    await reprice(orgA, sobrado, { valorVendaCentavos: 39_000_000, valorLocacaoCentavos: 360_000 }, sp("2026-11-30", "23:59"));
    // 01/12 00:00: December's.
    await reprice(orgA, sobrado, { valorVendaCentavos: 37_000_000 }, sp("2026-12-01", "00:00"));
    // A rascunho's edits, a save that changes no price, and another organização's change are not listed.
    const rascunho = await listed(orgA, "Rascunho com preço", "disponivel", 10_000_000, null);
    await db
      .update(properties)
      .set({ status: "rascunho" })
      .where(and(eq(properties.orgId, orgA), eq(properties.id, rascunho)));
    await reprice(orgA, rascunho, { valorVendaCentavos: 9_000_000 }, sp("2026-11-20", "10:00"));
    await reprice(orgA, sobrado, { titulo: "Sobrado no Ahú" }, sp("2026-11-21", "10:00"));
    const alheio = await listed(orgB, "Alheio", "disponivel", 20_000_000, null);
    await reprice(orgB, alheio, { valorVendaCentavos: 10_000_000 }, sp("2026-11-10", "10:00"));

    const { doc, trips } = await build("de=2026-11-01&ate=2026-11-30");
    expect(trips).toBe(1);
    expect(kpis(doc)["Preços reduzidos no período"]).toBe(1);
    expect(doc.sections.find((s) => s.id === "precos")?.table.rows).toEqual([
      {
        imovel: "Sobrado no Ahú",
        codigo: expect.stringMatching(/^PR-/),
        preco: "Venda",
        de: 40_000_000,
        para: 38_000_000,
        variacao: -0.05,
        em: "2026-11-15T12:00:00.000Z",
      },
      {
        imovel: "Sobrado no Ahú",
        codigo: expect.stringMatching(/^PR-/),
        preco: "Venda",
        de: 38_000_000,
        para: 39_000_000,
        variacao: 1_000_000 / 38_000_000,
        em: "2026-12-01T02:59:00.000Z",
      },
      {
        imovel: "Sobrado no Ahú",
        codigo: expect.stringMatching(/^PR-/),
        preco: "Locação",
        de: 350_000,
        para: 360_000,
        variacao: 10_000 / 350_000,
        em: "2026-12-01T02:59:00.000Z",
      },
    ]);
    const december = (await build("de=2026-12-01&ate=2026-12-05")).doc;
    expect(december.sections.find((s) => s.id === "precos")?.table.rows.map((r) => [r.de, r.para])).toEqual([[39_000_000, 37_000_000]]);
    expect(kpis(december)["Preços reduzidos no período"]).toBe(1);
  });
});
