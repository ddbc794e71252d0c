import { describe, expect, it } from "vitest";
import { sniffFileKind } from "../../../shared/document-files/sniff.ts";
import type { ReportRow, ReportSource } from "../../../shared/reports/document.ts";
import { sheetNames } from "../../../worker/resources/xlsx.ts";
import { reportCsv, reportWorkbook } from "../../../worker/services/reports/spreadsheet.ts";
import { unzip } from "../../support/unzip.ts";
import { cell, styleOf } from "../../support/xlsx-cells.ts";

/** The bytes as text, the BOM kept (TextDecoder drops it by default). */
const csvText = (bytes: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
const read = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

const DETAIL_ROWS: ReportRow[] = [
  // 01/11/2026 09:05 in São Paulo (12:05 UTC).
  { quando: "2026-11-01T12:05:00.000Z", cliente: 'Maria; "Mari" Souza', forma: "Pix", itens: 2, parte: 0.25, valor: 123456 },
  // 27/11/2026 14:30 in São Paulo: a refund, negative.
  { quando: "2026-11-27T17:30:00.000Z", cliente: '=HYPERLINK("x")', forma: "Cartão", itens: 1, parte: 0.125, valor: -5050 },
  { quando: "2026-11-28T02:59:00.000Z", cliente: null, forma: "Dinheiro", itens: 1234, parte: 1, valor: 5 },
];

/** A small report with every column kind, two sections (one with a hostile title) and a paged detail table. */
function source(options: { detail?: boolean; pages?: ReportRow[][] } = {}): ReportSource {
  const pages = options.pages ?? [DETAIL_ROWS.slice(0, 2), DETAIL_ROWS.slice(2)];
  return {
    reportId: "vendas",
    title: "Vendas",
    orgName: "Studio Bela Forma",
    period: { from: "2026-11-01", to: "2026-11-30" },
    zone: "America/Sao_Paulo",
    generatedAt: "2026-11-27T17:30:00.000Z",
    generatedBy: "Ana Souza",
    filters: ["Profissional: Carla", "Forma: Pix"],
    kpis: [
      { label: "Faturamento", value: 1234567, kind: "money", previous: 1000000 },
      { label: "Vendas", value: 42, kind: "integer", previous: 40 },
      { label: "Canceladas", value: 0.125, kind: "percent" },
    ],
    sections: [
      {
        id: "por-forma",
        title: "Por forma de pagamento",
        note: "Vendas canceladas não entram.",
        table: {
          columns: [
            { key: "forma", label: "Forma", kind: "text", width: 2 },
            { key: "vendas", label: "Vendas", kind: "integer" },
            { key: "total", label: "Total", kind: "money" },
            { key: "parte", label: "Parte", kind: "percent" },
            { key: "media", label: "Itens por venda", kind: "number" },
          ],
          rows: [
            { forma: "Pix", vendas: 30, total: 1000000, parte: 0.8, media: 1.5 },
            { forma: "-Estorno", vendas: 12, total: -250050, parte: 0.2, media: 2.25 },
          ],
          totals: { forma: "Total", vendas: 42, total: 749950, parte: 1, media: null },
        },
      },
      {
        id: "por-dia",
        title: "Por dia: [novembro] 1/2 * ? \\ e um título longo demais",
        table: {
          columns: [
            { key: "dia", label: "Dia", kind: "date" },
            { key: "total", label: "Total", kind: "money" },
          ],
          rows: [
            { dia: "2026-11-02", total: 1999 },
            { dia: "2026-11-27", total: 0 },
          ],
        },
      },
    ],
    ...(options.detail === false
      ? {}
      : {
          detail: {
            id: "vendas",
            title: "Vendas",
            columns: [
              { key: "quando", label: "Data e hora", kind: "datetime" as const },
              { key: "cliente", label: "Cliente", kind: "text" as const, width: 3 },
              { key: "forma", label: "Forma", kind: "text" as const },
              { key: "itens", label: "Itens", kind: "integer" as const },
              { key: "parte", label: "Parte", kind: "percent" as const },
              { key: "valor", label: "Valor", kind: "money" as const },
            ],
            total: 3,
            async *pages() {
              for (const page of pages) yield page;
            },
          },
        }),
  };
}

describe("report XLSX (reportWorkbook)", () => {
  it("writes Resumo, one sheet per section and the detail sheet, with valid unique names", async () => {
    const bytes = await read(reportWorkbook(source()));
    // workbook.xml is the archive's last entry; a reader goes by the central directory, as Documentos' check does.
    expect(sniffFileKind(bytes)).toBe("xlsx");
    const files = await unzip(bytes);
    expect(Object.keys(files).sort()).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "xl/_rels/workbook.xml.rels",
      "xl/styles.xml",
      "xl/workbook.xml",
      "xl/worksheets/sheet1.xml",
      "xl/worksheets/sheet2.xml",
      "xl/worksheets/sheet3.xml",
      "xl/worksheets/sheet4.xml",
    ]);
    const names = [...(files["xl/workbook.xml"] ?? "").matchAll(/<sheet name="([^"]*)"/g)].map((m) => m[1]);
    expect(names).toEqual(["Resumo", "Por forma de pagamento", "Por dia novembro 1 2 e um títul", "Vendas"]);
    for (const name of names) expect(name?.length).toBeLessThanOrEqual(31);
    for (let i = 1; i <= 4; i++) expect(files["[Content_Types].xml"]).toContain(`/xl/worksheets/sheet${i}.xml`);
    expect(files["xl/_rels/workbook.xml.rels"]).toContain('Target="worksheets/sheet4.xml"');
  });

  it("names sheets the way Excel accepts: ≤ 31 characters, no []:*?/\\, unique ignoring case", () => {
    expect(sheetNames(["Vendas", "vendas", "VENDAS", "a/b:c", "", "'Citado'", "x".repeat(40), "x".repeat(40)])).toEqual([
      "Vendas",
      "vendas (2)",
      "VENDAS (3)",
      "a b c",
      "Planilha 5",
      "Citado",
      "x".repeat(31),
      `${"x".repeat(27)} (2)`,
    ]);
  });

  it("styles the header (bold on a fill), money in R$ with red negatives, dates and date-times as serials, percent, integers", async () => {
    const files = await unzip(await read(reportWorkbook(source())));
    const styles = files["xl/styles.xml"] ?? "";
    const detail = files["xl/worksheets/sheet4.xml"] ?? "";
    // Title block: 5 lines, a blank, the heading (row 7), the header (row 8), rows from 9.
    expect(cell(detail, "A1")).toEqual({ s: 8, v: "Vendas", text: true });
    expect(styleOf(styles, 8).bold).toBe(true);
    expect(cell(detail, "A2")?.v).toBe("Studio Bela Forma");
    expect(cell(detail, "A3")?.v).toBe("Período: 01/11/2026 a 30/11/2026");
    expect(cell(detail, "A4")?.v).toBe("Filtros: Profissional: Carla · Forma: Pix");
    expect(cell(detail, "A5")?.v).toBe("Gerado em 27/11/2026 14:30 por Ana Souza");

    const header = cell(detail, "F8");
    expect(header).toMatchObject({ v: "Valor", text: true });
    // Bold on the fill; over a number, right-aligned like the numbers.
    expect(styleOf(styles, header?.s ?? 0)).toMatchObject({ bold: true, fill: "FFDCE6F1", right: true });
    expect(styleOf(styles, cell(detail, "B8")?.s ?? 0)).toMatchObject({ bold: true, fill: "FFDCE6F1", right: false });

    // Money: the real number of reais, formatted R$ with negatives in red.
    const money = cell(detail, "F9");
    expect(money).toMatchObject({ v: "1234.56", text: false });
    expect(styleOf(styles, money?.s ?? 0).format).toBe('"R$" #,##0.00;[Red]-"R$" #,##0.00');
    expect(cell(detail, "F10")).toMatchObject({ v: "-50.5", text: false, s: money?.s });
    expect(cell(detail, "F11")).toMatchObject({ v: "0.05", s: money?.s });

    // Instants: Excel serials of the São Paulo wall clock (01/11 09:05, 27/11 14:30, 27/11 23:59).
    const when = cell(detail, "A9");
    expect(when?.text).toBe(false);
    expect(Number(when?.v)).toBeCloseTo(46327 + (9 * 60 + 5) / 1440, 9);
    expect(styleOf(styles, when?.s ?? 0).format).toBe("dd/mm/yyyy hh:mm");
    expect(Number(cell(detail, "A10")?.v)).toBeCloseTo(46353 + (14 * 60 + 30) / 1440, 9);
    expect(Number(cell(detail, "A11")?.v)).toBeCloseTo(46353 + (23 * 60 + 59) / 1440, 9);

    const integer = cell(detail, "D11");
    expect(integer).toMatchObject({ v: "1234", text: false });
    expect(styleOf(styles, integer?.s ?? 0).format).toBe("#,##0");
    const percent = cell(detail, "E10");
    expect(percent).toMatchObject({ v: "0.125", text: false });
    expect(styleOf(styles, percent?.s ?? 0).format).toBe("0.0%");

    // Text as inline strings, escaped; a formula-looking text is only text in XLSX; an empty cell is omitted.
    expect(cell(detail, "B9")?.v).toBe("Maria; &quot;Mari&quot; Souza");
    expect(cell(detail, "B10")).toMatchObject({ v: "=HYPERLINK(&quot;x&quot;)", text: true });
    expect(detail).not.toContain('<c r="B11"');
    expect(detail).not.toContain("<f>");

    // Days: serials with dd/mm/yyyy.
    const days = files["xl/worksheets/sheet3.xml"] ?? "";
    const day = cell(days, "A9");
    expect(day).toMatchObject({ v: "46328", text: false });
    expect(styleOf(styles, day?.s ?? 0).format).toBe("dd/mm/yyyy");
  });

  it("freezes the header row, filters it, sizes columns by kind and writes the totals row in bold", async () => {
    const files = await unzip(await read(reportWorkbook(source())));
    const styles = files["xl/styles.xml"] ?? "";
    const detail = files["xl/worksheets/sheet4.xml"] ?? "";
    expect(detail).toContain('<pane ySplit="8" topLeftCell="A9" activePane="bottomLeft" state="frozen"/>');
    expect(detail).toContain('<autoFilter ref="A8:F11"/>');
    expect(files["xl/workbook.xml"]).toContain(
      '<definedName name="_xlnm._FilterDatabase" localSheetId="3" hidden="1">&apos;Vendas&apos;!$A$8:$F$11</definedName>',
    );
    // datetime 17, text ×3 → 42, text 14, integer 11, percent 10, money 16.
    expect(detail).toContain(
      '<cols><col min="1" max="1" width="17" customWidth="1"/><col min="2" max="2" width="42" customWidth="1"/><col min="3" max="3" width="14" customWidth="1"/><col min="4" max="4" width="11" customWidth="1"/><col min="5" max="5" width="10" customWidth="1"/><col min="6" max="6" width="16" customWidth="1"/></cols>',
    );

    // Printed: A4 one page wide (landscape: 110 characters of columns), the header row on every page, numbered pages.
    expect(detail).toMatch(/^<\?xml[^>]*>\n<worksheet [^>]*><sheetPr><pageSetUpPr fitToPage="1"\/><\/sheetPr><sheetViews>/);
    expect(detail).toContain('<pageSetup paperSize="9" orientation="landscape" fitToWidth="1" fitToHeight="0"/>');
    expect(detail).toContain("<oddFooter>&amp;L&amp;A&amp;RPágina &amp;P de &amp;N</oddFooter>");
    expect(files["xl/workbook.xml"]).toContain(
      '<definedName name="_xlnm.Print_Titles" localSheetId="3">&apos;Vendas&apos;!$8:$8</definedName>',
    );

    // The section with a note: heading row 7, note row 8, header row 9 (frozen), rows 10–11, totals 12.
    const section = files["xl/worksheets/sheet2.xml"] ?? "";
    expect(cell(section, "A7")?.v).toBe("Por forma de pagamento");
    expect(cell(section, "A8")?.v).toBe("Vendas canceladas não entram.");
    expect(section).toContain('<pane ySplit="9" topLeftCell="A10" activePane="bottomLeft" state="frozen"/>');
    expect(section).toContain('<autoFilter ref="A9:E11"/>');
    expect(section).toContain('orientation="portrait"');
    expect(cell(section, "C11")).toMatchObject({ v: "-2500.5", text: false });
    const label = cell(section, "A12");
    const total = cell(section, "C12");
    expect(label).toMatchObject({ v: "Total", text: true });
    expect(total).toMatchObject({ v: "7499.5", text: false });
    expect(styleOf(styles, label?.s ?? 0)).toMatchObject({ bold: true, borderTop: true });
    expect(styleOf(styles, total?.s ?? 0)).toMatchObject({ bold: true, borderTop: true, format: '"R$" #,##0.00;[Red]-"R$" #,##0.00' });
    expect(styleOf(styles, cell(section, "D12")?.s ?? 0)).toMatchObject({ bold: true, format: "0.0%" });
    expect(cell(section, "E11")).toMatchObject({ v: "2.25" });
    expect(styleOf(styles, cell(section, "E11")?.s ?? 0).format).toBe("#,##0.00");
    expect(section).not.toContain('<c r="E12"');
  });

  it("puts the KPIs on Resumo with the comparison period and the change", async () => {
    const files = await unzip(await read(reportWorkbook(source())));
    const styles = files["xl/styles.xml"] ?? "";
    const resumo = files["xl/worksheets/sheet1.xml"] ?? "";
    expect(cell(resumo, "A1")?.v).toBe("Vendas");
    expect(cell(resumo, "D7")).toMatchObject({ v: "Variação", text: true });
    expect(cell(resumo, "A8")?.v).toBe("Faturamento");
    expect(cell(resumo, "B8")).toMatchObject({ v: "12345.67" });
    expect(styleOf(styles, cell(resumo, "B8")?.s ?? 0).format).toContain('"R$"');
    expect(cell(resumo, "C8")).toMatchObject({ v: "10000" });
    expect(cell(resumo, "D8")).toMatchObject({ v: String((1234567 - 1000000) / 1000000) });
    expect(styleOf(styles, cell(resumo, "D8")?.s ?? 0).format).toBe("0.0%");
    expect(styleOf(styles, cell(resumo, "B9")?.s ?? 0).format).toBe("#,##0");
    expect(cell(resumo, "B10")).toMatchObject({ v: "0.125" });
    expect(resumo).not.toContain('<c r="C10"');
  });

  it("reads the detail pages once, in order, as the reader pulls", async () => {
    let pulled = 0;
    const pages = (async function* () {
      for (let p = 0; p < 3; p++) {
        pulled++;
        yield Array.from({ length: 1000 }, (_, i) => ({
          quando: "2026-11-01T12:00:00.000Z",
          cliente: `C ${p}-${i}`,
          forma: "Pix",
          itens: 1,
          parte: 0,
          valor: 100,
        }));
      }
    })();
    const src = source();
    if (src.detail) src.detail.pages = () => pages;
    const stream = reportWorkbook(src);
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Nothing is read before the stream is: the job pulls the pages as it uploads.
    expect(pulled).toBe(0);
    const files = await unzip(await read(stream));
    expect(pulled).toBe(3);
    const detail = files["xl/worksheets/sheet4.xml"] ?? "";
    expect((detail.match(/<row /g) ?? []).length).toBe(3000 + 7); // 5 title lines, (a blank row), the heading, the header
    expect(detail).toContain('<autoFilter ref="A8:F3008"/>');
    expect(cell(detail, "B3008")?.v).toBe("C 2-999");
  });
});

