import { beforeAll, describe, expect, it } from "vitest";
import type { ReportColumn, ReportSection } from "../../shared/reports/document.ts";
import { nodeReportFonts } from "../../worker-reports/node.ts";
import { renderReportPdf } from "../../worker-reports/pdf/render.ts";
import { countColor, inkRatio, type PdfInfo, pdfPages } from "../support/pdf-pages.ts";
import { reportFixture } from "../support/report-fixture.ts";

/**
 * The report PDF (worker-reports/, ADR 081) as a reader sees it: rendered by pdf.js to images
 * and text (tests/support/pdf-pages.ts). The same renderer runs in workerd in
 * tests/workers/reports-pdf.test.ts; here it runs in Node, where the pages can be rasterised.
 */

const fonts = nodeReportFonts();
const SCALE = 1.5;
/** The logo's blue (#2563EB), also the first chart colour: looked for only where the logo goes. */
const BLUE: [number, number, number] = [37, 99, 235];
/** The logo's box on page 1, in pixels: 40..150 × 40..84 points. */
const LOGO_BOX = { x: 40 * SCALE, y: 40 * SCALE, width: 110 * SCALE, height: 44 * SCALE };

describe("report PDF", () => {
  let info: PdfInfo;
  let rendered: { pages: number; rows: number };

  beforeAll(async () => {
    const pdf = await renderReportPdf(reportFixture({ rows: 120, pageSize: 50 }), fonts);
    rendered = { pages: pdf.pages, rows: pdf.rows };
    info = await pdfPages(pdf.bytes, { scale: SCALE });
  }, 60_000);

  it("has the pages it says, none blank, A4 portrait", () => {
    expect(info.pageCount).toBe(rendered.pages);
    expect(info.pageCount).toBeGreaterThanOrEqual(4);
    expect(rendered.rows).toBe(120);
    for (const page of info.pages) {
      expect(inkRatio(page), `page ${page.number}`).toBeGreaterThan(0.03);
      expect(page.width).toBe(Math.ceil(595.28 * SCALE));
      expect(page.height).toBe(Math.ceil(841.89 * SCALE));
    }
    expect(info.title).toBe("Vendas do período — Salão Beleza & Cia Ltda.");
  });

  it("opens with the business, title, period, filters in words and KPIs in pt-BR", () => {
    const first = info.pages[0]?.text ?? "";
    for (const expected of [
      "Salão Beleza & Cia Ltda.",
      "Vendas do período",
      "Período: 01/11/2026 a 30/11/2026",
      "Filtros: Profissional: Carla · Forma: Pix · Situação: concluídas (canceladas não entram)",
      "Faturamento R$ 123.456,78 +12,2% antes: R$ 110.000,00",
      "Vendas 1.234 -5,1% antes: 1.301",
      "Descontos 12,5%",
      "Vendas canceladas não entram; devoluções abatem o dia da devolução.",
      "Dia Vendas Faturamento",
      "01/11/2026 30 R$ 1.500,00",
    ])
      expect(first).toContain(expected);
  });

  it("draws the logo in its corner (and nothing blue there without one)", async () => {
    const page = info.pages[0];
    if (!page) throw new Error("no page 1");
    expect(countColor(page, BLUE, LOGO_BOX)).toBeGreaterThan(1500);
    const bare = await pdfPages((await renderReportPdf(reportFixture({ rows: 0, logo: null }), fonts)).bytes, { pages: [1], scale: SCALE });
    const barePage = bare.pages[0];
    if (!barePage) throw new Error("no page 1");
    expect(countColor(barePage, BLUE, LOGO_BOX)).toBe(0);
  }, 60_000);

  it("repeats a table's header on the next page, with its totals row in place", () => {
    const second = info.pages[1]?.text ?? "";
    expect(second).toContain("Vendas por dia (continuação) Dia Vendas Faturamento");
    expect(second).toContain("Total 1.234 R$ 123.456,78");
  });

  it("numbers every page and says who generated it when, in the report's zone", () => {
    for (const page of info.pages) {
      expect(page.text).toContain(`Página ${page.number} de ${info.pageCount}`);
      expect(page.text).toContain("Gerado em 27/11/2026 14:30 por Ana Souza");
    }
  });

  it("draws every detail row exactly once, the header on each of its pages, values the pt-BR way", () => {
    const all = info.pages.map((p) => p.text).join(" ");
    for (let i = 0; i < 120; i++) {
      const number = (1000 + i).toLocaleString("pt-BR");
      const count = all.split(` ${number} `).length - 1;
      expect(count, `row ${number}`).toBe(1);
    }
    const detailPages = info.pages.filter((p) => p.text.includes("Vendas (detalhe)"));
    expect(detailPages.length).toBeGreaterThanOrEqual(2);
    for (const page of detailPages) expect(page.text).toContain("Nº Data e hora Cliente Profissional");
    expect(all).toContain("1.000 01/11/2026 08:00");
    expect(all).toMatch(/ Ana Luíza Gonçalves de[\p{L} ]*… /u); // a long name cut with an ellipsis
    expect(all).toContain("R$ 19,90");
  });

  it("draws each chart type as vectors, with pt-BR axis labels and legends", () => {
    const all = info.pages.map((p) => p.text).join(" ");
    expect(all).toContain("R$ 6 mil"); // bar axis
    expect(all).toContain("R$ 50.000,00 · 41%"); // donut legend
    expect(all).toContain("Carla Fábio Lúcia"); // stacked legend
    expect(all).toContain("0% 50% 100%"); // line axis
    expect(all).toContain("Nenhum registro no período.");
  });

  it("draws the name alone when the logo is not a PNG or JPEG or does not decode", async () => {
    for (const logo of ["data:image/svg+xml;base64,PHN2Zy8+", "data:image/png;base64,bm90IGEgcG5n", "data:image/png;base64,%%%"]) {
      const bare = await pdfPages((await renderReportPdf(reportFixture({ rows: 0, logo }), fonts)).bytes, { pages: [1], scale: SCALE });
      const page = bare.pages[0];
      if (!page) throw new Error("no page 1");
      expect(page.text).toContain("Salão Beleza & Cia Ltda.");
      expect(countColor(page, BLUE, LOGO_BOX), logo).toBe(0);
    }
  }, 60_000);

  it("sums a donut's slices past its legend's room in one '+ N outros' line", async () => {
    const source = reportFixture({ rows: 0 });
    source.detail = undefined;
    const labels = Array.from({ length: 20 }, (_, i) => `Serviço ${i + 1}`);
    source.sections = [
      {
        id: "servicos",
        title: "Por serviço",
        chart: { type: "donut", kind: "money", labels, series: [{ name: "Total", values: labels.map(() => 10_000) }] },
        table: { columns: [{ key: "s", label: "Serviço", kind: "text" }], rows: [] },
      },
    ];
    const text = (await pdfPages((await renderReportPdf(source, fonts)).bytes, { scale: 0.5 })).pages[0]?.text ?? "";
    expect(text).toContain("Serviço 11 R$ 100,00 · 5%");
    expect(text).toContain("+ 9 outros R$ 900,00 · 45%");
    expect(text).not.toContain("Serviço 12 R$");
  }, 60_000);

  it("turns a page landscape for a table with many columns", async () => {
    const columns: ReportColumn[] = Array.from({ length: 12 }, (_, i) => ({ key: `c${i}`, label: `Coluna ${i + 1}`, kind: "money" }));
    const source = reportFixture({ rows: 0 });
    source.detail = undefined;
    source.sections = [
      { id: "largo", title: "Tabela larga", table: { columns, rows: [Object.fromEntries(columns.map((c) => [c.key, 123456]))] } },
    ];
    const wide = await pdfPages((await renderReportPdf(source, fonts)).bytes, { scale: 1 });
    expect(wide.pages[0]?.width).toBeGreaterThan(wide.pages[0]?.height ?? 0);
    expect(wide.pages[0]?.text).toContain("Coluna 12");
    expect(wide.pages[0]?.text).toContain("R$ 1.234,56");
  }, 60_000);

  it("never leaves a section's title at a page's foot without its first rows", async () => {
    const source = reportFixture({ rows: 0 });
    source.detail = undefined;
    source.sections = Array.from(
      { length: 14 },
      (_, k): ReportSection => ({
        id: `s${k}`,
        title: `Seção ${k + 1}`,
        table: {
          columns: [
            { key: "nome", label: "Nome", kind: "text" },
            { key: "valor", label: "Valor", kind: "money" },
          ],
          rows: Array.from({ length: 3 + ((k * 5) % 9) }, (_, r) => ({ nome: `linha-${k + 1}-${r + 1}`, valor: 100 * r })),
        },
      }),
    );
    const doc = await pdfPages((await renderReportPdf(source, fonts)).bytes, { scale: 0.5 });
    expect(doc.pageCount).toBeGreaterThanOrEqual(2);
    for (let k = 1; k <= 14; k++) {
      const page = doc.pages.find((p) => new RegExp(`Seção ${k} Nome`).test(p.text));
      expect(page, `Seção ${k}`).toBeDefined();
      expect(page?.text).toContain(`linha-${k}-1 `);
    }
  }, 60_000);
});
