/**
 * `node --expose-gc scripts/report-export-bench.ts`: builds a report's XLSX and CSV from a
 * synthetic 100,000-row × 8-column detail table (pages of 1,000 rows, as the report job reads
 * them) plus KPIs and two sections, through the job's `putStream` (ADR 086) into a bucket that keeps only the
 * byte count, and prints per format: build time (wall and this process's CPU), file size, parts, and the peak of the JS heap
 * and of ArrayBuffer memory above the baseline (sampled after every page and every 5 ms).
 * ADR 082 records the numbers.
 *
 *   REPORT_ROWS=100000     detail rows
 *   REPORT_OUT=/tmp/x      also write report.xlsx and report.csv there (to open them in a spreadsheet)
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { ReportRow, ReportSource } from "../shared/reports/document.ts";
import { REPORT_FORMAT_FILE } from "../shared/reports/files.ts";
import { putStream, type ReportBucket } from "../worker/services/reports/files/store.ts";
import { reportCsv, reportWorkbook } from "../worker/services/reports/spreadsheet.ts";

const ROWS = Number(process.env.REPORT_ROWS ?? 100_000);
const PAGE = 1000;
const OUT = process.env.REPORT_OUT;

const CLIENTS = ["Maria Souza", "João da Silva", "Ana Paula Lima", "Carlos Eduardo Santos", "Fernanda Oliveira", "Luiz Ferreira"];
const PROFESSIONALS = ["Carla", "Bruno", "Patrícia", "Rafael"];
const SERVICES = ["Corte feminino", "Escova progressiva", "Manicure e pedicure", "Coloração", "Barba"];
const METHODS = ["Pix", "Cartão de crédito", "Cartão de débito", "Dinheiro"];

let peakHeap = 0;
let peakBuffers = 0;
let baseHeap = 0;
let baseBuffers = 0;
function sample(): void {
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed - baseHeap);
  peakBuffers = Math.max(peakBuffers, m.arrayBuffers + m.external - baseBuffers);
}

function source(): ReportSource {
  const start = Date.UTC(2026, 0, 1, 11);
  return {
    reportId: "vendas",
    title: "Vendas",
    orgName: "Studio Bela Forma",
    period: { from: "2026-01-01", to: "2026-12-31" },
    zone: "America/Sao_Paulo",
    generatedAt: "2026-11-27T17:30:00.000Z",
    generatedBy: "Ana Souza",
    filters: [],
    kpis: [
      { label: "Faturamento", value: 1_234_567_89, kind: "money", previous: 1_000_000_00 },
      { label: "Vendas", value: ROWS, kind: "integer" },
    ],
    sections: [
      {
        id: "por-forma",
        title: "Por forma de pagamento",
        table: {
          columns: [
            { key: "forma", label: "Forma", kind: "text" },
            { key: "total", label: "Total", kind: "money" },
          ],
          rows: METHODS.map((forma, i) => ({ forma, total: (i + 1) * 1_000_000 })),
          totals: { forma: "Total", total: 10_000_000 },
        },
      },
      {
        id: "por-mes",
        title: "Por mês",
        table: {
          columns: [
            { key: "dia", label: "Mês", kind: "date" },
            { key: "total", label: "Total", kind: "money" },
          ],
          rows: Array.from({ length: 12 }, (_, m) => ({ dia: `2026-${String(m + 1).padStart(2, "0")}-01`, total: 800_000 + m * 1000 })),
        },
      },
    ],
    detail: {
      id: "vendas",
      title: "Vendas",
      total: ROWS,
      columns: [
        { key: "quando", label: "Data e hora", kind: "datetime" },
        { key: "numero", label: "Nº", kind: "integer" },
        { key: "cliente", label: "Cliente", kind: "text", width: 3 },
        { key: "profissional", label: "Profissional", kind: "text", width: 2 },
        { key: "servico", label: "Serviço", kind: "text", width: 2 },
        { key: "forma", label: "Forma", kind: "text" },
        { key: "desconto", label: "Desconto", kind: "percent" },
        { key: "valor", label: "Valor", kind: "money" },
      ],
      async *pages() {
        for (let first = 0; first < ROWS; first += PAGE) {
          const page: ReportRow[] = [];
          for (let i = first; i < Math.min(ROWS, first + PAGE); i++) {
            page.push({
              quando: new Date(start + i * 311_000).toISOString(),
              numero: i + 1,
              cliente: `${CLIENTS[i % CLIENTS.length]} ${i % 997}`,
              profissional: PROFESSIONALS[i % PROFESSIONALS.length] ?? null,
              servico: SERVICES[(i * 7) % SERVICES.length] ?? null,
              forma: METHODS[(i * 3) % METHODS.length] ?? null,
              desconto: (i % 5) / 20,
              valor: i % 50 === 0 ? -((i * 37) % 20_000) : 1500 + ((i * 7919) % 48_000),
            });
          }
          sample();
          // A database round trip's worth of waiting, so the sampler and the compressor interleave as in the job.
          await new Promise((resolve) => setImmediate(resolve));
          yield page;
        }
      },
    },
  };
}

/** A bucket that counts the bytes it is given and, with REPORT_OUT, keeps them to write the file. */
function countingBucket(keep: boolean) {
  const bucket = {
    bytes: 0,
    parts: 0,
    chunks: [] as Uint8Array[],
    async put(_key: string, value: Uint8Array) {
      bucket.parts = 1;
      bucket.bytes += value.length;
      if (keep) bucket.chunks.push(value.slice());
    },
    async createMultipartUpload() {
      return {
        async uploadPart(partNumber: number, value: Uint8Array) {
          bucket.parts = partNumber;
          bucket.bytes += value.length;
          if (keep) bucket.chunks.push(value.slice());
          return { partNumber, etag: String(partNumber) };
        },
        async complete() {},
        async abort() {},
      };
    },
  };
  return bucket;
}

async function measure(format: "xlsx" | "csv") {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const m = process.memoryUsage();
  baseHeap = m.heapUsed;
  baseBuffers = m.arrayBuffers + m.external;
  peakHeap = 0;
  peakBuffers = 0;
  const timer = setInterval(sample, 5);
  const bucket = countingBucket(Boolean(OUT));
  const started = performance.now();
  const cpu = process.cpuUsage();
  const stored = await putStream(
    bucket as unknown as ReportBucket,
    `relatorio.${format}`,
    format === "xlsx" ? reportWorkbook(source()) : reportCsv(source()),
    REPORT_FORMAT_FILE[format].contentType,
  );
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(timer);
  sample();
  if (OUT) writeFileSync(path.join(OUT, `report.${format}`), Buffer.concat(bucket.chunks));
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `${format.padEnd(4)} ${ROWS} rows × 8 columns: ${(ms / 1000).toFixed(2)} s (CPU ${((used.user + used.system) / 1e6).toFixed(2)} s), ${mb(stored.bytes)} in ${bucket.parts} part(s); ` +
      `peak above baseline: JS heap ${mb(peakHeap)}, ArrayBuffers ${mb(peakBuffers)}`,
  );
}

if (!(globalThis as { gc?: unknown }).gc) console.log("(run with node --expose-gc for a steady baseline)");
await measure("xlsx");
await measure("csv");
