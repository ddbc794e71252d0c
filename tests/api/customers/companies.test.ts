import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies } from "../../../db/schema/index.ts";
import type { ClientRow } from "../../../shared/resources/clients.ts";
import type { CompanyRow } from "../../../shared/resources/companies.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { companyWithClients } from "../../../worker/services/customers/companies.ts";
import { actorFor, addMember, api, CNPJS, errorFields } from "../records.ts";

let h: Harness;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;

type Body<T> = { data: T; total?: number; nextCursor?: string | null; duplicates?: { id: string; title: string; reason: string }[] };

async function create(cookie: string, input: Record<string, unknown>): Promise<string> {
  const res = await api<Body<{ id: string }>>(h, cookie, "POST", "/api/companies", input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function list(cookie: string, search = ""): Promise<Body<CompanyRow[]>> {
  const res = await api<Body<CompanyRow[]>>(h, cookie, "GET", `/api/companies${search}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const titles = (body: Body<CompanyRow[]>) => body.data.map((r) => r.nomeFantasia ?? r.razaoSocial);

beforeAll(async () => {
  h = await createHarness();
  a = await createOwner(h, "A");
  b = await createOwner(h, "B");
});

describe("companies", () => {
  it("creates, reads and updates a company with canonical fields", async () => {
    const id = await create(a.cookie, {
      tipo: "construtora",
      cnpj: "11.222.333/0001-81",
      razaoSocial: "Construtora Horizonte Azul Ltda",
      nomeFantasia: "Horizonte Azul",
      inscricaoEstadual: "isento",
      email: "Contato@HorizonteAzul.com.br",
      telefone: "(11) 3456-7890",
      site: "horizonteazul.com.br",
      cep: "05422-030",
      cidade: "São Paulo",
      uf: "SP",
    });
    const res = await api<Body<CompanyRow>>(h, a.cookie, "GET", `/api/companies/${id}`);
    expect(res.body.data).toMatchObject({
      tipo: "construtora",
      cnpj: "11222333000181",
      razaoSocial: "Construtora Horizonte Azul Ltda",
      nomeFantasia: "Horizonte Azul",
      inscricaoEstadual: "ISENTO",
      email: "contato@horizonteazul.com.br",
      telefone: "1134567890",
      site: "https://horizonteazul.com.br",
      cep: "05422030",
      totalClientes: 0,
      criadoPorNome: "Dono A",
    });
    const patched = await api(h, a.cookie, "PATCH", `/api/companies/${id}`, {
      tipo: "incorporadora",
      razaoSocial: "Horizonte Azul Incorporações Ltda",
    });
    expect(patched.status).toBe(200);
    const after = (await api<Body<CompanyRow>>(h, a.cookie, "GET", `/api/companies/${id}`)).body.data;
    expect(after).toMatchObject({
      tipo: "incorporadora",
      razaoSocial: "Horizonte Azul Incorporações Ltda",
      nomeFantasia: null,
      cnpj: null,
    });
  });

  it("answers pt-BR messages word for word and saves nothing", async () => {
    const [before] = await h.fresh.db.select({ n: count() }).from(companies);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tipo: "construtora" }, "razaoSocial", "O campo Razão social é obrigatório"],
      [{ razaoSocial: "Sem Tipo Ltda" }, "tipo", "O campo Tipo é obrigatório"],
      [{ tipo: "banco", razaoSocial: "Banco Ltda" }, "tipo", "O campo Tipo deve ser um dos valores permitidos"],
      [{ tipo: "fornecedor", razaoSocial: "Ltda X", cnpj: "11.222.333/0001-82" }, "cnpj", "O campo CNPJ não é válido"],
      [
        { tipo: "fornecedor", razaoSocial: "Ltda X", inscricaoEstadual: "abc" },
        "inscricaoEstadual",
        "O campo Inscrição estadual possui um formato inválido",
      ],
      [{ tipo: "fornecedor", razaoSocial: "Ltda X", site: "não é site" }, "site", "O campo Site deve ser uma URL válida"],
      [{ tipo: "fornecedor", razaoSocial: "Ltda X", telefone: "123" }, "telefone", "O campo Telefone não é válido"],
      [{ tipo: "fornecedor", razaoSocial: "Ltda X", email: "x@" }, "email", "O campo E-mail deve ser um email válido"],
    ];
    for (const [input, field, message] of cases) {
      const res = await api(h, a.cookie, "POST", "/api/companies", input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(errorFields(res.body)[field], JSON.stringify(input)).toBe(message);
    }
    const [after] = await h.fresh.db.select({ n: count() }).from(companies);
    expect(after?.n).toBe(before?.n);
  });

  it("searches by nome fantasia, razão social and CNPJ without accents; filters by type and city", async () => {
    const org = await createOwner(h, "Empresas");
    await create(org.cookie, { tipo: "condominio", razaoSocial: "Condomínio Edifício Ipê Amarelo", cidade: "Santos" });
    await create(org.cookie, {
      tipo: "fornecedor",
      razaoSocial: "Materiais Pereira & Filhos Ltda",
      nomeFantasia: "Casa do Construtor",
      cnpj: CNPJS[1],
      cidade: "São Paulo",
    });
    await create(org.cookie, { tipo: "parceiro", razaoSocial: "Ótica Visão Ltda", nomeFantasia: "Ótica Visão", cnpj: CNPJS[2] });
    expect(titles(await list(org.cookie, "?q=ipe"))).toEqual(["Condomínio Edifício Ipê Amarelo"]);
    expect(titles(await list(org.cookie, "?q=pereira"))).toEqual(["Casa do Construtor"]);
    expect(titles(await list(org.cookie, "?q=construtor"))).toEqual(["Casa do Construtor"]);
    expect(titles(await list(org.cookie, "?q=otica"))).toEqual(["Ótica Visão"]);
    expect(titles(await list(org.cookie, `?q=${encodeURIComponent("12.ABC.345")}`))).toEqual(["Ótica Visão"]);
    expect(titles(await list(org.cookie, "?q=45723174"))).toEqual(["Casa do Construtor"]);
    expect(titles(await list(org.cookie, "?f.tipo=condominio&f.tipo=parceiro"))).toEqual([
      "Condomínio Edifício Ipê Amarelo",
      "Ótica Visão",
    ]);
    expect(titles(await list(org.cookie, "?f.cidade=sao%20paulo"))).toEqual(["Casa do Construtor"]);
    expect(titles(await list(org.cookie, ""))).toEqual(["Casa do Construtor", "Condomínio Edifício Ipê Amarelo", "Ótica Visão"]);
    expect((await list(org.cookie, "")).total).toBe(3);
  });

  it("lists its linked clients and counts them", async () => {
    const id = await create(a.cookie, { tipo: "cliente_pj", razaoSocial: "Rede Varejo Bom Preço Ltda", nomeFantasia: "Bom Preço" });
    for (const nome of ["Ana Compras", "Bruno Financeiro"]) {
      const res = await api(h, a.cookie, "POST", "/api/clients", { tipo: "pf", nome, empresaId: id });
      expect(res.status).toBe(201);
    }
    const linked = await api<Body<ClientRow[]>>(h, a.cookie, "GET", `/api/companies/${id}/clients`);
    expect(linked.body.data.map((c) => c.nome)).toEqual(["Ana Compras", "Bruno Financeiro"]);
    expect(linked.body.data[0]?.empresaNome).toBe("Bom Preço");
    expect((await api<Body<CompanyRow>>(h, a.cookie, "GET", `/api/companies/${id}`)).body.data.totalClientes).toBe(2);
    expect((await api(h, b.cookie, "GET", `/api/companies/${id}/clients`)).status).toBe(404);
    // The detail page's loader: company and clients in one round trip.
    const ctx = h.ctx();
    const before = ctx.db.roundTrips();
    const detail = await companyWithClients(ctx, actorFor(a.orgId, crypto.randomUUID()), id);
    expect(ctx.db.roundTrips() - before).toBe(1);
    expect(detail?.company.nomeFantasia).toBe("Bom Preço");
    expect(detail?.clients.map((c) => c.nome)).toEqual(["Ana Compras", "Bruno Financeiro"]);
    expect(await companyWithClients(ctx, actorFor(b.orgId, crypto.randomUUID()), id)).toBeNull();
  });

  it("warns about a repeated CNPJ, soft-deletes and restores", async () => {
    const id = await create(a.cookie, { tipo: "fornecedor", razaoSocial: "Elétrica Faísca Ltda", cnpj: CNPJS[0] });
    const again = await api<Body<{ id: string }>>(h, a.cookie, "POST", "/api/companies", {
      tipo: "fornecedor",
      razaoSocial: "Faísca Materiais",
      cnpj: "11222333000181",
    });
    expect(again.status).toBe(201);
    expect(again.body.duplicates?.map((d) => d.reason)).toContain("documento");
    expect((await api(h, a.cookie, "DELETE", `/api/companies/${id}`)).status).toBe(200);
    expect((await api(h, a.cookie, "GET", `/api/companies/${id}`)).status).toBe(404);
    expect(titles(await list(a.cookie, "?q=eletrica"))).toEqual([]);
    expect((await api(h, a.cookie, "POST", `/api/companies/${id}/restore`)).status).toBe(200);
    expect(titles(await list(a.cookie, "?q=eletrica"))).toEqual(["Elétrica Faísca Ltda"]);
  });

  it("keeps organizations apart and professionals out (the product map gives them their agenda only)", async () => {
    const id = await create(a.cookie, { tipo: "parceiro", razaoSocial: "Parceiro Secreto do A" });
    for (const [method, path, json] of [
      ["GET", `/api/companies/${id}`],
      ["PATCH", `/api/companies/${id}`, { tipo: "parceiro", razaoSocial: "Invasão" }],
      ["DELETE", `/api/companies/${id}`],
      ["POST", `/api/companies/${id}/restore`],
    ] as [string, string, unknown?][]) {
      expect((await api(h, b.cookie, method, path, json)).status, `${method} ${path}`).toBe(404);
    }
    expect(JSON.stringify((await list(b.cookie, "?q=secreto")).data)).not.toContain("Secreto");
    const pro = await addMember(h, a.orgId, "professional");
    expect((await api(h, pro.cookie, "GET", `/api/companies/${id}`)).status).toBe(403);
    expect((await api(h, pro.cookie, "POST", "/api/companies", { tipo: "parceiro", razaoSocial: "Não Pode Ltda" })).status).toBe(403);
    expect((await api(h, pro.cookie, "DELETE", `/api/companies/${id}`)).status).toBe(403);
    expect((await api<Body<CompanyRow>>(h, a.cookie, "GET", `/api/companies/${id}`)).body.data.razaoSocial).toBe("Parceiro Secreto do A");
  });
});
