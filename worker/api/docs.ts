import { Hono } from "hono";
import { escapeHtml } from "../../shared/escape.ts";
import { ACCESS_TOKEN_TTL_S } from "../auth/jwt.ts";
import type { AppEnv } from "../http/types.ts";
import { aiGenerationsReference } from "./ai-generations.ts";
import { authReference } from "./auth.ts";
import { openApiDocument } from "./openapi.ts";
import { roleList } from "./openapi/vocabulary.ts";
import {
  type DocumentedRouter,
  documented,
  type JsonSchema,
  json,
  type MediaType,
  type Method,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type Ref,
  type ResponseObject,
  type RouteDoc,
} from "./route-doc.ts";

/**
 * `GET /api/openapi.json` and `GET /api/docs`: the API's reference, public, needing no database
 * (mounted before the request context in worker/app.ts). The HTML page is written from the
 * OpenAPI document itself, so both always say the same; it is plain HTML and CSS (no script, no
 * external asset: the CSP holds), every text escaped. See ADR 015.
 */

const METHODS: readonly Method[] = ["get", "post", "put", "patch", "delete"];

/** Text for an HTML element or a quoted attribute (the one HTML escaper). */
const esc = escapeHtml;

/** A shell argument in single quotes. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function isRef(value: unknown): value is Ref {
  return typeof value === "object" && value !== null && typeof (value as Ref).$ref === "string";
}

/** Follows a local `$ref` (`#/components/...`) inside the document. */
function resolve<T>(doc: OpenApiDocument, value: T | Ref): T {
  if (!isRef(value)) return value;
  let node: unknown = doc;
  for (const part of value.$ref.replace(/^#\//, "").split("/")) node = (node as Record<string, unknown> | undefined)?.[part];
  if (node === undefined) throw new Error(`referência não encontrada: ${value.$ref}`);
  return resolve<T>(doc, node as T | Ref);
}

function anchor(api: string): string {
  return `recurso-${api.replace(/[^A-Za-z0-9-]/g, "")}`;
}

/** "texto (até 120)", "um de: pf, pj", "centavos (inteiro) ou texto"… */
function typeText(doc: OpenApiDocument, raw: JsonSchema | Ref): string {
  const schema = resolve<JsonSchema>(doc, raw);
  if (schema.anyOf) return schema.anyOf.map((s) => typeText(doc, s)).join(" ou ");
  if (schema["x-relation"]) return `id (${schema["x-relation"]})`;
  if (schema.enum) {
    // The description lists the values with their labels when it can.
    return schema.description?.includes("Valores:") ? "um dos valores" : `um de: ${schema.enum.filter((v) => v !== null).join(", ")}`;
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== "null") : schema.type;
  switch (type) {
    case "array": {
      const items = schema.items ? resolve<JsonSchema>(doc, schema.items) : undefined;
      const inner =
        items?.type === "object" && items.properties
          ? `objetos {${Object.keys(items.properties).join(", ")}}`
          : items
            ? typeText(doc, items)
            : "valores";
      return `lista${schema.maxItems !== undefined ? ` (até ${schema.maxItems} itens)` : ""} de ${inner}`;
    }
    case "string":
      if (schema.format === "date") return "data (aaaa-mm-dd)";
      if (schema.format === "date-time") return "data e hora (ISO 8601)";
      if (schema.format === "email") return "e-mail";
      if (schema.format === "uri") return "URL";
      return schema.maxLength !== undefined ? `texto (até ${schema.maxLength} caracteres)` : "texto";
    case "integer":
      return "inteiro";
    case "number":
      return "número";
    case "boolean":
      return "true ou false";
    case "object":
      return "objeto";
    default:
      return "valor";
  }
}

interface Entry {
  path: string;
  method: Method;
  op: Operation;
}

function operations(doc: OpenApiDocument): Entry[] {
  const out: Entry[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) out.push({ path, method, op });
    }
  }
  return out;
}

