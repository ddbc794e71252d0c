import { getTableColumns } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { Hono } from "hono";
import { z } from "zod";
import type { Role } from "../../shared/enums.ts";
import { ID_PATTERN } from "../../shared/id.ts";
import type { Action } from "../../shared/permissions.ts";
import type { ColumnDef, FieldDef, FilterDef } from "../../shared/resources/types.ts";
import { ACCESS_TOKEN_TTL_S } from "../auth/jwt.ts";
import type { AppEnv } from "../http/types.ts";
import type { ResourceModule, RouteHelpers } from "../resources/define.ts";
import { MAX_IMPORT_ROWS } from "../resources/import.ts";
import { MAX_BULK } from "../resources/records.ts";
import { ownRoutesOf } from "../resources/own-routes.ts";
import { moduleByApi, RESOURCES } from "../resources/registry.ts";
import {
  componentName,
  type DocumentedRouter,
  dataOf,
  documentedRoutes,
  integer,
  type JsonSchema,
  json,
  type MediaType,
  type Method,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type PathItem,
  type Ref,
  type ResponseObject,
  ref,
  type Tag,
} from "./route-doc.ts";

/**
 * The OpenAPI 3.1 document of `/api`, assembled at the first request of an isolate (then kept):
 * every resource's generic endpoints (worker/api/resources.ts), the request schema of each
 * resource from its definition's fields (cross-checked against its zod schema), the row schema
 * from its Drizzle table, and the routes documented beside their handlers (`documented`,
 * worker/api/route-doc.ts): a module's own routes and the other routers given (auth, this
 * reference). Generic code: no resource is named here. See ADR 015 and ADR 025.
 */

export type { JsonSchema, MediaType, Method, OpenApiDocument, Operation, Parameter, PathItem, Ref, ResponseObject, Tag };

export const API_VERSION = "1.0.0";

// ---------------------------------------------------------------------------------------------
// Small vocabulary

const ROLE_NAMES: Record<Role, string> = { owner: "dono", admin: "administrador", staff: "equipe", professional: "profissional" };

const DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";
const INSTANT_PATTERN = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:\\d{2})$";
const MONEY_TEXT_PATTERN = "^(R\\$ ?)?(\\d{1,3}(\\.\\d{3})+|\\d+)(,\\d{1,2})?$";
const TEL_PATTERN = "^[0-9()+. -]{10,20}$";
const CEP_PATTERN = "^\\d{5}-?\\d{3}$";
const CNPJ_PATTERN = "^[0-9A-Za-z]{2}\\.?[0-9A-Za-z]{3}\\.?[0-9A-Za-z]{3}/?[0-9A-Za-z]{4}-?\\d{2}$";
const CPF_CNPJ_PATTERN = "^[0-9A-Za-z][0-9A-Za-z./ -]{10,19}$";
const BARCODE_PATTERN = "^\\d{13}$";
const CURSOR_PATTERN = "^[A-Za-z0-9_-]+$";

const BEARER = [{ bearer: [] }];
const PUBLIC: Record<string, string[]>[] = [];

const responseRef = (name: string): Ref => ({ $ref: `#/components/responses/${name}` });

function camel(api: string): string {
  const p = componentName(api);
  return p.charAt(0).toLowerCase() + p.slice(1);
}

function sentence(parts: (string | undefined | false | null)[]): string {
  return parts.filter((p): p is string => typeof p === "string" && p.trim().length > 0).join(" ");
}

/** "dono, administrador". */
export function roleList(roles: readonly Role[]): string {
  return roles.map((r) => ROLE_NAMES[r]).join(", ");
}

/** "Permitido para: dono, administrador." (or nobody). */
export function rolesText(roles: readonly Role[]): string {
  return roles.length ? `Permitido para: ${roleList(roles)}.` : "Nenhum papel pode chamar esta operação.";
}

// ---------------------------------------------------------------------------------------------
// Request schemas: from the definition's fields, constraints cross-checked with zod

