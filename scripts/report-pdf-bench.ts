/**
 * `node scripts/report-pdf-bench.ts [rows]`: a report PDF of 100,000 detail rows (by default),
 * the numbers behind ADR 081.
 *
 * 1. Node, in one process: the report encoded as the wire (shared/reports/wire.ts), decoded and
 *    rendered (worker-reports/pdf/render.ts) as the reports Worker does, with the JavaScript heap
 *    and the ArrayBuffers sampled after every page of rows; their peak is what a Worker's 128 MB
 *    isolate has to hold. Run with `--max-old-space-size=128` (the script re-runs itself so) so a
 *    heap past 128 MB fails instead of growing.
 *    The CPU time is printed beside the wall time: on a loaded machine the wall time is mostly waiting.
 * 2. workerd: the built reports Worker served by Miniflare, the same wire POSTed to /pdf; the time
 *    until the last byte of the PDF, as the report job will see it.
 */
import { spawnSync } from "node:child_process";
import { decodeReport, encodeReport } from "../shared/reports/wire.ts";
import { reportFixture } from "../tests/support/report-fixture.ts";
import { nodeReportFonts } from "../worker-reports/node.ts";
import { renderReportPdf } from "../worker-reports/pdf/render.ts";

const ROWS = Number(process.argv[2] ?? 100_000);
const PAGE = 1_000;
const MB = 1024 * 1024;

/** Phase 1, in a child Node capped at 128 MB of heap. */
async function inNode(): Promise<void> {
  const peak = { heap: 0, buffers: 0, sum: 0, live: 0 };
  const gc = (globalThis as { gc?: () => void }).gc;
  /** What stays after a full collection (every 20 pages): the memory the report really holds. */
  const live = () => {
    if (!gc) return;
    gc();
    const m = process.memoryUsage();
    peak.live = Math.max(peak.live, m.heapUsed + m.arrayBuffers);
  };
  live();
  const baseline = peak.live;
  let seen = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peak.heap = Math.max(peak.heap, m.heapUsed);
    peak.buffers = Math.max(peak.buffers, m.arrayBuffers);
    peak.sum = Math.max(peak.sum, m.heapUsed + m.arrayBuffers);
  };
  const source = reportFixture({ rows: ROWS, pageSize: PAGE });
  const detail = source.detail;
  if (!detail) throw new Error("no detail");
  const pages = detail.pages.bind(detail);
  detail.pages = async function* () {
    for await (const page of pages()) {
      sample();
      if (++seen % 20 === 0) live();
      yield page;
    }
  };
  const started = performance.now();
  const cpu = process.cpuUsage();
  const decoded = await decodeReport(encodeReport(source));
  const pdf = await renderReportPdf(decoded, nodeReportFonts());
  sample();
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      cpuMs: Math.round((used.user + used.system) / 1000),
      rows: pdf.rows,
      pages: pdf.pages,
      pdfMB: +(pdf.bytes.byteLength / MB).toFixed(1),
      ms: Math.round(ms),
      peakHeapMB: +(peak.heap / MB).toFixed(1),
      peakArrayBuffersMB: +(peak.buffers / MB).toFixed(1),
      peakHeapPlusBuffersMB: +(peak.sum / MB).toFixed(1),
      maxRssMB: +(process.resourceUsage().maxRSS / 1024).toFixed(0),
      baselineMB: +(baseline / MB).toFixed(1),
      peakLiveMB: +(peak.live / MB).toFixed(1),
    }),
  );
}

async function inWorkerd(): Promise<void> {
  // Imported here: the Node phase's memory is the renderer's, not Miniflare's.
  const { Miniflare } = await import("miniflare");
  const { buildReportsWorker, reportsWorkerOptions } = await import("./lib/reports-worker.ts");
  const { pickWorkerd } = await import("./lib/serve-miniflare.ts");
  const dir = await buildReportsWorker();
  const workerd = pickWorkerd("2026-10-01");
  if (workerd.path) process.env.MINIFLARE_WORKERD_PATH = workerd.path;
  const mf = new Miniflare({ workers: [reportsWorkerOptions(dir)] });
  try {
    const url = await mf.ready;
    for (const label of ["frio", "quente"]) {
      const started = performance.now();
      const response = await fetch(new URL("/pdf", url), {
        method: "POST",
        body: encodeReport(reportFixture({ rows: ROWS, pageSize: PAGE })),
        duplex: "half",
      } as RequestInit);
      const bytes = (await response.arrayBuffer()).byteLength;
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const ms = performance.now() - started;
      console.log(
        `workerd (${label}): ${ROWS.toLocaleString("pt-BR")} linhas → ${response.headers.get("x-report-pages")} páginas, ${(bytes / MB).toFixed(1)} MB em ${(ms / 1000).toFixed(1)} s (no Worker: ${response.headers.get("x-report-ms")} ms)`,
      );
    }
  } finally {
    await mf.dispose();
  }
}

if (process.env.REPORT_BENCH_CHILD === "1") {
  await inNode();
} else {
  const child = spawnSync(process.execPath, ["--max-old-space-size=128", "--expose-gc", new URL(import.meta.url).pathname, String(ROWS)], {
    env: { ...process.env, REPORT_BENCH_CHILD: "1" },
    encoding: "utf8",
  });
  if (child.status !== 0) throw new Error(`Node (heap ≤ 128 MB) falhou:\n${child.stderr}`);
  const n = JSON.parse(child.stdout.trim().split("\n").at(-1) ?? "{}");
  console.log(
    `Node (heap ≤ 128 MB): ${n.rows.toLocaleString("pt-BR")} linhas → ${n.pages} páginas, ${n.pdfMB} MB em ${(n.ms / 1000).toFixed(1)} s (CPU ${(n.cpuMs / 1000).toFixed(1)} s, GC incluído); pico: heap ${n.peakHeapMB} MB, ArrayBuffers ${n.peakArrayBuffersMB} MB, juntos ${n.peakHeapPlusBuffersMB} MB (RSS do processo ${n.maxRssMB} MB); vivo após GC: até ${n.peakLiveMB} MB, dos quais ${n.baselineMB} MB são o Node e as bibliotecas carregadas`,
  );
  await inWorkerd();
}
