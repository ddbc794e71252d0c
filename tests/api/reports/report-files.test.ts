/**
 * Report files end to end on the api harness (ADR 086): an owner asks for the Vendas report as
 * CSV; the job (the real one, the registry's, on the local runner) builds it from the catalogue
 * into the bucket; the file is listed, downloaded through its member-bound expiring link, and
 * deleted. Another organização's members never list, open, sign or delete it; a role without the
 * report's area neither asks nor sees; a link stops working after its 5 minutes; a flood of
 * requests is refused.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { reportFiles } from "../../../db/schema/index.ts";
import { reportStorageKey } from "../../../shared/reports/files.ts";
import { DOCUMENT_LINK_TTL } from "../../../worker/services/documents/document-link.ts";
import type { Actor, ServiceContext } from "../../../worker/services/context.ts";
import { reportLinkPath } from "../../../worker/services/reports/files/link.ts";
import {
  deleteReportFile,
  listReportFiles,
  MAX_PENDING,
  reportFileForServing,
  requestReportFile,
  TOO_MANY_PENDING,
} from "../../../worker/services/reports/files/requests.ts";
import type { fakeBucket } from "../../support/memory-bucket.ts";
import { clients } from "../../../db/schema/index.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { insertSale, sp, ZONE } from "./money-fixtures.ts";

interface Business {
  orgId: string;
  owner: Actor;
  cookie: string;
}

/** An owner's organização (São Paulo, the default zone) and their session. */
async function business(name: string): Promise<Business> {
  const o = await createOwner(h, name);
  const owner: Actor = { orgId: o.orgId, userId: (await userId(h, o.email)) as string, role: "owner", timeZone: ZONE };
  return { orgId: o.orgId, owner, cookie: o.cookie };
}

let h: Harness;
let a: Business;
let b: Business;
let cookieA: string;
let cookieB: string;
let bucket: ReturnType<typeof fakeBucket>;

function ctx(): ServiceContext {
  return { ...h.ctx(), files: bucket as never, now: new Date() };
}

async function settle() {
  for (let seen = -1; seen !== h.pending.length; ) {
    seen = h.pending.length;
    await Promise.allSettled(h.pending);
  }
}

async function ask(actor: Actor, query = "de=2026-11-01&ate=2026-11-30", format: "csv" | "xlsx" = "csv") {
  return requestReportFile(ctx(), actor, { reportId: "vendas", format, query: new URLSearchParams(query) }, { FILES: bucket as never });
}

beforeAll(async () => {
  h = await createHarness();
  bucket = h.env.FILES as ReturnType<typeof fakeBucket>;
  a = await business("Arquivos A");
  b = await business("Arquivos B");
  const maria = crypto.randomUUID();
  await h.fresh.db.insert(clients).values({ id: maria, orgId: a.orgId, tipo: "pf", nome: "Maria Souza", ordem: "maria souza" });
  const corte = { descricao: "Corte", preco: 5000 };
  await insertSale(h, a.orgId, sp("2026-11-03", "10:00"), [corte], [["pix", 5000]], { cliente: maria });
  await insertSale(h, a.orgId, sp("2026-11-30", "23:59"), [corte], [["dinheiro", 5000]]);
  await insertSale(h, a.orgId, sp("2026-12-01", "00:00"), [corte], [["pix", 5000]]);
  await insertSale(h, b.orgId, sp("2026-11-05", "09:00"), [{ descricao: "Outro", preco: 999 }], [["pix", 999]]);
  cookieA = a.cookie;
  cookieB = b.cookie;
}, 60_000);

async function download(path: string, cookie: string) {
  return h.request(path, { cookie });
}