/** Properties of the zod schema as zod's own conversion sees them (input side); empty when it cannot. */
function zodProperties(mod: ResourceModule): Record<string, JsonSchema> {
  try {
    const converted = z.toJSONSchema(mod.definition.schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as JsonSchema;
    return converted.properties ?? {};
  } catch {
    return {};
  }
}

function pick(from: JsonSchema | undefined, keys: readonly (keyof JsonSchema)[]): JsonSchema {
  const out: Record<string, unknown> = {};
  if (!from) return out;
  for (const key of keys) if (typeof from[key] === "number") out[key] = from[key];
  return out as JsonSchema;
}

const LENGTHS = ["minLength", "maxLength"] as const;
const RANGE = ["minimum", "maximum"] as const;

/** The example every resource module gives, with readable ids that still match the id pattern. */
export function exampleOf(mod: ResourceModule): Record<string, unknown> {
  return mod.example((api) => `id-${slug(moduleByApi(api)?.definition.labels.singular ?? api)}`, "");
}

function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * What the schema makes of a field the body leaves out (a checkbox's false, a money field's 0):
 * the example without the field, parsed. Undefined when the field has no such value.
 */
function defaultOf(mod: ResourceModule, example: Record<string, unknown>, field: FieldDef): unknown {
  if (field.kind !== "checkbox" && field.kind !== "money" && field.kind !== "number") return undefined;
  const { [field.name]: _left, ...rest } = example;
  const parsed = mod.definition.schema.safeParse(rest);
  if (!parsed.success) return undefined;
  const value = (parsed.data as Record<string, unknown>)[field.name];
  return typeof value === "boolean" || typeof value === "number" ? value : undefined;
}

function optionsText(options: FieldDef["options"]): string | undefined {
  if (!options?.length) return undefined;
  return `Valores: ${options.map((o) => (o.label === o.value ? o.value : `${o.value} (${o.label})`)).join(", ")}.`;
}

function relationText(api: string | undefined): string {
  const target = api ? moduleByApi(api) : undefined;
  const name = target ? target.definition.labels.listTitle : (api ?? "outro recurso");
  return `Id de um registro de ${name}${api ? ` (GET /api/${api}/options?q=… devolve ids e títulos)` : ""}.`;
}

/** The JSON Schema of one field of a create/update body. */
export function fieldSchema(field: FieldDef, fromZod: JsonSchema | undefined, fields: readonly FieldDef[]): JsonSchema {
  let schema: JsonSchema;
  let note: string | undefined;
  switch (field.kind) {
    case "text":
    case "textarea":
      schema = { type: "string", ...pick(fromZod, LENGTHS) };
      break;
    case "email":
      schema = { type: "string", format: "email", ...pick(fromZod, LENGTHS) };
      note = "Guardado em minúsculas.";
      break;
    case "url":
      schema = { type: "string", format: "uri", ...pick(fromZod, LENGTHS) };
      note = "Endereço http(s); sem o esquema, https:// é acrescentado.";
      break;
    case "tel":
      schema = { type: "string", pattern: TEL_PATTERN, examples: ["(11) 91234-5678"] };
      note = "DDD + número, com ou sem máscara; guardado só com os dígitos.";
      break;
    case "cpf-cnpj":
      schema = { type: "string", pattern: CPF_CNPJ_PATTERN, ...pick(fromZod, ["maxLength"]), examples: ["529.982.247-25"] };
      note = "CPF ou CNPJ (numérico ou alfanumérico), com ou sem máscara; os dígitos verificadores são conferidos. Guardado sem máscara.";
      break;
    case "cnpj":
      schema = { type: "string", pattern: CNPJ_PATTERN, examples: ["11.222.333/0001-81"] };
      note = "CNPJ numérico ou alfanumérico, com ou sem máscara; os dígitos verificadores são conferidos. Guardado sem máscara.";
      break;
    case "cep":
      schema = { type: "string", pattern: CEP_PATTERN, examples: ["01310-100"] };
      note = "8 dígitos, com ou sem hífen.";
      break;
    case "date":
      schema = { type: "string", format: "date", pattern: DATE_PATTERN };
      note = "Data aaaa-mm-dd (dd/mm/aaaa também é aceito).";
      break;
    case "datetime":
      schema = { type: "string", format: "date-time", pattern: INSTANT_PATTERN, examples: ["2026-11-20T14:30:00-03:00"] };
      note = "Data e hora ISO 8601 com o fuso (2026-11-20T14:30:00-03:00); sem o fuso (aaaa-mm-ddTHH:mm), vale o horário de Brasília.";
      break;
    case "select":
      schema = { type: "string", enum: (field.options ?? []).map((o) => o.value) };
      note = optionsText(field.options);
      break;
    case "tags":
      schema = {
        type: "array",
        items: { type: "string", ...pick(fromZod?.items, LENGTHS) },
        ...pick(fromZod, ["maxItems"]),
      };
      note = "Lista de textos; repetidos (sem diferença de acentos e maiúsculas) contam uma vez.";
      break;
    case "phones": {
      const row = fromZod?.items?.properties;
      schema = {
        type: "array",
        ...pick(fromZod, ["maxItems"]),
        items: {
          type: "object",
          properties: {
            numero: { type: "string", title: "Número", pattern: TEL_PATTERN, description: "DDD + número, com ou sem máscara." },
            whatsapp: { type: "boolean", title: "WhatsApp", default: false, description: "O número atende no WhatsApp." },
            rotulo: { type: "string", title: "Rótulo", ...pick(row?.rotulo, LENGTHS), description: "Ex.: Celular, Comercial." },
          },
          required: ["numero"],
          additionalProperties: false,
        },
      };
      note = "O primeiro é o telefone principal.";
      break;
    }
    case "checkbox":
      schema = { type: "boolean" };
      break;
    case "money":
      schema = {
        anyOf: [
          { type: "integer", ...pick(fromZod, RANGE), description: "Centavos: 123456 = R$ 1.234,56." },
          { type: "string", pattern: MONEY_TEXT_PATTERN, description: 'Reais como se digita: "1.234,56".' },
        ],
      };
      note = 'Em centavos (inteiro) ou o texto em reais ("1.234,56").';
      break;
    case "number": {
      const decimals = field.step?.split(".")[1]?.length ?? 0;
      schema = { type: decimals ? "number" : "integer", ...pick(fromZod, RANGE) };
      note = decimals ? `Até ${decimals} casas decimais (ponto no JSON).` : undefined;
      break;
    }
    case "barcode":
      schema = { type: "string", pattern: BARCODE_PATTERN, examples: ["7891000100103"] };
      note = "EAN-13: 13 dígitos, dígito verificador conferido.";
      break;
    case "relation":
      schema = { type: "string", pattern: ID_PATTERN, ...(field.relation ? { "x-relation": field.relation } : {}) };
      note = relationText(field.relation);
      break;
  }
  const when = field.showWhen;
  const controller = when ? fields.find((f) => f.name === when.field) : undefined;
  const condition =
    when && controller
      ? `Só vale quando ${controller.name} é ${when.values.map((v) => controller.options?.find((o) => o.value === v)?.label ?? v).join(" ou ")}.`
      : undefined;
  const description = sentence([field.hint, note, condition, field.readOnly ? "Calculado: somente leitura." : undefined]);
  return {
    title: field.label,
    ...schema,
    ...(description ? { description } : {}),
    ...(field.readOnly ? { readOnly: true } : {}),
    "x-kind": field.kind,
  };
}

/** The body of `POST /api/<api>` and `PATCH /api/<api>/{id}`: every field of the definition, nothing else. */
export function requestSchema(mod: ResourceModule): JsonSchema {
  const def = mod.definition;
  const fromZod = zodProperties(mod);
  const example = exampleOf(mod);
  const properties: Record<string, JsonSchema> = {};
  for (const field of def.fields) {
    const schema = fieldSchema(field, fromZod[field.name], def.fields);
    const fallback = defaultOf(mod, example, field);
    properties[field.name] = fallback === undefined ? schema : { ...schema, default: fallback };
  }
  return {
    type: "object",
    title: def.labels.newTitle,
    description: `Os campos de ${def.labels.plural}. Opcionais podem ser omitidos; um nome que não está aqui é recusado (unknown_fields).`,
    properties,
    required: def.fields.filter((f) => f.required && !f.readOnly).map((f) => f.name),
    additionalProperties: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Row schemas: from the table's columns (the keys are the API's names) and the module's extras

/** Columns never part of a row (worker/resources/define.ts hides the same). */
const HIDDEN_COLUMNS = new Set(["orgId", "chavesBusca", "ordem", "excluidoEm", "excluidoPor"]);

const AUDIT_TITLES: Record<string, { title: string; description: string }> = {
  id: { title: "Id", description: "Identificador do registro." },
  criadoEm: { title: "Cadastrado em", description: "Instante ISO 8601 (UTC)." },
  atualizadoEm: { title: "Atualizado em", description: "Instante ISO 8601 (UTC) da última alteração." },
  criadoPor: { title: "Cadastrado por", description: "Id de quem cadastrou (null quando o usuário não existe mais)." },
  criadoPorNome: { title: "Nome de quem cadastrou", description: "Null quando desconhecido." },
  atualizadoPor: { title: "Alterado por", description: "Id de quem alterou por último." },
  atualizadoPorNome: { title: "Nome de quem alterou", description: "Null quando desconhecido." },
};

const STORED_NOTES: Partial<Record<FieldDef["kind"], string>> = {
  "cpf-cnpj": "Sem máscara: 11 dígitos (CPF) ou 14 caracteres (CNPJ).",
  cnpj: "Sem máscara: 14 caracteres.",
  cep: "8 dígitos, sem hífen.",
  tel: "Só os dígitos: DDD + número.",
  money: "Em centavos.",
  date: "Data aaaa-mm-dd.",
  datetime: "Instante ISO 8601 (UTC).",
  barcode: "13 dígitos.",
  email: "Em minúsculas.",
};

const STORED_PHONE: JsonSchema = {
  type: "object",
  required: ["numero", "whatsapp", "rotulo"],
  properties: {
    numero: { type: "string", description: "Só os dígitos: DDD + número." },
    whatsapp: { type: "boolean" },
    rotulo: { type: ["string", "null"] },
  },
};

function nullable(schema: JsonSchema, notNull: boolean): JsonSchema {
  if (notNull || schema.type === undefined) return schema;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return {
    ...schema,
    type: [...types, "null"],
    ...(schema.enum ? { enum: [...schema.enum, null] } : {}),
  };
}

function columnType(column: SQLiteColumn, field: FieldDef | undefined): JsonSchema {
  switch (column.columnType) {
    case "SQLiteTimestamp":
      return { type: "string", format: "date-time" };
    case "SQLiteBoolean":
      return { type: "boolean" };
    case "SQLiteInteger":
      return { type: "integer" };
    case "SQLiteReal":
    case "SQLiteNumeric":
      return { type: "number" };
    case "SQLiteTextJson":
      if (field?.kind === "phones") return { type: "array", items: STORED_PHONE };
      if (field?.kind === "tags") return { type: "array", items: { type: "string" } };
      return {};
    case "SQLiteCustomColumn": {
      const sqlType = column.getSQLType().toLowerCase();
      return sqlType === "integer" || sqlType === "real" || sqlType === "numeric" ? { type: "number" } : { type: "string" };
    }
    default: {
      const values = (column as SQLiteColumn & { enumValues?: readonly string[] }).enumValues;
      const schema: JsonSchema = values?.length ? { type: "string", enum: [...values] } : { type: "string" };
      if (field?.kind === "date") schema.format = "date";
      if (field?.kind === "datetime") schema.format = "date-time";
      return schema;
    }
  }
}

/** What `GET /api/<api>/{id}` answers in `data` (and each item of a list). */
export function rowSchema(mod: ResourceModule): JsonSchema {
  const def = mod.definition;
  const fields = new Map(def.fields.map((f) => [f.name, f]));
  const columns = new Map<string, ColumnDef<never>>(def.columns.map((c) => [c.key, c as ColumnDef<never>]));
  const properties: Record<string, JsonSchema> = {};
  for (const [key, column] of Object.entries(getTableColumns(mod.table) as Record<string, SQLiteColumn>)) {
    if (HIDDEN_COLUMNS.has(key)) continue;
    const field = fields.get(key);
    const audit = AUDIT_TITLES[key];
    const title = field?.label ?? columns.get(key)?.label ?? audit?.title;
    const description = sentence([
      audit?.description,
      field ? STORED_NOTES[field.kind] : key.endsWith("Centavos") ? "Em centavos." : undefined,
      field?.kind === "relation" ? relationText(field.relation) : undefined,
      field?.kind === "select" ? optionsText(field.options) : undefined,
      field ? undefined : audit ? undefined : "Calculado: somente leitura.",
    ]);
    properties[key] = {
      ...(title ? { title } : {}),
      ...nullable(columnType(column, field), column.notNull),
      ...(description ? { description } : {}),
    };
  }
  for (const key of ["criadoPorNome", "atualizadoPorNome"]) {
    properties[key] = {
      title: AUDIT_TITLES[key]?.title ?? key,
      type: ["string", "null"],
      description: AUDIT_TITLES[key]?.description ?? "",
    };
  }
  for (const key of Object.keys(mod.extras ?? {})) {
    const label = columns.get(key)?.label;
    properties[key] = {
      ...(label ? { title: label } : {}),
      type: ["string", "number", "null"],
      readOnly: true,
      description: "Calculado a partir de outros registros: somente leitura.",
    };
  }
  return {
    type: "object",
    title: def.labels.singular.charAt(0).toUpperCase() + def.labels.singular.slice(1),
    description: `Um registro de ${def.labels.plural}, como listas, ficha e exportação mostram.`,
    properties,
    required: Object.keys(properties),
  };
}

// ---------------------------------------------------------------------------------------------
// List query: the page URL's state (shared/resources/query.ts)

function filterSchema(filter: FilterDef): { schema: JsonSchema; form: string; example: unknown; explode: boolean } {
  const values = (filter.options ?? []).map((o) => o.value);
  switch (filter.type) {
    case "enum":
      return { schema: { type: "string", enum: values }, form: "um dos valores", example: values[0], explode: false };
    case "multi-enum":
      return {
        schema: { type: "array", items: { type: "string", enum: values }, maxItems: 20 },
        form: "um ou mais valores (repita o parâmetro ou separe com vírgulas): qualquer um deles",
        example: values.slice(0, 2),
        explode: true,
      };
    case "boolean":
      return { schema: { type: "string", enum: ["sim", "nao"] }, form: "sim ou nao", example: "sim", explode: false };
    case "date-range":
      return {
        schema: { type: "string", pattern: "^(\\d{4}-\\d{2}-\\d{2})?\\.\\.(\\d{4}-\\d{2}-\\d{2})?$" },
        form: "aaaa-mm-dd..aaaa-mm-dd, um dos lados pode ficar vazio; dias de São Paulo, os dois incluídos",
        example: "2026-01-01..2026-01-31",
        explode: false,
      };
    case "number-range":
      return {
        schema: { type: "string", pattern: "^(-?\\d{1,15}(\\.\\d{1,6})?)?\\.\\.(-?\\d{1,15}(\\.\\d{1,6})?)?$" },
        form: "min..max (decimais com ponto), um dos lados pode ficar vazio",
        example: "10..100",
        explode: false,
      };
    case "money-range":
      return {
        schema: { type: "string", pattern: "^(-?\\d{1,15})?\\.\\.(-?\\d{1,15})?$" },
        form: "min..max em centavos, um dos lados pode ficar vazio",
        example: "1000..50000",
        explode: false,
      };
    case "relation":
      return {
        schema: { type: "array", items: { type: "string", pattern: ID_PATTERN }, maxItems: 20 },
        form: `ids de registros de ${filter.relation ? (moduleByApi(filter.relation)?.definition.labels.listTitle ?? filter.relation) : "outro recurso"} (repita o parâmetro): qualquer um deles`,
        example: ["<id>"],
        explode: true,
      };
    case "text":
      return {
        schema: { type: "array", items: { type: "string", maxLength: 80 }, maxItems: 20 },
        form: "texto comparado sem acentos nem maiúsculas (repita o parâmetro para qualquer um deles)",
        example: undefined,
        explode: true,
      };
  }
}

function listParameters(mod: ResourceModule, use: "list" | "export"): (Parameter | Ref)[] {
  const def = mod.definition;
  const sortable = def.columns.filter((c) => c.sort);
  const params: (Parameter | Ref)[] = [
    {
      name: "q",
      in: "query",
      description: sentence([
        "Busca por prefixos de palavras, sem acentos nem maiúsculas.",
        def.labels.searchPlaceholder ? `${def.labels.searchPlaceholder}.` : undefined,
      ]),
      schema: { type: "string", maxLength: 100 },
    },
    {
      name: "sort",
      in: "query",
      description: `Ordenação: ${sortable.map((c) => `${c.key} (${c.label})`).join(", ")}. Padrão: ${def.defaultSort.key}.`,
      schema: { type: "string", enum: sortable.map((c) => c.key), default: def.defaultSort.key },
    },
    {
      name: "dir",
      in: "query",
      description:
        def.defaultSort.dir === "asc"
          ? "Direção: asc ou desc. Padrão: asc."
          : `Direção: asc ou desc. Padrão: desc na ordenação padrão (${def.defaultSort.key}), asc nas outras.`,
      schema: { type: "string", enum: ["asc", "desc"] },
    },
  ];
  if (use === "list") params.push({ $ref: "#/components/parameters/Page" }, { $ref: "#/components/parameters/After" });
  for (const column of def.columns) {
    if (!column.filter) continue;
    const { schema, form, example, explode } = filterSchema(column.filter);
    const options = column.filter.type === "enum" || column.filter.type === "multi-enum" ? optionsText(column.filter.options) : undefined;
    params.push({
      name: `f.${column.key}`,
      in: "query",
      description: sentence([`Filtro ${column.label}: ${form}.`, options]),
      schema,
      style: "form",
      explode,
      ...(example === undefined ? {} : { example }),
    });
  }
  if (use === "export") {
    params.push({
      name: "cols",
      in: "query",
      description: `Colunas do arquivo, separadas por vírgula, na ordem da lista: ${def.columns.map((c) => c.key).join(", ")}. Ausente: as colunas visíveis por padrão.`,
      schema: { type: "string" },
    });
  }
  return params;
}

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
function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

/** The path's parameters: `:id` is the shared Id parameter, any other one an id named so. */
function pathParameters(path: string): (Parameter | Ref)[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map(([, name = ""]) =>
    name === "id"
      ? { $ref: "#/components/parameters/Id" }
      : { name, in: "path", required: true, description: `Id (${name}).`, schema: { type: "string", pattern: ID_PATTERN } },
  );
}

// ---------------------------------------------------------------------------------------------
// Shared components

const ERROR: JsonSchema = {
  type: "object",
  title: "Erro",
  description: "Toda recusa da API: mensagem em português para mostrar a pessoas, código estável para programas.",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["message", "code"],
      properties: {
        message: { type: "string", description: "Em português, pronta para mostrar." },
        code: {
          type: "string",
          description:
            "validation_error, unknown_fields, domain_error, unauthenticated, invalid_token, session_revoked, forbidden, no_organization, bad_origin, not_found, internal_error.",
        },
        fields: {
          type: "object",
          additionalProperties: { type: "string" },
          description: "Mensagem por campo (validation_error, unknown_fields e algumas regras do negócio).",
        },
      },
    },
  },
};