describe("report CSV (reportCsv)", () => {
  it("writes the detail table for Excel pt-BR: BOM, ';', CRLF, decimal comma, dates, guarded text", async () => {
    const text = csvText(await read(reportCsv(source())));
    expect(text).toBe(
      "\uFEFF" +
        [
          "Data e hora;Cliente;Forma;Itens;Parte;Valor",
          '01/11/2026 09:05;"Maria; ""Mari"" Souza";Pix;2;25%;1234,56',
          `27/11/2026 14:30;"'=HYPERLINK(""x"")";Cartão;1;12,5%;-50,50`,
          "27/11/2026 23:59;;Dinheiro;1234;100%;0,05",
          "",
        ].join("\r\n"),
    );
  });

  it("without a detail table, writes the KPIs and the sections one after another under title lines", async () => {
    const bytes = await read(reportCsv(source({ detail: false })));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csvText(bytes)).toBe(
      "\uFEFF" +
        [
          "Resumo",
          "Indicador;Valor;Período anterior;Variação",
          "Faturamento;12345,67;10000,00;23,5%",
          "Vendas;42;40;5%",
          "Canceladas;12,5%;;",
          "",
          "Por forma de pagamento",
          "Forma;Vendas;Total;Parte;Itens por venda",
          "Pix;30;10000,00;80%;1,5",
          "'-Estorno;12;-2500,50;20%;2,25",
          "Total;42;7499,50;100%;",
          "",
          "Por dia: [novembro] 1/2 * ? \\ e um título longo demais",
          "Dia;Total",
          "02/11/2026;19,99",
          "27/11/2026;0,00",
          "",
        ].join("\r\n"),
    );
  });
});