describe("report files", () => {
  let fileId: string;

  it("an owner's request is built by the job into the bucket, listed with who and when, and downloaded through the link", async () => {
    fileId = await ask(a.owner);
    const [queued] = await h.fresh.db.select().from(reportFiles).where(eq(reportFiles.id, fileId));
    expect(queued).toMatchObject({ orgId: a.orgId, relatorio: "vendas", formato: "csv", pedidoPor: a.owner.userId });
    expect(queued?.parametros).toEqual({ de: "2026-11-01", ate: "2026-11-30" });
    expect(queued?.titulo).toBe("Vendas · 01/11/2026 a 30/11/2026");
    expect(queued?.chave).toBe(reportStorageKey(a.orgId, fileId, "csv"));
    await settle();
    const [done] = await h.fresh.db.select().from(reportFiles).where(eq(reportFiles.id, fileId));
    expect(done).toMatchObject({ status: "pronto", progresso: 100, linhas: 2 });
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bucket.objects.get(done?.chave as string)?.bytes);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text).toContain("Maria Souza");
    expect(text).not.toContain("Outro");

    const list = await listReportFiles(ctx(), a.owner, null);
    expect(list.items.map((i) => i.id)).toEqual([fileId]);
    expect(list.items[0]).toMatchObject({ status: "pronto", pedidoPor: "Dono Arquivos A", formato: "csv" });

    const path = await reportLinkPath(h.env.MEDIA_SIGNING_KEY as string, { orgId: a.orgId, userId: a.owner.userId }, fileId, new Date());
    const res = await download(path, cookieA);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain("vendas-2026-11-01-a-2026-11-30.csv");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array(await res.arrayBuffer()))).toBe(text);
  });

  it("another organização never lists, opens, signs for or deletes it; a link dies after 5 minutes", async () => {
    expect((await listReportFiles(ctx(), b.owner, null)).items).toEqual([]);
    expect(await reportFileForServing(ctx(), b.owner, fileId)).toBeNull();
    await expect(deleteReportFile(ctx(), b.owner, fileId)).rejects.toMatchObject({ status: 404 });
    const secret = h.env.MEDIA_SIGNING_KEY as string;
    // A's link in B's session; B's own signature for A's file: the same refusal.
    const pathA = await reportLinkPath(secret, { orgId: a.orgId, userId: a.owner.userId }, fileId, new Date());
    expect((await download(pathA, cookieB)).status).toBe(403);
    const pathB = await reportLinkPath(secret, { orgId: b.orgId, userId: b.owner.userId }, fileId, new Date());
    expect((await download(pathB, cookieB)).status).toBe(403);
    // No session: refused too.
    expect((await h.request(pathA)).status).toBe(403);
    // A link made 5 minutes and a second ago has expired.
    const old = await reportLinkPath(
      secret,
      { orgId: a.orgId, userId: a.owner.userId },
      fileId,
      new Date(Date.now() - (DOCUMENT_LINK_TTL + 1) * 1000),
    );
    const expired = await download(old, cookieA);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toContain("expirado");
    // A tampered id or signature.
    expect((await download(pathA.replace(fileId, crypto.randomUUID()), cookieA)).status).toBe(403);
    expect((await download(pathA.replace(/sig=[^&]+/, "sig=AAAA"), cookieA)).status).toBe(403);
  });

  it("a role without the report's area neither asks nor sees its files", async () => {
    const staff: Actor = { ...a.owner, userId: a.owner.userId, role: "staff" };
    await expect(ask(staff)).rejects.toMatchObject({ status: 403 });
    expect((await listReportFiles(ctx(), staff, null)).items).toEqual([]);
    expect(await reportFileForServing(ctx(), staff, fileId)).toBeNull();
  });

  it("deleting removes the object and the row; its link stops working", async () => {
    const secret = h.env.MEDIA_SIGNING_KEY as string;
    const path = await reportLinkPath(secret, { orgId: a.orgId, userId: a.owner.userId }, fileId, new Date());
    const [row] = await h.fresh.db.select().from(reportFiles).where(eq(reportFiles.id, fileId));
    await deleteReportFile(ctx(), a.owner, fileId);
    expect(bucket.objects.has(row?.chave as string)).toBe(false);
    expect(await h.fresh.db.select().from(reportFiles).where(eq(reportFiles.id, fileId))).toEqual([]);
    expect((await download(path, cookieA)).status).toBe(403);
  });

  it("an organização with too many files waiting is asked to wait", async () => {
    const now = new Date();
    await h.fresh.db.insert(reportFiles).values(
      Array.from({ length: MAX_PENDING }, () => {
        const id = crypto.randomUUID();
        return {
          id,
          orgId: b.orgId,
          relatorio: "vendas",
          parametros: {},
          formato: "csv" as const,
          titulo: "Vendas",
          nomeArquivo: "vendas.csv",
          chave: reportStorageKey(b.orgId, id, "csv"),
          pedidoPor: b.owner.userId,
          pedidoEm: now,
          expiraEm: now,
          atualizadoEm: now,
        };
      }),
    );
    await expect(ask(b.owner)).rejects.toMatchObject({ status: 429, message: TOO_MANY_PENDING });
    // Another organização's queue is its own.
    const ok = await ask(a.owner, "de=2026-12-01&ate=2026-12-31", "xlsx");
    await settle();
    const [done] = await h.fresh.db.select().from(reportFiles).where(eq(reportFiles.id, ok));
    expect(done).toMatchObject({ status: "pronto", linhas: 1, formato: "xlsx" });
    await h.fresh.db.delete(reportFiles).where(eq(reportFiles.orgId, b.orgId));
  });

  it("a person asking too often is refused by the rate limit", async () => {
    let refused: unknown = null;
    for (let i = 0; i < 25 && !refused; i++) {
      try {
        const id = await ask(a.owner);
        // Out of the way of the pending cap: only the limit is under test.
        await h.fresh.db.delete(reportFiles).where(eq(reportFiles.id, id));
      } catch (error) {
        refused = error;
      }
    }
    expect(refused).toMatchObject({ status: 429 });
    expect((refused as Error).message).not.toBe(TOO_MANY_PENDING);
    await settle();
  });
});