function errorResponse(description: string, message: string, code: string, fields?: Record<string, string>): ResponseObject {
  return { description, content: json(ref("Error"), { error: { message, code, ...(fields ? { fields } : {}) } }) };
}

const RESPONSES: Record<string, ResponseObject> = {
  BadRequest: errorResponse(
    "Pedido inválido: campos com erro (validation_error, com a mensagem de cada um em fields), campo que o recurso não tem (unknown_fields) ou corpo que não é JSON.",
    "Campo desconhecido: “nascimento”. Confira os nomes em /api/docs.",
    "unknown_fields",
    { nascimento: "Campo desconhecido" },
  ),
  Unauthorized: errorResponse(
    "Sem credenciais, ou token inválido, expirado ou de sessão encerrada (unauthenticated, invalid_token, session_revoked). Renove com POST /api/auth/refresh.",
    "Entre para continuar.",
    "unauthenticated",
  ),
  Forbidden: errorResponse(
    "O papel de quem chama não permite a operação (forbidden), o cadastro do negócio não foi concluído (no_organization) ou, com cookie, a origem não é a do site (bad_origin).",
    "Você não tem permissão para esta ação.",
    "forbidden",
  ),
  NotFound: errorResponse("O registro não existe, foi excluído ou é de outro negócio.", "Registro não encontrado.", "not_found"),
  Conflict: errorResponse(
    "Conflito com outro registro ou com o estado atual (um código que já existe, estoque que ficaria negativo…). Nada foi salvo.",
    "Já existe um registro com este código.",
    "domain_error",
  ),
  PayloadTooLarge: errorResponse(
    "O corpo é grande demais (o arquivo de importação aceita até 5 MB).",
    "O arquivo é grande demais: o limite é 5 MB.",
    "domain_error",
  ),
  Unprocessable: errorResponse(
    "Os dados são válidos, mas uma regra do negócio os recusou (registro ligado que não existe, planilha com linhas com erro…). Nada foi salvo.",
    "Empresa não encontrada. Escolha uma empresa cadastrada.",
    "domain_error",
  ),
  TooManyRequests: errorResponse(
    "Tentativas demais: espere um pouco antes de tentar de novo.",
    "Muitas tentativas. Tente novamente em alguns minutos.",
    "domain_error",
  ),
};

