import { beforeAll, describe, expect, it } from "vitest";
import { professionals } from "../../../db/schema/index.ts";
import type { ServicoRow } from "../../../shared/resources/servicos.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { addMember, api, errorFields } from "../records.ts";

/**
 * Serviços through the API: the record (duration, price, commission by kind), the professionals
 * who perform it (written in the service's batch, only the organização's own), and the products
 * it consumes (replaced whole, each product checked in the statement that writes it: another
 * organização's product is refused and nothing changes).
 */

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let other: Awaited<ReturnType<typeof createOwner>>;

type Body<T> = { data: T };

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Salão");
  other = await createOwner(h, "Outro salão");
});

async function product(cookie: string, body: Record<string, unknown>): Promise<string> {
  const res = await api<Body<{ id: string }>>(h, cookie, "POST", "/api/produtos", { unidade: "un", ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function service(cookie: string, body: Record<string, unknown>): Promise<ServicoRow> {
  const res = await api<Body<ServicoRow>>(h, cookie, "POST", "/api/servicos", body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (await api<Body<ServicoRow>>(h, cookie, "GET", `/api/servicos/${res.body.data.id}`)).body.data;
}

/** A professional of `orgId`, written as the Profissionais resource would (that screen is another piece). */
async function professional(orgId: string, nome: string, deleted = false): Promise<string> {
  const id = crypto.randomUUID();
  await h
    .ctx()
    .db.insert(professionals)
    .values({ id, orgId, nome, ordem: nome.toLowerCase(), cor: "#3366cc", ...(deleted ? { excluidoEm: new Date() } : {}) });
  return id;
}

describe("serviços", () => {
  it("creates a service: duration typed as people write it, price in reais, commission by its kind", async () => {
    const row = await service(owner.cookie, {
      nome: "Corte feminino",
      categoria: "Cabelo",
      duracaoMin: "1h30",
      precoCentavos: "120,00",
      comissaoTipo: "Percentual (%)",
      comissaoPercentual: "40,5",
    });
    expect(row).toMatchObject({
      nome: "Corte feminino",
      categoria: "Cabelo",
      duracaoMin: 90,
      precoCentavos: 12000,
      comissaoTipo: "percentual",
      comissaoValor: 4050,
      comissaoPercentual: 40.5,
      comissaoFixoCentavos: null,
      agendaOnline: true,
      ativo: true,
      profissionalIds: [],
      produtos: [],
      custoProdutosCentavos: 0,
    });
    // A fixed commission; then none (the professional's own applies): the value goes with the kind.
    const fixed = await api<Body<ServicoRow>>(h, owner.cookie, "PATCH", `/api/servicos/${row.id}`, {
      nome: "Corte feminino",
      duracaoMin: 90,
      comissaoTipo: "fixo",
      comissaoFixoCentavos: "25,00",
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    const after = (await api<Body<ServicoRow>>(h, owner.cookie, "GET", `/api/servicos/${row.id}`)).body.data;
    expect([after.comissaoTipo, after.comissaoValor, after.comissaoFixoCentavos]).toEqual(["fixo", 2500, 2500]);
    await api(h, owner.cookie, "PATCH", `/api/servicos/${row.id}`, { nome: "Corte feminino", duracaoMin: 90, comissaoPercentual: 10 });
    const none = (await api<Body<ServicoRow>>(h, owner.cookie, "GET", `/api/servicos/${row.id}`)).body.data;
    expect([none.comissaoTipo, none.comissaoValor, none.comissaoPercentual]).toEqual([null, null, null]);
  });

  it("refuses a duration off the 5-minute steps or out of 5 min–12h, and a commission without its value, changing nothing", async () => {
    for (const duracaoMin of [3, 721, 62, "13h", "abc", ""]) {
      const res = await api(h, owner.cookie, "POST", "/api/servicos", { nome: "Escova", duracaoMin });
      expect(res.status, String(duracaoMin)).toBe(400);
      expect(errorFields(res.body).duracaoMin).toMatch(/Duração/);
    }
    const noValue = await api(h, owner.cookie, "POST", "/api/servicos", { nome: "Escova", duracaoMin: 30, comissaoTipo: "percentual" });
    expect(errorFields(noValue.body).comissaoPercentual).toBe("Informe o percentual da comissão.");
    const tooMuch = await api(h, owner.cookie, "POST", "/api/servicos", {
      nome: "Escova",
      duracaoMin: 30,
      comissaoTipo: "percentual",
      comissaoPercentual: 101,
    });
    expect(tooMuch.status).toBe(400);
    const list = await api<Body<ServicoRow[]>>(h, owner.cookie, "GET", "/api/servicos?q=escova");
    expect(list.body.data).toEqual([]);
  });

  it("lists with search, the category filter and the duration sort", async () => {
    await service(owner.cookie, { nome: "Manicure", categoria: "Unhas", duracaoMin: 45, precoCentavos: 4000 });
    await service(owner.cookie, { nome: "Pedicure", categoria: "Unhas", duracaoMin: 60, precoCentavos: 5000 });
    const nails = await api<Body<ServicoRow[]>>(h, owner.cookie, "GET", "/api/servicos?f.categoria=unhas&sort=duracao&dir=desc");
    expect(nails.body.data.map((s) => s.nome)).toEqual(["Pedicure", "Manicure"]);
    const found = await api<Body<ServicoRow[]>>(h, owner.cookie, "GET", "/api/servicos?q=manic");
    expect(found.body.data.map((s) => s.nome)).toEqual(["Manicure"]);
    // Another organização sees none of them.
    const theirs = await api<Body<ServicoRow[]>>(h, other.cookie, "GET", "/api/servicos?q=manic");
    expect(theirs.body.data).toEqual([]);
  });

  it("links the organização's professionals in the service's write; another organização's is refused and nothing is saved", async () => {
    const ana = await professional(owner.orgId, "Ana");
    const bia = await professional(owner.orgId, "Bia");
    const gone = await professional(owner.orgId, "Carla", true);
    const theirs = await professional(other.orgId, "Deles");
    const row = await service(owner.cookie, { nome: "Coloração", duracaoMin: 120, profissionalIds: [bia, ana, ana] });
    expect(row.profissionalIds).toEqual([ana, bia]);
    // The list is replaced whole.
    await api(h, owner.cookie, "PATCH", `/api/servicos/${row.id}`, { nome: "Coloração", duracaoMin: 120, profissionalIds: [bia] });
    expect((await api<Body<ServicoRow>>(h, owner.cookie, "GET", `/api/servicos/${row.id}`)).body.data.profissionalIds).toEqual([bia]);
    for (const foreign of [theirs, gone]) {
      const refused = await api(h, owner.cookie, "PATCH", `/api/servicos/${row.id}`, {
        nome: "Coloração alterada",
        duracaoMin: 120,
        profissionalIds: [ana, foreign],
      });
      expect(refused.status).toBe(422);
      expect(errorFields(refused.body).profissionalIds).toBe("Profissional não encontrado. Escolha profissionais cadastrados.");
    }
    const unchanged = (await api<Body<ServicoRow>>(h, owner.cookie, "GET", `/api/servicos/${row.id}`)).body.data;
    expect([unchanged.nome, unchanged.profissionalIds]).toEqual(["Coloração", [bia]]);
    const created = await api(h, owner.cookie, "POST", "/api/servicos", { nome: "Luzes", duracaoMin: 180, profissionalIds: [theirs] });
    expect(created.status).toBe(422);
    expect((await api<Body<ServicoRow[]>>(h, owner.cookie, "GET", "/api/servicos?q=luzes")).body.data).toEqual([]);
  });

  it("keeps the products consumed: stock and cost shown, the cost summed; another organização's product is refused", async () => {
    const tinta = await product(owner.cookie, { sku: "TNT-60", nome: "Tinta 6.0", unidade: "un", custoCentavos: 3200 });
    const oxidante = await product(owner.cookie, { sku: "OXI-900", nome: "Oxidante 900 ml", unidade: "l", custoCentavos: 4000 });
    const deles = await product(other.cookie, { sku: "TNT-60", nome: "Tinta deles", custoCentavos: 100 });
    await api(h, owner.cookie, "POST", "/api/movimentacoes-produtos", { produtoId: tinta, tipo: "entrada", quantidade: 12 });
    const row = await service(owner.cookie, { nome: "Tintura", duracaoMin: 90, precoCentavos: 15000 });
    const set = await api<Body<ServicoRow>>(h, owner.cookie, "POST", `/api/servicos/${row.id}/produtos`, {
      produtos: [
        { produtoId: tinta, quantidade: 1 },
        { produtoId: oxidante, quantidade: "0,06" },
      ],
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data.produtos).toEqual([
      { produtoId: oxidante, nome: "Oxidante 900 ml", sku: "OXI-900", unidade: "l", quantidade: 0.06, estoque: 0, custoCentavos: 4000 },
      { produtoId: tinta, nome: "Tinta 6.0", sku: "TNT-60", unidade: "un", quantidade: 1, estoque: 12, custoCentavos: 3200 },
    ]);
    // 1 × R$ 32,00 + 0,06 × R$ 40,00 = R$ 34,40.
    expect(set.body.data.custoProdutosCentavos).toBe(3440);

    const foreign = await api(h, owner.cookie, "POST", `/api/servicos/${row.id}/produtos`, {
      produtos: [{ produtoId: deles, quantidade: 1 }],
    });
    expect(foreign.status).toBe(422);
    expect(errorFields(foreign.body).produtoId).toBe("Produto não encontrado. Escolha um produto cadastrado.");
    // Nothing changed: the batch was refused whole (the delete of the old lines too).
    const kept = (await api<Body<ServicoRow>>(h, owner.cookie, "GET", `/api/servicos/${row.id}`)).body.data;
    expect(kept.produtos.map((p) => p.produtoId)).toEqual([oxidante, tinta]);

    // Another organização cannot write to this service, even with its own product.
    const intruder = await api(h, other.cookie, "POST", `/api/servicos/${row.id}/produtos`, {
      produtos: [{ produtoId: deles, quantidade: 1 }],
    });
    expect(intruder.status).toBe(404);

    // Bad lines change nothing.
    for (const produtos of [
      [{ produtoId: tinta, quantidade: 0 }],
      [{ produtoId: tinta, quantidade: "1,2345" }],
      [{ produtoId: "x" }],
      "tinta",
    ]) {
      const bad = await api(h, owner.cookie, "POST", `/api/servicos/${row.id}/produtos`, { produtos });
      expect(bad.status, JSON.stringify(produtos)).toBe(400);
    }
    const twice = await api(h, owner.cookie, "POST", `/api/servicos/${row.id}/produtos`, {
      produtos: [
        { produtoId: tinta, quantidade: 1 },
        { produtoId: tinta, quantidade: 2 },
      ],
    });
    expect(twice.status).toBe(400);
    expect(errorFields(twice.body).produtos).toMatch(/uma vez/);

    // A deleted product leaves the service's list (and its cost) at once.
    await api(h, owner.cookie, "DELETE", `/api/produtos/${oxidante}`);
    const now = (await api<Body<ServicoRow>>(h, owner.cookie, "GET", `/api/servicos/${row.id}`)).body.data;
    expect([now.produtos.map((p) => p.produtoId), now.custoProdutosCentavos]).toEqual([[tinta], 3200]);
    // Emptied.
    const empty = await api<Body<ServicoRow>>(h, owner.cookie, "POST", `/api/servicos/${row.id}/produtos`, { produtos: [] });
    expect(empty.body.data.produtos).toEqual([]);
  });

  it("is an office record: staff writes, the professional role is refused", async () => {
    const staff = await addMember(h, owner.orgId, "staff");
    const pro = await addMember(h, owner.orgId, "professional");
    expect((await api(h, staff.cookie, "POST", "/api/servicos", { nome: "Hidratação", duracaoMin: 40 })).status).toBe(201);
    expect((await api(h, pro.cookie, "GET", "/api/servicos")).status).toBe(403);
    expect((await api(h, pro.cookie, "POST", "/api/servicos", { nome: "Hidratação", duracaoMin: 40 })).status).toBe(403);
    const row = await service(owner.cookie, { nome: "Escova progressiva", duracaoMin: 180 });
    expect((await api(h, pro.cookie, "POST", `/api/servicos/${row.id}/produtos`, { produtos: [] })).status).toBe(403);
    expect((await api(h, staff.cookie, "GET", "/api/servicos/export?formato=csv")).status).toBe(403);
  });
});
