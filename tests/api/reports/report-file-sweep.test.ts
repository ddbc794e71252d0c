/**
 * Report files' housekeeping and links (ADR 086): the nightly sweep removes expired files (object
 * and row), fails builds gone silent and drops objects no row names, touching only the organização
 * it sweeps; the download link is the documents' mechanism for the kind "report": member-bound,
 * 5 minutes, and a document's link never opens a report.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { reportFiles } from "../../../db/schema/index.ts";
import { reportStorageKey } from "../../../shared/reports/files.ts";
import { DOCUMENT_LINK_TTL, documentLinkPath } from "../../../worker/services/documents/document-link.ts";
import { reportLinkPath, verifyReportLink } from "../../../worker/services/reports/files/link.ts";
import { STUCK_MESSAGE, sweepReportFiles } from "../../../worker/services/reports/files/sweep.ts";
import { fakeBucket } from "../../support/memory-bucket.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";

let h: Harness;
let orgA: string;
let orgB: string;
let ownerA: string;
const bucket = fakeBucket();
const now = new Date("2026-12-20T07:15:00.000Z");

beforeAll(async () => {
  h = await createHarness();
  const a = await createOwner(h, "Varredura A");
  const b = await createOwner(h, "Varredura B");
  orgA = a.orgId;
  orgB = b.orgId;
  ownerA = (await userId(h, a.email)) as string;
}, 30_000);

async function file(orgId: string, over: { expiraEm: Date; status?: "na_fila" | "gerando" | "pronto"; atualizadoEm?: Date }) {
  const id = crypto.randomUUID();
  const chave = reportStorageKey(orgId, id, "csv");
  await h.fresh.db.insert(reportFiles).values({
    id,
    orgId,
    relatorio: "vendas",
    parametros: {},
    formato: "csv",
    titulo: "Vendas",
    nomeArquivo: "vendas.csv",
    chave,
    pedidoEm: new Date(now.getTime() - 40 * 86_400_000),
    expiraEm: over.expiraEm,
    status: over.status ?? "pronto",
    atualizadoEm: over.atualizadoEm ?? now,
  });
  if ((over.status ?? "pronto") === "pronto") await bucket.put(chave, new TextEncoder().encode("a;b\n"));
  return { id, chave };
}

describe("sweep-report-files", () => {
  it("removes the organização's expired files and orphans, fails silent builds, and leaves the rest (and other organizações) alone", async () => {
    const expired = await file(orgA, { expiraEm: new Date(now.getTime() - 1000) });
    const alive = await file(orgA, { expiraEm: new Date(now.getTime() + 86_400_000) });
    const stuck = await file(orgA, {
      expiraEm: new Date(now.getTime() + 86_400_000),
      status: "gerando",
      atualizadoEm: new Date(now.getTime() - 3 * 3600_000),
    });
    const running = await file(orgA, { expiraEm: new Date(now.getTime() + 86_400_000), status: "gerando" });
    const otherExpired = await file(orgB, { expiraEm: new Date(now.getTime() - 1000) });
    const orphan = `orgs/${orgA}/reports/${crypto.randomUUID()}.pdf`;
    await bucket.put(orphan, new Uint8Array([1]));
    (bucket.objects.get(orphan) as { uploaded: Date }).uploaded = new Date(now.getTime() - 2 * 86_400_000);

    expect(await sweepReportFiles({ db: h.fresh.db, now, waitUntil: () => {} }, bucket as never, orgA)).toBe(2);
    const rows = await h.fresh.db.select({ id: reportFiles.id, status: reportFiles.status, erro: reportFiles.erro }).from(reportFiles);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.has(expired.id)).toBe(false);
    expect(bucket.objects.has(expired.chave)).toBe(false);
    expect(bucket.objects.has(orphan)).toBe(false);
    expect(byId.get(alive.id)?.status).toBe("pronto");
    expect(bucket.objects.has(alive.chave)).toBe(true);
    expect(byId.get(stuck.id)).toMatchObject({ status: "falhou", erro: STUCK_MESSAGE });
    expect(byId.get(running.id)?.status).toBe("gerando");
    // Another organização's expired file waits for its own sweep.
    expect(byId.has(otherExpired.id)).toBe(true);
    expect(bucket.objects.has(otherExpired.chave)).toBe(true);
    // A second run finds nothing.
    expect(await sweepReportFiles({ db: h.fresh.db, now, waitUntil: () => {} }, bucket as never, orgA)).toBe(0);
    await h.fresh.db.delete(reportFiles).where(eq(reportFiles.orgId, orgB));
  });
});

describe("report file links", () => {
  const secret = "c2VncmVkby1kZS10ZXN0ZS1jb20tMzItYnl0ZXMtISE";
  it("open only the file, for the member and organização signed, for five minutes", async () => {
    const id = crypto.randomUUID();
    const who = { orgId: orgA, userId: ownerA };
    const path = await reportLinkPath(secret, who, id, now);
    expect(path.startsWith(`/reports/file/${id}?`)).toBe(true);
    const q = new URL(path, "http://x").searchParams;
    const query = { d: q.get("d"), exp: q.get("exp"), sig: q.get("sig") };
    expect(await verifyReportLink(secret, who, id, query, now)).toBe("attachment");
    expect(await verifyReportLink(secret, who, id, query, new Date(now.getTime() + (DOCUMENT_LINK_TTL - 1) * 1000))).toBe("attachment");
    expect(await verifyReportLink(secret, who, id, query, new Date(now.getTime() + (DOCUMENT_LINK_TTL + 1) * 1000))).toBeNull();
    expect(await verifyReportLink(secret, { ...who, orgId: orgB }, id, query, now)).toBeNull();
    expect(await verifyReportLink(secret, { ...who, userId: crypto.randomUUID() }, id, query, now)).toBeNull();
    expect(await verifyReportLink(secret, who, crypto.randomUUID(), query, now)).toBeNull();
    expect(await verifyReportLink("outro-segredo", who, id, query, now)).toBeNull();
    // A document's link with the same ids does not open a report file.
    const doc = new URL(await documentLinkPath(secret, { ...who, documentId: id, disposition: "attachment" }, now), "http://x")
      .searchParams;
    expect(await verifyReportLink(secret, who, id, { d: doc.get("d"), exp: doc.get("exp"), sig: doc.get("sig") }, now)).toBeNull();
  });
});
