import { Hono } from "hono";
import { ID_PATTERN } from "../../../shared/id.ts";
import type { Action } from "../../../shared/permissions.ts";
import type { AppEnv } from "../../http/types.ts";
import type { ResourceModule, RouteHelpers } from "../../resources/define.ts";
import { MAX_IMPORT_ROWS } from "../../resources/import.ts";
import { MAX_BULK } from "../../resources/records.ts";
import { ownRoutesOf } from "../../resources/own-routes.ts";
import {
  componentName,
  dataOf,
  documentedRoutes,
  integer,
  type JsonSchema,
  json,
  type Method,
  type Operation,
  type Parameter,
  type Ref,
  type ResponseObject,
  ref,
} from "../route-doc.ts";
import { sentence } from "./vocabulary.ts";
import { exampleOf } from "./request-schema.ts";
import { listParameters } from "./list-parameters.ts";

/** A resource's operations: its generic endpoints (worker/api/resources.ts) and its own routes, documented beside them. See ADR 015. */

// ---------------------------------------------------------------------------------------------
// The resource's own routes, documented beside them (worker/api/route-doc.ts)

/** The routes a module adds, read from a scratch router (their handlers never run here). */
function ownRoutes(mod: ResourceModule): ReturnType<typeof documentedRoutes> {
  const routes = ownRoutesOf(mod);
  if (!routes) return [];
  const scratch = new Hono<AppEnv>();
  const never = () => {
    throw new Error("rota lida só para a documentação");
  };
  const helpers: RouteHelpers = { run: never, notFound: never };
  routes(scratch, helpers);
  return documentedRoutes(scratch);
}

/** `/:id/x` → `/{id}/x`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

/** The path's parameters: `:id` is the shared Id parameter, any other one an id named so. */
export function pathParameters(path: string): (Parameter | Ref)[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name = ""]) =>
    name === "id"
      ? { $ref: "#/components/parameters/Id" }
      : { name, in: "path", required: true, description: `Id (${name}).`, schema: { type: "string", pattern: ID_PATTERN } },
  );
}

// ---------------------------------------------------------------------------------------------
// Operations

interface OperationSpec {
  suffix: string;
  method: Method;
  name: string;
  action: Action;
  summary: string;
  description: string;
  parameters?: (Parameter | Ref)[];
  requestBody?: Operation["requestBody"];
  ok: Record<string, ResponseObject>;
  errors: string[];
}

