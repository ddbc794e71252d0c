/**
 * The report catalogue (ADR 083): ids are unique pt-BR slugs, every report names an area of the
 * permission table, /relatorios opens exactly for the roles that may open one of its reports,
 * and a URL's period and filters parse without ever throwing.
 */
import { describe, expect, it } from "vitest";
import { ROLES } from "../../shared/enums.ts";
import { parsePeriod, presetOf, presetPeriod, previousPeriod, trendBucketsOf } from "../../shared/reports/period.ts";
import { AREAS, can } from "../../worker/auth/permissions.ts";
import { catalogueFor, REPORTS, reportById, reportParams, reportQuery, reportsFor } from "../../worker/services/reports/catalogue.ts";
import { REPORT_GROUPS } from "../../worker/services/reports/types.ts";

describe("the catalogue", () => {
  it("unique slugs, known groups, areas of the table", () => {
    const ids = REPORTS.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of REPORTS) {
      expect(r.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(REPORT_GROUPS).toContain(r.group);
      expect(Object.keys(AREAS), r.id).toContain(r.area);
    }
    for (const id of ["vendas", "fluxo-de-caixa", "dre", "contas-a-receber", "contas-a-pagar", "comissoes"])
      expect(reportById(id), id).toBeDefined();
  });

  it("/relatorios (area relatorios) opens exactly for the roles that may open one of its reports", () => {
    for (const role of ROLES) expect(can(role, "relatorios", "read"), role).toBe(reportsFor(role).length > 0);
    expect(reportsFor("staff")).toEqual(REPORTS.filter((r) => can("staff", r.area, "read")));
    expect(catalogueFor("professional").flatMap((g) => g.reports.map((r) => r.id))).toContain("comissoes");
    expect(catalogueFor("professional").flatMap((g) => g.reports.map((r) => r.id))).not.toContain("vendas");
    expect(catalogueFor("owner").map((g) => g.group)).toEqual(REPORT_GROUPS.filter((g) => REPORTS.some((r) => r.group === g)));
  });

  it("a URL's period and filters: defaults, order, the year cap, malformed values dropped; and back to a URL", () => {
    const vendas = reportById("vendas");
    if (!vendas) throw new Error("vendas");
    const p = reportParams(vendas, new URLSearchParams("de=2026-11-30&ate=2026-11-01&forma=pix&profissional=x'y"), "2026-12-05");
    expect(p.period).toEqual({ from: "2026-11-01", to: "2026-11-30" });
    expect(p.previous).toEqual({ from: "2026-10-02", to: "2026-10-31" });
    expect(p.filters).toEqual({ forma: "pix" });
    expect(reportQuery(vendas, p)).toBe("r=vendas&de=2026-11-01&ate=2026-11-30&forma=pix");
    expect(parsePeriod("2026-02-30", "2026-03-01", "2026-12-05")).toEqual({ from: "2026-12-01", to: "2026-12-05" });
    expect(parsePeriod("2020-01-01", "2026-12-31", "2026-12-05")).toEqual({ from: "2025-12-31", to: "2026-12-31" });
  });

  it("presets, the previous period and the buckets", () => {
    expect(presetPeriod("mes-passado", "2026-03-15")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetPeriod("7-dias", "2026-03-03")).toEqual({ from: "2026-02-25", to: "2026-03-03" });
    expect(presetPeriod("este-ano", "2026-03-03")).toEqual({ from: "2026-01-01", to: "2026-03-03" });
    expect(presetOf({ from: "2026-03-01", to: "2026-03-15" }, "2026-03-15")).toBe("este-mes");
    expect(presetOf({ from: "2026-03-02", to: "2026-03-15" }, "2026-03-15")).toBeNull();
    expect(previousPeriod({ from: "2026-03-01", to: "2026-03-31" })).toEqual({ from: "2026-01-29", to: "2026-02-28" });
    expect(trendBucketsOf({ from: "2026-01-15", to: "2026-03-31" }).buckets.map((b) => [b.label, b.from, b.to])).toEqual([
      ["jan/26", "2026-01-15", "2026-01-31"],
      ["fev/26", "2026-02-01", "2026-02-28"],
      ["mar/26", "2026-03-01", "2026-03-31"],
    ]);
  });
});
