/**
 * The demo (npm start) shows believable numbers on /relatorio at once (ADR 083): every money
 * report of the catalogue, built for the owner over "Este mês" and "90 dias" of the seeded
 * business, has figures — sales, cash in and out, expenses, receivables and payables by age,
 * commissions — and a professional linked to a profissional sees their own commissions; Imóveis
 * shows the price cuts the demo makes.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { memberships, professionals } from "../../../db/schema/index.ts";
import { seedDemo } from "../../../scripts/seed/demo.ts";
import { presetPeriod } from "../../../shared/reports/period.ts";
import type { ReportDocument } from "../../../shared/reports/document.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import type { Actor } from "../../../worker/services/context.ts";
import { reportById, reportParams } from "../../../worker/services/reports/catalogue.ts";
import { createHarness, type Harness } from "../harness.ts";

const NOW = new Date();
const ZONE = "America/Sao_Paulo";
let h: Harness;
let owner: Actor;
let orgId: string;

beforeAll(async () => {
  h = await createHarness();
  orgId = (await seedDemo(h.fresh.db, NOW)).orgId;
  const [m] = await h.fresh.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.orgId, orgId), eq(memberships.role, "owner")));
  owner = { orgId, userId: m?.userId as string, role: "owner", timeZone: ZONE };
}, 240_000);

async function build(id: string, preset: "este-mes" | "90-dias", actor = owner): Promise<ReportDocument> {
  const def = reportById(id);
  if (!def) throw new Error(id);
  const today = dayIn(NOW, ZONE);
  const p = presetPeriod(preset, today);
  const params = reportParams(def, new URLSearchParams({ de: p.from, ate: p.to }), today);
  return def.build(h.fresh.db, { actor, zone: ZONE, now: NOW }, { ...params, withOptions: true });
}

const kpi = (doc: ReportDocument, label: string) => doc.kpis.find((k) => k.label === label)?.value ?? Number.NaN;

describe("the demo's reports", () => {
  it("Vendas: this month and 90 days have sales, a ticket, every section filled", async () => {
    for (const preset of ["este-mes", "90-dias"] as const) {
      const doc = await build("vendas", preset);
      expect(kpi(doc, "Faturamento"), preset).toBeGreaterThan(0);
      expect(kpi(doc, "Ticket médio"), preset).toBeGreaterThan(0);
      for (const s of doc.sections) expect(s.table.rows.length, `${preset} ${s.id}`).toBeGreaterThan(0);
    }
    const ninety = await build("vendas", "90-dias");
    expect(kpi(ninety, "Vendas canceladas")).toBeGreaterThan(0);
    expect(ninety.sections.map((s) => s.id)).toContain("por-mes");
  });

  it("Fluxo de caixa, DRE, aging and commissions have figures", async () => {
    const fluxo = await build("fluxo-de-caixa", "90-dias");
    expect(kpi(fluxo, "Entradas")).toBeGreaterThan(0);
    expect(kpi(fluxo, "Saídas")).toBeLessThan(0);
    const dre = await build("dre", "90-dias");
    expect(kpi(dre, "Receita líquida")).toBeGreaterThan(0);
    expect(kpi(dre, "Despesas")).toBeGreaterThan(0);
    const receber = await build("contas-a-receber", "este-mes");
    expect(kpi(receber, "Total a receber")).toBeGreaterThan(0);
    const pagar = await build("contas-a-pagar", "este-mes");
    expect(kpi(pagar, "Total a pagar")).toBeGreaterThan(0);
    const comissoes = await build("comissoes", "90-dias");
    expect(kpi(comissoes, "Comissões geradas")).toBeGreaterThan(0);
  });

  it("a professional with a login sees their own commissions", async () => {
    const [linked] = await h.fresh.db
      .select({ userId: professionals.usuarioId, nome: professionals.nome })
      .from(professionals)
      .where(and(eq(professionals.orgId, orgId), isNotNull(professionals.usuarioId)));
    if (!linked?.userId) return;
    const doc = await build("comissoes", "90-dias", { orgId, userId: linked.userId, role: "professional", timeZone: ZONE });
    const names = doc.sections.find((s) => s.id === "por-profissional")?.table.rows.map((r) => r.profissional) ?? [];
    expect(names.every((n) => n === linked.nome)).toBe(true);
  });

  it("Imóveis: the demo's three price cuts of the last days, each 5% down", async () => {
    const doc = await build("imoveis", "90-dias");
    expect(kpi(doc, "Preços reduzidos no período")).toBeGreaterThanOrEqual(3);
    const cuts = doc.sections.find((s) => s.id === "precos")?.table.rows ?? [];
    expect(cuts.length).toBeGreaterThanOrEqual(3);
    for (const r of cuts) expect(Number(r.variacao)).toBeCloseTo(-0.05, 2);
  });
});
