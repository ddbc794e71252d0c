import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { clients } from "../../db/schema/index.ts";
import type { ClientRow } from "../../app/modules/clients/definition.ts";
import type { ImportPreview } from "../../worker/resources/index.ts";
import { createHarness, createOwner, type Harness } from "./harness.ts";
import { addMember, api, CPFS, errorMessage } from "./records.ts";
import { unzip } from "../support/unzip.ts";

let h: Harness;
let a: Awaited<ReturnType<typeof createOwner>>;

type Body<T> = { data: T; total?: number };

async function clientCount(orgId: string): Promise<number> {
  const [row] = await h.fresh.db.select({ n: count() }).from(clients).where(eq(clients.orgId, orgId));
  return row?.n ?? 0;
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
    expect(preview.invalid).toBe(2);
    expect(preview.rows.map((r) => r.line)).toEqual([2, 4, 5, 7]);
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
    const all = await api(h, org.cookie, "POST", "/api/clients/import", { csv: GOOD_AND_BAD, mode: "all" });
    expect(all.status).toBe(422);
    expect(errorMessage(all.body)).toBe("A planilha tem 2 linhas com erros. Corrija o arquivo ou importe só as linhas válidas.");
    expect(await clientCount(org.orgId)).toBe(0);
    const valid = await api<Body<{ imported: number; skipped: number }>>(h, org.cookie, "POST", "/api/clients/import", {
      csv: GOOD_AND_BAD,
      mode: "valid-only",
    });
    expect(valid.status).toBe(201);
    expect(valid.body.data).toEqual({ imported: 2, skipped: 2 });
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
    const res = await h.request("/api/clients/import", { method: "POST", cookie: org.cookie, body: form });
    expect(res.status).toBe(201);
    expect(Number(res.headers.get("x-db-round-trips"))).toBeLessThanOrEqual(2);
    expect(((await res.json()) as Body<{ imported: number }>).data.imported).toBe(2);
    const rows = (await api<Body<ClientRow[]>>(h, org.cookie, "GET", "/api/clients?f.cidade=santos")).body.data;
    expect(rows.map((r) => [r.nome, r.tipo, r.documento])).toEqual([
      ["Gustavo Prado", "pf", null],
      ["Imobiliária Sol, Mar", "pj", "45723174000110"],
    ]);
  });

  it("re-imports its own export", async () => {
    const exported = await download(a.cookie, "/api/clients/export?format=csv&q=joao");
    const org = await createOwner(h, "Espelho");
    const csv = new TextDecoder().decode(exported.bytes);
    const res = await api<Body<{ imported: number }>>(h, org.cookie, "POST", "/api/clients/import", { csv, mode: "all" });
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
    const staff = await addMember(h, a.orgId, "staff");
    expect((await api(h, staff.cookie, "POST", "/api/clients/import", { csv: "Nome\nAlguém", mode: "all" })).status).toBe(403);
    expect((await api(h, staff.cookie, "GET", "/api/clients/export?format=csv")).status).toBe(200);
  });

  it("imports companies with their own headers", async () => {
    const org = await createOwner(h, "Empresas CSV");
    const csv =
      "Tipo;Razão social;Nome fantasia;CNPJ;Inscrição estadual;Telefone\nConstrutora;Alfa Engenharia Ltda;Alfa;11.222.333/0001-81;ISENTO;(11) 3333-4444\nCondomínio;Residencial Ipê;;;;\n";
    const res = await api<Body<{ imported: number }>>(h, org.cookie, "POST", "/api/companies/import", { csv, mode: "all" });
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
