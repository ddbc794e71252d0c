import { beforeAll, describe, expect, it } from "vitest";
import type { MovimentacaoProdutoRow } from "../../../shared/resources/movimentacoes-produtos.ts";
import type { ProdutoRow } from "../../../shared/resources/produtos.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { recordFormStatements } from "../../../worker/resources/records.ts";
import { actorFor, addMember, api, CNPJS, errorFields, errorMessage } from "../records.ts";

/**
 * Produtos and their stock ledger through the API: the stock is the sum of the live movements
 * (kept by the database), exits beyond the stock are refused unless the business allows
 * negative stock — also when two exits race — and the ledger's totals follow its filters.
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;

type Body<T> = { data: T; total?: number; totals?: Record<string, number>; duplicates?: unknown[] };

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Estoque");
});

async function product(cookie: string, body: Record<string, unknown>): Promise<string> {
  const res = await api<Body<{ id: string }>>(h, cookie, "POST", "/api/produtos", { unidade: "un", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function move(cookie: string, body: Record<string, unknown>) {
  return api<Body<{ id: string }>>(h, cookie, "POST", "/api/movimentacoes-produtos", body);
}

async function stockOf(cookie: string, id: string): Promise<number> {
  return (await api<Body<ProdutoRow>>(h, cookie, "GET", `/api/produtos/${id}`)).body.data.estoque;
}

describe("produtos", () => {
  it("creates a product with canonical fields; the stock is never typed", async () => {
    const supplier = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/companies", {
      tipo: "fornecedor",
      razaoSocial: "Gráfica Pinheiros Ltda",
      cnpj: CNPJS[0],
    });
    const id = await product(owner.cookie, {
      sku: "plc-vnd-6040",
      nome: "Placa Vende-se 60 × 40",
      codigoBarras: "789 1000 100103",
      custoCentavos: "28,50",
      precoCentavos: 4500,
      estoqueMinimo: "2,5",
      fornecedorId: supplier.body.data.id,
    });
    const row = (await api<Body<ProdutoRow>>(h, owner.cookie, "GET", `/api/produtos/${id}`)).body.data;
    expect(row).toMatchObject({
      sku: "PLC-VND-6040",
      codigoBarras: "7891000100103",
      custoCentavos: 2850,
      precoCentavos: 4500,
      estoqueMinimo: 2.5,
      estoque: 0,
      ativo: true,
      fornecedorNome: "Gráfica Pinheiros Ltda",
    });
    // A typed stock is not a field: refused by name, nothing saved.
    const typed = await api(h, owner.cookie, "POST", "/api/produtos", { sku: "X-1", nome: "Com estoque", unidade: "un", estoque: 99 });
    expect(typed.status).toBe(400);
    expect(errorMessage(typed.body)).toContain("“estoque”");
  });

  it("refuses a repeated SKU (per organization), a wrong EAN-13 and a supplier of another organization, in pt-BR", async () => {
    await product(owner.cookie, { sku: "CAF-1KG", nome: "Café em grãos 1 kg" });
    const again = await api(h, owner.cookie, "POST", "/api/produtos", { sku: "caf-1kg", nome: "Outro café", unidade: "un" });
    expect(again.status).toBe(409);
    expect(errorFields(again.body).sku).toBe("Já existe um produto com este SKU.");
    const ean = await api(h, owner.cookie, "POST", "/api/produtos", {
      sku: "EAN-1",
      nome: "Código errado",
      unidade: "un",
      codigoBarras: "7891000100104",
    });
    expect(ean.status).toBe(400);
    expect(errorFields(ean.body).codigoBarras).toBe("O campo Código de barras (EAN-13) não é válido".replace(" (EAN-13)", ""));
    const other = await createOwner(h, "Outra");
    const theirSupplier = await api<Body<{ id: string }>>(h, other.cookie, "POST", "/api/companies", {
      tipo: "fornecedor",
      razaoSocial: "Deles Ltda",
    });
    const foreign = await api(h, owner.cookie, "POST", "/api/produtos", {
      sku: "FOR-1",
      nome: "Fornecedor alheio",
      unidade: "un",
      fornecedorId: theirSupplier.body.data.id,
    });
    expect(foreign.status).toBe(422);
    expect(errorFields(foreign.body).fornecedorId).toBe("Fornecedor não encontrado. Escolha uma empresa cadastrada.");
    // The same SKU in another organization is fine.
    expect(await product(other.cookie, { sku: "CAF-1KG", nome: "Café deles" })).toBeTruthy();
  });
});

describe("movimentações de produtos", () => {
  it("keeps the stock as the sum of the live ledger: entries, exits, adjustments, deletion and undo", async () => {
    const id = await product(owner.cookie, { sku: "PAP-A4", nome: "Papel A4 (resma)", custoCentavos: 2490, estoqueMinimo: 5 });
    expect(
      (await move(owner.cookie, { produtoId: id, tipo: "entrada", quantidade: 10, custoUnitarioCentavos: "24,90", motivo: "Compra NF 1" }))
        .status,
    ).toBe(201);
    const exit = await move(owner.cookie, { produtoId: id, tipo: "saida", quantidade: "2,5", motivo: "Escritório" });
    expect(exit.status).toBe(201);
    expect((await move(owner.cookie, { produtoId: id, tipo: "ajuste", quantidade: -0.5, motivo: "Inventário" })).status).toBe(201);
    expect(await stockOf(owner.cookie, id)).toBe(7);
    // Low-stock filter and the totals of the filtered ledger.
    const low = await api<Body<ProdutoRow[]>>(h, owner.cookie, "GET", "/api/produtos?f.abaixoMinimo=sim&q=papel");
    expect(low.body.data.map((p) => p.sku)).toEqual([]);
    const ledger = await api<Body<MovimentacaoProdutoRow[]>>(h, owner.cookie, "GET", `/api/movimentacoes-produtos?f.produto=${id}`);
    expect(ledger.body.data.map((m) => [m.tipo, m.quantidade, m.valorCentavos])).toEqual([
      ["ajuste", -0.5, 1245],
      ["saida", -2.5, 6225],
      ["entrada", 10, 24900],
    ]);
    expect(ledger.body.totals).toEqual({ valor: 1245 + 6225 + 24900 });
    const exits = await api<Body<MovimentacaoProdutoRow[]>>(
      h,
      owner.cookie,
      "GET",
      `/api/movimentacoes-produtos?f.produto=${id}&f.tipo=saida`,
    );
    expect(exits.body.totals).toEqual({ valor: 6225 });
    // Deleting the exit gives the stock back; undoing it takes it again.
    expect((await api(h, owner.cookie, "DELETE", `/api/movimentacoes-produtos/${exit.body.data.id}`)).status).toBe(200);
    expect(await stockOf(owner.cookie, id)).toBe(9.5);
    expect((await api(h, owner.cookie, "POST", `/api/movimentacoes-produtos/${exit.body.data.id}/restore`)).status).toBe(200);
    expect(await stockOf(owner.cookie, id)).toBe(7);
    // Another exit takes it below the minimum: the badge's filter finds it.
    expect((await move(owner.cookie, { produtoId: id, tipo: "saida", quantidade: 3 })).status).toBe(201);
    const below = await api<Body<ProdutoRow[]>>(h, owner.cookie, "GET", "/api/produtos?f.abaixoMinimo=sim&q=papel");
    expect(below.body.data.map((p) => [p.sku, p.estoque])).toEqual([["PAP-A4", 4]]);
    // Entries are never edited.
    const patch = await api(h, owner.cookie, "PATCH", `/api/movimentacoes-produtos/${exit.body.data.id}`, {
      produtoId: id,
      tipo: "saida",
      quantidade: 1,
    });
    expect(patch.status).toBe(403);
  });

  it("refuses an exit beyond the stock in pt-BR and changes nothing; allowed once the business allows negative stock", async () => {
    const id = await product(owner.cookie, { sku: "CHV-CAD", nome: "Cadeado 40 mm" });
    await move(owner.cookie, { produtoId: id, tipo: "entrada", quantidade: 3 });
    const refused = await move(owner.cookie, { produtoId: id, tipo: "saida", quantidade: 4 });
    expect(refused.status).toBe(409);
    expect(errorFields(refused.body).quantidade).toMatch(/^Estoque insuficiente/);
    const adjust = await move(owner.cookie, { produtoId: id, tipo: "ajuste", quantidade: -5 });
    expect(adjust.status).toBe(409);
    expect(await stockOf(owner.cookie, id)).toBe(3);
    const ledger = await api<Body<unknown[]>>(h, owner.cookie, "GET", `/api/movimentacoes-produtos?f.produto=${id}`);
    expect(ledger.body.total).toBe(1);
    // Deleting the entry would leave the stock negative once an exit used it.
    const exit = await move(owner.cookie, { produtoId: id, tipo: "saida", quantidade: 2 });
    const entry = (
      await api<Body<MovimentacaoProdutoRow[]>>(h, owner.cookie, "GET", `/api/movimentacoes-produtos?f.produto=${id}&f.tipo=entrada`)
    ).body.data[0];
    expect((await api(h, owner.cookie, "DELETE", `/api/movimentacoes-produtos/${entry?.id}`)).status).toBe(409);
    expect(await stockOf(owner.cookie, id)).toBe(1);
    expect(exit.status).toBe(201);
    // The business setting, read by the database in the same statement.
    await h.fresh.db.$client.execute({
      sql: "insert into business_settings (org_id, allow_negative_stock) values (?, 1)",
      args: [owner.orgId],
    });
    expect((await move(owner.cookie, { produtoId: id, tipo: "saida", quantidade: 4 })).status).toBe(201);
    expect(await stockOf(owner.cookie, id)).toBe(-3);
    await h.fresh.db.$client.execute({ sql: "delete from business_settings where org_id = ?", args: [owner.orgId] });
  });

  it("two simultaneous exits that together exceed the stock: one is saved, the other refused, the stock never below zero", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await product(owner.cookie, { sku: `CON-${round}`, nome: `Concorrência ${round}` });
      await move(owner.cookie, { produtoId: id, tipo: "entrada", quantidade: 10 });
      const [a, b] = await Promise.all([
        move(owner.cookie, { produtoId: id, tipo: "saida", quantidade: 6, motivo: "Balcão 1" }),
        move(owner.cookie, { produtoId: id, tipo: "saida", quantidade: 6, motivo: "Balcão 2" }),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 409]);
      const loser = a.status === 409 ? a : b;
      expect(errorMessage(loser.body)).toMatch(/^Estoque insuficiente/);
      expect(await stockOf(owner.cookie, id)).toBe(4);
    }
  });

  it("refuses a product of another organization, an unknown kind and a zero quantity; staff records, professionals see nothing", async () => {
    const other = await createOwner(h, "Alheia");
    const theirs = await product(other.cookie, { sku: "DELES", nome: "Produto deles" });
    const foreign = await move(owner.cookie, { produtoId: theirs, tipo: "entrada", quantidade: 1 });
    expect(foreign.status).toBe(422);
    expect(errorFields(foreign.body).produtoId).toBe("Produto não encontrado. Escolha um produto cadastrado.");
    const id = await product(owner.cookie, { sku: "BAD-1", nome: "Entradas ruins" });
    expect((await move(owner.cookie, { produtoId: id, tipo: "venda", quantidade: 1 })).status).toBe(400);
    expect(errorFields((await move(owner.cookie, { produtoId: id, tipo: "entrada", quantidade: 0 })).body).quantidade).toBe(
      "O campo Quantidade não pode ser zero",
    );
    expect(errorFields((await move(owner.cookie, { produtoId: id, tipo: "saida", quantidade: -1 })).body).quantidade).toBe(
      "O campo Quantidade precisa ser maior que zero",
    );
    expect(await stockOf(owner.cookie, id)).toBe(0);
    const staff = await addMember(h, owner.orgId, "staff");
    expect((await move(staff.cookie, { produtoId: id, tipo: "entrada", quantidade: 2 })).status).toBe(201);
    expect((await api(h, staff.cookie, "GET", "/api/movimentacoes-produtos/export?format=csv")).status).toBe(403);
    const pro = await addMember(h, owner.orgId, "professional");
    expect((await api(h, pro.cookie, "GET", "/api/produtos")).status).toBe(403);
    expect((await move(pro.cookie, { produtoId: id, tipo: "saida", quantidade: 1 })).status).toBe(403);
    expect(await stockOf(owner.cookie, id)).toBe(2);
  });

  it("a product's page data: newest lines first with the balance after each, in one round trip", async () => {
    const id = await product(owner.cookie, { sku: "RAZ-1", nome: "Razão" });
    await move(owner.cookie, { produtoId: id, tipo: "entrada", quantidade: 5, ocorridoEm: "2026-11-02T09:00:00-03:00" });
    await move(owner.cookie, { produtoId: id, tipo: "saida", quantidade: 2, ocorridoEm: "2026-11-03T09:00:00-03:00" });
    // Recorded later but happened earlier: the balance follows when it happened.
    await move(owner.cookie, { produtoId: id, tipo: "entrada", quantidade: 1, ocorridoEm: "2026-11-01T09:00:00-03:00" });
    const res = await api<Body<{ product: ProdutoRow; ledger: (MovimentacaoProdutoRow & { saldo: number })[]; movements: number }>>(
      h,
      owner.cookie,
      "GET",
      `/api/produtos/${id}/razao`,
    );
    expect(res.roundTrips).toBe(1);
    expect(res.body.data.product.estoque).toBe(4);
    expect(res.body.data.movements).toBe(3);
    expect(res.body.data.ledger.map((l) => [l.tipo, l.quantidade, l.saldo])).toEqual([
      ["saida", -2, 4],
      ["entrada", 5, 6],
      ["entrada", 1, 1],
    ]);
  });

  it("a product's form names its supplier and a preset one, never another organization's, in one round trip", async () => {
    const supplier = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/companies", {
      tipo: "fornecedor",
      razaoSocial: "Zzz Última Fornecedora",
    });
    const id = await product(owner.cookie, { sku: "FORM-1", nome: "Com fornecedor", fornecedorId: supplier.body.data.id });
    const other = await createOwner(h, "Vizinha");
    const theirs = await api<Body<{ id: string }>>(h, other.cookie, "POST", "/api/companies", {
      tipo: "fornecedor",
      razaoSocial: "Deles Fornecedora",
    });
    const ctx = h.ctx();
    const form = async (recordId: string | null, presets: Record<string, string> = {}) => {
      const { statements, read } = recordFormStatements(ctx, actorFor(owner.orgId, crypto.randomUUID()), "produtos", recordId, presets);
      return read((await ctx.db.batch(statements as never)) as unknown[]);
    };
    const before = ctx.db.roundTrips();
    const edit = await form(id);
    expect(ctx.db.roundTrips() - before).toBe(1);
    expect(edit.row?.nome).toBe("Com fornecedor");
    expect(edit.relations.fornecedorId?.some((o) => o.id === supplier.body.data.id && o.title === "Zzz Última Fornecedora")).toBe(true);
    const preset = await form(null, { fornecedorId: supplier.body.data.id });
    expect(preset.relations.fornecedorId?.filter((o) => o.id === supplier.body.data.id)).toHaveLength(1);
    const foreign = await form(null, { fornecedorId: theirs.body.data.id });
    expect(foreign.relations.fornecedorId?.some((o) => o.id === theirs.body.data.id)).toBe(false);
  });
});