function jsonExample(media: MediaType | undefined): unknown {
  return media?.example;
}

function table(head: readonly string[], rows: readonly string[][]): string {
  return `<table><thead><tr>${head.map((h) => `<th scope="col">${esc(h)}</th>`).join("")}</tr></thead><tbody>${rows
    .map((r) => `<tr>${r.join("")}</tr>`)
    .join("")}</tbody></table>`;
}

const td = (html: string) => `<td>${html}</td>`;
const code = (text: string) => `<code>${esc(text)}</code>`;
const pre = (text: string) => `<pre><code>${esc(text)}</code></pre>`;

/** The description without its last paragraph ("Permitido para: …"), which the table shows apart. */
function lead(op: Operation): string {
  const parts = op.description.split("\n\n");
  return (op["x-roles"] ? parts.slice(0, -1) : parts).join(" ");
}

function resourceSection(
  doc: OpenApiDocument,
  origin: string,
  tag: { name: string; description: string; api: string },
  entries: Entry[],
): string {
  const base = `/api/${tag.api}`;
  const create = entries.find((e) => e.path === base && e.method === "post");
  const list = entries.find((e) => e.path === base && e.method === "get");
  const createMedia = create?.op.requestBody?.content["application/json"];
  const input = createMedia ? resolve<JsonSchema>(doc, createMedia.schema) : undefined;
  const required = new Set(input?.required ?? []);

  const fields = input?.properties
    ? table(
        ["Campo", "Tipo", "Obrigatório", "Descrição"],
        Object.entries(input.properties).map(([name, s]) => [
          td(`${code(name)}<br><span class="muted">${esc(s.title ?? "")}</span>`),
          td(esc(typeText(doc, s))),
          td(required.has(name) ? "sim" : "não"),
          td(esc(sentenceOf(s))),
        ]),
      )
    : "<p>Este recurso não aceita cadastro pela API.</p>";

  const ops = table(
    ["Operação", "O que faz", "Quem pode"],
    entries.map((e) => [
      td(`<span class="method method-${e.method}">${esc(e.method.toUpperCase())}</span> ${code(e.path)}`),
      td(`<strong>${esc(e.op.summary)}</strong><br><span class="muted">${esc(lead(e.op))}</span>`),
      td(esc(e.op["x-roles"] ? roleList(e.op["x-roles"]) : "todos")),
    ]),
  );

  const params = (list?.op.parameters ?? []).map((p) => resolve<Parameter>(doc, p));
  const query = params.length
    ? table(
        ["Parâmetro", "Valores"],
        params.map((p) => [td(code(p.name)), td(esc(p.description + (p.example !== undefined ? ` Ex.: ${exampleText(p)}` : "")))]),
      )
    : "";

  const example = jsonExample(createMedia);
  const curl =
    example === undefined
      ? ""
      : `<h3>Exemplo: cadastrar</h3>${pre(
          `curl -X POST ${origin}${base} \\\n  -H "Authorization: Bearer $TOKEN" \\\n  -H "content-type: application/json" \\\n  -d ${shellQuote(JSON.stringify(example, null, 2))}`,
        )}<p class="muted">Ids de exemplo (como ${code("id-empresa")}) são para trocar pelos ids reais (veja ${code("GET /api/<recurso>/options?q=")}).</p>`;

  return `<section id="${esc(anchor(tag.api))}" aria-labelledby="${esc(anchor(tag.api))}-titulo">
<h2 id="${esc(anchor(tag.api))}-titulo">${esc(tag.name)} <code>${esc(base)}</code></h2>
<p>${esc(tag.description)}</p>
<h3>Campos do cadastro</h3>${fields}
<h3>Operações</h3>${ops}
${query ? `<h3>Busca, ordenação, páginas e filtros da lista</h3>${query}` : ""}
${curl}
</section>`;
}

