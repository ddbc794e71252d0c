import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { reportFiles, users } from "../../db/schema/index.ts";
import { putDemoReportFiles } from "../../scripts/seed/demo-report-files.ts";
import { seedDemo, seedMissingDemoReportFilesOf } from "../../scripts/seed/demo.ts";
import { DEMO_LOGIN } from "../../shared/demo-accounts.ts";
import { readConfig } from "../../worker/config/env.ts";
import { listReportFiles } from "../../worker/services/reports/files/requests.ts";
import { fakeBucket } from "../support/memory-bucket.ts";
import { unzip } from "../support/unzip.ts";
import { createHarness, type Harness } from "./harness.ts";

/**
 * The demo's report files as `npm start` leaves them (ADR 086): last month's Vendas (PDF) and DRE
 * (XLSX), this month's Fluxo de caixa (CSV) and last month's automatic summary (PDF), asked by
 * the owner at fixed times; the start step builds them with the job's own code into R2 — real
 * files of the demo's numbers — once.
 */

const NOW = new Date("2026-11-25T17:10:00Z");

let h: Harness;
let orgId: string;
let bucket: ReturnType<typeof fakeBucket>;

beforeAll(async () => {
  h = await createHarness();
  bucket = fakeBucket();
  orgId = (await seedDemo(h.fresh.db, NOW)).orgId;
}, 120_000);

describe("the demo's report files", () => {
  it("are listed on /relatorios for the owner, newest first, and built once into real files", { timeout: 120_000 }, async () => {
    const [owner] = await h.fresh.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGIN.email));
    const actor = { orgId, userId: owner?.id as string, role: "owner" as const, timeZone: "America/Sao_Paulo" };
    const ctx = { ...h.ctx(), now: NOW };
    const before = await listReportFiles(ctx, actor, null);
    expect(before.items.map((i) => [i.titulo, i.formato, i.status])).toEqual([
      ["Fluxo de caixa · 01/11/2026 a 25/11/2026", "csv", "na_fila"],
      ["DRE simples · 01/10/2026 a 31/10/2026", "xlsx", "na_fila"],
      ["Vendas · 01/10/2026 a 31/10/2026", "pdf", "na_fila"],
      ["Resumo de outubro de 2026", "pdf", "na_fila"],
    ]);
    expect(await putDemoReportFiles(h.fresh.db, orgId, bucket as never, readConfig(h.env))).toBe(4);
    const rows = await h.fresh.db.select().from(reportFiles).where(eq(reportFiles.orgId, orgId));
    for (const r of rows) {
      expect(r.status).toBe("pronto");
      const bytes = bucket.objects.get(r.chave)?.bytes as Uint8Array;
      expect(bytes.byteLength).toBe(r.bytes);
      if (r.formato === "pdf") expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
      if (r.formato === "xlsx") expect(Object.keys(await unzip(bytes))).toContain("xl/workbook.xml");
      if (r.formato === "csv") expect(new TextDecoder().decode(bytes)).toContain("Saldo");
    }
    expect((rows.find((r) => r.relatorio === "vendas")?.linhas ?? 0) > 10).toBe(true);
    // A second start finds them there; an older demo database gets none twice.
    expect(await putDemoReportFiles(h.fresh.db, orgId, bucket as never, readConfig(h.env))).toBe(0);
    expect(await seedMissingDemoReportFilesOf(h.fresh.db, NOW)).toBe(false);
  });
});
