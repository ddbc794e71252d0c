/**
 * The monthly summary (ADR 086): on the 1st in each organização's own zone — São Paulo (UTC−3)
 * and Rio Branco (UTC−5) here — last month's summary row is created once, however often the
 * hourly schedule looks; on the 30th or the 2nd nothing is; December's summary is asked on
 * 1 January. The owners' e-mail is queued once per file.
 */
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { businessSettings, emailOutbox, reportFiles } from "../../../db/schema/index.ts";
import { MONTHLY_SUMMARY_REPORT_ID } from "../../../shared/reports/files.ts";
import {
  firstOfMonthSomewhere,
  monthlySummaryEmails,
  monthlySummaryFor,
  previousMonth,
} from "../../../worker/services/reports/files/monthly.ts";
import { monthlySummary } from "../../../jobs/contracts/monthly-summary.ts";
import { JOBS } from "../../../jobs/registry.ts";
import { createRunner } from "../../../jobs/runner.ts";
import { readConfig } from "../../../worker/config/env.ts";
import { createReportsHandler } from "../../../worker-reports/handler.ts";
import { nodeReportFonts } from "../../../worker-reports/node.ts";
import { pdfPages } from "../../support/pdf-pages.ts";
import { fakeBucket } from "../../support/memory-bucket.ts";
import { createHarness, createOwner, type Harness, lastEmail } from "../harness.ts";

let h: Harness;
let sp: string;
let acre: string;
let acreEmail: string;

beforeAll(async () => {
  h = await createHarness();
  sp = (await createOwner(h, "Resumo SP")).orgId;
  const a = await createOwner(h, "Resumo Acre");
  acre = a.orgId;
  acreEmail = a.email;
  await h.fresh.db.insert(businessSettings).values({ orgId: acre, fusoHorario: "America/Rio_Branco" }).onConflictDoNothing();
  await h.fresh.db.update(businessSettings).set({ fusoHorario: "America/Rio_Branco" }).where(eq(businessSettings.orgId, acre));
}, 30_000);

async function summaries(orgId: string) {
  return h.fresh.db
    .select({ mes: reportFiles.resumoMes, parametros: reportFiles.parametros, formato: reportFiles.formato, titulo: reportFiles.titulo })
    .from(reportFiles)
    .where(and(eq(reportFiles.orgId, orgId), eq(reportFiles.relatorio, MONTHLY_SUMMARY_REPORT_ID)));
}

