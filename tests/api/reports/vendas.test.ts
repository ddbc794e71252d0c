/**
 * The Vendas report (ADR 083) on a business typed by hand (money-fixtures.ts): every figure below
 * is computed on paper from the sales inserted here — a cancelled sale, a sale paid two ways, and
 * São Paulo's midnights at the month's edges (23:59 on 30/11 is 02:59 UTC on 01/12: November's;
 * 00:00 on 01/12 is December's). One database round trip per build; another organização's sales
 * never appear; roles without the area are refused.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { saleRollups, sales } from "../../../db/schema/index.ts";
import type { ReportDocument, ReportSection } from "../../../shared/reports/document.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { reportById, reportParams } from "../../../worker/services/reports/catalogue.ts";
import { createHarness, type Harness } from "../harness.ts";
import { type Business, createBusiness, insertSale, reportCtx, sp } from "./money-fixtures.ts";

let h: Harness;
let b: Business;

const def = reportById("vendas");

function kpi(doc: ReportDocument, label: string) {
  const k = doc.kpis.find((x) => x.label === label);
  if (!k) throw new Error(`no KPI ${label}`);
  return { value: k.value, previous: k.previous };
}

function section(doc: ReportDocument, id: string): ReportSection {
  const s = doc.sections.find((x) => x.id === id);
  if (!s) throw new Error(`no section ${id}`);
  return s;
}

async function build(query: string, actor = b.owner) {
  if (!def) throw new Error("vendas is not in the catalogue");
  const params = reportParams(def, new URLSearchParams(query), "2026-12-05");
  const before = h.fresh.db.roundTrips();
  const doc = await def.build(h.fresh.db, reportCtx(actor), { ...params, withOptions: true });
  return { doc, trips: h.fresh.db.roundTrips() - before };
}

beforeAll(async () => {
  h = await createHarness();
  b = await createBusiness(h, "Vendas");
  const corteCarla = { servico: b.corte, profissional: b.carla, descricao: "Corte", preco: 5000 };
  const corteBruno = { servico: b.corte, profissional: b.bruno, descricao: "Corte", preco: 5000 };
  const shampoo = { produto: b.shampoo, descricao: "Shampoo", preco: 3000 };
  // November (the period): S1, S2, S5 concluded; S4 cancelled. December: S3. October: S6, S7.
  await insertSale(h, b.orgId, sp("2026-11-03", "10:00"), [corteCarla, { ...shampoo, quantidade: 2, desconto: 1000 }], [["pix", 10000]], {
    cliente: b.maria,
  });
  await insertSale(h, b.orgId, sp("2026-11-30", "23:59"), [corteBruno], [["dinheiro", 5000]]);
  await insertSale(h, b.orgId, sp("2026-12-01", "00:00"), [{ ...corteCarla, preco: 7000 }], [["pix", 7000]]);
  await insertSale(h, b.orgId, sp("2026-11-10", "15:00"), [corteCarla], [["credito", 5000]], { status: "cancelada" });
  await insertSale(
    h,
    b.orgId,
    sp("2026-11-01", "00:00"),
    [shampoo],
    [
      ["pix", 1000],
      ["credito", 2000],
    ],
  );
  await insertSale(h, b.orgId, sp("2026-10-31", "23:59"), [{ ...corteBruno, preco: 4000 }], [["pix", 4000]]);
  await insertSale(h, b.orgId, sp("2026-10-15", "12:00"), [{ ...shampoo, quantidade: 2 }], [["debito", 6000]]);
  // Another organização's November sale: never in this business's report.
  const other = await createBusiness(h, "Outra");
  await insertSale(h, other.orgId, sp("2026-11-03", "10:00"), [{ descricao: "Avulso", preco: 99_900 }], [["pix", 99_900]]);
});

describe("Vendas: November 2026 in São Paulo", () => {
  it("the KPIs against October 2–31 (the previous 30 days), the cancelled sale apart, in one round trip", async () => {
    const { doc, trips } = await build("de=2026-11-01&ate=2026-11-30");
    expect(trips).toBe(1);
    expect(doc.period).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(doc.orgName).toBe("Negócio Vendas");
    // S1 10.000 + S2 5.000 (23:59 on 30/11) + S5 3.000 (00:00 on 01/11); S3 (00:00 on 01/12) is December's.
    expect(kpi(doc, "Faturamento")).toEqual({ value: 18000, previous: 10000 });
    expect(kpi(doc, "Nº de vendas")).toEqual({ value: 3, previous: 2 });
    expect(kpi(doc, "Ticket médio")).toEqual({ value: 6000, previous: 5000 });
    expect(kpi(doc, "Descontos")).toEqual({ value: 1000, previous: 0 });
    expect(kpi(doc, "Vendas canceladas")).toEqual({ value: 1, previous: 0 });
    expect(kpi(doc, "Valor cancelado")).toEqual({ value: 5000, previous: 0 });
    expect(JSON.stringify(doc)).not.toContain("99900");
  });

  it("by day: each sale on its São Paulo day", async () => {
    const { doc } = await build("de=2026-11-01&ate=2026-11-30");
    const day = section(doc, "por-dia");
    expect(day.table.rows).toHaveLength(30);
    const nonzero = day.table.rows.filter((r) => r.vendas || r.canceladas);
    expect(nonzero).toEqual([
      { periodo: "2026-11-01", vendas: 1, faturamento: 3000, ticket: 3000, canceladas: 0 },
      { periodo: "2026-11-03", vendas: 1, faturamento: 10000, ticket: 10000, canceladas: 0 },
      { periodo: "2026-11-10", vendas: 0, faturamento: 0, ticket: 0, canceladas: 1 },
      { periodo: "2026-11-30", vendas: 1, faturamento: 5000, ticket: 5000, canceladas: 0 },
    ]);
    expect(day.table.totals).toEqual({ periodo: "Total", vendas: 3, faturamento: 18000, ticket: 6000, canceladas: 1 });
    expect(day.chart?.labels[0]).toBe("01/11");
    expect(doc.sections.some((s) => s.id === "por-mes")).toBe(false);
  });

  it("by professional, by item and by payment method", async () => {
    const { doc } = await build("de=2026-11-01&ate=2026-11-30");
    expect(section(doc, "por-profissional").table.rows).toEqual([
      { profissional: "Sem profissional (produtos e avulsos)", vendas: 2, valor: 8000, participacao: 8000 / 18000 },
      { profissional: "Bruno", vendas: 1, valor: 5000, participacao: 5000 / 18000 },
      { profissional: "Carla", vendas: 1, valor: 5000, participacao: 5000 / 18000 },
    ]);
    expect(section(doc, "por-item").table.rows).toEqual([
      { item: "Corte", tipo: "Serviço", quantidade: 2, valor: 10000, participacao: 10000 / 18000 },
      { item: "Shampoo", tipo: "Produto", quantidade: 3, valor: 8000, participacao: 8000 / 18000 },
    ]);
    expect(section(doc, "por-forma").table.rows).toEqual([
      { forma: "Pix", vendas: 2, valor: 11000, participacao: 11000 / 18000 },
      { forma: "Dinheiro", vendas: 1, valor: 5000, participacao: 5000 / 18000 },
      { forma: "Cartão de crédito", vendas: 1, valor: 2000, participacao: 2000 / 18000 },
    ]);
  });

  it("December starts at 00:00 in São Paulo", async () => {
    const { doc } = await build("de=2026-12-01&ate=2026-12-31");
    expect(kpi(doc, "Faturamento").value).toBe(7000);
    expect(kpi(doc, "Nº de vendas").value).toBe(1);
  });

  it("filters: a professional's sales and lines; a method's sales and payments; a client's; said in words", async () => {
    const carla = await build(`de=2026-11-01&ate=2026-11-30&profissional=${b.carla}`);
    expect(kpi(carla.doc, "Faturamento").value).toBe(10000);
    expect(kpi(carla.doc, "Vendas canceladas").value).toBe(1);
    expect(section(carla.doc, "por-profissional").table.rows.map((r) => [r.profissional, r.valor])).toEqual([["Carla", 5000]]);
    expect(section(carla.doc, "por-item").table.rows.map((r) => [r.item, r.valor])).toEqual([["Corte", 5000]]);
    expect(carla.doc.filters).toEqual(["Profissional: Carla"]);
    expect(carla.trips).toBe(1);

    const credito = await build("de=2026-11-01&ate=2026-11-30&forma=credito");
    expect(kpi(credito.doc, "Faturamento").value).toBe(3000);
    expect(section(credito.doc, "por-forma").table.rows.map((r) => [r.forma, r.valor])).toEqual([["Cartão de crédito", 2000]]);
    expect(credito.doc.filters).toEqual(["Forma de pagamento: Cartão de crédito"]);

    const maria = await build(`de=2026-11-01&ate=2026-11-30&cliente=${b.maria}`);
    expect(kpi(maria.doc, "Faturamento").value).toBe(10000);
    expect(maria.doc.filters).toEqual(["Cliente: Maria Souza"]);

    // A malformed filter is dropped, not an error.
    const bad = await build("de=2026-11-01&ate=2026-11-30&forma=cheque&profissional=%27%3B");
    expect(kpi(bad.doc, "Faturamento").value).toBe(18000);
    expect(bad.doc.filters).toEqual([]);
  });

  it("a period over three months: by month (and by day up to 92 days)", async () => {
    const { doc } = await build("de=2026-10-01&ate=2026-12-31");
    const month = section(doc, "por-mes");
    expect(month.table.rows.map((r) => [r.periodo, r.vendas, r.faturamento])).toEqual([
      ["out/26", 2, 10000],
      ["nov/26", 3, 18000],
      ["dez/26", 1, 7000],
    ]);
    expect(section(doc, "por-dia").table.rows).toHaveLength(92);
  });

  it("the detail pages every sale of the period, cancelled ones marked", async () => {
    if (!def?.detail) throw new Error("vendas has a detail");
    const params = reportParams(def, new URLSearchParams("de=2026-11-01&ate=2026-11-30"), "2026-12-05");
    const rows = [];
    for await (const page of def.detail(h.fresh.db, reportCtx(b.owner), params).pages()) rows.push(...page);
    expect(rows.map((r) => [r.vendidaEm, r.status, r.total, r.formas])).toEqual([
      ["2026-11-01T03:00:00.000Z", "Concluída", 3000, "Pix, Cartão de crédito"],
      ["2026-11-03T13:00:00.000Z", "Concluída", 10000, "Pix"],
      ["2026-11-10T18:00:00.000Z", "Cancelada", 5000, "Cartão de crédito"],
      ["2026-12-01T02:59:00.000Z", "Concluída", 5000, "Dinheiro"],
    ]);
  });

  it("staff and professional are refused (the money reports are the managers')", async () => {
    for (const role of ["staff", "professional"] as const) {
      await expect(build("de=2026-11-01&ate=2026-11-30", { ...b.owner, role })).rejects.toSatisfy(
        (e) => e instanceof DomainError && e.status === 403,
      );
    }
    await expect(build("de=2026-11-01&ate=2026-11-30", { ...b.owner, role: "admin" })).resolves.toBeTruthy();
  });

  it("reads the hourly rollups when unfiltered, with the same sections as the sales themselves, after a cancel, a delete and a move", async () => {
    if (!def) throw new Error("vendas is not in the catalogue");
    const sections = async (query: string, fromSales: boolean) => {
      const params = reportParams(def, new URLSearchParams(query), "2026-12-05");
      const doc = await def.build(h.fresh.db, reportCtx(b.owner), { ...params, fromSales });
      return doc.sections.filter((x) => ["por-profissional", "por-item", "por-forma"].includes(x.id));
    };
    const same = async (query: string) => expect(await sections(query, false), query).toEqual(await sections(query, true));
    const db = h.fresh.db;
    const rolled = await db.select().from(saleRollups).where(eq(saleRollups.orgId, b.orgId));
    expect(rolled.length, "the triggers summed the sales inserted above").toBeGreaterThan(0);
    // Three more November sales: one cancelled after the fact, one deleted, one moved to December.
    const corte = { servico: b.corte, profissional: b.bruno, descricao: "Corte", preco: 6000 };
    const shampoo = { produto: b.shampoo, descricao: "Shampoo", preco: 3000 };
    const { id: cancelled } = await insertSale(h, b.orgId, sp("2026-11-12", "09:30"), [corte, shampoo], [["pix", 9000]]);
    const { id: deleted } = await insertSale(h, b.orgId, sp("2026-11-13", "11:00"), [shampoo], [["dinheiro", 3000]]);
    const { id: moved } = await insertSale(
      h,
      b.orgId,
      sp("2026-11-14", "16:45"),
      [corte, corte],
      [
        ["debito", 6000],
        ["debito", 6000],
      ],
    );
    await same("de=2026-11-01&ate=2026-11-30");
    const one = (id: string) => and(eq(sales.orgId, b.orgId), eq(sales.id, id));
    await db.update(sales).set({ status: "cancelada" }).where(one(cancelled));
    await db
      .update(sales)
      .set({ excluidoEm: sp("2026-11-20", "10:00") })
      .where(one(deleted));
    await db
      .update(sales)
      .set({ vendidaEm: sp("2026-12-02", "08:00") })
      .where(one(moved));
    for (const q of ["de=2026-11-01&ate=2026-11-30", "de=2026-12-01&ate=2026-12-05", "de=2026-10-01&ate=2026-12-05"]) await same(q);
    // Back as they were: each hour sums to what the sales say again.
    await db.update(sales).set({ status: "concluida" }).where(one(cancelled));
    await db.update(sales).set({ excluidoEm: null }).where(one(deleted));
    await db
      .update(sales)
      .set({ vendidaEm: sp("2026-11-14", "16:45") })
      .where(one(moved));
    await same("de=2026-11-01&ate=2026-11-30");
    // The moved sale's two lines of one professional, item and method are one sale each.
    const nov = await sections("de=2026-11-14&ate=2026-11-14", false);
    expect(nov.find((x) => x.id === "por-forma")?.table.rows).toEqual([
      { forma: "Cartão de débito", vendas: 1, valor: 12000, participacao: 1 },
    ]);
  });
});