const SHARED_SCHEMAS: Record<string, JsonSchema> = {
  Error: ERROR,
  Duplicate: {
    type: "object",
    title: "Possível duplicado",
    description: "Um registro vivo que compartilha um dado com o enviado: um aviso, nunca um bloqueio.",
    required: ["id", "title", "reason"],
    properties: {
      id: { type: "string" },
      title: { type: "string", description: "Como o registro é chamado nas telas." },
      reason: { type: "string", description: "O dado repetido: documento, e-mail, telefone…" },
    },
  },
  Saved: {
    type: "object",
    title: "Registro salvo",
    required: ["data", "duplicates"],
    properties: {
      data: { type: "object", required: ["id"], properties: { id: { type: "string", description: "Id do registro." } } },
      duplicates: { type: "array", items: ref("Duplicate"), description: "Registros que podem ser o mesmo (salvo assim mesmo)." },
    },
  },
  Option: {
    type: "object",
    required: ["id", "title"],
    properties: { id: { type: "string" }, title: { type: "string", description: "Como o registro é chamado nas telas." } },
  },
  Ids: {
    type: "object",
    title: "Ids",
    required: ["ids"],
    additionalProperties: false,
    properties: {
      ids: {
        type: "array",
        minItems: 1,
        maxItems: MAX_BULK,
        items: { type: "string", pattern: ID_PATTERN },
        description: "Ids dos registros.",
      },
    },
  },
  ImportPreview: {
    type: "object",
    title: "Prévia da importação",
    required: ["rows", "valid", "duplicates", "invalid", "columns"],
    properties: {
      rows: {
        type: "array",
        items: {
          type: "object",
          required: ["line", "values", "errors", "warnings", "status"],
          properties: {
            line: { type: "integer", description: "Linha do arquivo (o cabeçalho é a linha 1)." },
            values: { type: "object", additionalProperties: { type: "string" }, description: "Células por campo, como no arquivo." },
            errors: {
              type: "object",
              additionalProperties: { type: "string" },
              description: "Mensagem por campo; vazio quando a linha é válida.",
            },
            warnings: {
              type: "array",
              items: {
                type: "object",
                required: ["kind", "field", "message"],
                properties: {
                  kind: { type: "string", enum: ["duplicate", "reference"] },
                  field: { type: "string" },
                  message: { type: "string" },
                },
              },
            },
            status: { type: "string", enum: ["valid", "duplicate", "invalid"] },
            links: {
              type: "object",
              additionalProperties: {
                type: "object",
                required: ["id", "name"],
                properties: { id: { type: "string" }, name: { type: "string" } },
              },
              description: "Registros a que as colunas de referência foram ligadas.",
            },
          },
        },
      },
      valid: integer("Linhas prontas para importar."),
      duplicates: integer("Linhas sem erro que repetem um cadastro ou outra linha."),
      invalid: integer("Linhas com erro."),
      columns: {
        type: "array",
        description: "Como cada cabeçalho foi entendido (field null: ignorado).",
        items: {
          type: "object",
          required: ["header", "field"],
          properties: { header: { type: "string" }, field: { type: ["string", "null"] } },
        },
      },
    },
  },
  ImportResult: {
    type: "object",
    title: "Resultado da importação",
    required: ["imported", "skipped", "skippedInvalid", "skippedDuplicates"],
    properties: {
      imported: integer("Registros salvos."),
      skipped: integer("Linhas deixadas de fora."),
      skippedInvalid: integer("Linhas com erro deixadas de fora."),
      skippedDuplicates: integer("Linhas repetidas deixadas de fora."),
    },
  },
};

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