describe("monthly summary", () => {
  it("the month before a local day, and whether any Brazilian zone is on a 1st", () => {
    expect(previousMonth("2026-12-01")).toEqual({ month: "2026-11", from: "2026-11-01", to: "2026-11-30" });
    expect(previousMonth("2027-01-01")).toEqual({ month: "2026-12", from: "2026-12-01", to: "2026-12-31" });
    expect(previousMonth("2028-03-01")).toEqual({ month: "2028-02", from: "2028-02-01", to: "2028-02-29" });
    expect(firstOfMonthSomewhere(new Date("2026-12-01T01:59:00Z"))).toBe(false); // Noronha (UTC−2) still on the 30th
    expect(firstOfMonthSomewhere(new Date("2026-12-01T02:00:00Z"))).toBe(true);
    expect(firstOfMonthSomewhere(new Date("2026-12-02T04:59:00Z"))).toBe(true); // Acre still on the 1st
    expect(firstOfMonthSomewhere(new Date("2026-12-02T05:00:00Z"))).toBe(false);
  });

  it("is created once on the 1st of each organização's own zone, whatever the hour the schedule looks", async () => {
    // 23:30 of the 30th in São Paulo, 21:30 in Rio Branco: nobody's 1st yet.
    expect(await monthlySummaryFor(h.fresh.db, sp, new Date("2026-12-01T02:30:00Z"))).toBeNull();
    expect(await monthlySummaryFor(h.fresh.db, acre, new Date("2026-12-01T02:30:00Z"))).toBeNull();
    // 00:05 of the 1st in São Paulo (22:05 of the 30th in Rio Branco).
    const first = await monthlySummaryFor(h.fresh.db, sp, new Date("2026-12-01T03:05:00Z"));
    expect(first).toMatchObject({ created: true, status: "na_fila" });
    expect(await monthlySummaryFor(h.fresh.db, acre, new Date("2026-12-01T03:05:00Z"))).toBeNull();
    // The schedule again, and again: the same row.
    for (const at of ["2026-12-01T03:05:00Z", "2026-12-01T04:05:00Z", "2026-12-02T02:05:00Z"]) {
      expect(await monthlySummaryFor(h.fresh.db, sp, new Date(at))).toEqual({ ...first, created: false });
    }
    // 00:05 of the 1st in Rio Branco.
    expect(await monthlySummaryFor(h.fresh.db, acre, new Date("2026-12-01T05:05:00Z"))).toMatchObject({ created: true });
    // The 2nd: nothing new anywhere.
    expect(await monthlySummaryFor(h.fresh.db, sp, new Date("2026-12-02T03:05:00Z"))).toBeNull();
    expect(await monthlySummaryFor(h.fresh.db, acre, new Date("2026-12-02T05:05:00Z"))).toBeNull();
    const spRows = await summaries(sp);
    expect(spRows).toEqual([
      { mes: "2026-11", parametros: { de: "2026-11-01", ate: "2026-11-30" }, formato: "pdf", titulo: "Resumo de novembro de 2026" },
    ]);
    expect((await summaries(acre)).map((r) => r.mes)).toEqual(["2026-11"]);
    // New Year in São Paulo: December's.
    expect(await monthlySummaryFor(h.fresh.db, sp, new Date("2027-01-01T03:00:00Z"))).toMatchObject({ created: true });
    expect((await summaries(sp)).map((r) => r.mes).sort()).toEqual(["2026-11", "2026-12"]);
  });

  it("e-mails the owners once per file, with the link to the file on /relatorios", async () => {
    const queued = await monthlySummaryFor(h.fresh.db, acre, new Date("2027-01-01T05:00:00Z"));
    const fileId = queued?.fileId as string;
    const ids = await monthlySummaryEmails(h.fresh.db, acre, fileId, "2026-12", "https://app.exemplo.com.br");
    expect(ids).toHaveLength(1);
    expect(await monthlySummaryEmails(h.fresh.db, acre, fileId, "2026-12", "https://app.exemplo.com.br")).toEqual([]);
    const rows = await h.fresh.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.id, `resumo-${fileId}-%`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      to: acreEmail,
      subject: "Resumo de dezembro de 2026",
      link: `https://app.exemplo.com.br/relatorios?arquivo=${fileId}`,
    });
  });

  it("the hourly job builds São Paulo's summary as a PDF on its 1st and e-mails the owner once, however often it fires", {
    timeout: 120_000,
  }, async () => {
    const h2 = await createHarness();
    const o = await createOwner(h2, "Resumo Job");
    const bucket = fakeBucket();
    const pdf = createReportsHandler(nodeReportFonts());
    const REPORTS = {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => pdf(new Request(input, { ...init, duplex: "half" } as RequestInit)),
    };
    let clock = new Date("2027-02-01T03:05:00Z");
    const pending: Promise<unknown>[] = [];
    const fire = async () => {
      const job = JOBS.find((j) => j.id === monthlySummary.id);
      const runner = createRunner({
        db: h2.fresh.db,
        config: readConfig(h2.env),
        jobs: job ? [job] : [],
        now: () => clock,
        waitUntil: (p) => void pending.push(p),
        bindings: { FILES: bucket as never, REPORTS },
      });
      await runner.schedule();
      await runner.tick();
      for (let seen = -1; seen !== pending.length; ) {
        seen = pending.length;
        await Promise.allSettled(pending);
      }
    };
    await fire();
    const rows = await h2.fresh.db.select().from(reportFiles).where(eq(reportFiles.orgId, o.orgId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ relatorio: MONTHLY_SUMMARY_REPORT_ID, resumoMes: "2027-01", status: "pronto", formato: "pdf" });
    const bytes = bucket.objects.get(rows[0]?.chave as string)?.bytes as Uint8Array;
    const doc = await pdfPages(bytes, { scale: 0.5 });
    const text = doc.pages.map((p) => p.text).join(" ");
    expect(text).toContain("Resumo de janeiro de 2027");
    expect(text).toContain("01/01/2027");
    expect(text).toContain("Vendas por dia");
    expect(text).toContain("Demonstração do resultado");
    const mail = await lastEmail(h2, o.email);
    expect(mail?.subject).toBe("Resumo de janeiro de 2027");
    expect(mail?.link).toBe(`http://localhost:8787/relatorios?arquivo=${rows[0]?.id}`);
    // The schedule fires again that day (the next hours): nothing new, no second e-mail.
    const sent = h2.email.messages.length;
    for (const at of ["2027-02-01T04:05:00Z", "2027-02-01T23:05:00Z"]) {
      clock = new Date(at);
      await fire();
    }
    expect(await h2.fresh.db.select().from(reportFiles).where(eq(reportFiles.orgId, o.orgId))).toHaveLength(1);
    expect(h2.email.messages.length).toBe(sent);
    expect([...bucket.objects.keys()].filter((k) => k.startsWith(`orgs/${o.orgId}/reports/`))).toHaveLength(1);
  });
});
