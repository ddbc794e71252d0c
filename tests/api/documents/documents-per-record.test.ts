import { beforeAll, describe, expect, it } from "vitest";
import { linkedDocuments } from "../../../worker/services/documents/linked-documents.ts";
import { createShop, productDraft, type Shop } from "../finance/sales-fixtures.ts";
import { fakeBucket } from "../../support/memory-bucket.ts";
import { pdfFile } from "../../unit/document-files/samples.ts";
import * as documentsPage from "../../../app/routes/documents/documents.tsx";
import type { Harness } from "../harness.ts";
import { createPageHarness } from "../page-harness.ts";
import { addMember, api } from "../records.ts";

/**
 * One record's documents (issue 22): the Documentos list filtered to one sale (`f.venda`) or one
 * expense (`f.despesa`) returns that record's documents only, and only the organização's own — a
 * sale of another organização filters to nothing and cannot be linked; the search finds a
 * document by its original file name as well as by its title, also after the title is edited; the
 * receipt's card reads the newest of a sale's documents and their count, and nothing for a role
 * that reads no documents.
 */

let h: Harness;
let a: Shop;
let b: Shop;
let staff: string;
let saleA1: string;
let saleA2: string;
let saleB: string;
let expenseA: string;

interface ListAnswer {
  data: { id: string; titulo: string; vendaId: string | null; despesaId: string | null; vinculoTitulo: string | null }[];
}