function sentenceOf(schema: JsonSchema): string {
  const parts = [schema.description ?? ""];
  if (schema.default !== undefined) parts.push(`Ausente: ${JSON.stringify(schema.default)}.`);
  return parts.filter(Boolean).join(" ");
}

function exampleText(p: Parameter): string {
  const values = Array.isArray(p.example) ? p.example : [p.example];
  return values.map((v) => `${p.name}=${String(v)}`).join("&");
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1c1917;--soft:#57534e;--bg:#fff;--line:#e7e5e4;--code:#f5f5f4;--accent:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--fg:#f5f5f4;--soft:#a8a29e;--bg:#1c1917;--line:#44403c;--code:#292524;--accent:#93c5fd}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:64rem;margin:0 auto;padding:2rem 1rem 4rem}
a{color:var(--accent)}
h1{font-size:2rem;margin:0 0 .5rem}
h2{font-size:1.5rem;margin:3rem 0 .5rem;padding-top:1rem;border-top:1px solid var(--line)}
h3{font-size:1.1rem;margin:1.75rem 0 .5rem}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);padding:.1em .3em;border-radius:.25rem}
pre{background:var(--code);padding:1rem;border-radius:.5rem;overflow-x:auto}
pre code{padding:0;background:none}
table{border-collapse:collapse;width:100%;margin:.5rem 0;font-size:.95rem}
th,td{border-bottom:1px solid var(--line);padding:.45rem .5rem;text-align:left;vertical-align:top}
th{font-weight:600}
.muted{color:var(--soft);font-size:.9em}
.method{display:block;font:600 .8rem ui-monospace,monospace}
.method-get{color:#15803d}.method-post{color:#1d4ed8}.method-patch{color:#a16207}.method-delete{color:#b91c1c}
nav ul{columns:2;padding-left:1.2rem}
@media (max-width:40rem){nav ul{columns:1}}
`;

/** The reference page for integrators, from the OpenAPI document. */
export function renderDocs(doc: OpenApiDocument, origin: string): string {
  const all = operations(doc);
  const resources = doc.tags
    .filter((t) => t["x-resource"])
    .map((t) => ({ name: t.name, description: t.description, api: t["x-resource"] as string }));
  const first = resources[0]?.api ?? "";
  const token = doc.paths["/api/auth/token"]?.post;
  const refresh = doc.paths["/api/auth/refresh"]?.post;
  const badRequest = resolve<ResponseObject>(doc, { $ref: "#/components/responses/BadRequest" });
  const statusOf: Record<string, string> = {
    BadRequest: "400",
    Unauthorized: "401",
    Forbidden: "403",
    NotFound: "404",
    Conflict: "409",
    PayloadTooLarge: "413",
    Unprocessable: "422",
    TooManyRequests: "429",
  };
  const errors = table(
    ["Status", "Quando"],
    Object.entries(doc.components.responses).map(([name, r]) => [td(esc(statusOf[name] ?? name)), td(esc(r.description))]),
  );

  const sections = resources
    .map((r) =>
      resourceSection(
        doc,
        origin,
        r,
        all.filter((e) => e.op.tags.includes(r.name)),
      ),
    )
    .join("\n");
  const nav = [
    ["autenticacao", "Autenticação"],
    ["erros", "Erros"],
    ["listas", "Listas, páginas e filtros"],
    ["escritas", "Cadastrar e alterar"],
    ...resources.map((r) => [anchor(r.api), r.name]),
  ]
    .map(([id, label]) => `<li><a href="#${esc(id ?? "")}">${esc(label ?? "")}</a></li>`)
    .join("");

  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(doc.info.title)} — referência para integradores</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${esc(doc.info.title)}</h1>
<p>Os mesmos registros, regras e permissões das telas do Alicerce, em JSON. Versão ${esc(doc.info.version)}. O documento OpenAPI 3.1 completo está em <a href="/api/openapi.json">${esc(`${origin}/api/openapi.json`)}</a> (importe no Postman ou no Insomnia, ou gere um cliente a partir dele).</p>
<nav aria-label="Nesta página"><ul>${nav}</ul></nav>

<section id="autenticacao" aria-labelledby="autenticacao-titulo">
<h2 id="autenticacao-titulo">Autenticação</h2>
<p>${esc(token?.description ?? "")}</p>
${pre(`curl -X POST ${origin}/api/auth/token \\\n  -H "content-type: application/json" \\\n  -d ${shellQuote(JSON.stringify(jsonExample(token?.requestBody?.content["application/json"]) ?? {}))}\n\n# resposta\n{"access_token":"eyJ…","token_type":"bearer","expires_in":${ACCESS_TOKEN_TTL_S},"refresh_token":"…"}`)}
<p>Envie o <code>access_token</code> em toda chamada, no cabeçalho <code>Authorization</code>:</p>
${pre(`TOKEN="<access_token>"\ncurl ${origin}/api/${first} -H "Authorization: Bearer $TOKEN"`)}
<p>${esc(refresh?.description ?? "")} Quando uma chamada responder 401, renove e repita:</p>
${pre(`curl -X POST ${origin}/api/auth/refresh \\\n  -H "content-type: application/json" \\\n  -d '{"refresh_token":"<refresh_token>"}'`)}
<p>No navegador, o cookie de sessão do Alicerce também vale; nesse caso, escritas só são aceitas vindas do próprio site (cabeçalho <code>Origin</code>). Integrações usam o token. <code>POST /api/auth/logout</code> encerra a sessão do token.</p>
</section>

<section id="erros" aria-labelledby="erros-titulo">
<h2 id="erros-titulo">Erros</h2>
<p>Toda recusa tem o mesmo formato: <code>message</code> em português, pronta para mostrar a uma pessoa; <code>code</code>, estável, para o seu programa decidir; <code>fields</code>, quando a recusa é de campos, com a mensagem de cada um.</p>
${pre(JSON.stringify(jsonExample(badRequest.content?.["application/json"]) ?? {}, null, 2))}
<p>Um campo com nome que o recurso não tem (um erro de digitação, um nome de outro sistema) é recusado com <code>unknown_fields</code> e nada é salvo: confira os nomes nas tabelas abaixo.</p>
${errors}
</section>

<section id="listas" aria-labelledby="listas-titulo">
<h2 id="listas-titulo">Listas, páginas e filtros</h2>
<p><code>GET /api/&lt;recurso&gt;</code> responde <code>{"data": [...], "total", "page", "pageSize", "nextCursor"}</code>. A consulta é a mesma da URL da tela:</p>
<ul>
<li><code>q</code>: busca por prefixos de palavras, sem acentos nem maiúsculas;</li>
<li><code>sort</code> e <code>dir</code> (<code>asc</code>/<code>desc</code>): as colunas ordenáveis de cada recurso estão na sua seção;</li>
<li><code>page</code>: a página (a partir de 1). Para percorrer tudo, prefira o cursor: repita a consulta com <code>after=&lt;nextCursor&gt;</code> e <code>page=&lt;page + 1&gt;</code>; <code>nextCursor</code> <code>null</code> quer dizer última página. O cursor não pula nem repete registros quando outros são cadastrados no meio do caminho;</li>
<li><code>f.&lt;coluna&gt;</code>: filtros. Listas de valores repetem o parâmetro (<code>f.uf=SP&amp;f.uf=RJ</code>: qualquer um deles); faixas são <code>min..max</code> com um lado opcional (<code>f.preco=1000..</code>, em centavos); datas são <code>aaaa-mm-dd..aaaa-mm-dd</code> (dias de São Paulo, os dois incluídos); sim/não é <code>sim</code> ou <code>nao</code>. Um filtro que não existe, ou um valor fora do formato, é ignorado.</li>
</ul>
<p><code>GET /api/&lt;recurso&gt;/export?format=csv|xlsx</code> aceita a mesma consulta (mais <code>cols=</code>) e devolve todas as linhas. <code>GET /api/&lt;recurso&gt;/options?q=</code> devolve <code>{id, title}</code>: é como achar o id a enviar num campo de relação.</p>
</section>

<section id="escritas" aria-labelledby="escritas-titulo">
<h2 id="escritas-titulo">Cadastrar e alterar</h2>
<ul>
<li><code>POST /api/&lt;recurso&gt;</code> valida com as mesmas regras do formulário e responde <code>201 {"data": {"id"}, "duplicates": [...]}</code>; possíveis duplicados (mesmo documento, e-mail, telefone…) são salvos assim mesmo e avisados em <code>duplicates</code>. <code>POST /api/&lt;recurso&gt;/duplicates</code> confere antes.</li>
<li><code>PATCH /api/&lt;recurso&gt;/{id}</code> substitui o registro inteiro, como o formulário: envie todos os campos (parta do <code>GET</code>); um campo ausente fica em branco.</li>
<li>Dinheiro: centavos (inteiro, <code>123456</code>) ou o texto em reais (<code>"1.234,56"</code>); as respostas trazem centavos. Datas: <code>aaaa-mm-dd</code>. Data e hora: ISO 8601 com o fuso. CPF, CNPJ, CEP e telefones: com ou sem máscara (as respostas trazem só os dígitos).</li>
<li>Excluir move para a lixeira (<code>POST /{id}/restore</code> desfaz). Onde há dados pessoais, <code>DELETE /{id}/lgpd</code> elimina para sempre.</li>
<li>Importação por planilha: <code>POST /api/&lt;recurso&gt;/import</code>, primeiro com <code>mode=preview</code> (nada é salvo), depois <code>mode=all</code> ou <code>valid-only</code>.</li>
</ul>
</section>

${sections}
</main>
</body>
</html>`;
}

const pages = new Map<string, string>();

function docsPage(origin: string): string {
  const cached = pages.get(origin);
  if (cached) return cached;
  const html = renderDocs(openApiDocument(origin, REFERENCE_ROUTERS), origin);
  // A few origins at most (the site, a preview); never grows without bound.
  if (pages.size >= 8) pages.clear();
  pages.set(origin, html);
  return html;
}

const OPENAPI_DOC: RouteDoc = {
  operationId: "openApi",
  access: "public",
  summary: "Este documento OpenAPI 3.1",
  description: "Gerado do registro de recursos: sempre igual ao que a API aceita. Público.",
  response: { description: "O documento.", content: json({ type: "object" }) },
};

const DOCS_DOC: RouteDoc = {
  operationId: "docs",
  access: "public",
  summary: "Referência da API para integradores (HTML)",
  description: "A mesma informação deste documento, para ler no navegador. Pública.",
  response: { description: "A página.", content: { "text/html": { schema: { type: "string" } } } },
};

/** Mounted at `/api`: public, before the request context and the sign-in check. */
export const docsApi = new Hono<AppEnv>()
  .get(
    "/openapi.json",
    documented(OPENAPI_DOC, (c) => {
      c.header("cache-control", "public, max-age=300");
      return c.json(openApiDocument(new URL(c.req.url).origin, REFERENCE_ROUTERS));
    }),
  )
  .get(
    "/docs",
    documented(DOCS_DOC, (c) => {
      c.header("cache-control", "public, max-age=300");
      return c.html(docsPage(new URL(c.req.url).origin));
    }),
  );

/** The routers besides the resources' whose documented routes the reference lists (each mounted so in worker/app.ts). */
export const REFERENCE_ROUTERS: readonly DocumentedRouter[] = [
  authReference,
  aiGenerationsReference,
  { prefix: "/api", app: docsApi, tag: { name: "Referência", description: "Esta documentação." } },
];