const ERROR_STATUS: Record<string, string> = {
  "400": "BadRequest",
  "401": "Unauthorized",
  "403": "Forbidden",
  "404": "NotFound",
  "409": "Conflict",
  "413": "PayloadTooLarge",
  "422": "Unprocessable",
  "429": "TooManyRequests",
};

function responsesOf(ok: Record<string, ResponseObject>, errors: readonly string[]): Operation["responses"] {
  const out: Operation["responses"] = { ...ok };
  for (const status of errors) out[status] = responseRef(ERROR_STATUS[status] ?? "BadRequest");
  return out;
}

function resourceOperations(mod: ResourceModule): OperationSpec[] {
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

  for (const { method, path, doc } of ownRoutes(mod)) {
    if (typeof doc.access !== "object") throw new Error(`${def.api} ${path}: a resource's route documents its action`);
    // Named by the path's fixed parts (`/por-imovel/:propertyId/matches` → PorImovelMatches): unique per resource.
    const fixed = path
      .split("/")
      .filter((part) => part && !part.startsWith(":"))
      .join("-");
    specs.push({
      suffix: openApiPath(path),
      method,
      name: componentName(fixed || method),
      action: doc.access.action,
      summary: doc.summary,
      description: doc.description,
      parameters: pathParameters(path),
      ...(doc.body ? { requestBody: { required: true, content: json(doc.body, doc.bodyExample) } } : {}),
      ok: { [doc.status ?? "200"]: doc.response },
      errors: [...(doc.errors ?? []), "401", "403", "404"],
    });
  }
  return specs;
}

