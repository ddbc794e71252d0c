/**
 * The report file job (ADR 086) on the local runner, with a source and renderer of the test's
 * own (the catalogue and the real renderers have their own tests): the row's progress and the
 * live bar follow the detail pages, the file lands in R2 under the organização's prefix with its
 * size on the row, a refusal ends it failed in pt-BR without retrying, a crash midway is retried
 * over the same key (one object, the half upload aborted), and the last failure says so in pt-BR.
 */
import { eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { reportFiles } from "../../../db/schema/index.ts";
import { reportFile } from "../../../jobs/contracts/report-file.ts";
import { defineJob } from "../../../jobs/define.ts";
import { createRunner } from "../../../jobs/runner.ts";
import type { ReportRow, ReportSource } from "../../../shared/reports/document.ts";
import { type ReportFormat, reportStorageKey } from "../../../shared/reports/files.ts";
import { type LiveEvent, liveEventSchema } from "../../../shared/live-events.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { type BuildDeps, buildReportFile, INTERNAL_FAILURE, markReportFailed } from "../../../worker/services/reports/files/build.ts";
import type { Renderers } from "../../../worker/services/reports/files/ports.ts";
import { putStream } from "../../../worker/services/reports/files/store.ts";
import { allowConsoleError } from "../../support/console-guard.ts";
import { fakeBucket } from "../../support/memory-bucket.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";

let h: Harness;
let orgId: string;
let owner: string;
let clock = new Date("2026-11-27T15:00:00.000Z");
const bucket = fakeBucket();
const published: { orgId: string; event: LiveEvent }[] = [];

const live = {
  idFromName: (name: string) => name,
  get: (id: string) => ({
    publish: async (event: LiveEvent) => {
      published.push({ orgId: id.replace(/^org:/, ""), event: liveEventSchema.parse(event) });
    },
  }),
} as unknown as DurableObjectNamespace;

beforeAll(async () => {
  h = await createHarness();
  const a = await createOwner(h, "Arquivos");
  orgId = a.orgId;
  owner = (await userId(h, a.email)) as string;
}, 30_000);

/** A source whose detail has `total` rows in pages of 500. */
function source(total: number, opts: { failAfterRows?: number } = {}): ReportSource {
  return {
    reportId: "teste",
    title: "Teste",
    orgName: "Negócio",
    period: { from: "2026-11-01", to: "2026-11-30" },
    zone: "America/Sao_Paulo",
    generatedAt: clock.toISOString(),
    filters: [],
    kpis: [],
    sections: [],
    detail: {
      id: "linhas",
      title: "Linhas",
      columns: [{ key: "n", label: "Nº", kind: "integer" }],
      total,
      async *pages() {
        for (let start = 0; start < total; start += 500) {
          if (opts.failAfterRows !== undefined && start >= opts.failAfterRows) throw new Error("banco caiu no meio");
          const page: ReportRow[] = [];
          for (let n = start; n < Math.min(total, start + 500); n++) page.push({ n });
          yield page;
        }
      },
    },
  };
}

/** One line per row ("n\n"), padded so a file crosses a few 5 MiB parts when asked. */
function lineRenderer(pad = 0): Renderers["csv"] {
  return async (src) =>
    new ReadableStream<Uint8Array>({
      async start(controller) {
        try {
          for await (const page of src.detail?.pages() ?? []) {
            controller.enqueue(new TextEncoder().encode(page.map((r) => `${r.n}${" ".repeat(pad)}\n`).join("")));
          }
          controller.close();
        } catch (error) {
          controller.error(error);
        }
      },
    });
}

async function queuedFile(format: ReportFormat = "csv"): Promise<string> {
  const id = crypto.randomUUID();
  await h.fresh.db.insert(reportFiles).values({
    id,
    orgId,
    relatorio: "teste",
    parametros: { de: "2026-11-01", ate: "2026-11-30" },
    formato: format,
    titulo: "Teste · 01/11/2026 a 30/11/2026",
    nomeArquivo: `teste.${format}`,
    chave: reportStorageKey(orgId, id, format),
    pedidoPor: owner,
    pedidoEm: clock,
    expiraEm: new Date(clock.getTime() + 30 * 86_400_000),
    atualizadoEm: clock,
  });
  return id;
}

async function row(id: string) {
  const [r] = await h.fresh.db.select().from(reportFiles).where(eq(reportFiles.id, id));
  return r;
}

function deps(over: Partial<BuildDeps> = {}): BuildDeps {
  const render = lineRenderer();
  return {
    db: h.fresh.db,
    config: readConfig(h.env),
    now: () => clock,
    files: bucket as never,
    live: live as never,
    waitUntil: (p) => void p,
    sourceFor: async () => source(2_500),
    renderers: { csv: render, xlsx: render, pdf: render },
    ...over,
  };
}

/** The job with the test's deps: the real contract (retries, concurrency, idempotency) and the same handler shape. */
function testJob(over: () => Partial<BuildDeps>) {
  return defineJob({
    ...reportFile,
    async handler({ event, step }) {
      return step.run("gerar", () => buildReportFile(deps(over()), event.data.orgId, event.data.fileId));
    },
    async onFailure({ event, db }) {
      await markReportFailed(
        { db, live: live as never, waitUntil: () => {}, files: bucket as never },
        event.data.orgId,
        event.data.fileId,
        INTERNAL_FAILURE,
        clock,
      );
    },
  });
}

function objectsOf(id: string): string[] {
  return [...bucket.objects.keys()].filter((k) => k.includes(id));
}

describe("report/requested", () => {
  it("follows the detail pages with the row's progress and the live bar, and stores the file under the organização's prefix", async () => {
    published.length = 0;
    const id = await queuedFile();
    const progress: number[] = [];
    const watching = deps({
      renderers: {
        ...deps().renderers,
        csv: async (src) => {
          const inner = await lineRenderer()(src);
          // The row as the page would read it while the stream is pulled.
          return inner.pipeThrough(
            new TransformStream({
              async transform(chunk, controller) {
                progress.push((await row(id))?.progresso ?? -1);
                controller.enqueue(chunk);
              },
            }),
          );
        },
      },
    });
    expect(await buildReportFile(watching, orgId, id)).toBe("pronto");
    const done = await row(id);
    expect(done).toMatchObject({ status: "pronto", progresso: 100, linhas: 2_500, erro: null });
    const key = `orgs/${orgId}/reports/${id}.csv`;
    expect(done?.chave).toBe(key);
    const stored = bucket.objects.get(key);
    expect(stored?.bytes.byteLength).toBe(done?.bytes);
    expect(new TextDecoder().decode(stored?.bytes).split("\n").length).toBe(2_501);
    expect(stored?.contentType).toBe("text/csv; charset=utf-8");
    // The row moved as the pages went (never backwards), and the bar said so live, ending ready.
    expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    const mine = published.filter((p) => p.event.type === "report.progress" && p.event.fileId === id);
    expect(mine.every((p) => p.orgId === orgId)).toBe(true);
    const percents = mine.map((p) => (p.event.type === "report.progress" ? p.event.percent : -1));
    expect(percents[0]).toBe(0);
    expect(percents.filter((p) => p > 0 && p < 100).length).toBeGreaterThanOrEqual(3);
    expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    expect(mine.at(-1)?.event).toEqual({ type: "report.progress", fileId: id, percent: 100, status: "pronto" });
  });

  it("a refusal (a DomainError from the source) fails the file in pt-BR at once, with no object", async () => {
    const id = await queuedFile();
    const refusing = deps({
      sourceFor: async () => {
        throw new DomainError("Período inválido: escolha até 366 dias.", 422);
      },
    });
    expect(await buildReportFile(refusing, orgId, id)).toBe("falhou");
    expect(await row(id)).toMatchObject({ status: "falhou", erro: "Período inválido: escolha até 366 dias." });
    expect(objectsOf(id)).toEqual([]);
  });

  it("a crash midway is retried over the same key: one object, the half multipart upload aborted", async () => {
    allowConsoleError(/report-file falhou|banco caiu/);
    const id = await queuedFile();
    let attempts = 0;
    const aborted = bucket.multipartUploads.aborted;
    // ~5.3 MB per 50,000 rows: a file of several parts; the first attempt dies after two parts were sent.
    const job = testJob(() => {
      attempts++;
      return {
        sourceFor: async () => source(120_000, attempts === 1 ? { failAfterRows: 110_000 } : {}),
        renderers: { csv: lineRenderer(100), xlsx: lineRenderer(100), pdf: lineRenderer(100) },
      };
    });
    const runner = createRunner({ db: h.fresh.db, config: readConfig(h.env), jobs: [job], now: () => clock });
    const queued = await runner.enqueue([{ name: "report/requested", data: { fileId: id, orgId } }]);
    expect((await runner.execute(queued)).map((r) => r.outcome)).toEqual(["retrying"]);
    expect(bucket.multipartUploads.aborted).toBe(aborted + 1);
    expect(objectsOf(id)).toEqual([]);
    clock = new Date(clock.getTime() + 60_000);
    expect((await runner.tick()).map((r) => r.outcome)).toEqual(["completed"]);
    expect(attempts).toBe(2);
    expect(objectsOf(id)).toEqual([`orgs/${orgId}/reports/${id}.csv`]);
    const done = await row(id);
    expect(done).toMatchObject({ status: "pronto", linhas: 120_000 });
    expect(bucket.objects.get(done?.chave as string)?.bytes.byteLength).toBe(done?.bytes);
    // The event again (a double click, a lost answer): no second run, no second file.
    expect(await runner.enqueue([{ name: "report/requested", data: { fileId: id, orgId } }])).toEqual([]);
    expect(await buildReportFile(deps(), orgId, id)).toBe("ja-pronto");
    expect(objectsOf(id)).toHaveLength(1);
  });

  it("after the last retry the file is failed with the pt-BR message, and the page is told", async () => {
    allowConsoleError(/report-file falhou|renderizador quebrado/);
    published.length = 0;
    const id = await queuedFile("xlsx");
    const job = testJob(() => ({
      renderers: {
        ...deps().renderers,
        xlsx: async () => {
          throw new Error("renderizador quebrado");
        },
      },
    }));
    const runner = createRunner({ db: h.fresh.db, config: readConfig(h.env), jobs: [job], now: () => clock });
    const queued = await runner.enqueue([{ name: "report/requested", data: { fileId: id, orgId } }]);
    let outcomes = (await runner.execute(queued)).map((r) => r.outcome);
    for (let i = 0; i < 5 && !outcomes.includes("failed"); i++) {
      clock = new Date(clock.getTime() + 10 * 60_000);
      outcomes = (await runner.tick()).map((r) => r.outcome);
    }
    expect(outcomes).toContain("failed");
    await runner.tick();
    expect(await row(id)).toMatchObject({ status: "falhou", erro: INTERNAL_FAILURE });
    const last = published.filter((p) => p.event.type === "report.progress" && p.event.fileId === id).at(-1);
    expect(last?.event).toMatchObject({ status: "falhou" });
    expect(objectsOf(id)).toEqual([]);
  });

  it("a file deleted while it waited is not built; one deleted while building leaves no object", async () => {
    const gone = await queuedFile();
    await h.fresh.db.delete(reportFiles).where(eq(reportFiles.id, gone));
    expect(await buildReportFile(deps(), orgId, gone)).toBe("sumiu");
    const id = await queuedFile();
    const deleting = deps({
      sourceFor: async () => {
        await h.fresh.db.delete(reportFiles).where(eq(reportFiles.id, id));
        return source(10);
      },
    });
    expect(await buildReportFile(deleting, orgId, id)).toBe("sumiu");
    expect(objectsOf(id)).toEqual([]);
    expect(await h.fresh.db.select().from(reportFiles).where(like(reportFiles.id, id))).toEqual([]);
  });
});

describe("putStream", () => {
  it("a stream within one part is one put; a larger one is equal parts and a smaller last", async () => {
    const b = fakeBucket();
    const stream = (sizes: number[]) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          let v = 0;
          for (const s of sizes) c.enqueue(new Uint8Array(s).map(() => v++ % 251));
          c.close();
        },
      });
    expect(await putStream(b as never, "a", stream([10, 20]), "text/plain", 64)).toEqual({ bytes: 30 });
    expect(b.multipartUploads.count).toBe(0);
    expect(await putStream(b as never, "b", stream([50, 50, 50]), "text/plain", 64)).toEqual({ bytes: 150 });
    expect(b.multipartUploads.count).toBe(1);
    const bytes = b.objects.get("b")?.bytes as Uint8Array;
    expect(bytes.byteLength).toBe(150);
    expect([...bytes].every((x, i) => x === i % 251)).toBe(true);
  });
});
