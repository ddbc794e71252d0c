/**
 * Every report of the catalogue (ADR 083) as the PDF the reports Worker draws (ADR 081), on the
 * demo seeded as `npm start` seeds it: the last 30 days, detail tables included. Each reads back
 * through pdf.js with its title, period, footer and page numbers, no blank page, and the detail's
 * header repeated on its next page. PDF_PAGES_DIR=dir writes the pages as PNG to look at.
 */
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../scripts/seed/demo.ts";
import { addDays } from "../../shared/finance/recurrence.ts";
import { formatDate } from "../../shared/format.ts";
import { DEFAULT_TIME_ZONE, dayIn } from "../../shared/time-zone.ts";
import { REPORTS, reportParams } from "../../worker/services/reports/catalogue.ts";
import { nodeReportFonts } from "../../worker-reports/node.ts";
import { renderReportPdf } from "../../worker-reports/pdf/render.ts";
import { inkRatio, pdfPages, writePdfPages } from "../support/pdf-pages.ts";
import { createHarness, type Harness } from "./harness.ts";

const NOW = new Date();
const fonts = nodeReportFonts();
let h: Harness;
let orgId: string;

beforeAll(async () => {
  h = await createHarness();
  orgId = (await seedDemo(h.fresh.db, NOW)).orgId;
}, 120_000);

describe("the demo's reports as PDF", () => {
  it("renders every report of the catalogue, readable page by page", async () => {
    const today = dayIn(NOW, DEFAULT_TIME_ZONE);
    const from = addDays(today, -29);
    const owner = { orgId, userId: "demo", role: "owner" as const, timeZone: DEFAULT_TIME_ZONE };
    const ctx = { actor: owner, zone: DEFAULT_TIME_ZONE, now: NOW, generatedBy: "Dona da Demonstração" };
    expect(REPORTS.length).toBeGreaterThanOrEqual(2);
    for (const def of REPORTS) {
      const params = reportParams(def, new URLSearchParams({ de: from, ate: today }), today);
      const doc = await def.build(h.fresh.db, ctx, params);
      const source = def.detail ? { ...doc, detail: def.detail(h.fresh.db, ctx, params) } : doc;
      const rendered = await renderReportPdf(source, fonts);
      const pdf = await pdfPages(rendered.bytes, { scale: 0.75 });
      if (process.env.PDF_PAGES_DIR) writePdfPages(pdf, path.join(process.env.PDF_PAGES_DIR, def.id));
      expect(pdf.pageCount, def.id).toBe(rendered.pages);
      const first = pdf.pages[0]?.text ?? "";
      expect(first, def.id).toContain(doc.title);
      expect(first, def.id).toContain(`Período: ${formatDate(from)} a ${formatDate(today)}`);
      for (const page of pdf.pages) {
        expect(page.text, `${def.id} p. ${page.number}`).toContain(`Página ${page.number} de ${pdf.pageCount}`);
        expect(page.text, `${def.id} p. ${page.number}`).toContain("por Dona da Demonstração");
        expect(inkRatio(page), `${def.id} p. ${page.number}`).toBeGreaterThan(0.005);
      }
      // No text drawn as "NaN", "undefined" or "[object Object]".
      const all = pdf.pages.map((p) => p.text).join(" ");
      expect(all, def.id).not.toMatch(/\bNaN\b|undefined|\[object Object\]|Infinity/);
    }
  }, 240_000);
});
