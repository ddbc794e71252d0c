import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients, companies } from "../../db/schema/index.ts";
import type { ClientRow } from "../../shared/resources/clients.ts";
import type { CompanyRow } from "../../shared/resources/companies.ts";
import { commitImport, type ImportPreview, type ImportResult } from "../../worker/resources/import.ts";
import { DomainError } from "../../worker/services/context.ts";
import { createHarness, createOwner, type Harness } from "./harness.ts";
import { actorFor, addMember, api, CNPJS, CPFS, errorMessage } from "./records.ts";
import { unzip } from "../support/unzip.ts";

let h: Harness;
let a: Awaited<ReturnType<typeof createOwner>>;

type Body<T> = { data: T; total?: number };

async function clientCount(orgId: string): Promise<number> {
  const [row] = await h.fresh.db.select({ n: count() }).from(clients).where(eq(clients.orgId, orgId));
  return row?.n ?? 0;
}

/**
 * Saving an import costs one batch of look-ups (duplicates, companies) carrying the session
 * lookup, and one batch of writes: the file is checked again on the server before anything is
 * written (ADR 010, 011). A session this isolate hasn't seen yet pays one more.
 */
const COMMIT_ROUND_TRIPS = 2;

/** POST /api/<resource>/import that saves (the preview goes through `api`, held to 2 round trips). */
async function commit<T = Body<ImportResult>>(cookie: string, resource: "clients" | "companies", body: Record<string, unknown>) {
  await h.request("/api/me", { cookie });
  const res = await h.request(`/api/${resource}/import`, { method: "POST", cookie, json: body });
  const roundTrips = Number(res.headers.get("x-db-round-trips") ?? "NaN");
  expect(roundTrips, `import ${resource}: database round trips`).toBeLessThanOrEqual(COMMIT_ROUND_TRIPS);
  return { status: res.status, body: (await res.json()) as T, roundTrips };
}

