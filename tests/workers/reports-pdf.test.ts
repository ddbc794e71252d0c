/**
 * The reports Worker inside workerd, reached as the main Worker reaches it: `renderPdf` over its
 * `REPORTS` service binding (wrangler.toml `[[services]]`; vitest.config.ts serves the build of
 * worker-reports/ beside). Proves pdf-lib, fontkit and the fonts load there, the report streams
 * across the binding as NDJSON, and a refused report comes back as a pt-BR DomainError.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../worker/services/context.ts";
import { renderPdf } from "../../worker/services/reports/render-pdf.ts";
import { reportFixture } from "../support/report-fixture.ts";

const reports = (env as unknown as { REPORTS: Fetcher }).REPORTS;

async function bytesOf(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

describe("the reports Worker behind the REPORTS binding", () => {
  it("renders a report with charts, KPIs and a streamed detail table as a PDF", async () => {
    const response = await renderPdf({ REPORTS: reports }, reportFixture({ rows: 3_000, pageSize: 500 }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("x-report-rows")).toBe("3000");
    const pages = Number(response.headers.get("x-report-pages"));
    // 4 pages of sections, then ≈ 52 rows a page.
    expect(pages).toBeGreaterThan(55);
    expect(pages).toBeLessThan(75);
    const pdf = await bytesOf(response);
    expect(Number(response.headers.get("content-length"))).toBe(pdf.byteLength);
    const text = new TextDecoder("latin1");
    expect(text.decode(pdf.slice(0, 5))).toBe("%PDF-");
    expect(text.decode(pdf.slice(-6))).toContain("%%EOF");
  });

  it("turns a report the wire refuses into a DomainError saying why", async () => {
    const source = reportFixture({ rows: 0 });
    source.period = { from: "01/11/2026", to: "2026-11-30" };
    await expect(renderPdf({ REPORTS: reports }, source)).rejects.toThrow(
      new DomainError("O relatório não pôde virar PDF: O documento do relatório é inválido: period.from: dia no formato AAAA-MM-DD", 422),
    );
  });

  it("fails with a plain (retryable) error, not a refusal, when the rows stop coming midway", async () => {
    const source = reportFixture({ rows: 0 });
    const detail = source.detail;
    if (!detail) throw new Error("no detail");
    detail.pages = async function* () {
      yield [{ numero: 1, total: 100 }];
      throw new Error("banco fora do ar");
    };
    const error = await renderPdf({ REPORTS: reports }, source).then(
      () => null,
      (e: unknown) => e,
    );
    // The rows' own error, which the report job retries; never a pt-BR refusal.
    expect(error).not.toBeInstanceOf(DomainError);
    expect((error as Error).message).toBe("banco fora do ar");
  });

  it("says the PDF maker is unavailable when the binding is missing", async () => {
    await expect(renderPdf({}, reportFixture({ rows: 0 }))).rejects.toThrow(/O gerador de PDF não está disponível agora/);
  });

  it("answers only POST /pdf", async () => {
    expect((await reports.fetch("https://reports.internal/pdf")).status).toBe(405);
    expect((await reports.fetch("https://reports.internal/outra", { method: "POST", body: "x" })).status).toBe(404);
  });
});