export function resourceOperations(mod: ResourceModule): OperationSpec[] {
  const def = mod.definition;
  const { singular, plural } = def.labels;
  const name = componentName(def.api);
  const row = ref(name);
  const input = ref(`${name}Input`);
  const example = exampleOf(mod);
  const idParam: Ref = { $ref: "#/components/parameters/Id" };
  const specs: OperationSpec[] = [];
  const totals = def.columns.filter((c) => c.total);

  specs.push({
    suffix: "",
    method: "get",
    name: "List",
    action: "read",
    summary: `Listar ${plural}`,
    description: sentence([
      `Uma página de ${plural} (${def.pageSize} por página), com busca, ordenação e filtros: o mesmo estado da URL da tela.`,
      "Página seguinte: repita a consulta com after=<nextCursor> e page=<page + 1> (paginação por chave, estável enquanto a lista muda); page sozinho também funciona.",
      totals.length
        ? `totals traz a soma de ${totals.map((c) => c.label).join(", ")} (centavos) sobre tudo o que a busca encontra.`
        : undefined,
    ]),
    parameters: listParameters(mod, "list"),
    ok: {
      "200": {
        description: "A página.",
        content: json({
          type: "object",
          required: ["data", "total", "page", "pageSize", "nextCursor"],
          properties: {
            data: { type: "array", items: row },
            total: integer("Quantos registros a busca e os filtros encontram."),
            page: { type: "integer", minimum: 1 },
            pageSize: { type: "integer", const: def.pageSize },
            nextCursor: { type: ["string", "null"], description: "Envie como after para a próxima página; null na última." },
            ...(totals.length
              ? {
                  totals: {
                    type: "object",
                    description: "Somas em centavos, por coluna.",
                    properties: Object.fromEntries(totals.map((c) => [c.key, { type: "integer", title: c.label }])),
                  },
                }
              : {}),
          },
        }),
      },
    },
    errors: ["401", "403"],
  });

  specs.push({
    suffix: "/options",
    method: "get",
    name: "Options",
    action: "read",
    summary: `Buscar ${plural} para escolher (id e título)`,
    description: `Até limit ${plural} cujo nome começa com q (sem acentos nem maiúsculas), em ordem alfabética: para selects e para achar o id a enviar num campo de relação.`,
    parameters: [
      { name: "q", in: "query", description: "Texto buscado.", schema: { type: "string", maxLength: 100 } },
      {
        name: "limit",
        in: "query",
        description: "Quantos no máximo (1 a 200; padrão 20).",
        schema: { type: "integer", minimum: 1, maximum: 200, default: 20 },
      },
    ],
    ok: { "200": { description: "Os registros encontrados.", content: json(dataOf({ type: "array", items: ref("Option") })) } },
    errors: ["401", "403"],
  });

  specs.push({
    suffix: "/export",
    method: "get",
    name: "Export",
    action: "export",
    summary: `Exportar ${plural} (CSV ou XLSX)`,
    description: `Todas as linhas que a busca e os filtros encontram (não só uma página), com as colunas pedidas, como arquivo para download. CSV em UTF-8 com BOM, separado por ponto e vírgula, como o Excel em português abre.`,
    parameters: [
      {
        name: "format",
        in: "query",
        description: "csv (padrão) ou xlsx.",
        schema: { type: "string", enum: ["csv", "xlsx"], default: "csv" },
      },
      ...listParameters(mod, "export"),
    ],
    ok: {
      "200": {
        description: "O arquivo.",
        content: {
          "text/csv": { schema: { type: "string" } },
          "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {
            schema: { type: "string", contentMediaType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
          },
        },
      },
    },
    errors: ["400", "401", "403"],
  });

  if (mod.import) {
    const spec = mod.import;
    const requiredLabel = def.fields.find((f) => f.name === spec.required)?.label ?? spec.required;
    const references = Object.values(spec.references ?? {});
    const importForm: JsonSchema = {
      type: "object",
      properties: {
        mode: {
          type: "string",
          enum: ["preview", "all", "valid-only"],
          default: "preview",
          description: "preview: só confere (nada é salvo); all: salva tudo ou nada; valid-only: salva só as linhas válidas.",
        },
        duplicates: {
          type: "string",
          enum: ["skip", "import"],
          default: "skip",
          description: "skip: deixa de fora linhas que repetem um cadastro ou outra linha; import: importa assim mesmo.",
        },
      },
    };
    specs.push({
      suffix: "/import",
      method: "post",
      name: "Import",
      action: "import",
      summary: `Importar ${plural} de uma planilha CSV`,
      description: sentence([
        `Primeiro confira (mode=preview: nada é salvo, cada linha volta com seus erros e avisos), depois importe (mode=all ou valid-only).`,
        `O arquivo precisa de uma coluna ${requiredLabel}; os cabeçalhos são os rótulos dos campos (como a exportação escreve), seus nomes ou os apelidos comuns (${Object.keys(spec.aliases).slice(0, 8).join(", ")}…).`,
        references.length
          ? `${references.map((r) => r.label).join(", ")}: o nome ou o código do registro, ligado ao cadastrado.`
          : undefined,
        `Até ${MAX_IMPORT_ROWS.toLocaleString("pt-BR")} linhas e 5 MB; separador vírgula ou ponto e vírgula; UTF-8 (com ou sem BOM).`,
        "Envie JSON {csv, mode, duplicates}, multipart/form-data com o arquivo no campo arquivo, ou o CSV puro como text/csv com ?mode=&duplicates=.",
      ]),
      parameters: [
        {
          name: "mode",
          in: "query",
          description: "Para corpos text/csv: preview, all ou valid-only.",
          schema: { type: "string", enum: ["preview", "all", "valid-only"] },
        },
        {
          name: "duplicates",
          in: "query",
          description: "Para corpos text/csv: skip ou import.",
          schema: { type: "string", enum: ["skip", "import"] },
        },
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              ...importForm,
              required: ["csv"],
              properties: { csv: { type: "string", description: "O conteúdo do arquivo CSV." }, ...importForm.properties },
            },
            example: { csv: `${def.fields.map((f) => f.label).join(";")}\n`, mode: "preview" },
          },
          "multipart/form-data": {
            schema: {
              ...importForm,
              required: ["arquivo"],
              properties: {
                arquivo: { type: "string", contentMediaType: "text/csv", description: "O arquivo CSV." },
                ...importForm.properties,
              },
            },
          },
          "text/csv": { schema: { type: "string" } },
        },
      },
      ok: {
        "200": { description: "Prévia (mode=preview): nada foi salvo.", content: json(dataOf(ref("ImportPreview"))) },
        "201": { description: "Importado (mode=all ou valid-only).", content: json(dataOf(ref("ImportResult"))) },
      },
      errors: ["400", "401", "403", "409", "413", "422"],
    });
  }

  specs.push({
    suffix: "/duplicates",
    method: "post",
    name: "Duplicates",
    action: "create",
    summary: `Conferir possíveis duplicados de ${singular}`,
    description:
      "Os registros vivos que compartilham documento, e-mail, telefone… com os campos enviados, antes de salvar. Com excluirId (o próprio registro, numa alteração), ele fica de fora e a permissão conferida é a de alterar.",
    requestBody: {
      required: true,
      content: json(
        {
          type: "object",
          description: "Os campos do registro (os mesmos do cadastro, todos opcionais) e excluirId.",
          properties: { excluirId: { type: "string", pattern: ID_PATTERN, description: "Id do registro que está sendo alterado." } },
          additionalProperties: true,
        },
        example,
      ),
    },
    ok: {
      "200": { description: "Os possíveis duplicados (vazio: nenhum).", content: json(dataOf({ type: "array", items: ref("Duplicate") })) },
    },
    errors: ["400", "401", "403"],
  });

  specs.push({
    suffix: "",
    method: "post",
    name: "Create",
    action: "create",
    summary: `Cadastrar ${singular}`,
    description:
      "Valida com as mesmas regras do formulário e salva. Um campo com nome que o recurso não tem é recusado (400 unknown_fields) e nada é salvo. Possíveis duplicados são salvos assim mesmo e voltam em duplicates.",
    requestBody: { required: true, content: json(input, example) },
    ok: { "201": { description: "Cadastrado.", content: json(ref("Saved")) } },
    errors: ["400", "401", "403", "409", "422"],
  });

  specs.push({
    suffix: "/delete",
    method: "post",
    name: "DeleteMany",
    action: "delete",
    summary: `Excluir ${plural} em lote`,
    description: `Move para a lixeira (restaurável) até ${MAX_BULK} registros de uma vez; ids que não existem são ignorados.`,
    requestBody: { required: true, content: json(ref("Ids"), { ids: ["<id>"] }) },
    ok: {
      "200": {
        description: "Quantos foram excluídos.",
        content: json(dataOf({ type: "object", required: ["deleted"], properties: { deleted: integer("Excluídos.") } })),
      },
    },
    errors: ["400", "401", "403", "409"],
  });

  specs.push({
    suffix: "/restore",
    method: "post",
    name: "RestoreMany",
    action: "delete",
    summary: `Restaurar ${plural} excluídos em lote`,
    description: `Tira da lixeira até ${MAX_BULK} registros de uma vez.`,
    requestBody: { required: true, content: json(ref("Ids"), { ids: ["<id>"] }) },
    ok: {
      "200": {
        description: "Quantos foram restaurados.",
        content: json(dataOf({ type: "object", required: ["restored"], properties: { restored: integer("Restaurados.") } })),
      },
    },
    errors: ["400", "401", "403", "409"],
  });

  specs.push({
    suffix: "/{id}",
    method: "get",
    name: "Get",
    action: "read",
    summary: `Ler ${singular}`,
    description: "Um registro vivo do negócio.",
    parameters: [idParam],
    ok: { "200": { description: "O registro.", content: json(dataOf(row)) } },
    errors: ["401", "403", "404"],
  });

  specs.push({
    suffix: "/{id}",
    method: "patch",
    name: "Update",
    action: "update",
    summary: `Alterar ${singular}`,
    description:
      "Substitui o registro inteiro, como o formulário: envie todos os campos (comece do GET); um campo ausente fica em branco. Um nome que o recurso não tem é recusado (400 unknown_fields).",
    parameters: [idParam],
    requestBody: { required: true, content: json(input, example) },
    ok: { "200": { description: "Alterado.", content: json(ref("Saved")) } },
    errors: ["400", "401", "403", "404", "409", "422"],
  });

  specs.push({
    suffix: "/{id}",
    method: "delete",
    name: "Delete",
    action: "delete",
    summary: `Excluir ${singular}`,
    description: "Move para a lixeira: restaurável com POST /{id}/restore.",
    parameters: [idParam],
    ok: {
      "200": {
        description: "Excluído.",
        content: json(dataOf({ type: "object", required: ["deleted"], properties: { deleted: integer("Excluídos (1).") } })),
      },
    },
    errors: ["401", "403", "404", "409"],
  });

  specs.push({
    suffix: "/{id}/restore",
    method: "post",
    name: "Restore",
    action: "delete",
    summary: `Restaurar ${singular} excluído`,
    description: "Tira o registro da lixeira.",
    parameters: [idParam],
    ok: {
      "200": {
        description: "Restaurado.",
        content: json(dataOf({ type: "object", required: ["restored"], properties: { restored: integer("Restaurados (1).") } })),
      },
    },
    errors: ["401", "403", "404", "409"],
  });

  if (mod.erase) {
    specs.push({
      suffix: "/{id}/lgpd",
      method: "delete",
      name: "Erase",
      action: "lgpd",
      summary: `Eliminar ${singular} para sempre (LGPD)`,
      description:
        "Apaga o registro de vez (mesmo se estiver na lixeira), a pedido do titular. Não há como desfazer; fica registrado só que houve uma eliminação. Pede a senha de quem apaga (`senha` no corpo): sempre para clientes com token; no navegador, quando a última senha digitada tem mais de 10 minutos. Sem ela: 403 no campo `senha`; errada: 400.",
      parameters: [idParam],
      requestBody: {
        required: false,
        description: "A senha de quem apaga (reautenticação).",
        content: json(
          { type: "object", required: ["senha"], additionalProperties: false, properties: { senha: { type: "string", maxLength: 200 } } },
          { senha: "sua-senha" },
        ),
      },
      ok: {
        "200": {
          description: "Eliminado.",
          content: json(dataOf({ type: "object", required: ["erased"], properties: { erased: { type: "boolean", const: true } } })),
        },
      },
      errors: ["400", "401", "403", "404"],
    });
  }

  const fixedOf = (path: string) =>
    path
      .split("/")
      .filter((part) => part && !part.startsWith(":"))
      .join("-");
  const own = ownRoutes(mod);
  for (const { method, path, doc } of own) {
    if (typeof doc.access !== "object") throw new Error(`${def.api} ${path}: a resource's route documents its action`);
    // Named by the path's fixed parts (`/por-imovel/:propertyId/matches` → PorImovelMatches): unique per resource;
    // where other methods share them (`GET /:id/folgas`, `POST /:id/folgas`), all but GET add the method (FolgasPost).
    const fixed = fixedOf(path);
    const shared = method !== "get" && own.some((r) => r.method !== method && fixedOf(r.path) === fixed);
    specs.push({
      suffix: openApiPath(path),
      method,
      name: componentName([fixed || method, shared ? method : ""].filter(Boolean).join("-")),
      action: doc.access.action,
      summary: doc.summary,
      description: doc.description,
      parameters: [...pathParameters(path), ...(doc.query ?? [])],
      ...(doc.body ? { requestBody: { required: true, content: json(doc.body, doc.bodyExample) } } : {}),
      ok: { [doc.status ?? "200"]: doc.response },
      errors: [...(doc.errors ?? []), "401", "403", "404"],
    });
  }
  return specs;
}
