import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clientKeys, clients, recordCounts } from "../../../db/schema/index.ts";
import { type ClientInput, type ClientRow, clientSchema } from "../../../shared/resources/clients.ts";
import { createRecord, getRecord, updateRecord } from "../../../worker/resources/records.ts";
import { type TimelineEvent, timelineOf } from "../../../worker/services/customers/clients.ts";
import { recordFormStatements } from "../../../worker/resources/records.ts";
import { createHarness, createOwner, type Harness, userId } from "../harness.ts";
import { actorFor, addMember, api, CNPJS, CPFS, errorFields, errorMessage } from "../records.ts";

let h: Harness;
let a: Awaited<ReturnType<typeof createOwner>>;
let b: Awaited<ReturnType<typeof createOwner>>;

type Body<T> = { data: T; total?: number; page?: number; pageSize?: number; nextCursor?: string | null; duplicates?: unknown[] };

async function create(cookie: string, input: Record<string, unknown>): Promise<string> {
  const res = await api<Body<{ id: string }>>(h, cookie, "POST", "/api/clients", input);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function list(cookie: string, search = ""): Promise<Body<ClientRow[]>> {
  const res = await api<Body<ClientRow[]>>(h, cookie, "GET", `/api/clients${search}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const names = (body: Body<ClientRow[]>) => body.data.map((r) => r.nome);

/** A client as the form's schema parses it. */
const parsedClient = (input: Record<string, unknown>): ClientInput => clientSchema.parse({ tipo: "pf", ...input });

async function clientCount(): Promise<number> {
  const [row] = await h.fresh.db.select({ n: count() }).from(clients);
  return row?.n ?? 0;
}

beforeAll(async () => {
  h = await createHarness();
  a = await createOwner(h, "A");
  b = await createOwner(h, "B");
});

describe("clients: create, read, update", () => {
  it("creates a pessoa física with every field and reads it back canonical", async () => {
    const id = await create(a.cookie, {
      tipo: "pf",
      nome: "  Helena   Duarte ",
      documento: "529.982.247-25",
      email: "Helena.Duarte@Exemplo.com.br",
      telefones: [
        { numero: "(11) 91234-5678", whatsapp: true, rotulo: "Celular" },
        { numero: "(11) 3123-4567", whatsapp: false },
      ],
      aniversario: "15/03/1985",
      cep: "01310-100",
      rua: "Avenida Paulista",
      numero: "1000",
      bairro: "Bela Vista",
      cidade: "São Paulo",
      uf: "sp",
      tags: "VIP, investidor, vip",
      origem: "Indicação",
      observacoes: "Prefere contato à tarde.",
      consentimentoLgpd: true,
    });
    const res = await api<Body<ClientRow>>(h, a.cookie, "GET", `/api/clients/${id}`);
    expect(res.status).toBe(200);
    const row = res.body.data;
    expect(row).toMatchObject({
      id,
      tipo: "pf",
      nome: "Helena   Duarte",
      documento: "52998224725",
      email: "helena.duarte@exemplo.com.br",
      telefones: [
        { numero: "11912345678", whatsapp: true, rotulo: "Celular" },
        { numero: "1131234567", whatsapp: false, rotulo: null },
      ],
      telefonePrincipal: "11912345678",
      aniversario: "1985-03-15",
      cep: "01310100",
      uf: "SP",
      tags: ["VIP", "investidor"],
      origem: "indicacao",
      consentimentoLgpd: true,
      criadoPorNome: "Dono A",
      atualizadoPorNome: "Dono A",
    });
    expect(row.consentimentoLgpdEm).not.toBeNull();
    expect(Date.parse(row.criadoEm)).toBeGreaterThan(Date.now() - 60_000);
  });

  it("accepts an alphanumeric CNPJ for pessoa jurídica and stores it bare, upper-cased", async () => {
    const id = await create(a.cookie, { tipo: "pj", nome: "Construtora Aurora", documento: "12.abc.345/01de-35" });
    const res = await api<Body<ClientRow>>(h, a.cookie, "GET", `/api/clients/${id}`);
    expect(res.body.data.documento).toBe("12ABC34501DE35");
  });

  it("answers the spec's messages word for word and leaves the database unchanged", async () => {
    const before = await clientCount();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ tipo: "pf" }, "nome", "O campo Nome é obrigatório"],
      [{ tipo: "pf", nome: "A" }, "nome", "O campo Nome deve conter pelo menos 2 caracteres"],
      [{ tipo: "pf", nome: "x".repeat(121) }, "nome", "O campo Nome não deve ter mais que 120 caracteres"],
      [{ nome: "Sem tipo" }, "tipo", "O campo Tipo é obrigatório"],
      [{ tipo: "pf", nome: "Ana", documento: "111.111.111-11" }, "documento", "O campo CPF não é válido"],
      [{ tipo: "pf", nome: "Ana", documento: "11.222.333/0001-81" }, "documento", "O campo CPF não é válido"],
      [{ tipo: "pj", nome: "Ana Ltda", documento: "529.982.247-25" }, "documento", "O campo CNPJ não é válido"],
      [{ tipo: "pf", nome: "Ana", email: "ana@" }, "email", "O campo E-mail deve ser um email válido"],
      [{ tipo: "pf", nome: "Ana", telefones: [{ numero: "(00) 1234-5678" }] }, "telefones.0.numero", "O campo Telefone não é válido"],
      [{ tipo: "pf", nome: "Ana", cep: "00000-000" }, "cep", "O campo CEP não é válido"],
      [{ tipo: "pf", nome: "Ana", origem: "tiktok" }, "origem", "O campo Origem deve ser um dos valores permitidos"],
      [{ tipo: "pf", nome: "Ana", uf: "XX" }, "uf", "O campo UF deve ser um dos valores permitidos"],
      [{ tipo: "pf", nome: "Ana", aniversario: "31/02/1990" }, "aniversario", "O campo Data de nascimento não é válido"],
      [{ tipo: "pf", nome: "Ana", aniversario: "2999-01-01" }, "aniversario", "O campo Data de nascimento não é válido"],
      [{ tipo: "pf", nome: 42 }, "nome", "O campo Nome não é válido"],
    ];
    for (const [input, field, message] of cases) {
      const res = await api(h, a.cookie, "POST", "/api/clients", input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(errorFields(res.body)[field], JSON.stringify(input)).toBe(message);
      expect(errorMessage(res.body)).toBe("Dados inválidos. Confira os campos destacados.");
    }
    const garbage = await h.request("/api/clients", {
      method: "POST",
      cookie: a.cookie,
      body: "{não",
      headers: { "content-type": "application/json" },
    });
    expect(garbage.status).toBe(400);
    expect(errorMessage(await garbage.json())).toBe("Corpo da requisição deve ser JSON.");
    expect(await clientCount()).toBe(before);
  });

  it("PATCH replaces the fields, records who changed it and keeps the consent date", async () => {
    const id = await create(a.cookie, { tipo: "pf", nome: "Otávio Reis", consentimentoLgpd: true });
    const staff = await addMember(h, a.orgId, "staff", "Equipe A");
    const first = (await api<Body<ClientRow>>(h, a.cookie, "GET", `/api/clients/${id}`)).body.data;
    const res = await api<Body<{ id: string }>>(h, staff.cookie, "PATCH", `/api/clients/${id}`, {
      tipo: "pf",
      nome: "Otávio Reis Filho",
      email: "otavio@exemplo.com.br",
      consentimentoLgpd: "on",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = (await api<Body<ClientRow>>(h, a.cookie, "GET", `/api/clients/${id}`)).body.data;
    expect(after).toMatchObject({
      nome: "Otávio Reis Filho",
      email: "otavio@exemplo.com.br",
      atualizadoPorNome: "Equipe A",
      criadoPorNome: "Dono A",
    });
    expect(after.consentimentoLgpdEm).toBe(first.consentimentoLgpdEm);
    const withdrawn = await api(h, a.cookie, "PATCH", `/api/clients/${id}`, { tipo: "pf", nome: "Otávio Reis Filho" });
    expect(withdrawn.status).toBe(200);
    const last = (await api<Body<ClientRow>>(h, a.cookie, "GET", `/api/clients/${id}`)).body.data;
    expect(last.consentimentoLgpd).toBe(false);
    expect(last.consentimentoLgpdEm).toBeNull();
    // Search follows the new name.
    expect(names(await list(a.cookie, "?q=filho"))).toContain("Otávio Reis Filho");
  });

  it("links a company of the same organization only", async () => {
    const own = await api<Body<{ id: string }>>(h, a.cookie, "POST", "/api/companies", {
      tipo: "construtora",
      razaoSocial: "Aurora Engenharia Ltda",
      nomeFantasia: "Aurora",
    });
    const other = await api<Body<{ id: string }>>(h, b.cookie, "POST", "/api/companies", {
      tipo: "fornecedor",
      razaoSocial: "Fornecedora B Ltda",
    });
    const id = await create(a.cookie, { tipo: "pf", nome: "Caio Prado", empresaId: own.body.data.id });
    expect((await api<Body<ClientRow>>(h, a.cookie, "GET", `/api/clients/${id}`)).body.data.empresaNome).toBe("Aurora");
    const before = await clientCount();
    const res = await api(h, a.cookie, "POST", "/api/clients", { tipo: "pf", nome: "Caio Intruso", empresaId: other.body.data.id });
    expect(res.status).toBe(422);
    expect(errorFields(res.body).empresaId).toBe("Empresa não encontrada. Escolha uma empresa cadastrada.");
    expect(await clientCount()).toBe(before);
  });

  it("shows a timeline with the creation and the LGPD consent", async () => {
    const id = await create(a.cookie, { tipo: "pf", nome: "Lívia Campos", consentimentoLgpd: true });
    const res = await api<Body<TimelineEvent[]>>(h, a.cookie, "GET", `/api/clients/${id}/timeline`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((e) => e.kind).sort()).toEqual(["consent", "created"]);
    expect(res.body.data.find((e) => e.kind === "created")?.by).toBe("Dono A");
    // Pages that load the row anyway build the timeline without another round trip.
    const ctx = h.ctx();
    const before = ctx.db.roundTrips();
    const clientForm = async (orgId: string) => {
      const { statements, read } = recordFormStatements(ctx, actorFor(orgId, crypto.randomUUID()), "clients", id);
      return read((await ctx.db.batch(statements as never)) as unknown[]);
    };
    const form = await clientForm(a.orgId);
    expect(ctx.db.roundTrips() - before).toBe(1);
    expect(form.row?.nome).toBe("Lívia Campos");
    expect(form.relations.empresaId?.map((c) => c.title)).toContain("Aurora");
    expect(timelineOf(form.row as unknown as ClientRow)).toEqual(res.body.data);
    expect((await clientForm(b.orgId)).row).toBeNull();
  });
});

describe("clients: search, filters, sort and paging", () => {
  let org: Awaited<ReturnType<typeof createOwner>>;
  beforeAll(async () => {
    org = await createOwner(h, "Busca");
    const people: Record<string, unknown>[] = [
      {
        tipo: "pf",
        nome: "João da Silva",
        documento: CPFS[0],
        telefones: [{ numero: "(11) 98888-7777" }],
        origem: "instagram",
        cidade: "São Paulo",
        tags: ["VIP"],
      },
      { tipo: "pf", nome: "Joana Prado", email: "joana.prado@exemplo.com.br", origem: "site", cidade: "Campinas", tags: ["investidor"] },
      { tipo: "pf", nome: "Márcia Conceição", origem: "instagram", cidade: "sao paulo", consentimentoLgpd: true },
      { tipo: "pj", nome: "Ângelo Imóveis", documento: CNPJS[0], origem: "portal", cidade: "Santos" },
      { tipo: "pf", nome: "Zélia Souza", origem: "indicacao", tags: ["vip", "Pós-venda"] },
    ];
    for (const p of people) await create(org.cookie, p);
  });

  it("finds accent-insensitively by any word prefix, document, phone and e-mail", async () => {
    expect(names(await list(org.cookie, "?q=joao"))).toEqual(["João da Silva"]);
    expect(names(await list(org.cookie, "?q=JOÃO"))).toEqual(["João da Silva"]);
    expect(names(await list(org.cookie, "?q=jo"))).toEqual(["Joana Prado", "João da Silva"]);
    expect(names(await list(org.cookie, "?q=silva"))).toEqual(["João da Silva"]);
    expect(names(await list(org.cookie, "?q=joao%20silva"))).toEqual(["João da Silva"]);
    expect(names(await list(org.cookie, "?q=conceicao"))).toEqual(["Márcia Conceição"]);
    expect(names(await list(org.cookie, "?q=angelo"))).toEqual(["Ângelo Imóveis"]);
    expect(names(await list(org.cookie, `?q=${encodeURIComponent("529.982")}`))).toEqual(["João da Silva"]);
    expect(names(await list(org.cookie, `?q=${encodeURIComponent("(11) 98888")}`))).toEqual(["João da Silva"]);
    expect(names(await list(org.cookie, "?q=988887777"))).toEqual(["João da Silva"]);
    expect(names(await list(org.cookie, `?q=${encodeURIComponent("joana.prado@")}`))).toEqual(["Joana Prado"]);
    expect(names(await list(org.cookie, "?q=xyz"))).toEqual([]);
    expect((await list(org.cookie, "?q=jo")).total).toBe(2);
  });

  it("filters by origin, type, tags, city and consent, alone or with a search", async () => {
    expect(names(await list(org.cookie, "?f.origem=instagram"))).toEqual(["João da Silva", "Márcia Conceição"]);
    expect(names(await list(org.cookie, "?f.origem=instagram&f.origem=portal"))).toEqual([
      "Ângelo Imóveis",
      "João da Silva",
      "Márcia Conceição",
    ]);
    expect(names(await list(org.cookie, "?f.tipo=pj"))).toEqual(["Ângelo Imóveis"]);
    expect(names(await list(org.cookie, "?f.tags=vip"))).toEqual(["João da Silva", "Zélia Souza"]);
    expect(names(await list(org.cookie, "?f.tags=pos-venda"))).toEqual(["Zélia Souza"]);
    expect(names(await list(org.cookie, `?f.cidade=${encodeURIComponent("São Paulo")}`))).toEqual(["João da Silva", "Márcia Conceição"]);
    expect(names(await list(org.cookie, "?f.consentimento=sim"))).toEqual(["Márcia Conceição"]);
    expect(names(await list(org.cookie, "?f.origem=instagram&q=marcia"))).toEqual(["Márcia Conceição"]);
    const filtered = await list(org.cookie, "?f.origem=instagram");
    expect(filtered.total).toBe(2);
    // Unknown values and filters are ignored rather than failing.
    expect((await list(org.cookie, "?f.origem=tiktok&f.naoexiste=1")).total).toBe(5);
  });

  it("sorts by name both ways and by creation date", async () => {
    expect(names(await list(org.cookie, ""))).toEqual([
      "Ângelo Imóveis",
      "Joana Prado",
      "João da Silva",
      "Márcia Conceição",
      "Zélia Souza",
    ]);
    expect(names(await list(org.cookie, "?sort=nome&dir=desc"))[0]).toBe("Zélia Souza");
    expect(names(await list(org.cookie, "?sort=criadoEm&dir=desc"))[0]).toBe("Zélia Souza");
    expect(names(await list(org.cookie, "?sort=criadoEm&dir=asc"))[0]).toBe("João da Silva");
  });

  it("pages with a keyset cursor that stays stable when rows are added in front", async () => {
    const paging = await createOwner(h, "Páginas");
    for (let i = 0; i < 60; i++) await create(paging.cookie, { tipo: "pf", nome: `Cliente ${String(i).padStart(2, "0")} Teste` });
    const first = await list(paging.cookie, "");
    expect(first.total).toBe(60);
    expect(first.data).toHaveLength(25);
    expect(first.nextCursor).toBeTruthy();
    // Someone adds a client that sorts first while we page.
    await create(paging.cookie, { tipo: "pf", nome: "Aaron Primeiro" });
    const second = await list(paging.cookie, `?page=2&after=${first.nextCursor}`);
    const third = await list(paging.cookie, `?page=3&after=${second.nextCursor}`);
    const seen = [...names(first), ...names(second), ...names(third)];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(60);
    expect(seen.at(-1)).toBe("Cliente 59 Teste");
    expect(third.nextCursor).toBeNull();
    // Offset paging jumps to any page; a cursor from another sort is ignored (falls back to the page).
    const offset = await list(paging.cookie, "?page=2");
    expect(names(offset)[0]).toBe("Cliente 24 Teste");
    const mismatched = await list(paging.cookie, `?sort=nome&dir=desc&page=1&after=${first.nextCursor}`);
    expect(names(mismatched)[0]).toBe("Cliente 59 Teste");
    // Keyset in search results too.
    const s1 = await list(paging.cookie, "?q=teste");
    const s2 = await list(paging.cookie, `?q=teste&page=2&after=${s1.nextCursor}`);
    expect(names(s2)[0]).toBe("Cliente 25 Teste");
    // Descending by creation, keyset.
    const d1 = await list(paging.cookie, "?sort=criadoEm&dir=desc");
    const d2 = await list(paging.cookie, `?sort=criadoEm&dir=desc&page=2&after=${d1.nextCursor}`);
    expect(names(d1)[0]).toBe("Aaron Primeiro");
    expect(names(d2)[0]).toBe("Cliente 35 Teste");
    // A search in another sort (the matches drive the lookups): every page, in order, with the total.
    const sd1 = await list(paging.cookie, "?q=teste&sort=criadoEm&dir=desc");
    const sd2 = await list(paging.cookie, `?q=teste&sort=criadoEm&dir=desc&page=2&after=${sd1.nextCursor}`);
    const sd3 = await list(paging.cookie, "?q=teste&sort=criadoEm&dir=desc&page=3");
    expect(sd1.total).toBe(60);
    expect(names(sd1)[0]).toBe("Cliente 59 Teste");
    expect(names(sd2)[0]).toBe("Cliente 34 Teste");
    expect(names(sd3)).toEqual(Array.from({ length: 10 }, (_, i) => `Cliente ${String(9 - i).padStart(2, "0")} Teste`));
    // A search with a column filter: only the matches that pass it, counted the same way.
    const kinds = await list(paging.cookie, "?q=cliente&f.tipo=pj");
    expect(kinds.total).toBe(0);
    expect(kinds.data).toEqual([]);
    // A deleted record leaves every search plan.
    const [gone] = first.data as { id: string }[];
    expect((await api(h, paging.cookie, "DELETE", `/api/clients/${gone?.id}`)).status).toBe(200);
    expect((await list(paging.cookie, "?q=teste")).total).toBe(59);
    expect((await list(paging.cookie, "?q=teste&sort=criadoEm")).total).toBe(59);
    expect(names(await list(paging.cookie, "?q=teste&sort=criadoEm&dir=desc&page=3"))).toHaveLength(9);
  });
});

describe("clients: duplicates, delete, restore", () => {
  it("warns about duplicates by document, e-mail and phone without blocking", async () => {
    await create(a.cookie, {
      tipo: "pf",
      nome: "Renata Lopes",
      documento: CPFS[2],
      email: "renata@exemplo.com.br",
      telefones: [{ numero: "21 99876-5432" }],
    });
    const res = await api<Body<{ id: string }>>(h, a.cookie, "POST", "/api/clients", {
      tipo: "pf",
      nome: "Renata L.",
      documento: CPFS[2],
      email: "RENATA@exemplo.com.br",
      telefones: [{ numero: "(21) 99876-5432", whatsapp: true }],
    });
    expect(res.status).toBe(201);
    expect((res.body.duplicates as { reason: string; title: string }[]).map((d) => `${d.reason}:${d.title}`).sort()).toEqual([
      "documento:Renata Lopes",
      "e-mail:Renata Lopes",
      "telefone:Renata Lopes",
    ]);
    const check = await api<Body<{ reason: string }[]>>(h, a.cookie, "POST", "/api/clients/duplicates", { email: "renata@exemplo.com.br" });
    expect(check.body.data.map((d) => d.reason)).toEqual(["e-mail", "e-mail"]);
    // Another organization's records never count.
    const other = await api<Body<unknown[]>>(h, b.cookie, "POST", "/api/clients/duplicates", { documento: CPFS[2] });
    expect(other.body.data).toEqual([]);
  });

  it("a guarded save (the form's default) checks and writes in one round trip, and saves nothing when a duplicate exists", async () => {
    const org = await createOwner(h, "Guarda");
    const actor = (await userId(h, org.email)) as string;
    const first = await createRecord(
      h.ctx(),
      actorFor(org.orgId, actor),
      "clients",
      parsedClient({ nome: "Paula Dias", email: "paula@exemplo.com.br" }),
      {
        unlessDuplicates: true,
      },
    );
    expect(first.id).toBeTruthy();
    const ctx = h.ctx();
    const tripsBefore = ctx.db.roundTrips();
    const held = await createRecord(
      ctx,
      actorFor(org.orgId, actor),
      "clients",
      parsedClient({ nome: "Paula D.", email: "PAULA@exemplo.com.br" }),
      {
        unlessDuplicates: true,
      },
    );
    expect(ctx.db.roundTrips() - tripsBefore).toBe(1);
    expect(held).toEqual({ id: null, duplicates: [{ id: first.id, title: "Paula Dias", reason: "e-mail" }] });
    expect(names(await list(org.cookie, "?q=paula"))).toEqual(["Paula Dias"]);
    // Confirmed ("Salvar mesmo assim"): saved, still reported.
    const confirmed = await createRecord(
      h.ctx(),
      actorFor(org.orgId, actor),
      "clients",
      parsedClient({ nome: "Paula D.", email: "paula@exemplo.com.br" }),
    );
    expect(confirmed.duplicates).toHaveLength(1);
    // An edit that would make a record a duplicate is held back the same way; the record itself never counts.
    const other = await createRecord(h.ctx(), actorFor(org.orgId, actor), "clients", parsedClient({ nome: "Outra Pessoa" }), {
      unlessDuplicates: true,
    });
    const edit = await updateRecord(
      h.ctx(),
      actorFor(org.orgId, actor),
      "clients",
      other.id as string,
      parsedClient({ nome: "Outra Pessoa", email: "paula@exemplo.com.br" }),
      {
        unlessDuplicates: true,
      },
    );
    expect(edit.saved).toBe(false);
    expect(edit.duplicates.map((d) => d.title).sort()).toEqual(["Paula D.", "Paula Dias"]);
    expect((await getRecord(h.ctx(), actorFor(org.orgId, actor), "clients", other.id as string))?.email).toBeNull();
    const self = await updateRecord(
      h.ctx(),
      actorFor(org.orgId, actor),
      "clients",
      first.id as string,
      parsedClient({ nome: "Paula Dias Souza", email: "paula.dias@exemplo.com.br" }),
      {
        unlessDuplicates: true,
      },
    );
    expect(self).toEqual({ saved: true, duplicates: [] });
    // Another organization's records never hold a save back.
    const inB = await createRecord(
      h.ctx(),
      actorFor(b.orgId, (await userId(h, b.email)) as string),
      "clients",
      parsedClient({ nome: "Paula B", email: "paula@exemplo.com.br" }),
      {
        unlessDuplicates: true,
      },
    );
    expect(inB.id).toBeTruthy();
    // Missing record: still 404, guard or not.
    await expect(
      updateRecord(h.ctx(), actorFor(org.orgId, actor), "clients", crypto.randomUUID(), parsedClient({ nome: "Ninguém" }), {
        unlessDuplicates: true,
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("soft-deletes (404 afterwards, gone from lists and totals) and restores", async () => {
    const org = await createOwner(h, "Lixeira");
    const id = await create(org.cookie, { tipo: "pf", nome: "Tiago Nunes", email: "tiago@exemplo.com.br" });
    await create(org.cookie, { tipo: "pf", nome: "Tânia Nunes" });
    expect((await list(org.cookie, "")).total).toBe(2);
    const del = await api(h, org.cookie, "DELETE", `/api/clients/${id}`);
    expect(del.status).toBe(200);
    expect((await api(h, org.cookie, "GET", `/api/clients/${id}`)).status).toBe(404);
    expect((await list(org.cookie, "")).total).toBe(1);
    expect(names(await list(org.cookie, "?q=tiago"))).toEqual([]);
    expect((await api(h, org.cookie, "DELETE", `/api/clients/${id}`)).status).toBe(404);
    expect((await api(h, org.cookie, "PATCH", `/api/clients/${id}`, { tipo: "pf", nome: "X Y" })).status).toBe(404);
    const restored = await api(h, org.cookie, "POST", `/api/clients/${id}/restore`);
    expect(restored.status).toBe(200);
    expect((await api(h, org.cookie, "GET", `/api/clients/${id}`)).status).toBe(200);
    expect((await list(org.cookie, "")).total).toBe(2);
    expect(names(await list(org.cookie, "?q=tiago"))).toEqual(["Tiago Nunes"]);
    expect((await api(h, org.cookie, "POST", `/api/clients/${id}/restore`)).status).toBe(404);
    // Bulk delete and restore of a selection.
    const all = (await list(org.cookie, "")).data.map((r) => r.id);
    expect((await api<Body<{ deleted: number }>>(h, org.cookie, "POST", "/api/clients/delete", { ids: all })).body.data.deleted).toBe(2);
    expect((await list(org.cookie, "")).total).toBe(0);
    expect((await api<Body<{ restored: number }>>(h, org.cookie, "POST", "/api/clients/restore", { ids: all })).body.data.restored).toBe(2);
    const [counted] = await h.fresh.db.select().from(recordCounts).where(eq(recordCounts.orgId, org.orgId));
    expect(counted?.live).toBe(2);
  });
});

describe("clients: LGPD", () => {
  it("exports everything about a client as JSON", async () => {
    const id = await create(a.cookie, {
      tipo: "pf",
      nome: "Beatriz Farias",
      documento: CPFS[3],
      email: "bia@exemplo.com.br",
      consentimentoLgpd: true,
    });
    const res = await h.request(`/api/clients/${id}/lgpd`, { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    expect(Number(res.headers.get("x-db-round-trips"))).toBeLessThanOrEqual(2);
    const data = (await res.json()) as { formato: string; titular: ClientRow; historico: TimelineEvent[]; controlador: { nome: string } };
    expect(data.formato).toBe("alicerce.lgpd.v1");
    expect(data.titular).toMatchObject({
      nome: "Beatriz Farias",
      documento: CPFS[3],
      email: "bia@exemplo.com.br",
      consentimentoLgpd: true,
    });
    expect(data.controlador.nome).toBe("Negócio A");
    expect(data.historico.length).toBeGreaterThan(0);
  });

  it("erases a client for good (owner/admin only), with its search keys", async () => {
    const id = await create(a.cookie, {
      tipo: "pf",
      nome: "Sebastião Quintas",
      documento: CPFS[4],
      telefones: [{ numero: "11 97777-6666" }],
    });
    const staff = await addMember(h, a.orgId, "staff");
    expect((await api(h, staff.cookie, "DELETE", `/api/clients/${id}/lgpd`)).status).toBe(403);
    expect((await api(h, b.cookie, "DELETE", `/api/clients/${id}/lgpd`)).status).toBe(404);
    const erased = await api(h, a.cookie, "DELETE", `/api/clients/${id}/lgpd`);
    expect(erased.status).toBe(200);
    expect((await api(h, a.cookie, "GET", `/api/clients/${id}`)).status).toBe(404);
    expect((await api(h, a.cookie, "GET", `/api/clients/${id}/lgpd`)).status).toBe(404);
    expect((await api(h, a.cookie, "POST", `/api/clients/${id}/restore`)).status).toBe(404);
    expect(await h.fresh.db.select().from(clients).where(eq(clients.id, id))).toEqual([]);
    expect(await h.fresh.db.select().from(clientKeys).where(eq(clientKeys.recordId, id))).toEqual([]);
  });
});

describe("clients: roles and tenant isolation", () => {
  it("lets a professional read every client and register one, but not change, delete or erase the office's", async () => {
    const pro = await addMember(h, a.orgId, "professional");
    const id = await create(a.cookie, { tipo: "pf", nome: "Paciente Leitura" });
    expect((await api(h, pro.cookie, "GET", "/api/clients")).status).toBe(200);
    expect((await api(h, pro.cookie, "GET", `/api/clients/${id}`)).status).toBe(200);
    // A buyer met at a plantão (ADR 034; tests/api/customers/clients-corretor.test.ts covers their own edits).
    expect((await api(h, pro.cookie, "POST", "/api/clients", { tipo: "pf", nome: "Comprador Novo" })).status).toBe(201);
    const denied = [
      await api(h, pro.cookie, "PATCH", `/api/clients/${id}`, { tipo: "pf", nome: "Não Pode" }),
      await api(h, pro.cookie, "DELETE", `/api/clients/${id}`),
      await api(h, pro.cookie, "POST", `/api/clients/${id}/restore`),
      await api(h, pro.cookie, "POST", "/api/clients/import", { csv: "Nome\nAlguém" }),
      await api(h, pro.cookie, "DELETE", `/api/clients/${id}/lgpd`),
    ];
    for (const res of denied) {
      expect(res.status).toBe(403);
      expect(errorMessage(res.body)).toBe("Você não tem permissão para esta ação.");
    }
    expect((await api<Body<ClientRow>>(h, a.cookie, "GET", `/api/clients/${id}`)).body.data.nome).toBe("Paciente Leitura");
  });

  it("never lets organization B read, change or delete A's clients", async () => {
    const id = await create(a.cookie, { tipo: "pf", nome: "Segredo Do A", documento: CPFS[5] });
    for (const [method, path, json] of [
      ["GET", `/api/clients/${id}`],
      ["GET", `/api/clients/${id}/timeline`],
      ["GET", `/api/clients/${id}/lgpd`],
      ["PATCH", `/api/clients/${id}`, { tipo: "pf", nome: "Invasor" }],
      ["DELETE", `/api/clients/${id}`],
      ["POST", `/api/clients/${id}/restore`],
      ["DELETE", `/api/clients/${id}/lgpd`],
    ] as [string, string, unknown?][]) {
      const res = await api(h, b.cookie, method, path, json);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain("Segredo");
    }
    expect((await api<Body<{ deleted: number }>>(h, b.cookie, "POST", "/api/clients/delete", { ids: [id] })).body.data.deleted).toBe(0);
    const listed = await list(b.cookie, "?q=segredo");
    expect(listed.data).toEqual([]);
    expect(JSON.stringify(await list(b.cookie, ""))).not.toContain("Segredo");
    expect((await api<Body<ClientRow>>(h, a.cookie, "GET", `/api/clients/${id}`)).body.data.nome).toBe("Segredo Do A");
  });

  it("works with a bearer token and refuses visitors", async () => {
    const token = await h.request("/api/auth/token", { json: { email: a.email, senha: a.password } });
    const { access_token } = (await token.json()) as { access_token: string };
    const res = await h.request("/api/clients?q=helena", { bearer: access_token });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-db-round-trips"))).toBeLessThanOrEqual(2);
    expect((await h.request("/api/clients")).status).toBe(401);
  });
});

describe("clients: hostile input", () => {
  it("answers 4xx with a pt-BR message, never 500, and saves nothing", async () => {
    const before = await clientCount();
    const payloads: unknown[] = [
      null,
      [],
      "texto",
      42,
      { tipo: ["pf"], nome: { $gt: "" } },
      { tipo: "pf", nome: "Ana", telefones: { numero: "11912345678" } },
      { tipo: "pf", nome: "Ana", telefones: [null, 3, "x"] },
      { tipo: "pf", nome: "Ana", telefones: '[{"numero": 5}]' },
      { tipo: "pf", nome: "Ana", tags: { a: 1 } },
      { tipo: "pf", nome: "Ana", tags: Array.from({ length: 50 }, (_, i) => `t${i}`) },
      { tipo: "pf", nome: "Ana", empresaId: "'; drop table clients; --" },
      { tipo: "pf", nome: "Ana", aniversario: 19900101 },
      { tipo: "pf", nome: "x".repeat(100_000) },
      { tipo: "pf", nome: "Ana", "__proto__.admin": true, "telefones.0.numero": "abc" },
      { tipo: "pf", nome: "Ana", observacoes: "y".repeat(2001) },
      { tipo: "pj", nome: "Ana", documento: "\u0000\u0000" },
    ];
    for (const payload of payloads) {
      const res = await api(h, a.cookie, "POST", "/api/clients", payload);
      expect(res.status, JSON.stringify(payload).slice(0, 120)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(payload).slice(0, 120)).toBeLessThan(500);
      expect(errorMessage(res.body)).toMatch(/[a-zà-ú]/i);
    }
    for (const path of [
      "/api/clients?page=99999999999&sort=%00&f.criadoEm=9999-99-99..&after=%FF%FE",
      "/api/clients?q=%22%27%3B--%20OR%201%3D1",
      `/api/clients?q=${"ã".repeat(5000)}`,
      "/api/clients/..%2F..%2Fetc",
      `/api/clients/${"x".repeat(300)}`,
      "/api/clients/export?format=csv&f.tags=%00",
    ]) {
      const res = await h.request(path, { cookie: a.cookie });
      expect(res.status, path).toBeLessThan(500);
    }
    expect(await clientCount()).toBe(before);
  });
});