// ---------------------------------------------------------------------------------------------
// The document

/** The documented routes of the routers outside the resources (auth, this reference…), under their tags. */
function routerPaths(routers: readonly DocumentedRouter[], schemas: Record<string, JsonSchema>): Record<string, PathItem> {
  const paths: Record<string, PathItem> = {};
  for (const router of routers) {
    for (const { method, path, doc } of documentedRoutes(router.app)) {
      if (typeof doc.access === "object") throw new Error(`${router.prefix}${path}: only a resource's route has an action`);
      Object.assign(schemas, doc.schemas);
      const full = `${router.prefix}${openApiPath(path)}`;
      const parameters = pathParameters(path);
      paths[full] = {
        ...paths[full],
        [method]: {
          operationId: doc.operationId ?? camel(`${router.prefix}-${path}`),
          tags: [router.tag.name],
          summary: doc.summary,
          description: doc.description,
          ...(parameters.length ? { parameters } : {}),
          ...(doc.body ? { requestBody: { required: true, content: json(doc.body, doc.bodyExample) } } : {}),
          responses: responsesOf({ [doc.status ?? "200"]: doc.response }, doc.errors ?? []),
          security: doc.access === "public" ? PUBLIC : BEARER,
        },
      };
    }
  }
  return paths;
}

