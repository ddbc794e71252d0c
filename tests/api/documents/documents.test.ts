import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, documents } from "../../../db/schema/index.ts";
import { DOCUMENT_MAX_BYTES } from "../../../shared/document-files/file-kinds.ts";
import { documentLinkPath } from "../../../worker/services/documents/document-link.ts";
import { purgeDeletedDocuments, sweepOrphanDocuments } from "../../../worker/services/documents/documents.ts";
import { fakeBucket } from "../../support/memory-bucket.ts";
import { docxFile, jpegBytes, pdfFile, pngBytes } from "../../unit/document-files/samples.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { addMember } from "../records.ts";

/**
 * Documentos over HTTP (ADR 070/074): uploads checked by content with pt-BR messages per file and
 * stored under the organização's prefix (no row without its object, no object left by a refused
 * row); the member-bound, expiring link is the only way to the bytes (another member, another
 * organização, a forged or expired signature, a deleted document: the same 403); tenant isolation
 * of rows and objects; metadata edits; delete, undo, and the purge a day later.
 */

let h: Harness;
let bucket: ReturnType<typeof fakeBucket>;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;
let aUser: string;
let clientA: string;

interface UploadAnswer {
  data?: { arquivos: { nome: string; ok: boolean; id?: string; erro?: string }[] };
  error?: { message: string };
}

function fileOf(bytes: Uint8Array, name: string, type: string): File {
  return new File([bytes as BlobPart], name, { type });
}

async function upload(cookie: string, files: File[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const file of files) form.append("arquivo", file, file.name);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await h.request("/api/documents/upload", { method: "POST", cookie, body: form });
  return { status: res.status, body: (await res.json()) as UploadAnswer };
}

async function link(cookie: string, id: string, d = "inline") {
  const res = await h.request(`/api/documents/${id}/link?d=${d}`, { cookie });
  return { status: res.status, body: (await res.json()) as { data?: { url: string } } };
}

