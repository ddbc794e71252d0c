/**
 * The Vendas report (ADR 083) on sales typed by hand, exported as XLSX and CSV (ADR 082): the
 * spreadsheet carries the figures vendas.test.ts computes on paper — as reais with the R$ format,
 * São Paulo wall-clock date-times, the cancelled sale marked, 23:59 on 30/11 still November's.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { ReportSource } from "../../../shared/reports/document.ts";
import { reportById, reportParams } from "../../../worker/services/reports/catalogue.ts";
import { spreadsheetRenderers } from "../../../worker/services/reports/spreadsheet.ts";
import { unzip } from "../../support/unzip.ts";
import { cell, styleOf } from "../../support/xlsx-cells.ts";
import { createHarness, type Harness } from "../harness.ts";
import { type Business, createBusiness, insertSale, reportCtx, sp } from "./money-fixtures.ts";

let h: Harness;
let b: Business;

const MONEY = '"R$" #,##0.00;[Red]-"R$" #,##0.00';
const read = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

/** The November report with its detail, as the job hands it to a renderer. */
async function novemberSource(): Promise<ReportSource> {
  const def = reportById("vendas");
  if (!def?.detail) throw new Error("vendas is in the catalogue with a detail");
  const params = reportParams(def, new URLSearchParams("de=2026-11-01&ate=2026-11-30"), "2026-12-05");
  const ctx = { ...reportCtx(b.owner), generatedBy: "Dona do Negócio" };
  const doc = await def.build(h.fresh.db, ctx, params);
  return { ...doc, detail: def.detail(h.fresh.db, ctx, params) };
}

beforeAll(async () => {
  h = await createHarness();
  b = await createBusiness(h, "Planilha");
  const corteCarla = { servico: b.corte, profissional: b.carla, descricao: "Corte", preco: 5000 };
  const shampoo = { produto: b.shampoo, descricao: "Shampoo", preco: 3000 };
  // Nº 1–5 in this order: November's 1, 2, 4 (cancelled) and 5; Nº 3 is December's (00:00 on 01/12).
  await insertSale(h, b.orgId, sp("2026-11-03", "10:00"), [corteCarla, { ...shampoo, quantidade: 2, desconto: 1000 }], [["pix", 10000]], {
    cliente: b.maria,
  });
  await insertSale(h, b.orgId, sp("2026-11-30", "23:59"), [{ ...corteCarla, profissional: b.bruno }], [["dinheiro", 5000]]);
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
});

describe("Vendas as a spreadsheet", () => {
  it("XLSX: Resumo's revenue in reais as R$, a sheet per section, the totals row, and every sale of the period on the detail sheet", async () => {
    const files = await unzip(await read(await spreadsheetRenderers.xlsx(await novemberSource())));
    const styles = files["xl/styles.xml"] ?? "";
    const names = [...(files["xl/workbook.xml"] ?? "").matchAll(/<sheet name="([^"]*)"/g)].map((m) => m[1]);
    expect(names).toEqual([
      "Resumo",
      "Vendas por dia",
      "Por profissional",
      "Por serviço e produto",
      "Por forma de pagamento",
      "Vendas do período",
    ]);

    // Resumo: title block (4 lines: no filters), a blank row, the header on row 6, Faturamento first.
    const resumo = files["xl/worksheets/sheet1.xml"] ?? "";
    expect(cell(resumo, "A2")?.v).toBe("Negócio Planilha");
    expect(cell(resumo, "A4")?.v).toBe("Gerado em 05/12/2026 12:00 por Dona do Negócio");
    expect(cell(resumo, "A7")?.v).toBe("Faturamento");
    const revenue = cell(resumo, "B7");
    expect(revenue).toMatchObject({ v: "180", text: false });
    expect(styleOf(styles, revenue?.s ?? 0).format).toBe(MONEY);

    // By day: heading, note, header on row 8, 1–30 November on rows 9–38, the totals on 39.
    const byDay = files["xl/worksheets/sheet2.xml"] ?? "";
    expect(byDay).toContain('<pane ySplit="8" topLeftCell="A9" activePane="bottomLeft" state="frozen"/>');
    expect(cell(byDay, "A9")).toMatchObject({ v: "46327", text: false });
    expect(cell(byDay, "C11")).toMatchObject({ v: "100" });
    expect(cell(byDay, "A39")).toMatchObject({ v: "Total", text: true });
    const total = cell(byDay, "C39");
    expect(total).toMatchObject({ v: "180" });
    expect(styleOf(styles, total?.s ?? 0)).toMatchObject({ bold: true, format: MONEY });

    // The detail: header on row 7, the four November sales in time order from row 8.
    const detail = files["xl/worksheets/sheet6.xml"] ?? "";
    expect(detail).toContain('<autoFilter ref="A7:H11"/>');
    expect([8, 9, 10, 11].map((r) => cell(detail, `A${r}`)?.v)).toEqual(["5", "1", "4", "2"]);
    // 30/11 23:59 in São Paulo (02:59 UTC on 01/12) is November's, and shown as such.
    const lastMinute = cell(detail, "B11");
    expect(Number(lastMinute?.v)).toBeCloseTo(46356 + (23 * 60 + 59) / 1440, 9);
    expect(styleOf(styles, lastMinute?.s ?? 0).format).toBe("dd/mm/yyyy hh:mm");
    expect(cell(detail, "D10")?.v).toBe("Cancelada");
    expect(cell(detail, "F9")).toMatchObject({ v: "110" });
    expect(cell(detail, "G9")).toMatchObject({ v: "10" });
    expect(cell(detail, "H9")).toMatchObject({ v: "100" });
    expect(styleOf(styles, cell(detail, "H9")?.s ?? 0).format).toBe(MONEY);
  });

  it("CSV: the detail table for Excel pt-BR, byte for byte", async () => {
    const bytes = await read(await spreadsheetRenderers.csv(await novemberSource()));
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(
      "\uFEFF" +
        [
          "Nº;Data;Cliente;Situação;Formas de pagamento;Subtotal;Desconto;Total",
          "5;01/11/2026 00:00;;Concluída;Pix, Cartão de crédito;30,00;0,00;30,00",
          "1;03/11/2026 10:00;Maria Souza;Concluída;Pix;110,00;10,00;100,00",
          "4;10/11/2026 15:00;;Cancelada;Cartão de crédito;50,00;0,00;50,00",
          "2;30/11/2026 23:59;;Concluída;Dinheiro;50,00;0,00;50,00",
          "",
        ].join("\r\n"),
    );
  });
});
