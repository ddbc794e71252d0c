/**
 * Measurement, not a check of every run (REPORT_JOB_BENCH=1 to run it; ADR 086): a year with
 * 100,000 sales (the bench's own seeder, scripts/lib/bench-finance.ts) exported by the report
 * job's own code — the catalogue's Vendas with its keyset detail pages from SQLite, the real
 * renderers (XLSX here, the PDF through the reports Worker's handler in this process, as the
 * REPORTS binding), `putStream` into a bucket that keeps only the byte count — printing per
 * format the build time and the peak of the JS heap and of ArrayBuffer memory above the baseline
 * (sampled every 5 ms and after every detail page). In this process both Workers' work is counted
 * together: the main Worker's share is the encoder and one 5 MiB part. The bench's seeder writes with
 * raw SQL the tenant guard cannot attribute (TENANT_CHECK=record lets it; its report then fails the file).
 *
 *   TENANT_CHECK=record REPORT_JOB_BENCH=1 npx vitest run --project api tests/api/reports/report-job-100k.test.ts
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessSettings, reportFiles } from "../../../db/schema/index.ts";
import { type ReportFormat, reportStorageKey } from "../../../shared/reports/files.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { buildReportFile } from "../../../worker/services/reports/files/build.ts";
import { renderersFor } from "../../../worker/services/reports/files/wiring.ts";
import { sourceFromCatalogue } from "../../../worker/services/reports/files/catalogue-port.ts";
import { createReportsHandler } from "../../../worker-reports/handler.ts";
import { nodeReportFonts } from "../../../worker-reports/node.ts";
import { seedFinance } from "../../../scripts/lib/bench-finance.ts";
import { createHarness, createOwner, userId } from "../harness.ts";

const RUN = process.env.REPORT_JOB_BENCH === "1";
const SALES = Number(process.env.REPORT_JOB_SALES ?? 100_000);

describe.skipIf(!RUN)("report job at 100,000 sales", () => {
  it("exports a year of Vendas as XLSX and PDF", { timeout: 1_800_000 }, async () => {
    const h = await createHarness();
    const o = await createOwner(h, "Medição");
    const owner = (await userId(h, o.email)) as string;
    await h.fresh.db.update(businessSettings).set({ fusoHorario: "America/Sao_Paulo" }).where(eq(businessSettings.orgId, o.orgId));
    const now = new Date("2027-01-01T02:00:00Z").getTime();
    const seeded = await seedFinance(h.fresh.db, o.orgId, { sales: SALES, movements: SALES }, now);
    console.log(`semeado: ${seeded.rows.sales} vendas em ${seeded.seconds} s`);

    // REPORT_JOB_PDF=job: the PDF side replaced by a reader that drains the wire and answers a tiny
    // PDF, to see the main Worker's own share (the encoder pulling the detail pages) alone.
    const jobSideOnly = process.env.REPORT_JOB_PDF === "job";
    const drain = async (request: Request) => {
      const reader = (request.body as ReadableStream<Uint8Array>).getReader();
      let wire = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        wire += value.byteLength;
      }
      return new Response(`%PDF-1.4 wire=${wire}`, { headers: { "content-type": "application/pdf" } });
    };
    const handler = jobSideOnly ? drain : createReportsHandler(nodeReportFonts());
    const bindings = {
      REPORTS: {
        fetch: (input: RequestInfo | URL, init?: RequestInit) => handler(new Request(input, { ...init, duplex: "half" } as RequestInit)),
      },
    };
    // Keeps nothing: the row records the size putStream counted.
    const bucket = {
      put: async () => {},
      createMultipartUpload: async () => ({
        uploadPart: async (n: number) => ({ partNumber: n, etag: String(n) }),
        complete: async () => ({}),
        abort: async () => {},
      }),
      delete: async () => {},
    };
    const results: Record<string, unknown>[] = [];
    for (const format of (jobSideOnly ? ["pdf"] : ["xlsx", "pdf"]) as ReportFormat[]) {
      const id = crypto.randomUUID();
      const at = new Date();
      await h.fresh.db.insert(reportFiles).values({
        id,
        orgId: o.orgId,
        relatorio: "vendas",
        parametros: { de: "2026-01-01", ate: "2026-12-31" },
        formato: format,
        titulo: "Vendas 2026",
        nomeArquivo: `vendas.${format}`,
        chave: reportStorageKey(o.orgId, id, format),
        pedidoPor: owner,
        pedidoEm: at,
        expiraEm: new Date(at.getTime() + 86_400_000),
        atualizadoEm: at,
      });
      (globalThis as { gc?: () => void }).gc?.();
      const base = process.memoryUsage();
      let peakHeap = 0;
      let peakBuffers = 0;
      const sample = () => {
        const m = process.memoryUsage();
        peakHeap = Math.max(peakHeap, m.heapUsed - base.heapUsed);
        peakBuffers = Math.max(peakBuffers, m.arrayBuffers + m.external - base.arrayBuffers - base.external);
      };
      const timer = setInterval(sample, 5);
      const started = performance.now();
      const cpu = process.cpuUsage();
      const outcome = await buildReportFile(
        {
          db: h.fresh.db,
          config: readConfig(h.env),
          now: () => new Date(),
          files: bucket as never,
          waitUntil: () => {},
          renderers: renderersFor(bindings as never),
          async sourceFor(ctx, actor, reportId, params) {
            const source = await sourceFromCatalogue(ctx, actor, reportId, params);
            const detail = source.detail;
            if (!detail) return source;
            return {
              ...source,
              detail: {
                ...detail,
                async *pages() {
                  for await (const page of detail.pages()) {
                    sample();
                    yield page;
                  }
                },
              },
            };
          },
        },
        o.orgId,
        id,
      );
      clearInterval(timer);
      sample();
      const used = process.cpuUsage(cpu);
      const [row] = await h.fresh.db.select().from(reportFiles).where(eq(reportFiles.id, id));
      expect(outcome).toBe("pronto");
      results.push({
        formato: format,
        linhas: row?.linhas,
        bytes: row?.bytes,
        segundos: ((performance.now() - started) / 1000).toFixed(1),
        cpuSegundos: ((used.user + used.system) / 1e6).toFixed(1),
        picoHeapMB: (peakHeap / 1048576).toFixed(1),
        picoBuffersMB: (peakBuffers / 1048576).toFixed(1),
      });
      console.log(JSON.stringify(results.at(-1)));
    }
    console.table(results);
  });
});