const DESCRIPTION = `API JSON do Alicerce: os mesmos registros, regras e permissões das telas.

**Autenticação.** \`POST /api/auth/token\` com \`{"email", "senha"}\` devolve um \`access_token\` (JWT, ${ACCESS_TOKEN_TTL_S / 60} minutos) e um \`refresh_token\` (uso único). Envie \`Authorization: Bearer <access_token>\` em toda chamada; quando ele expirar (401), troque o \`refresh_token\` por um par novo em \`POST /api/auth/refresh\`. No navegador, o cookie de sessão também vale (escritas só da mesma origem).

**Erros.** Toda recusa é \`{"error": {"message", "code", "fields"?}}\`: \`message\` em português, para mostrar a pessoas; \`code\` estável, para programas; \`fields\` com a mensagem de cada campo. Um campo com nome que o recurso não tem é recusado (400 \`unknown_fields\`), para que um erro de digitação nunca se perca em silêncio.

**Listas.** \`page\`, \`sort\`, \`dir\`, \`q\` e filtros \`f.<coluna>\`, como na URL da tela. Para a próxima página, envie \`after=<nextCursor>\` com \`page=<page + 1>\`; \`nextCursor\` null é a última.

**Permissões.** Cada operação diz os papéis que podem chamá-la ("Permitido para", e \`x-roles\`); os outros recebem 403.

Referência para ler: [/api/docs](/api/docs).`;

