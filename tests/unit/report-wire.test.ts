import { describe, expect, it } from "vitest";
import type { ReportRow, ReportSource } from "../../shared/reports/document.ts";
import { decodeReport, encodeReport, WIRE_MAX_LINE_BYTES, WIRE_MAX_ROWS_PER_LINE, WireError } from "../../shared/reports/wire.ts";
import { detailRow, reportFixture } from "../support/report-fixture.ts";

/** The NDJSON wire between the main Worker and the reports Worker (ADR 081). */

const encoder = new TextEncoder();

function streamOf(...chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === "string" ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

async function allRows(source: ReportSource): Promise<ReportRow[][]> {
  const pages: ReportRow[][] = [];
  if (source.detail) for await (const page of source.detail.pages()) pages.push(page);
  return pages;
}

/** A valid wire's lines, to break one at a time. */
async function lines(source: ReportSource): Promise<string[]> {
  return (await text(encodeReport(source))).trimEnd().split("\n");
}

describe("report wire", () => {
  it("carries the document, the detail's columns and every row, in order, then the end line", async () => {
    const source = reportFixture({ rows: 1234, pageSize: 500 });
    const wire = await lines(source);
    expect(JSON.parse(wire[0] ?? "").v).toBe(1);
    expect(JSON.parse(wire[1] ?? "").detail.columns).toHaveLength(8);
    expect(wire.at(-1)).toBe('{"end":true,"rows":1234}');

    const decoded = await decodeReport(encodeReport(reportFixture({ rows: 1234, pageSize: 500 })));
    const { detail: _d, ...document } = source;
    const { detail, ...decodedDocument } = decoded;
    expect(decodedDocument).toEqual(document);
    expect(detail?.columns).toEqual(source.detail?.columns);
    expect(detail?.total).toBe(1234);
    const pages = await allRows(decoded);
    expect(pages.map((p) => p.length)).toEqual([500, 500, 234]);
    expect(pages.flat()).toEqual(Array.from({ length: 1234 }, (_, i) => detailRow(i)));
  });

  it("splits a page bigger than a line may hold", async () => {
    const decoded = await decodeReport(encodeReport(reportFixture({ rows: 5000, pageSize: 5000 })));
    const pages = await allRows(decoded);
    expect(pages.map((p) => p.length)).toEqual([WIRE_MAX_ROWS_PER_LINE, WIRE_MAX_ROWS_PER_LINE, 1000]);
  });

  it("sends a report without detail as its document and an end line", async () => {
    const { detail: _d, ...document } = reportFixture();
    const wire = await lines(document);
    expect(wire).toHaveLength(2);
    expect(wire[1]).toBe('{"end":true,"rows":0}');
    const decoded = await decodeReport(encodeReport(document));
    expect(decoded.detail).toBeUndefined();
    expect(decoded.sections).toHaveLength(4);
  });

  it("reads the database only as the reader pulls (one page ahead at most)", async () => {
    let served = 0;
    const source = reportFixture({ rows: 0 });
    source.detail = {
      id: "x",
      title: "X",
      columns: [{ key: "n", label: "N", kind: "integer" }],
      async *pages() {
        for (let i = 0; i < 100; i++) {
          served++;
          yield [{ n: i }];
        }
      },
    };
    const reader = encodeReport(source).getReader();
    await reader.read(); // document
    await reader.read(); // detail head
    await reader.read(); // first page
    expect(served).toBeLessThanOrEqual(2);
    await reader.cancel();
  });

  it("decodes lines cut anywhere across chunks, multi-byte letters included", async () => {
    const source = reportFixture({ rows: 50, pageSize: 7 });
    const bytes = encoder.encode(await text(encodeReport(source)));
    const chunks: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 13) chunks.push(bytes.slice(i, i + 13));
    const decoded = await decodeReport(streamOf(...chunks));
    expect(decoded.orgName).toBe("Salão Beleza & Cia Ltda.");
    expect((await allRows(decoded)).flat()).toHaveLength(50);
  });

  it("refuses a stream cut short (no end line) while reading the pages", async () => {
    const wire = await lines(reportFixture({ rows: 30, pageSize: 10 }));
    const decoded = await decodeReport(streamOf(`${wire.slice(0, -1).join("\n")}\n`));
    await expect(allRows(decoded)).rejects.toThrow(/terminou sem a linha final/);
    const again = await decodeReport(streamOf(`${wire.slice(0, -1).join("\n")}\n`));
    await expect(allRows(again)).rejects.toMatchObject({ incomplete: true });
  });

  it("refuses an end line whose count disagrees with the rows received", async () => {
    const wire = await lines(reportFixture({ rows: 30, pageSize: 10 }));
    const cut = [...wire.slice(0, 2), ...wire.slice(3)];
    const decoded = await decodeReport(streamOf(cut.join("\n")));
    await expect(allRows(decoded)).rejects.toThrow("O relatório enviado diz 30 linhas, mas chegaram 20.");
  });

  it("refuses an empty stream, a bad first line, another version and an invalid document, saying why", async () => {
    await expect(decodeReport(streamOf(""))).rejects.toThrow("O relatório enviado está vazio.");
    await expect(decodeReport(streamOf("{não é json\n"))).rejects.toThrow(WireError);
    await expect(decodeReport(streamOf('{"v":2,"document":{}}\n'))).rejects.toThrow(/Versão do relatório enviada desconhecida \(2\)/);
    const { detail: _d, ...document } = reportFixture();
    const bad = { ...document, period: { from: "01/11/2026", to: "2026-11-30" } };
    await expect(decodeReport(streamOf(`${JSON.stringify({ v: 1, document: bad })}\n{"end":true,"rows":0}\n`))).rejects.toThrow(
      /O documento do relatório é inválido: period\.from/,
    );
    await expect(decodeReport(streamOf(`${JSON.stringify({ v: 1, document })}\n`))).rejects.toThrow(/incompleto/);
  });

  it("refuses a cell that is not text, a finite number or null", async () => {
    const wire = await lines(reportFixture({ rows: 3 }));
    const page = JSON.parse(wire[2] ?? "");
    page.rows[1].total = { reais: 10 };
    const decoded = await decodeReport(streamOf([wire[0], wire[1], JSON.stringify(page), wire[3]].join("\n")));
    await expect(allRows(decoded)).rejects.toThrow('A página 1 tem um valor inválido na coluna "Total".');
    const again = await decodeReport(streamOf([wire[0], wire[1], JSON.stringify(page), wire[3]].join("\n")));
    await expect(allRows(again)).rejects.toMatchObject({ incomplete: false });
  });

  it("refuses a line past its cap before holding it whole", async () => {
    const wire = await lines(reportFixture({ rows: 3 }));
    let pulled = 0;
    const huge = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(`${wire[0]}\n${wire[1]}\n{"rows":[`));
      },
      pull(controller) {
        pulled++;
        controller.enqueue(encoder.encode(`${'{"total":1},'.repeat(10_000)}`));
      },
    });
    const decoded = await decodeReport(huge);
    await expect(allRows(decoded)).rejects.toThrow(`Uma página de linhas do relatório passa de ${WIRE_MAX_LINE_BYTES / 1024 / 1024} MB.`);
    // Stopped near the cap (≈ 120 kB a pull), not at the end of an endless stream.
    expect(pulled).toBeLessThan(WIRE_MAX_LINE_BYTES / 100_000 + 3);
  });

  it("lets the pages be read only once", async () => {
    const decoded = await decodeReport(encodeReport(reportFixture({ rows: 3 })));
    await allRows(decoded);
    await expect(allRows(decoded)).rejects.toThrow("As páginas do relatório só podem ser lidas uma vez.");
  });
});
