/**
 * Pedidos through the API against the real local libSQL (ADR 073): the header and its items are
 * one write, numbers are the organização's sequence and never shared by racing creates, the
 * pipeline is enforced on the server with a history of who moved it, another organização's
 * orders and products are out of reach, and bad input changes nothing.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, orderStatusChanges, products, services } from "../../../db/schema/index.ts";
import type { PedidoRow } from "../../../shared/resources/pedidos.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { addMember, api, errorFields, errorMessage } from "../records.ts";

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let other: Awaited<ReturnType<typeof createOwner>>;
let bolo: string;
let escova: string;
let otherProduct: string;

type Body<T> = { data: T; total?: number; totals?: Record<string, number> };

async function product(orgId: string, nome: string, precoCentavos: number): Promise<string> {
  const [row] = await h.fresh.db
    .insert(products)
    .values({ orgId, sku: crypto.randomUUID().slice(0, 8), nome, ordem: nome.toLowerCase(), unidade: "un", precoCentavos })
    .returning({ id: products.id });
  return (row as { id: string }).id;
}

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Padaria");
  other = await createOwner(h, "Outra");
  bolo = await product(owner.orgId, "Bolo de cenoura", 4500);
  otherProduct = await product(other.orgId, "Pão de outra loja", 100);
  const [s] = await h.fresh.db
    .insert(services)
    .values({ orgId: owner.orgId, nome: "Escova", ordem: "escova", duracaoMin: 40, precoCentavos: 6000 })
    .returning({ id: services.id });
  escova = (s as { id: string }).id;
});

const delivery = () => ({
  contatoNome: "Dona Cida",
  contatoTelefone: "(11) 98765-4321",
  entrega: "entrega",
  cep: "01310-100",
  rua: "Avenida Paulista",
  numeroEndereco: "1000",
  bairro: "Bela Vista",
  cidade: "São Paulo",
  uf: "SP",
  taxaEntregaCentavos: 800,
  previstoPara: "2026-12-24T10:00:00-03:00",
  itens: [
    { produtoId: bolo, descricao: "Bolo de cenoura", quantidade: 2, precoUnitarioCentavos: 4500, descontoCentavos: 500 },
    { servicoId: escova, descricao: "Escova", quantidade: 1, precoUnitarioCentavos: 6000 },
    { descricao: "Vela", quantidade: 1.5, precoUnitarioCentavos: 333 },
  ],
});

async function create(cookie: string, body: Record<string, unknown>) {
  return api<Body<{ id: string }>>(h, cookie, "POST", "/api/orders", body);
}

async function read(cookie: string, id: string) {
  return (await api<Body<PedidoRow>>(h, cookie, "GET", `/api/orders/${id}`)).body.data;
}

async function counts(orgId: string) {
  const [o] = await h.fresh.db.select({ n: sql<number>`count(*)` }).from(orders).where(eq(orders.orgId, orgId));
  const [i] = await h.fresh.db.select({ n: sql<number>`count(*)` }).from(orderItems).where(eq(orderItems.orgId, orgId));
  const [c] = await h.fresh.db.select({ n: sql<number>`count(*)` }).from(orderStatusChanges).where(eq(orderStatusChanges.orgId, orgId));
  return { orders: Number(o?.n), items: Number(i?.n), history: Number(c?.n) };
}

describe("pedidos", () => {
  it("creates the header and its items in one write, priced to the centavo, numbered by the organização", async () => {
    const res = await create(owner.cookie, delivery());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = await read(owner.cookie, res.body.data.id);
    expect(row).toMatchObject({
      numero: 1,
      status: "novo",
      entrega: "entrega",
      contatoNome: "Dona Cida",
      contatoTelefone: "11987654321",
      endereco: {
        cep: "01310100",
        rua: "Avenida Paulista",
        numero: "1000",
        bairro: "Bela Vista",
        cidade: "São Paulo",
        uf: "SP",
        complemento: null,
      },
      // 2 × 45,00 − 5,00 + 60,00 + 1,5 × 3,33 (4,995 → 5,00) = 150,00; + 8,00 fee.
      subtotalCentavos: 9000 + 6000 + 500,
      descontoCentavos: 500,
      taxaEntregaCentavos: 800,
      totalCentavos: 15_800,
      previstoPara: "2026-12-24T13:00:00.000Z",
    });
    expect(row.itens.map((i) => [i.descricao, i.quantidade, i.totalCentavos])).toEqual([
      ["Bolo de cenoura", 2, 8500],
      ["Escova", 1, 6000],
      ["Vela", 1.5, 500],
    ]);
    expect(row.historico).toHaveLength(1);
    expect(row.historico[0]).toMatchObject({ de: null, para: "novo", porNome: "Dono Padaria" });
    // Found by the walk-in's name (and by its number: below).
    const byName = await api<Body<PedidoRow[]>>(h, owner.cookie, "GET", "/api/orders?q=cida");
    expect(byName.body.data.map((r) => r.id)).toEqual([res.body.data.id]);
  });

  it("never gives two racing orders the same number", async () => {
    const org = await createOwner(h, "Corrida");
    const item = await product(org.orgId, "Pão", 100);
    const body = {
      contatoNome: "Balcão",
      previstoPara: "2026-12-01T08:00:00-03:00",
      itens: [{ produtoId: item, descricao: "Pão", quantidade: 10, precoUnitarioCentavos: 100 }],
    };
    const answers = await Promise.all(Array.from({ length: 12 }, () => create(org.cookie, body)));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
    const numbers = await h.fresh.db.select({ n: orders.numero }).from(orders).where(eq(orders.orgId, org.orgId));
    expect(numbers.map((r) => r.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    // The search finds an order by its number.
    const byNumber = await api<Body<PedidoRow[]>>(h, org.cookie, "GET", "/api/orders?q=12");
    expect(byNumber.body.data.map((r) => r.numero)).toEqual([12]);
  });

  it("replaces the items whole on an edit, only while novo or em preparo", async () => {
    const id = (await create(owner.cookie, delivery())).body.data.id;
    const edited = await api(h, owner.cookie, "PATCH", `/api/orders/${id}`, {
      ...delivery(),
      entrega: "retirada",
      itens: [{ produtoId: bolo, descricao: "Bolo de cenoura", quantidade: 1, precoUnitarioCentavos: 4500 }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const row = await read(owner.cookie, id);
    expect(row).toMatchObject({ entrega: "retirada", endereco: null, taxaEntregaCentavos: 0, totalCentavos: 4500 });
    // The list's unfiltered total (kept by triggers) follows the edited amount.
    const [sum] = await h.fresh.db
      .select({ total: sql<number>`sum(total_cents)` })
      .from(orders)
      .where(sql`org_id = ${owner.orgId} and deleted_at is null`);
    const listed = await api<Body<PedidoRow[]>>(h, owner.cookie, "GET", "/api/orders");
    expect(listed.body.totals?.total).toBe(Number(sum?.total));
    expect(row.itens).toHaveLength(1);
    for (const status of ["em_preparo", "pronto"]) {
      const moved = await api(h, owner.cookie, "POST", `/api/orders/${id}/status`, { status });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const before = await counts(owner.orgId);
    const late = await api(h, owner.cookie, "PATCH", `/api/orders/${id}`, { ...delivery(), entrega: "retirada" });
    expect(late.status).toBe(409);
    expect(errorMessage(late.body)).toBe("Este pedido já está pronto, entregue ou cancelado: não dá mais para editá-lo.");
    expect(await counts(owner.orgId)).toEqual(before);
    expect((await read(owner.cookie, id)).itens).toHaveLength(1);
  });

  it("moves along the pipeline on the server, with who and when, and refuses what the pipeline does not allow", async () => {
    const staff = await addMember(h, owner.orgId, "staff", "Bia do Balcão");
    const id = (await create(owner.cookie, delivery())).body.data.id;
    const skip = await api(h, staff.cookie, "POST", `/api/orders/${id}/status`, { status: "entregue" });
    expect(skip.status).toBe(409);
    expect(errorMessage(skip.body)).toBe("Um pedido novo não pode ir para “Entregue”.");
    for (const status of ["em_preparo", "pronto", "entregue"]) {
      const moved = await api(h, staff.cookie, "POST", `/api/orders/${id}/status`, { status });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const cancel = await api(h, staff.cookie, "POST", `/api/orders/${id}/status`, { status: "cancelado" });
    expect(cancel.status).toBe(409);
    expect(errorMessage(cancel.body)).toBe("O pedido está entregue: não muda mais de situação.");
    const row = await read(owner.cookie, id);
    expect(row.status).toBe("entregue");
    expect(row.historico.map((c) => [c.de, c.para, c.porNome])).toEqual([
      [null, "novo", "Dono Padaria"],
      ["novo", "em_preparo", "Bia do Balcão"],
      ["em_preparo", "pronto", "Bia do Balcão"],
      ["pronto", "entregue", "Bia do Balcão"],
    ]);
    const bad = await api(h, staff.cookie, "POST", `/api/orders/${id}/status`, { status: "voando" });
    expect(bad.status).toBe(400);
  });

  it("lets only one of two racing moves from the same status through, and records only that one", async () => {
    const id = (await create(owner.cookie, delivery())).body.data.id;
    const [a, b] = await Promise.all([
      api(h, owner.cookie, "POST", `/api/orders/${id}/status`, { status: "em_preparo" }),
      api(h, owner.cookie, "POST", `/api/orders/${id}/status`, { status: "em_preparo" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const row = await read(owner.cookie, id);
    expect(row.historico.map((c) => [c.de, c.para])).toEqual([
      [null, "novo"],
      ["novo", "em_preparo"],
    ]);
  });

  it("keeps another organização's orders and products out of reach", async () => {
    const id = (await create(owner.cookie, delivery())).body.data.id;
    expect((await api(h, other.cookie, "GET", `/api/orders/${id}`)).status).toBe(404);
    expect((await api(h, other.cookie, "POST", `/api/orders/${id}/status`, { status: "cancelado" })).status).toBe(404);
    expect((await api(h, other.cookie, "PATCH", `/api/orders/${id}`, delivery())).status).toBe(404);
    const list = await api<Body<PedidoRow[]>>(h, other.cookie, "GET", "/api/orders");
    expect(list.body.data.map((r) => r.id)).not.toContain(id);
    // An item naming another organização's product is refused, and nothing is written.
    const before = await counts(owner.orgId);
    const foreign = await create(owner.cookie, {
      ...delivery(),
      itens: [{ produtoId: otherProduct, descricao: "Pão", quantidade: 1, precoUnitarioCentavos: 100 }],
    });
    expect(foreign.status).toBe(422);
    expect(errorMessage(foreign.body)).toBe("Um item do pedido não é um produto, serviço ou profissional cadastrado.");
    expect(await counts(owner.orgId)).toEqual(before);
  });

  it("answers bad input with a pt-BR error and changes nothing (never a 500)", async () => {
    const before = await counts(owner.orgId);
    const bodies: unknown[] = [
      { ...delivery(), itens: [] },
      { ...delivery(), itens: "não é lista" },
      { ...delivery(), rua: "" },
      { ...delivery(), contatoNome: "" },
      { ...delivery(), previstoPara: "amanhã" },
      { ...delivery(), taxaEntregaCentavos: -1 },
      { ...delivery(), itens: [{ descricao: "X", quantidade: 0, precoUnitarioCentavos: 100 }] },
      { ...delivery(), itens: [{ descricao: "X", quantidade: 1, precoUnitarioCentavos: 100, descontoCentavos: 101 }] },
      { ...delivery(), itens: [{ produtoId: bolo, servicoId: escova, descricao: "X", quantidade: 1, precoUnitarioCentavos: 1 }] },
      { ...delivery(), clienteId: crypto.randomUUID(), contatoNome: undefined },
      { ...delivery(), numero: 99 },
      { ...delivery(), status: "entregue" },
    ];
    for (const body of bodies) {
      const res = await create(owner.cookie, body as Record<string, unknown>);
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
      expect(errorMessage(res.body), JSON.stringify(res.body)).toMatch(/[a-zà-ú]/i);
    }
    const fields = errorFields(
      (await create(owner.cookie, { ...delivery(), itens: [{ descricao: "", quantidade: "x", precoUnitarioCentavos: 1 }] })).body,
    );
    expect(fields["itens.0.descricao"]).toBe("O campo Descrição do item é obrigatório");
    expect(await counts(owner.orgId)).toEqual(before);
  });

  it("refuses the professional role", async () => {
    const pro = await addMember(h, owner.orgId, "professional");
    expect((await api(h, pro.cookie, "GET", "/api/orders")).status).toBe(403);
    expect((await create(pro.cookie, delivery())).status).toBe(403);
  });
});