/** The whole document, without `servers` (they are the request's origin): the resources, then the other routers' documented routes. */
export function buildOpenApi(routers: readonly DocumentedRouter[]): OpenApiDocument {
  const modules = RESOURCES as unknown as readonly ResourceModule[];
  const schemas: Record<string, JsonSchema> = { ...SHARED_SCHEMAS };
  const paths: Record<string, PathItem> = routerPaths(routers, schemas);
  const tags: Tag[] = routers.map((r) => r.tag);
  for (const mod of modules) {
    const def = mod.definition;
    const name = componentName(def.api);
    schemas[name] = rowSchema(mod);
    schemas[`${name}Input`] = requestSchema(mod);
    const tag = def.labels.listTitle;
    tags.push({
      name: tag,
      description: `Os registros de ${def.labels.plural} do negócio, em /api/${def.api}.`,
      "x-resource": def.api,
    });
    for (const spec of resourceOperations(mod)) {
      const roles = [...def.access[spec.action]];
      if (!roles.length) continue;
      const path = `/api/${def.api}${spec.suffix}`;
      const item = paths[path] ?? {};
      item[spec.method] = {
        operationId: `${camel(def.api)}${spec.name}`,
        tags: [tag],
        summary: spec.summary,
        description: `${spec.description}\n\n${rolesText(roles)}`,
        ...(spec.parameters?.length ? { parameters: spec.parameters } : {}),
        ...(spec.requestBody ? { requestBody: spec.requestBody } : {}),
        responses: responsesOf(spec.ok, spec.errors),
        security: BEARER,
        "x-action": spec.action,
        "x-roles": roles,
      };
      paths[path] = item;
    }
  }
  return {
    openapi: "3.1.0",
    info: { title: "Alicerce API", version: API_VERSION, description: DESCRIPTION },
    servers: [],
    security: BEARER,
    tags,
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "O access_token de POST /api/auth/token, no cabeçalho Authorization: Bearer <token>.",
        },
      },
      schemas,
      parameters: {
        Id: { name: "id", in: "path", required: true, description: "Id do registro.", schema: { type: "string", pattern: ID_PATTERN } },
        Page: {
          name: "page",
          in: "query",
          description: "Número da página, a partir de 1 (com after: o número da página que o cursor abre).",
          schema: { type: "integer", minimum: 1, maximum: 100_000, default: 1 },
        },
        After: {
          name: "after",
          in: "query",
          description: "O nextCursor da página anterior (paginação por chave).",
          schema: { type: "string", maxLength: 600, pattern: CURSOR_PATTERN },
        },
      },
      responses: RESPONSES,
    },
  };
}

let cached: OpenApiDocument | null = null;

/** The document for a request: built once per isolate, `servers` set to the request's origin. */
export function openApiDocument(origin: string, routers: readonly DocumentedRouter[]): OpenApiDocument {
  cached ??= buildOpenApi(routers);
  return { ...cached, servers: [{ url: origin, description: "Este servidor" }] };
}