async function sell(shop: Shop, price: number): Promise<string> {
  const res = await api<{ data: { id: string } }>(h, shop.cookie, "POST", "/api/sales", productDraft(shop, 1000, price));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function upload(cookie: string, name: string, fields: Record<string, string>) {
  const form = new FormData();
  form.append("arquivo", new File([pdfFile() as BlobPart], name, { type: "application/pdf" }), name);
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await h.request("/api/documents/upload", { method: "POST", cookie, body: form });
  const body = (await res.json()) as { data?: { arquivos: { ok: boolean; id?: string; erro?: string }[] } };
  return { status: res.status, file: body.data?.arquivos[0] };
}

async function stored(cookie: string, name: string, fields: Record<string, string>): Promise<string> {
  const { status, file } = await upload(cookie, name, fields);
  expect(status, JSON.stringify(file)).toBe(201);
  return file?.id as string;
}

async function list(cookie: string, query: string): Promise<string[]> {
  const res = await api<ListAnswer>(h, cookie, "GET", `/api/documents?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.map((d) => d.id).sort();
}

beforeAll(async () => {
  h = await createPageHarness({ documents: documentsPage });
  h.env.FILES = fakeBucket();
  a = await createShop(h, "Docs por registro A", "America/Sao_Paulo", 50);
  b = await createShop(h, "Docs por registro B", "America/Sao_Paulo", 50);
  staff = (await addMember(h, a.owner.orgId, "staff", "Rita Balcão")).cookie;
  [saleA1, saleA2, saleB] = [await sell(a, 3000), await sell(a, 4500), await sell(b, 3000)];
  const made = await api<{ data: { id: string } }>(h, a.cookie, "POST", "/api/despesas", {
    descricao: "Aluguel da loja",
    valorCentavos: "1800,00",
    vencimento: "2026-12-10",
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expenseA = made.body.data.id;
});

describe("the Documentos list filtered to one record", () => {
  let nfA1: string;
  let reciboA1: string;
  let nfA2: string;
  let boletoA: string;
  let nfB: string;

  beforeAll(async () => {
    nfA1 = await stored(a.cookie, "nfce-000123.pdf", { titulo: "Nota fiscal", tipo: "nota_fiscal", vendaId: saleA1 });
    reciboA1 = await stored(staff, "comprovante-pix.pdf", { titulo: "Comprovante Pix", tipo: "comprovante", vendaId: saleA1 });
    nfA2 = await stored(a.cookie, "nfce-000124.pdf", { titulo: "Nota fiscal", tipo: "nota_fiscal", vendaId: saleA2 });
    boletoA = await stored(a.cookie, "boleto-aluguel.pdf", { titulo: "Boleto de dezembro", tipo: "comprovante", despesaId: expenseA });
    await stored(a.cookie, "solto.pdf", { titulo: "Sem vínculo", tipo: "outro" });
    nfB = await stored(b.cookie, "nfce-000123.pdf", { titulo: "Nota fiscal", tipo: "nota_fiscal", vendaId: saleB });
  });

  it("returns only the sale's documents, for owner and staff alike, and names the sale on each", async () => {
    expect(await list(a.cookie, `f.venda=${saleA1}`)).toEqual([nfA1, reciboA1].sort());
    expect(await list(staff, `f.venda=${saleA1}`)).toEqual([nfA1, reciboA1].sort());
    expect(await list(a.cookie, `f.venda=${saleA2}`)).toEqual([nfA2]);
    const named = await api<ListAnswer>(h, a.cookie, "GET", `/api/documents?f.venda=${saleA2}`);
    expect(named.body.data[0]?.vinculoTitulo).toMatch(/^Venda nº \d+$/);
  });

  it("returns only the expense's documents", async () => {
    expect(await list(a.cookie, `f.despesa=${expenseA}`)).toEqual([boletoA]);
    const named = await api<ListAnswer>(h, a.cookie, "GET", `/api/documents?f.despesa=${expenseA}`);
    expect(named.body.data[0]?.vinculoTitulo).toBe("Despesa: Aluguel da loja");
  });

  it("never crosses organizações: another's sale filters to nothing and cannot be linked", async () => {
    expect(await list(a.cookie, `f.venda=${saleB}`)).toEqual([]);
    expect(await list(b.cookie, `f.venda=${saleA1}`)).toEqual([]);
    expect(await list(b.cookie, `f.venda=${saleB}`)).toEqual([nfB]);
    const foreign = await upload(a.cookie, "intruso.pdf", { tipo: "nota_fiscal", vendaId: saleB });
    expect(foreign.status).toBe(422);
    expect(foreign.file?.erro).toBe("Venda não encontrada.");
  });

  it("finds a document by its original file name as well as its title, also after the title changes", async () => {
    expect(await list(a.cookie, "q=nfce")).toEqual([nfA1, nfA2].sort());
    expect(await list(a.cookie, "q=000123")).toEqual([nfA1]);
    expect(await list(a.cookie, "q=comprovante pix")).toEqual([reciboA1]);
    const edited = await api(h, a.cookie, "PATCH", `/api/documents/${nfA1}`, { titulo: "NFC-e da venda", tipo: "nota_fiscal" });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await list(a.cookie, "q=000123")).toEqual([nfA1]);
    expect(await list(a.cookie, "q=nfc-e venda")).toEqual([nfA1]);
    // Another organização's file of the same name is its own.
    expect(await list(b.cookie, "q=000123")).toEqual([nfB]);
  });

  it("names the sale in the list page's chip, and offers the expense filter only to a role that reads expenses", async () => {
    const [sale] = (await api<ListAnswer>(h, a.cookie, "GET", `/api/documents?f.venda=${saleA2}`)).body.data;
    const owner = await (await h.request(`/documents.data?f.venda=${saleA2}`, { cookie: a.cookie })).text();
    expect(owner).toContain(`"${sale?.vinculoTitulo}"`);
    expect(owner).not.toContain(`"Venda: ${sale?.vinculoTitulo}"`);
    expect(owner).toContain('"despesas"');
    const plain = await (await h.request("/documents.data", { cookie: staff })).text();
    expect(plain).not.toContain('"despesas"');
    expect(plain).toContain('"sales"');
    // Already in the URL (a shared link): kept, with its chip.
    const linked = await (await h.request(`/documents.data?f.despesa=${expenseA}`, { cookie: staff })).text();
    expect(linked).toContain('"despesas"');
    expect(linked).toContain('"Despesa: Aluguel da loja"');
  });

  it("gives the receipt's card the sale's newest documents and their count, and nothing to a role that reads none", async () => {
    const ctx = h.ctx();
    const cards = await linkedDocuments(ctx, a.owner, "vendaId", saleA1);
    expect(cards?.total).toBe(2);
    expect(cards?.items.map((d) => d.id).sort()).toEqual([nfA1, reciboA1].sort());
    expect(await linkedDocuments(ctx, { ...a.owner, orgId: b.owner.orgId }, "vendaId", saleA1)).toEqual({ items: [], total: 0 });
    expect(await linkedDocuments(ctx, { ...a.owner, role: "professional" }, "vendaId", saleA1)).toBeNull();
  });
});