async function open(cookie: string, url: string) {
  const res = await h.request(url, { cookie });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

function objectsOf(orgId: string): string[] {
  return [...bucket.objects.keys()].filter((k) => k.startsWith(`orgs/${orgId}/documents/`));
}

beforeAll(async () => {
  h = await createHarness();
  bucket = fakeBucket();
  h.env.FILES = bucket;
  a = await createOwner(h, "Docs A");
  b = await createOwner(h, "Docs B");
  aUser = (await userId(h, a.email)) as string;
  clientA = crypto.randomUUID();
  const now = new Date();
  await h.fresh.db.insert(clients).values({
    id: clientA,
    orgId: a.orgId,
    nome: "Ana Souza",
    ordem: "ana souza",
    tipo: "pf",
    criadoEm: now,
    atualizadoEm: now,
  } as never);
});

describe("upload", () => {
  it("stores several real files at once, each under the organização's prefix with its sniffed type, linked as asked", async () => {
    const { status, body } = await upload(
      a.cookie,
      [
        fileOf(pdfFile(), "Contrato Ana.pdf", "application/pdf"),
        fileOf(pngBytes(), "rg.png", "image/png"),
        fileOf(await docxFile(), "laudo.docx", ""),
      ],
      { tipo: "contrato", vencimento: "2027-01-31", clienteId: clientA },
    );
    expect(status).toBe(201);
    expect(body.data?.arquivos.map((f) => f.ok)).toEqual([true, true, true]);
    const ids = body.data?.arquivos.map((f) => f.id as string) ?? [];
    const rows = await h.fresh.db.select().from(documents).where(eq(documents.orgId, a.orgId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const pdf = byId.get(ids[0] as string);
    expect(pdf).toMatchObject({
      titulo: "Contrato Ana",
      tipo: "contrato",
      formato: "pdf",
      nomeArquivo: "Contrato Ana.pdf",
      vencimento: "2027-01-31",
      clienteId: clientA,
    });
    expect(pdf?.chave).toBe(`orgs/${a.orgId}/documents/${ids[0]}.pdf`);
    expect(bucket.objects.get(pdf?.chave as string)?.contentType).toBe("application/pdf");
    expect(byId.get(ids[2] as string)?.formato).toBe("docx");
    for (const row of rows) expect(bucket.objects.has(row.chave)).toBe(true);
  });

  it("refuses each bad file with its own pt-BR reason, stores the good one, and leaves no object for the refused", async () => {
    const before = objectsOf(a.orgId).length;
    const { status, body } = await upload(a.cookie, [
      fileOf(pdfFile(), "foto.jpg", "image/jpeg"),
      fileOf(new Uint8Array(0), "vazio.pdf", "application/pdf"),
      fileOf(new TextEncoder().encode("<svg onload=alert(1)>"), "x.svg", "image/svg+xml"),
      fileOf(jpegBytes(), "comprovante.jpg", "image/jpeg"),
    ]);
    expect(status).toBe(201);
    expect(body.data?.arquivos).toEqual([
      { nome: "foto.jpg", ok: false, erro: "O conteúdo do arquivo foto.jpg não corresponde ao tipo JPEG" },
      { nome: "vazio.pdf", ok: false, erro: "O arquivo vazio.pdf está vazio" },
      { nome: "x.svg", ok: false, erro: "O arquivo x.svg deve ser do tipo PDF, JPEG, PNG, HEIC, WebP, DOCX, XLSX" },
      expect.objectContaining({ nome: "comprovante.jpg", ok: true }),
    ]);
    expect(objectsOf(a.orgId).length).toBe(before + 1);
  });

  it("refuses a file one byte over 20 MB with the size message (422), and more than 20 files at once", async () => {
    const big = new Uint8Array(DOCUMENT_MAX_BYTES + 1);
    big.set(pdfFile().subarray(0, 8));
    const over = await upload(a.cookie, [fileOf(big, "escaneado.pdf", "application/pdf")]);
    expect(over.status).toBe(422);
    expect(over.body.error?.message).toBe("O arquivo escaneado.pdf deve ter no máximo 20 MB");
    const many = await upload(
      a.cookie,
      Array.from({ length: 21 }, (_, i) => fileOf(pngBytes(), `p${i}.png`, "image/png")),
    );
    expect(many.status).toBe(400);
    expect(many.body.error?.message).toBe("Envie no máximo 20 arquivos de uma vez");
  });

  it("refuses a link to another organização's client, and removes the object it had put", async () => {
    const before = objectsOf(b.orgId).length;
    const { status, body } = await upload(b.cookie, [fileOf(pdfFile(), "x.pdf", "application/pdf")], { clienteId: clientA });
    expect(status).toBe(422);
    expect(body.error?.message).toBe("Cliente não encontrado. Escolha um cliente cadastrado.");
    expect(objectsOf(b.orgId).length).toBe(before);
    expect(await h.fresh.db.select().from(documents).where(eq(documents.orgId, b.orgId))).toEqual([]);
  });

  it("is refused to the professional role (403), nothing stored", async () => {
    const pro = await addMember(h, a.orgId, "professional");
    const before = objectsOf(a.orgId).length;
    const { status } = await upload(pro.cookie, [fileOf(pdfFile(), "x.pdf", "application/pdf")]);
    expect(status).toBe(403);
    expect(objectsOf(a.orgId).length).toBe(before);
  });

  it("takes a small file as a data URL through POST /api/documents (the API's JSON door)", async () => {
    const arquivo = `data:application/pdf;base64,${Buffer.from(pdfFile()).toString("base64")}`;
    const res = await h.request("/api/documents", {
      cookie: a.cookie,
      json: { titulo: "Matrícula 123", tipo: "matricula", nomeArquivo: "matricula.pdf", arquivo },
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { data: { id: string } }).data.id;
    const [row] = await h.fresh.db.select().from(documents).where(eq(documents.id, id));
    expect(row?.chave).toBe(`orgs/${a.orgId}/documents/${id}.pdf`);
    const forged = await h.request("/api/documents", {
      cookie: a.cookie,
      json: { titulo: "Falso", tipo: "outro", nomeArquivo: "falso.pdf", arquivo: `data:application/pdf;base64,${btoa("<html>")}` },
    });
    expect(forged.status).toBe(422);
    expect(((await forged.json()) as { error: { message: string } }).error.message).toBe(
      "O conteúdo do arquivo falso.pdf não corresponde ao tipo PDF",
    );
  });
});

describe("the expiring, member-bound link", () => {
  let id: string;
  let bytes: Uint8Array;
  beforeAll(async () => {
    bytes = pdfFile();
    const { body } = await upload(a.cookie, [fileOf(bytes, "Escritura São Paulo.pdf", "application/pdf")]);
    id = body.data?.arquivos[0]?.id as string;
  });

  it("serves the bytes to the member it was made for, with the stored type, inline, never cached", async () => {
    const { status, body } = await link(a.cookie, id);
    expect(status).toBe(200);
    expect(body.data?.url).toMatch(new RegExp(`^/documents/file/${id}\\?d=inline&exp=\\d+&sig=`));
    const file = await open(a.cookie, body.data?.url as string);
    expect(file.status).toBe(200);
    expect(file.bytes).toEqual(bytes);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(file.headers.get("content-disposition")).toContain("inline;");
    expect(file.headers.get("content-disposition")).toContain("filename*=UTF-8''Escritura%20S%C3%A3o%20Paulo.pdf");
    const download = await open(a.cookie, (await link(a.cookie, id, "attachment")).body.data?.url as string);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(download.headers.get("x-frame-options")).toBe("DENY");
  });

  it("answers the same 403 to another member, another organização, no session, a forged or stretched link", async () => {
    const url = (await link(a.cookie, id)).body.data?.url as string;
    const staff = await addMember(h, a.orgId, "staff");
    expect((await open(staff.cookie, url)).status).toBe(403);
    expect((await open(b.cookie, url)).status).toBe(403);
    expect((await open("", url)).status).toBe(403);
    const forged = url.replace(/sig=[^&]+/, "sig=AAAA");
    expect((await open(a.cookie, forged)).status).toBe(403);
    const stretched = url.replace(/exp=(\d+)/, (_m, exp) => `exp=${Number(exp) + 3600}`);
    expect((await open(a.cookie, stretched)).status).toBe(403);
    // Another document's id under a valid signature.
    expect((await open(a.cookie, url.replace(id, crypto.randomUUID()))).status).toBe(403);
  });

  it("stops working once expired (signed with the Worker's key, five minutes in the past)", async () => {
    const secret = h.env.MEDIA_SIGNING_KEY as string;
    const claim = { orgId: a.orgId, userId: aUser, documentId: id, disposition: "inline" as const };
    const fresh = await documentLinkPath(secret, claim, new Date());
    expect((await open(a.cookie, fresh)).status).toBe(200);
    const old = await documentLinkPath(secret, claim, new Date(Date.now() - 5 * 60_000 - 2_000));
    const expired = await open(a.cookie, old);
    expect(expired.status).toBe(403);
    expect(new TextDecoder().decode(expired.bytes)).toContain("Link de documento inválido ou expirado");
  });

  it("is never made for another organização's document (404) nor for the professional role (403)", async () => {
    expect((await link(b.cookie, id)).status).toBe(404);
    const pro = await addMember(h, a.orgId, "professional");
    expect((await link(pro.cookie, id)).status).toBe(403);
  });
});

describe("tenant isolation, edits, delete and purge", () => {
  let id: string;
  beforeAll(async () => {
    const { body } = await upload(a.cookie, [fileOf(pngBytes(), "rg.png", "image/png")], { tipo: "rg_cpf" });
    id = body.data?.arquivos[0]?.id as string;
  });

  it("keeps another organização out of the row (read, edit, delete: 404) and lists only its own", async () => {
    for (const [method, json] of [
      ["GET", undefined],
      ["PATCH", { titulo: "Meu", tipo: "outro" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await h.request(`/api/documents/${id}`, { method, cookie: b.cookie, ...(json ? { json } : {}) });
      expect(res.status, method).toBe(404);
    }
    const list = (await (await h.request("/api/documents", { cookie: b.cookie })).json()) as { data: { id: string }[] };
    expect(list.data.map((d) => d.id)).not.toContain(id);
    const [row] = await h.fresh.db.select().from(documents).where(eq(documents.id, id));
    expect(row?.titulo).toBe("rg");
  });

  it("edits the metadata only: the file never changes, one link at most", async () => {
    const ok = await h.request(`/api/documents/${id}`, {
      method: "PATCH",
      cookie: a.cookie,
      json: { titulo: "RG da Ana", tipo: "rg_cpf", vencimento: "2031-12-31", clienteId: clientA },
    });
    expect(ok.status).toBe(200);
    const [row] = await h.fresh.db.select().from(documents).where(eq(documents.id, id));
    expect(row).toMatchObject({ titulo: "RG da Ana", vencimento: "2031-12-31", clienteId: clientA, formato: "png" });
    const file = await h.request(`/api/documents/${id}`, {
      method: "PATCH",
      cookie: a.cookie,
      json: {
        titulo: "x",
        tipo: "outro",
        nomeArquivo: "a.pdf",
        arquivo: `data:application/pdf;base64,${Buffer.from(pdfFile()).toString("base64")}`,
      },
    });
    // Ignored on an update: the stored file and its name stay.
    expect(file.status).toBe(200);
    const [same] = await h.fresh.db.select().from(documents).where(eq(documents.id, id));
    expect(same).toMatchObject({ formato: "png", nomeArquivo: "rg.png" });
    const two = await h.request(`/api/documents/${id}`, {
      method: "PATCH",
      cookie: a.cookie,
      json: { titulo: "x", tipo: "outro", clienteId: clientA, imovelId: crypto.randomUUID() },
    });
    expect(two.status).toBe(400);
    expect(((await two.json()) as { error: { fields: Record<string, string> } }).error.fields.clienteId).toContain(
      "vinculado a um registro só",
    );
    const bad = await h.request(`/api/documents/${id}`, {
      method: "PATCH",
      cookie: a.cookie,
      json: { titulo: "x", tipo: "outro", vencimento: "31/02/2030" },
    });
    expect(bad.status).toBe(400);
    const [after] = await h.fresh.db.select().from(documents).where(eq(documents.id, id));
    expect(after?.titulo).toBe("x");
  });

  it("deletes (the link dies at once), restores, and purges object and row a day after a delete", async () => {
    const url = (await link(a.cookie, id)).body.data?.url as string;
    expect((await h.request(`/api/documents/${id}`, { method: "DELETE", cookie: a.cookie })).status).toBe(200);
    expect((await open(a.cookie, url)).status).toBe(403);
    expect((await h.request(`/api/documents/${id}/restore`, { method: "POST", cookie: a.cookie })).status).toBe(200);
    expect((await open(a.cookie, url)).status).toBe(200);
    expect((await h.request(`/api/documents/${id}`, { method: "DELETE", cookie: a.cookie })).status).toBe(200);
    const [row] = await h.fresh.db.select().from(documents).where(eq(documents.id, id));
    const key = row?.chave as string;
    const ctx = { db: h.fresh.db, now: new Date() };
    expect(await purgeDeletedDocuments(ctx, bucket as unknown as R2Bucket, a.orgId)).toBe(0);
    expect(bucket.objects.has(key)).toBe(true);
    const later = { db: h.fresh.db, now: new Date(Date.now() + 25 * 3600_000) };
    // Another organização's purge touches nothing of this one.
    expect(await purgeDeletedDocuments(later, bucket as unknown as R2Bucket, b.orgId)).toBe(0);
    expect(await purgeDeletedDocuments(later, bucket as unknown as R2Bucket, a.orgId)).toBe(1);
    expect(bucket.objects.has(key)).toBe(false);
    expect(await h.fresh.db.select().from(documents).where(eq(documents.id, id))).toEqual([]);
  });

  it("sweeps objects no row names (a Worker that died between the put and the insert), only old ones, only its own", async () => {
    const orphan = `orgs/${a.orgId}/documents/${crypto.randomUUID()}.pdf`;
    await bucket.put(orphan, pdfFile());
    const later = { db: h.fresh.db, now: new Date(Date.now() + 25 * 3600_000) };
    expect(await sweepOrphanDocuments({ db: h.fresh.db, now: new Date() }, bucket as unknown as R2Bucket, a.orgId)).toBe(0);
    const kept = objectsOf(a.orgId).filter((k) => k !== orphan);
    expect(await sweepOrphanDocuments(later, bucket as unknown as R2Bucket, a.orgId)).toBe(1);
    expect(bucket.objects.has(orphan)).toBe(false);
    expect(objectsOf(a.orgId)).toEqual(kept);
  });
});