async function previewOf(cookie: string, resource: "clients" | "companies", csv: string): Promise<ImportPreview> {
  const res = await api<Body<ImportPreview>>(h, cookie, "POST", `/api/${resource}/import`, { csv, mode: "preview" });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function create(cookie: string, resource: "clients" | "companies", body: Record<string, unknown>): Promise<string> {
  const res = await api<Body<{ id: string }>>(h, cookie, "POST", `/api/${resource}`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function liveClients(cookie: string): Promise<ClientRow[]> {
  return (await api<Body<ClientRow[]>>(h, cookie, "GET", "/api/clients?sort=nome&dir=asc")).body.data;
}

async function download(cookie: string, path: string) {
  const res = await h.request(path, { cookie });
  expect(Number(res.headers.get("x-db-round-trips")), path).toBeLessThanOrEqual(2);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

beforeAll(async () => {
  h = await createHarness();
  a = await createOwner(h, "Planilhas");
  const people: Record<string, unknown>[] = [
    {
      tipo: "pf",
      nome: "João da Silva",
      documento: CPFS[0],
      email: "joao@exemplo.com.br",
      telefones: [{ numero: "11987654321" }],
      cidade: "São Paulo",
      origem: "instagram",
      tags: ["VIP", "investidor"],
      aniversario: "1980-05-09",
    },
    { tipo: "pf", nome: 'Ana; Maria "Aninha" Souza', cidade: "Campinas", origem: "site" },
    { tipo: "pf", nome: '=HYPERLINK("http://mal.example")', origem: "outro" },
  ];
  for (const p of people) expect((await api(h, a.cookie, "POST", "/api/clients", p)).status).toBe(201);
  for (let i = 0; i < 30; i++)
    expect(
      (await api(h, a.cookie, "POST", "/api/clients", { tipo: "pf", nome: `Volume ${String(i).padStart(2, "0")}`, origem: "portal" }))
        .status,
    ).toBe(201);
});

describe("export", () => {
  it("writes CSV for Excel pt-BR: BOM, semicolons, CRLF, dd/mm/aaaa, quoted and neutralised fields, every page", async () => {
    const { res, bytes } = await download(a.cookie, "/api/clients/export?format=csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("Nome;CPF/CNPJ;E-mail;Telefone;Cidade;Origem;Tags");
    expect(lines).toContain('"Ana; Maria ""Aninha"" Souza";;;;Campinas;Site;');
    expect(lines).toContain("João da Silva;529.982.247-25;joao@exemplo.com.br;(11) 98765-4321;São Paulo;Instagram;VIP, investidor");
    expect(lines).toContain(`"'=HYPERLINK(""http://mal.example"")";;;;;Outro;`);
    // 33 rows (more than a page) + header + the empty string after the last CRLF.
    expect(lines).toHaveLength(35);
    expect(lines.at(-1)).toBe("");
    expect(text.includes("\n") && !/[^\r]\n/.test(text)).toBe(true);
  });

  it("exports exactly what the list shows: search, filters, sort and chosen columns", async () => {
    const { bytes } = await download(a.cookie, "/api/clients/export?format=csv&q=joao&cols=nome,aniversario,criadoEm,consentimento");
    const lines = new TextDecoder()
      .decode(bytes)
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(lines[0]).toBe("Nome;Data de nascimento;Cadastrado em;Consentimento LGPD");
    expect(lines[1]).toMatch(/^João da Silva;09\/05\/1980;\d{2}\/\d{2}\/\d{4};Não$/);
    expect(lines).toHaveLength(3);
    const filtered = await download(a.cookie, "/api/clients/export?format=csv&f.origem=portal&sort=nome&dir=desc&cols=nome");
    const names = new TextDecoder()
      .decode(filtered.bytes)
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .slice(1, -1);
    expect(names).toHaveLength(30);
    expect(names[0]).toBe("Volume 29");
  });

  it("writes a real XLSX (Office Open XML) with numbers and dates as such", async () => {
    const { res, bytes } = await download(a.cookie, "/api/clients/export?format=xlsx&cols=nome,aniversario,telefone");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toMatch(/clientes-\d{4}-\d{2}-\d{2}\.xlsx/);
    const files = await unzip(bytes);
    expect(Object.keys(files).sort()).toEqual([
      "[Content_Types].xml",
      "_rels/.rels",
      "xl/_rels/workbook.xml.rels",
      "xl/styles.xml",
      "xl/workbook.xml",
      "xl/worksheets/sheet1.xml",
    ]);
    const sheet = files["xl/worksheets/sheet1.xml"] ?? "";
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">Nome</t></is></c>');
    expect(sheet).toContain('<t xml:space="preserve">João da Silva</t>');
    // 09/05/1980 is Excel serial 29350, styled as a date.
    expect(sheet).toContain('<c r="B');
    expect(sheet).toMatch(/<c r="B\d+" s="2"><v>29350<\/v><\/c>/);
    expect(sheet).toContain("Ana; Maria &quot;Aninha&quot; Souza");
    expect((sheet.match(/<row /g) ?? []).length).toBe(34);
    expect(files["xl/workbook.xml"]).toContain('<sheet name="Clientes"');
  });

  it("refuses an unknown format with a pt-BR message", async () => {
    const res = await api(h, a.cookie, "GET", "/api/clients/export?format=pdf");
    expect(res.status).toBe(400);
    expect(errorMessage(res.body)).toBe("Formato de exportação inválido: use csv ou xlsx.");
  });
});

const GOOD_AND_BAD = [
  "\uFEFFNome;CPF/CNPJ;E-mail;Telefone;Origem;Tags;Data de nascimento;Observações",
  `Carla Mendes;${CPFS[1]};carla@exemplo.com.br;(21) 99876-1234;Indicação;vip, pós-venda;12/08/1991;"Gosta de ligação;\r\nà tarde"`,
  "Diego Ramos;111.111.111-11;diego@exemplo.com.br;;Instagram;;;",
  "Érica Lima;;erica@;;tiktok;;31/02/1990;",
  ";;;;;;;",
  "Fábio Nunes;;;11 3123-4567;Portal;;;",
].join("\r\n");

describe("import", () => {
  it("previews every row with pt-BR errors per field, saving nothing", async () => {
    const org = await createOwner(h, "Importa");
    const res = await api<Body<ImportPreview>>(h, org.cookie, "POST", "/api/clients/import", { csv: GOOD_AND_BAD, mode: "preview" });
    expect(res.status).toBe(200);
    const preview = res.body.data;
    expect(preview.valid).toBe(2);
    expect(preview.duplicates).toBe(0);
    expect(preview.invalid).toBe(2);
    expect(preview.rows.map((r) => r.line)).toEqual([2, 4, 5, 7]);
    expect(preview.rows.map((r) => r.status)).toEqual(["valid", "invalid", "invalid", "valid"]);
    expect(preview.rows.flatMap((r) => r.warnings)).toEqual([]);
    expect(preview.rows[0]?.values).toMatchObject({
      nome: "Carla Mendes",
      observacoes: "Gosta de ligação;\r\nà tarde",
      origem: "Indicação",
    });
    expect(preview.rows[0]?.errors).toEqual({});
    expect(preview.rows[1]?.errors).toEqual({ documento: "O campo CPF não é válido" });
    expect(preview.rows[2]?.errors).toEqual({
      email: "O campo E-mail deve ser um email válido",
      origem: "O campo Origem deve ser um dos valores permitidos",
      aniversario: "O campo Data de nascimento não é válido",
    });
    expect(preview.columns.map((c) => c.field)).toEqual([
      "nome",
      "documento",
      "email",
      "telefones",
      "origem",
      "tags",
      "aniversario",
      "observacoes",
    ]);
    expect(await clientCount(org.orgId)).toBe(0);
  });

  it('with errors and mode "all" saves nothing; "valid-only" saves the valid rows in one go', async () => {
    const org = await createOwner(h, "Importa Tudo");
    const all = await commit(org.cookie, "clients", { csv: GOOD_AND_BAD, mode: "all" });
    expect(all.status).toBe(422);
    expect(errorMessage(all.body)).toBe("A planilha tem 2 linhas com erros. Corrija o arquivo ou importe só as linhas válidas.");
    expect(await clientCount(org.orgId)).toBe(0);
    const valid = await commit(org.cookie, "clients", { csv: GOOD_AND_BAD, mode: "valid-only" });
    expect(valid.status).toBe(201);
    expect(valid.body.data).toEqual({ imported: 2, skipped: 2, skippedInvalid: 2, skippedDuplicates: 0 });
    const listed = await api<Body<ClientRow[]>>(h, org.cookie, "GET", "/api/clients?q=carla");
    expect(listed.body.data[0]).toMatchObject({
      nome: "Carla Mendes",
      documento: CPFS[1],
      telefonePrincipal: "21998761234",
      origem: "indicacao",
      tags: ["vip", "pós-venda"],
      aniversario: "1991-08-12",
      criadoPorNome: "Dono Importa Tudo",
    });
    expect((await api<Body<ClientRow[]>>(h, org.cookie, "GET", "/api/clients?f.tags=pos-venda")).body.data).toHaveLength(1);
  });

  it('reads comma-separated files and a multipart upload; a clean file imports with mode "all"', async () => {
    const org = await createOwner(h, "Vírgulas");
    const csv = 'nome,tipo,cpf/cnpj,cidade\n"Imobiliária Sol, Mar",PJ,45.723.174/0001-10,Santos\nGustavo Prado,,,Santos\n';
    const form = new FormData();
    form.set("arquivo", new File([csv], "clientes.csv", { type: "text/csv" }));
    form.set("mode", "all");
    await h.request("/api/me", { cookie: org.cookie }); // a session this isolate knows (see COMMIT_ROUND_TRIPS)
    const res = await h.request("/api/clients/import", { method: "POST", cookie: org.cookie, body: form });
    expect(res.status).toBe(201);
    expect(Number(res.headers.get("x-db-round-trips"))).toBeLessThanOrEqual(COMMIT_ROUND_TRIPS);
    expect(((await res.json()) as Body<{ imported: number }>).data.imported).toBe(2);
    const rows = (await api<Body<ClientRow[]>>(h, org.cookie, "GET", "/api/clients?f.cidade=santos")).body.data;
    expect(rows.map((r) => [r.nome, r.tipo, r.documento])).toEqual([
      ["Gustavo Prado", "pf", null],
      ["Imobiliária Sol, Mar", "pj", "45723174000110"],
    ]);
  });

  it("reads an Excel Latin-1 (Windows-1252) file through the API as the page does, and refuses one that reads to garbage", async () => {
    const org = await createOwner(h, "Latin1");
    const latin1 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    const file = latin1("nome;cidade\r\nJosé Conceição;São Paulo\r\n");
    const form = new FormData();
    form.set("arquivo", new File([file], "clientes.csv", { type: "text/csv" }));
    form.set("mode", "preview");
    const preview = await h.request("/api/clients/import", { method: "POST", cookie: org.cookie, body: form });
    expect(preview.status).toBe(200);
    const row = ((await preview.json()) as Body<ImportPreview>).data.rows[0];
    expect(row?.values).toMatchObject({ nome: "José Conceição", cidade: "São Paulo" });
    expect(row?.status).toBe("valid");
    const saved = await h.request("/api/clients/import?mode=all", {
      method: "POST",
      cookie: org.cookie,
      body: file,
      headers: { "content-type": "text/csv" },
    });
    expect(saved.status).toBe(201);
    expect((await liveClients(org.cookie)).map((r) => r.nome)).toEqual(["José Conceição"]);

    // 0x81 is undefined in Windows-1252 and invalid UTF-8; U+FFFD is a file already garbled once.
    const garbled: Uint8Array<ArrayBuffer>[] = [
      Uint8Array.of(...latin1("nome\r\nAna "), 0x81, 0x8d),
      new TextEncoder().encode("nome\r\nJos\uFFFD Silva\r\n"),
    ];
    for (const bytes of garbled) {
      const res = await h.request("/api/clients/import?mode=all", {
        method: "POST",
        cookie: org.cookie,
        body: bytes,
        headers: { "content-type": "text/csv" },
      });
      expect(res.status).toBe(400);
      expect(errorMessage(await res.json())).toBe(
        "O arquivo não está em UTF-8 nem em Windows-1252 (Latin-1). Salve-o como CSV UTF-8 e tente de novo.",
      );
    }
    const refused = await api(h, org.cookie, "POST", "/api/clients/import", { csv: "nome\nJos\uFFFD Silva\n", mode: "all" });
    expect(refused.status).toBe(400);
    expect(await clientCount(org.orgId)).toBe(1);
  });

  it("re-imports its own export", async () => {
    const exported = await download(a.cookie, "/api/clients/export?format=csv&q=joao");
    const org = await createOwner(h, "Espelho");
    const csv = new TextDecoder().decode(exported.bytes);
    const res = await commit(org.cookie, "clients", { csv, mode: "all" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const row = (await api<Body<ClientRow[]>>(h, org.cookie, "GET", "/api/clients")).body.data[0];
    expect(row).toMatchObject({
      nome: "João da Silva",
      documento: CPFS[0],
      email: "joao@exemplo.com.br",
      telefonePrincipal: "11987654321",
      origem: "instagram",
      tags: ["VIP", "investidor"],
      cidade: "São Paulo",
    });
  });

  it("refuses unreadable files and people who may not import", async () => {
    const empty = await api(h, a.cookie, "POST", "/api/clients/import", { csv: "  " });
    expect(empty.status).toBe(400);
    expect(errorMessage(empty.body)).toBe("O arquivo está vazio.");
    const noName = await api(h, a.cookie, "POST", "/api/clients/import", { csv: "E-mail\nx@y.com" });
    expect(errorMessage(noName.body)).toBe('A planilha precisa de uma coluna "Nome" na primeira linha.');
    const quote = await api(h, a.cookie, "POST", "/api/clients/import", { csv: 'Nome\n"Aberta' });
    expect(errorMessage(quote.body)).toBe("Não foi possível ler o CSV: Aspas sem fechamento a partir da linha 2.");
    const mode = await api(h, a.cookie, "POST", "/api/clients/import", { csv: "Nome\nAlguém", mode: "tudo" });
    expect(mode.status).toBe(400);
    const option = await commit(a.cookie, "clients", { csv: "Nome\nAlguém Novo", mode: "all", duplicates: "talvez" });
    expect(option.status).toBe(400);
    expect(errorMessage(option.body)).toBe("Opção de duplicados inválida: use skip (pular) ou import (importar mesmo assim).");
    expect((await api<Body<ClientRow[]>>(h, a.cookie, "GET", "/api/clients?q=alguem")).body.data).toEqual([]);
    // The permission table: staff imports (a bulk create) but only managers take every row out; professionals do neither.
    const staff = await addMember(h, a.orgId, "staff");
    const pro = await addMember(h, a.orgId, "professional");
    expect((await api(h, pro.cookie, "POST", "/api/clients/import", { csv: "Nome\nAlguém", mode: "all" })).status).toBe(403);
    expect((await api(h, staff.cookie, "GET", "/api/clients/export?format=csv")).status).toBe(403);
    expect((await api(h, pro.cookie, "GET", "/api/clients/export?format=csv")).status).toBe(403);
    expect((await api<Body<ClientRow[]>>(h, a.cookie, "GET", "/api/clients?q=alguem")).body.data).toEqual([]);
    expect((await api(h, staff.cookie, "POST", "/api/clients/import", { csv: "Nome\nAlguém da Equipe", mode: "all" })).status).toBe(201);
  });

  it("imports companies with their own headers", async () => {
    const org = await createOwner(h, "Empresas CSV");
    const csv =
      "Tipo;Razão social;Nome fantasia;CNPJ;Inscrição estadual;Telefone\nConstrutora;Alfa Engenharia Ltda;Alfa;11.222.333/0001-81;ISENTO;(11) 3333-4444\nCondomínio;Residencial Ipê;;;;\n";
    const res = await commit(org.cookie, "companies", { csv, mode: "all" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.imported).toBe(2);
    const list = await api<Body<{ razaoSocial: string; tipo: string; telefone: string | null }[]>>(
      h,
      org.cookie,
      "GET",
      "/api/companies?q=alfa",
    );
    expect(list.body.data).toEqual([
      expect.objectContaining({ razaoSocial: "Alfa Engenharia Ltda", tipo: "construtora", telefone: "1133334444" }),
    ]);
  });
});

describe("import: duplicates and companies", () => {
  it("flags rows repeating a live client's CPF, e-mail or phone; skips them by default, imports them when chosen", async () => {
    const org = await createOwner(h, "Duplicados");
    await create(org.cookie, "clients", {
      tipo: "pf",
      nome: "Fulano de Tal",
      documento: CPFS[2],
      email: "fulano@exemplo.com.br",
      telefones: [{ numero: "11912345678" }],
    });
    // A deleted client is not a duplicate: only live records count.
    const gone = await create(org.cookie, "clients", { tipo: "pf", nome: "Apagado", documento: CPFS[3] });
    expect((await api(h, org.cookie, "DELETE", `/api/clients/${gone}`)).status).toBe(200);
    const csv = [
      "Nome;CPF/CNPJ;E-mail;Telefone",
      `Novo Um;${CPFS[4]};novo@exemplo.com.br;`,
      `Outro Fulano;${CPFS[2].replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4")};;`,
      "Mesmo E-mail;;FULANO@Exemplo.com.br;",
      "Mesmo Fone;;;(11) 91234-5678",
      `Volta;${CPFS[3]};;`,
    ].join("\n");

    const p = await previewOf(org.cookie, "clients", csv);
    expect({ valid: p.valid, duplicates: p.duplicates, invalid: p.invalid }).toEqual({ valid: 2, duplicates: 3, invalid: 0 });
    expect(p.rows.map((r) => [r.line, r.status, r.warnings])).toEqual([
      [2, "valid", []],
      [3, "duplicate", [{ kind: "duplicate", field: "documento", message: "Já existe um cliente com este CPF: Fulano de Tal" }]],
      [4, "duplicate", [{ kind: "duplicate", field: "email", message: "Já existe um cliente com este e-mail: Fulano de Tal" }]],
      [5, "duplicate", [{ kind: "duplicate", field: "telefones", message: "Já existe um cliente com este telefone: Fulano de Tal" }]],
      [6, "valid", []],
    ]);
    expect(await clientCount(org.orgId)).toBe(2);

    const skipped = await commit(org.cookie, "clients", { csv, mode: "all" });
    expect(skipped.status, JSON.stringify(skipped.body)).toBe(201);
    expect(skipped.body.data).toEqual({ imported: 2, skipped: 3, skippedInvalid: 0, skippedDuplicates: 3 });
    expect((await liveClients(org.cookie)).map((c) => c.nome)).toEqual(["Fulano de Tal", "Novo Um", "Volta"]);

    // Now every row repeats a live client: skipping leaves nothing, and nothing is saved.
    const nothing = await commit(org.cookie, "clients", { csv, mode: "all", duplicates: "skip" });
    expect(nothing.status).toBe(422);
    expect(errorMessage(nothing.body)).toBe(
      "Nada a importar: 5 linhas repetem cadastros existentes ou outras linhas da planilha. Escolha “Importar mesmo assim” para incluí-las.",
    );
    // (The count includes the deleted client.)
    expect(await clientCount(org.orgId)).toBe(4);

    const kept = await commit(org.cookie, "clients", { csv, mode: "valid-only", duplicates: "import" });
    expect(kept.status, JSON.stringify(kept.body)).toBe(201);
    expect(kept.body.data).toEqual({ imported: 5, skipped: 0, skippedInvalid: 0, skippedDuplicates: 0 });
    expect(await liveClients(org.cookie)).toHaveLength(8);
  });

  it("flags later rows sharing a phone with an earlier valid row, however it was typed", async () => {
    const csv = [
      "Nome;Tipo;Telefone",
      "Ana;PF;(11) 98888-7777",
      "Bruno;PF;11 98888 7777",
      "Carla;PF;(21) 3333-4444",
      // Invalid (no name): never imported, so no later row repeats it.
      ";PF;(31) 99999-0000",
      "Davi;PF;(31) 99999-0000",
    ].join("\n");
    const org = await createOwner(h, "Telefones Repetidos");
    const p = await previewOf(org.cookie, "clients", csv);
    expect(p.rows.map((r) => [r.line, r.status, r.warnings.map((w) => [w.field, w.message])])).toEqual([
      [2, "valid", []],
      [3, "duplicate", [["telefones", "Mesmo telefone da linha 2"]]],
      [4, "valid", []],
      [5, "invalid", []],
      [6, "valid", []],
    ]);
    const res = await commit(org.cookie, "clients", { csv, mode: "valid-only" });
    expect(res.body.data).toEqual({ imported: 3, skipped: 2, skippedInvalid: 1, skippedDuplicates: 1 });

    const companies = await createOwner(h, "Telefones de Empresas");
    const pc = await previewOf(
      companies.cookie,
      "companies",
      "Tipo;Razão social;Telefone\nConstrutora;Alfa Ltda;(11) 3333-4444\nFornecedor;Beta Ltda;1133334444\n",
    );
    expect(pc.rows.map((r) => [r.line, r.status, r.warnings.map((w) => [w.field, w.message])])).toEqual([
      [2, "valid", []],
      [3, "duplicate", [["telefone", "Mesmo telefone da linha 2"]]],
    ]);
  });

  it("flags later rows repeating an earlier valid row's CPF/CNPJ or e-mail", async () => {
    const csv = [
      "Nome;Tipo;CPF/CNPJ;E-mail",
      `Primeira;PF;${CPFS[0]};primeira@exemplo.com.br`,
      `Segunda;PF;${CPFS[0]};`,
      "Terceira;PF;;PRIMEIRA@exemplo.com.br",
      // Invalid (bad CPF): never imported, so no later row repeats it.
      "Quarta;PF;111.111.111-11;quarta@exemplo.com.br",
      "Quinta;PF;;quarta@exemplo.com.br",
      "Empresa Um;PJ;11.222.333/0001-81;",
      "Empresa Dois;PJ;11222333000181;",
    ].join("\n");
    const org = await createOwner(h, "Repetidos");
    const p = await previewOf(org.cookie, "clients", csv);
    expect({ valid: p.valid, duplicates: p.duplicates, invalid: p.invalid }).toEqual({ valid: 3, duplicates: 3, invalid: 1 });
    expect(p.rows.map((r) => [r.line, r.status, r.warnings.map((w) => w.message)])).toEqual([
      [2, "valid", []],
      [3, "duplicate", ["Mesmo CPF da linha 2"]],
      [4, "duplicate", ["Mesmo e-mail da linha 2"]],
      [5, "invalid", []],
      [6, "valid", []],
      [7, "valid", []],
      [8, "duplicate", ["Mesmo CNPJ da linha 7"]],
    ]);

    const res = await commit(org.cookie, "clients", { csv, mode: "valid-only" });
    expect(res.body.data).toEqual({ imported: 3, skipped: 4, skippedInvalid: 1, skippedDuplicates: 3 });
    expect((await liveClients(org.cookie)).map((c) => c.nome)).toEqual(["Empresa Um", "Primeira", "Quinta"]);

    const other = await createOwner(h, "Repetidos Mantidos");
    const kept = await commit(other.cookie, "clients", { csv, mode: "valid-only", duplicates: "import" });
    expect(kept.body.data).toEqual({ imported: 6, skipped: 1, skippedInvalid: 1, skippedDuplicates: 0 });
    expect(await liveClients(other.cookie)).toHaveLength(6);
  });

  it("flags companies repeating a live company's CNPJ or e-mail, or an earlier row", async () => {
    const org = await createOwner(h, "Empresas Repetidas");
    await create(org.cookie, "companies", {
      tipo: "construtora",
      razaoSocial: "Alfa Engenharia Ltda",
      nomeFantasia: "Alfa",
      cnpj: CNPJS[0],
      email: "contato@alfa.com.br",
    });
    const csv = [
      "Tipo;Razão social;CNPJ;E-mail",
      "Construtora;Alfa Nova Ltda;11.222.333/0001-81;",
      "Fornecedor;Outra Ltda;;Contato@Alfa.com.br",
      `Parceiro;Beta Ltda;${CNPJS[1]};beta@exemplo.com.br`,
      `Parceiro;Beta Filial Ltda;${CNPJS[1]};`,
    ].join("\n");
    const p = await previewOf(org.cookie, "companies", csv);
    expect(p.rows.map((r) => [r.status, r.warnings])).toEqual([
      ["duplicate", [{ kind: "duplicate", field: "cnpj", message: "Já existe uma empresa com este CNPJ: Alfa" }]],
      ["duplicate", [{ kind: "duplicate", field: "email", message: "Já existe uma empresa com este e-mail: Alfa" }]],
      ["valid", []],
      ["duplicate", [{ kind: "duplicate", field: "cnpj", message: "Mesmo CNPJ da linha 4" }]],
    ]);
    const res = await commit(org.cookie, "companies", { csv, mode: "all" });
    expect(res.body.data).toEqual({ imported: 1, skipped: 3, skippedInvalid: 0, skippedDuplicates: 3 });
    const names = (await api<Body<CompanyRow[]>>(h, org.cookie, "GET", "/api/companies?sort=nome")).body.data.map((c) => c.razaoSocial);
    expect(names).toEqual(["Alfa Engenharia Ltda", "Beta Ltda"]);
  });

  it("links the Empresa column to a live company by CNPJ or by name (accents and case ignored); warns when it can't", async () => {
    const org = await createOwner(h, "Vínculos");
    const apice = await create(org.cookie, "companies", {
      tipo: "construtora",
      razaoSocial: "Construtora Ápice Ltda",
      nomeFantasia: "Ápice Obras",
      cnpj: CNPJS[0],
    });
    const saoJorge = await create(org.cookie, "companies", { tipo: "parceiro", razaoSocial: "Imobiliária São Jorge" });
    await create(org.cookie, "companies", { tipo: "fornecedor", razaoSocial: "Alfa Engenharia Ltda" });
    await create(org.cookie, "companies", { tipo: "fornecedor", razaoSocial: "Duplo" });
    await create(org.cookie, "companies", { tipo: "parceiro", razaoSocial: "Duplo" });
    const ghost = await create(org.cookie, "companies", { tipo: "parceiro", razaoSocial: "Fantasma Ltda" });
    expect((await api(h, org.cookie, "DELETE", `/api/companies/${ghost}`)).status).toBe(200);
    const csv = [
      "Nome;Empresa",
      "Cliente A;11.222.333/0001-81",
      "Cliente B;apice obras",
      "Cliente C;CONSTRUTORA APICE LTDA.",
      "Cliente D;  Imobiliaria Sao   Jorge ",
      "Cliente E;Fantasma Ltda",
      "Cliente F;Engenharia Ltda",
      "Cliente G;Duplo",
      `Cliente H;${CNPJS[1]}`,
      "Cliente I;",
    ].join("\n");
    const p = await previewOf(org.cookie, "clients", csv);
    expect(p.columns).toEqual([
      { header: "Nome", field: "nome" },
      { header: "Empresa", field: "empresa" },
    ]);
    expect({ valid: p.valid, duplicates: p.duplicates, invalid: p.invalid }).toEqual({ valid: 9, duplicates: 0, invalid: 0 });
    const apiceLink = { id: apice, name: "Ápice Obras" };
    expect(
      p.rows.map((r) => [r.values.nome, r.links?.empresa ?? null, r.warnings.map((w) => `${w.kind}/${w.field}: ${w.message}`)]),
    ).toEqual([
      ["Cliente A", apiceLink, []],
      ["Cliente B", apiceLink, []],
      ["Cliente C", apiceLink, []],
      ["Cliente D", { id: saoJorge, name: "Imobiliária São Jorge" }, []],
      ["Cliente E", null, ["reference/empresa: Empresa não encontrada: Fantasma Ltda — o cliente será importado sem empresa"]],
      ["Cliente F", null, ["reference/empresa: Empresa não encontrada: Engenharia Ltda — o cliente será importado sem empresa"]],
      [
        "Cliente G",
        null,
        ["reference/empresa: Mais de um registro corresponde a “Duplo” em Empresa — o cliente será importado sem empresa"],
      ],
      ["Cliente H", null, [`reference/empresa: Empresa não encontrada: ${CNPJS[1]} — o cliente será importado sem empresa`]],
      ["Cliente I", null, []],
    ]);

    const res = await commit(org.cookie, "clients", { csv, mode: "all" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.imported).toBe(9);
    expect((await liveClients(org.cookie)).map((c) => [c.nome, c.empresaId, c.empresaNome])).toEqual([
      ["Cliente A", apice, "Ápice Obras"],
      ["Cliente B", apice, "Ápice Obras"],
      ["Cliente C", apice, "Ápice Obras"],
      ["Cliente D", saoJorge, "Imobiliária São Jorge"],
      ["Cliente E", null, null],
      ["Cliente F", null, null],
      ["Cliente G", null, null],
      ["Cliente H", null, null],
      ["Cliente I", null, null],
    ]);
  });

  it("round trip: clients exported with their company come back linked to it", async () => {
    const org = await createOwner(h, "Ida e Volta");
    const company = await create(org.cookie, "companies", { tipo: "incorporadora", razaoSocial: "Incorporação Íris S.A.", cnpj: CNPJS[1] });
    const ids = [
      await create(org.cookie, "clients", {
        tipo: "pf",
        nome: "Célia Prado",
        documento: CPFS[5],
        email: "celia@exemplo.com.br",
        telefones: [{ numero: "21998761234" }],
        empresaId: company,
      }),
      await create(org.cookie, "clients", { tipo: "pf", nome: "Davi Sem Empresa", origem: "site" }),
    ];
    const { bytes } = await download(org.cookie, "/api/clients/export?format=csv&cols=nome,documento,email,telefone,empresa,origem");
    const csv = new TextDecoder().decode(bytes);
    expect(csv.split("\r\n")[0]).toBe("Nome;CPF/CNPJ;E-mail;Telefone;Empresa;Origem");
    expect(csv).toContain("\r\nCélia Prado;714.287.938-60;celia@exemplo.com.br;(21) 99876-1234;Incorporação Íris S.A.;\r\n");

    // While they are live, the file only repeats them.
    const again = await previewOf(org.cookie, "clients", csv);
    expect(again.duplicates).toBe(1);
    expect(again.rows[0]?.warnings.map((w) => w.message)).toEqual([
      "Já existe um cliente com este CPF: Célia Prado",
      "Já existe um cliente com este e-mail: Célia Prado",
      "Já existe um cliente com este telefone: Célia Prado",
    ]);

    const deleted = await api(h, org.cookie, "POST", "/api/clients/delete", { ids });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const res = await commit(org.cookie, "clients", { csv, mode: "all" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toEqual({ imported: 2, skipped: 0, skippedInvalid: 0, skippedDuplicates: 0 });
    const rows = await liveClients(org.cookie);
    expect(rows.map((r) => [r.nome, r.documento, r.email, r.telefonePrincipal, r.empresaId, r.origem])).toEqual([
      ["Célia Prado", CPFS[5], "celia@exemplo.com.br", "21998761234", company, null],
      ["Davi Sem Empresa", null, null, null, null, "site"],
    ]);
    expect(rows.some((r) => ids.includes(r.id))).toBe(false);
  });

  it("saves all chosen rows or none: a company deleted while importing rolls the whole file back", async () => {
    const org = await createOwner(h, "Tudo ou Nada");
    const company = await create(org.cookie, "companies", { tipo: "parceiro", razaoSocial: "Parceira Última" });
    const lines = ["Nome;Empresa"];
    for (let i = 1; i <= 250; i++) lines.push(`Lote ${String(i).padStart(3, "0")};${i === 250 ? "parceira ultima" : ""}`);
    const csv = lines.join("\n");
    const actorId = (await api<Body<CompanyRow>>(h, org.cookie, "GET", `/api/companies/${company}`)).body.data.criadoPor as string;

    // Another request deletes the company between the import's check and its writes.
    const base = h.ctx();
    let batches = 0;
    const db = new Proxy(base.db, {
      get(target, prop, receiver) {
        if (prop === "batch") {
          return async (statements: Parameters<typeof target.batch>[0]) => {
            batches++;
            if (batches === 2) {
              await target.update(companies).set({ excluidoEm: new Date() }).where(eq(companies.id, company));
            }
            return target.batch(statements);
          };
        }
        const value = Reflect.get(target, prop, receiver);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const error = await commitImport({ ...base, db }, actorFor(org.orgId, actorId), "clients", csv, "all").catch((e: unknown) => e);
    expect(batches).toBe(2);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe(
      "Um registro citado na planilha foi excluído durante a importação. Nada foi salvo: confira a prévia e importe de novo.",
    );
    // 250 rows are three INSERT statements; the first two held no company and were rolled back too.
    expect(await clientCount(org.orgId)).toBe(0);

    // Without the interference the same file saves every row, the last one linked.
    await h.fresh.db.update(companies).set({ excluidoEm: null }).where(eq(companies.id, company));
    const res = await commit(org.cookie, "clients", { csv, mode: "all" });
    expect(res.body.data.imported).toBe(250);
    expect(await clientCount(org.orgId)).toBe(250);
    const last = (await api<Body<ClientRow[]>>(h, org.cookie, "GET", "/api/clients?q=lote%20250")).body.data[0];
    expect(last?.empresaId).toBe(company);
  });
});
