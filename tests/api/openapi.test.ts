/**
 * The API reference (`GET /api/openapi.json`, `GET /api/docs`, ADR 015) against the registry and
 * the real router: every resource's operations are there and exist, every `$ref` resolves, each
 * definition's fields are its request schema (labels, required, nothing else), each module's
 * example passes both its zod schema and the generated JSON Schema (a small validator for the
 * subset the generator writes: it refuses any keyword it does not know), rows the API really
 * answers match the row schemas, and an integrator who misspells a field is told which one.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { rolesAllowed } from "../../shared/permissions.ts";
import { createApp } from "../../worker/app.ts";
import { REFERENCE_ROUTERS, renderDocs } from "../../worker/api/docs.ts";
import {
  buildOpenApi,
  type JsonSchema,
  type MediaType,
  type Method,
  type OpenApiDocument,
  type Operation,
  type Ref,
  type ResponseObject,
} from "../../worker/api/openapi.ts";
import type { ResourceModule } from "../../worker/resources/define.ts";
import { RESOURCES } from "../../worker/resources/registry.ts";
import { createHarness, createOwner, type Harness, ORIGIN } from "./harness.ts";
import { prepareResource } from "./resource-prerequisites.ts";

const MODULES = RESOURCES as unknown as readonly ResourceModule[];
const METHODS: readonly Method[] = ["get", "post", "put", "patch", "delete"];
/** Operations anyone may call. */
const PUBLIC = new Set(["POST /api/auth/token", "POST /api/auth/refresh", "GET /api/openapi.json", "GET /api/docs"]);

let h: Harness;
let doc: OpenApiDocument;
let bearer: string;
let orgId: string;

beforeAll(async () => {
  h = await createHarness();
  const owner = await createOwner(h, "OpenAPI");
  orgId = owner.orgId;
  const res = await h.request("/api/auth/token", { json: { email: owner.email, senha: owner.password } });
  expect(res.status).toBe(200);
  bearer = String(((await res.json()) as { access_token: string }).access_token);
  const served = await h.request("/api/openapi.json");
  expect(served.status).toBe(200);
  doc = (await served.json()) as OpenApiDocument;
});

// ---------------------------------------------------------------------------------------------
// Helpers

function pascal(api: string): string {
  return api
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((p) => p.charAt(0).toUpperCase() + p.slice(1))
    .join("");
}

function pointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split("/")) {
    const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof node !== "object" || node === null || !(part in node)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function deref<T>(value: T | Ref): T {
  let node: unknown = value;
  for (let i = 0; i < 10 && typeof node === "object" && node !== null && "$ref" in node; i++) {
    node = pointer(doc, (node as Ref).$ref);
  }
  return node as T;
}

function operationsOf(document: OpenApiDocument): { key: string; path: string; method: Method; op: Operation }[] {
  const out: { key: string; path: string; method: Method; op: Operation }[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) out.push({ key: `${method.toUpperCase()} ${path}`, path, method, op });
    }
  }
  return out;
}

function jsonBodyOf(op: Operation | undefined): MediaType | undefined {
  return op?.requestBody?.content["application/json"];
}

function okSchema(op: Operation, status: string): JsonSchema {
  const response = deref<ResponseObject>(op.responses[status] as ResponseObject | Ref);
  const media = response.content?.["application/json"];
  if (!media) throw new Error(`${op.operationId}: no JSON ${status}`);
  return media.schema;
}

const KEYWORDS = new Set([
  "$ref",
  "type",
  "title",
  "description",
  "format",
  "pattern",
  "enum",
  "const",
  "default",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "minItems",
  "maxItems",
  "items",
  "properties",
  "required",
  "additionalProperties",
  "anyOf",
  "allOf",
  "readOnly",
  "examples",
  "contentMediaType",
  "x-kind",
  "x-relation",
]);

function typeOk(type: string, value: unknown): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "string":
      return typeof value === "string";
    case "integer":
      return Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    default:
      throw new Error(`tipo desconhecido: ${type}`);
  }
}

function formatOk(format: string, value: string): boolean {
  switch (format) {
    case "date": {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (!m) return false;
      const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
      return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
    }
    case "date-time":
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) && !Number.isNaN(Date.parse(value));
    case "email":
      return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);
    case "uri":
      return URL.canParse(value);
    default:
      throw new Error(`formato desconhecido: ${format}`);
  }
}

/**
 * Errors of `value` against `schema` (empty: valid), for the JSON Schema subset the generator
 * writes. A keyword outside that subset is an error itself, so the generator cannot emit one
 * this validator silently ignores.
 */
function validate(schema: JsonSchema, value: unknown, at = "$"): string[] {
  const unknown = Object.keys(schema).filter((k) => !KEYWORDS.has(k));
  if (unknown.length) return [`${at}: palavras-chave fora do subconjunto: ${unknown.join(", ")}`];
  if (schema.$ref) {
    const target = pointer(doc, schema.$ref) as JsonSchema | undefined;
    return target ? validate(target, value, at) : [`${at}: $ref sem destino ${schema.$ref}`];
  }
  const errors: string[] = [];
  for (const part of schema.allOf ?? []) errors.push(...validate(part, value, at));
  if (schema.anyOf && !schema.anyOf.some((part) => validate(part, value, at).length === 0))
    errors.push(`${at}: nenhuma alternativa de anyOf`);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => typeOk(t, value))) return [...errors, `${at}: esperava ${types.join("|")}, veio ${JSON.stringify(value)}`];
  }
  if (schema.enum && !schema.enum.includes(value as never))
    errors.push(`${at}: ${JSON.stringify(value)} fora de ${schema.enum.join(", ")}`);
  if (schema.const !== undefined && value !== schema.const) errors.push(`${at}: esperava ${String(schema.const)}`);
  if (typeof value === "string") {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) errors.push(`${at}: menor que ${schema.minLength}`);
    if (schema.maxLength !== undefined && length > schema.maxLength) errors.push(`${at}: maior que ${schema.maxLength}`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, "u").test(value)) errors.push(`${at}: não casa com ${schema.pattern}`);
    if (schema.format !== undefined && !formatOk(schema.format, value)) errors.push(`${at}: não é ${schema.format}`);
  }
  if (typeof value === "number") {
    if (schema.minimum !== undefined && value < schema.minimum) errors.push(`${at}: menor que ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) errors.push(`${at}: maior que ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) errors.push(`${at}: menos de ${schema.minItems} itens`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) errors.push(`${at}: mais de ${schema.maxItems} itens`);
    if (schema.items) for (const [i, item] of value.entries()) errors.push(...validate(schema.items, item, `${at}[${i}]`));
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in record)) errors.push(`${at}: falta ${key}`);
    for (const [key, item] of Object.entries(record)) {
      const property = schema.properties?.[key];
      if (property) errors.push(...validate(property, item, `${at}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${at}: propriedade desconhecida ${key}`);
      else if (typeof schema.additionalProperties === "object") errors.push(...validate(schema.additionalProperties, item, `${at}.${key}`));
    }
  }
  return errors;
}

/** Every schema below `node` (to check keywords and references everywhere). */
function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) collectRefs(item, out);
  else if (typeof node === "object" && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") out.push(value);
      else collectRefs(value, out);
    }
  }
  return out;
}

async function call(method: string, path: string, json?: unknown) {
  const res = await h.request(path, { method, bearer, ...(json === undefined ? {} : { json }) });
  const type = res.headers.get("content-type") ?? "";
  return { status: res.status, body: (type.includes("json") ? await res.json() : await res.text()) as Record<string, unknown> };
}

// ---------------------------------------------------------------------------------------------

describe("GET /api/openapi.json", () => {
  it("is public, JSON, OpenAPI 3.1, with the request's origin as the server", async () => {
    const res = await h.request("/api/openapi.json", { headers: { authorization: "Bearer nao-e-um-token" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    const body = (await res.json()) as OpenApiDocument;
    expect(body.openapi).toBe("3.1.0");
    expect(body.info.title).toBe("Alicerce API");
    expect(body.info.description).toContain("Authorization: Bearer");
    expect(body.servers).toEqual([{ url: ORIGIN, description: "Este servidor" }]);
    expect(body.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
    expect(body.security).toEqual([{ bearer: [] }]);
    // The same document as built in-process (served from the isolate's copy).
    expect({ ...body, servers: [] }).toEqual(JSON.parse(JSON.stringify(buildOpenApi(REFERENCE_ROUTERS))));
  });

  it("resolves every $ref and writes only the JSON Schema subset it knows", () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(20);
    for (const r of refs) expect(pointer(doc, r), r).toBeDefined();
    // Keywords of every schema, checked by validating nothing against it would not reach all; walk them.
    const schemas: JsonSchema[] = Object.values(doc.components.schemas);
    for (const { op } of operationsOf(doc)) {
      for (const media of Object.values(op.requestBody?.content ?? {})) schemas.push(media.schema);
      for (const response of Object.values(op.responses))
        for (const media of Object.values((response as ResponseObject).content ?? {})) schemas.push(media.schema);
    }
    const walk = (s: JsonSchema, at: string) => {
      const unknown = Object.keys(s).filter((k) => !KEYWORDS.has(k));
      expect(unknown, at).toEqual([]);
      for (const p of Object.values(s.properties ?? {})) walk(p, at);
      if (s.items) walk(s.items, at);
      if (typeof s.additionalProperties === "object") walk(s.additionalProperties, at);
      for (const p of [...(s.anyOf ?? []), ...(s.allOf ?? [])]) walk(p, at);
    };
    for (const [i, s] of schemas.entries()) walk(s, String(i));
  });

  it("has the auth endpoints, public, and every other operation behind the bearer token", () => {
    for (const key of ["POST /api/auth/token", "POST /api/auth/refresh", "POST /api/auth/logout"]) {
      expect(
        operationsOf(doc).some((o) => o.key === key),
        key,
      ).toBe(true);
    }
    for (const { key, op } of operationsOf(doc)) {
      if (PUBLIC.has(key)) expect(op.security, key).toEqual([]);
      else {
        expect(op.security, key).toEqual([{ bearer: [] }]);
        expect(op.responses["401"], key).toBeDefined();
      }
    }
  });

  it("gives every operation a pt-BR summary and description, a unique id and a success answer", () => {
    const ids = new Set<string>();
    for (const { key, op } of operationsOf(doc)) {
      expect(op.summary, key).toMatch(/^[A-ZÁÉÍÓÚ][a-zà-ú]/);
      expect(op.summary, key).not.toMatch(/\b(list|get|create|update|delete|remove|export|import|restore|search|returns?)\b/i);
      expect(op.description.length, key).toBeGreaterThan(20);
      expect(ids.has(op.operationId), op.operationId).toBe(false);
      ids.add(op.operationId);
      expect(
        Object.keys(op.responses).some((s) => /^2\d\d$/.test(s)),
        key,
      ).toBe(true);
      for (const [status, response] of Object.entries(op.responses)) {
        if (/^[45]/.test(status))
          expect(okSchema({ ...op, responses: { [status]: response } }, status)).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
  });

  it("documents every generic endpoint of every resource, as the permission table allows", () => {
    for (const mod of MODULES) {
      const def = mod.definition;
      const base = `/api/${def.api}`;
      const item = (suffix: string) => doc.paths[`${base}${suffix}`] ?? {};
      // A record nobody deletes (a sale is cancelled instead) documents no delete nor restore.
      const deletable = rolesAllowed(def.access, "delete").length > 0;
      const expected: [string, Method, boolean][] = [
        ["", "get", true],
        ["", "post", true],
        ["/options", "get", true],
        ["/export", "get", true],
        ["/duplicates", "post", true],
        ["/delete", "post", deletable],
        ["/restore", "post", deletable],
        ["/{id}", "get", true],
        ["/{id}", "patch", rolesAllowed(def.access, "update").length > 0],
        ["/{id}", "delete", deletable],
        ["/{id}/restore", "post", deletable],
        ["/{id}/lgpd", "delete", Boolean(mod.erase)],
        ["/import", "post", Boolean(mod.import)],
      ];
      for (const [suffix, method, present] of expected) {
        const op = item(suffix)[method];
        expect(Boolean(op), `${method.toUpperCase()} ${base}${suffix}`).toBe(present);
        if (!op) continue;
        expect(op.tags, op.operationId).toEqual([def.labels.listTitle]);
        const roles = rolesAllowed(def.access, op["x-action"] as keyof typeof def.access);
        expect(op["x-roles"], op.operationId).toEqual(roles);
        expect(op.description, op.operationId).toMatch(/Permitido para: [a-z, ]+\.$/);
        const codes = Object.keys(op.responses);
        expect(codes, op.operationId).toEqual(expect.arrayContaining(["401", "403"]));
        if (suffix.includes("{id}")) expect(codes, op.operationId).toContain("404");
        if (method === "post" && (suffix === "" || suffix === "/import"))
          expect(codes).toEqual(expect.arrayContaining(["400", "409", "422"]));
      }
      const list = item("").get as Operation;
      const params = (list.parameters ?? []).map((p) => deref<{ name: string; schema: JsonSchema }>(p));
      const sort = params.find((p) => p.name === "sort");
      expect(sort?.schema.enum).toEqual(def.columns.filter((c) => c.sort).map((c) => c.key));
      const filters = params.filter((p) => p.name.startsWith("f.")).map((p) => p.name);
      expect(filters).toEqual(def.columns.filter((c) => c.filter).map((c) => `f.${c.key}`));
      expect(params.map((p) => p.name)).toEqual(expect.arrayContaining(["q", "dir", "page", "after"]));
    }
  });

  it("documents only routes the router has, and every route of a resource (new one: document it beside the route)", () => {
    const app = createApp({ renderPage: async () => new Response(""), buildVersion: async () => "" });
    const routes = new Set(
      app.routes
        .filter((r) => r.method !== "ALL")
        .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}").replace(/(.)\/$/, "$1")}`),
    );
    const documented = new Set(operationsOf(doc).map((o) => o.key));
    for (const key of documented) expect(routes.has(key), `${key} is documented but not routed`).toBe(true);
    for (const mod of MODULES) {
      const def = mod.definition;
      for (const key of routes) {
        const [method, path] = key.split(" ") as [string, string];
        if (path !== `/api/${def.api}` && !path.startsWith(`/api/${def.api}/`)) continue;
        // Left out on purpose: nobody may call them.
        if (method === "PATCH" && rolesAllowed(def.access, "update").length === 0) continue;
        const deleting =
          (method === "DELETE" && path === `/api/${def.api}/{id}`) || /^\/api\/[^/]+(\/\{id\})?\/(delete|restore)$/.test(path);
        if (deleting && rolesAllowed(def.access, "delete").length === 0) continue;
        if (path.endsWith("/import") && !mod.import) continue;
        expect(documented.has(key), `${key} is routed but not documented`).toBe(true);
      }
    }
  });
});

describe("request schemas from the definitions", () => {
  it("has every field of every definition, with its label, its required flag and nothing else", () => {
    for (const mod of MODULES) {
      const def = mod.definition;
      const schema = doc.components.schemas[`${pascal(def.api)}Input`] as JsonSchema;
      expect(schema.additionalProperties, def.api).toBe(false);
      expect(Object.keys(schema.properties ?? {}), def.api).toEqual(def.fields.map((f) => f.name));
      for (const field of def.fields) {
        const property = schema.properties?.[field.name] as JsonSchema;
        expect(property.title, `${def.api}.${field.name}`).toBe(field.label);
        expect(property["x-kind"], `${def.api}.${field.name}`).toBe(field.kind);
        if (field.hint) expect(property.description, `${def.api}.${field.name}`).toContain(field.hint);
        if (field.options && field.kind === "color") {
          // A colour's options are the palette offered: any #rrggbb is accepted, so no enum; the palette is named.
          expect(property.enum, `${def.api}.${field.name}`).toBeUndefined();
          for (const option of field.options) expect(property.description).toContain(`${option.value} ${option.label}`);
        } else if (field.options) {
          // A list of choices names its values on its items.
          const listed = field.kind === "choices" ? (property.items as JsonSchema | undefined)?.enum : property.enum;
          expect(listed, `${def.api}.${field.name}`).toEqual(field.options.map((o) => o.value));
          for (const option of field.options) expect(property.description).toContain(option.label);
        }
        if (field.kind === "relation") expect(property["x-relation"]).toBe(field.relation);
      }
      expect(schema.required, def.api).toEqual(def.fields.filter((f) => f.required).map((f) => f.name));
      // The same body for create and update.
      expect(jsonBodyOf(doc.paths[`/api/${def.api}`]?.post)?.schema).toEqual({ $ref: `#/components/schemas/${pascal(def.api)}Input` });
    }
  });

  it("agrees with the zod schema: required fields, option lists and limits", () => {
    for (const mod of MODULES) {
      const def = mod.definition;
      const schema = doc.components.schemas[`${pascal(def.api)}Input`] as JsonSchema;
      const example = jsonBodyOf(doc.paths[`/api/${def.api}`]?.post)?.example as Record<string, unknown>;
      const fromZod =
        (z.toJSONSchema(def.schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as JsonSchema).properties ?? {};
      for (const field of def.fields) {
        const at = `${def.api}.${field.name}`;
        // Left out, a required field is refused — or filled by the server (a default such as
        // etapa "novo"): the document asks more than the server, never less. An optional field
        // is accepted, unless a rule across fields asks for it in this example (a listing's
        // price for its finalidade; what a property needs to leave rascunho): zod's "custom"
        // issue, with a pt-BR message naming what is missing.
        const { [field.name]: _left, ...without } = example;
        const parsed = def.schema.safeParse(without);
        const issues = parsed.error?.issues.filter((i) => i.path[0] === field.name) ?? [];
        if (field.required) {
          const filled = parsed.success && (parsed.data as Record<string, unknown>)[field.name] !== undefined;
          expect(issues.length > 0 || filled, `${at}: zod refuses it missing or fills it`).toBe(true);
        } else {
          for (const issue of issues) {
            expect(issue.code, `${at}: refused missing only by a rule across fields`).toBe("custom");
            expect(issue.message, at).toMatch(/obrigatório|Informe|Escolha/);
          }
        }
        const zodEnum = fromZod[field.name]?.enum;
        // The same values; an enum's order means nothing to JSON Schema (forms list the safest first).
        const sorted = (values: unknown[] | undefined) => [...(values ?? [])].map(String).sort();
        if (zodEnum && field.options) expect(sorted(schema.properties?.[field.name]?.enum), at).toEqual(sorted(zodEnum));
        const zodMax = fromZod[field.name]?.maxLength;
        if (zodMax !== undefined && (field.kind === "text" || field.kind === "textarea")) {
          expect(schema.properties?.[field.name]?.maxLength, at).toBe(zodMax);
        }
      }
    }
  });

  it("each module's example passes its zod schema and the generated JSON Schema, for create and update", () => {
    for (const mod of MODULES) {
      const def = mod.definition;
      for (const op of [doc.paths[`/api/${def.api}`]?.post, doc.paths[`/api/${def.api}/{id}`]?.patch]) {
        if (!op) continue;
        const media = jsonBodyOf(op);
        expect(media?.example, op.operationId).toBeDefined();
        const parsed = def.schema.safeParse(media?.example);
        expect(parsed.success ? [] : parsed.error.issues, `${op.operationId}: zod`).toEqual([]);
        expect(validate(media?.schema as JsonSchema, media?.example), `${op.operationId}: JSON Schema`).toEqual([]);
      }
    }
  });

  it("the validator itself refuses what the schemas forbid", () => {
    const clients = doc.components.schemas.ClientsInput as JsonSchema;
    const example = jsonBodyOf(doc.paths["/api/clients"]?.post)?.example as Record<string, unknown>;
    expect(validate(clients, { ...example, nascimento: "1985-04-12" })).toEqual(["$: propriedade desconhecida nascimento"]);
    expect(validate(clients, { ...example, tipo: "xx" })).toHaveLength(1);
    expect(validate(clients, { nome: "Só nome" })).toEqual(["$: falta tipo"]);
    expect(validate(clients, { ...example, aniversario: "1985-02-30" })).toHaveLength(1);
    expect(validate(clients, { ...example, telefones: [{ numero: "(11) 91234-5678", extra: 1 }] })).toHaveLength(1);
  });
});

describe("answers of the real API against the document", () => {
  it("creates one record of every resource from its example and reads it back as the row schema says", async () => {
    const ids = new Map<string, string>();
    // What examples need besides related records (an appointment: hours, a professional, a service).
    for (const mod of MODULES) {
      const found = await prepareResource(h.fresh.db, mod.definition.name, orgId);
      for (const [api, id] of Object.entries(found?.related ?? {})) ids.set(api, id);
    }
    const pending = [...MODULES];
    for (let round = 0; pending.length && round < MODULES.length; round++) {
      for (const mod of [...pending]) {
        const needs = mod.definition.fields.filter((f) => f.kind === "relation" && f.relation).map((f) => f.relation as string);
        if (!needs.every((api) => ids.has(api))) continue;
        pending.splice(pending.indexOf(mod), 1);
        const def = mod.definition;
        const base = `/api/${def.api}`;
        const create = doc.paths[base]?.post as Operation;
        const body = mod.example((api) => ids.get(api) as string, "t1");
        expect(validate(jsonBodyOf(create)?.schema as JsonSchema, body), `${def.api}: body`).toEqual([]);

        const created = await call("POST", base, body);
        expect(created.status, `${def.api}: ${JSON.stringify(created.body)}`).toBe(201);
        expect(validate(okSchema(create, "201"), created.body), `${def.api}: 201`).toEqual([]);
        const id = (created.body.data as { id: string }).id;
        // A record a prerequisite made stays the one examples point at (its services, its hours).
        if (!ids.has(def.api)) ids.set(def.api, id);

        const one = await call("GET", `${base}/${id}`);
        expect(one.status).toBe(200);
        expect(validate(okSchema(doc.paths[`${base}/{id}`]?.get as Operation, "200"), one.body), `${def.api}: GET /{id}`).toEqual([]);
        // Every key of the row is documented, and every documented key is in the row.
        const row = one.body.data as Record<string, unknown>;
        expect(Object.keys(row).sort(), def.api).toEqual(Object.keys(doc.components.schemas[pascal(def.api)]?.properties ?? {}).sort());

        const list = await call("GET", `${base}?sort=${def.defaultSort.key}`);
        expect(list.status).toBe(200);
        expect(validate(okSchema(doc.paths[base]?.get as Operation, "200"), list.body), `${def.api}: list`).toEqual([]);

        const options = await call("GET", `${base}/options`);
        expect(validate(okSchema(doc.paths[`${base}/options`]?.get as Operation, "200"), options.body), `${def.api}: options`).toEqual([]);

        const patch = doc.paths[`${base}/{id}`]?.patch;
        if (patch) {
          const updated = await call("PATCH", `${base}/${id}`, body);
          expect(updated.status, `${def.api}: ${JSON.stringify(updated.body)}`).toBe(200);
          expect(validate(okSchema(patch, "200"), updated.body), `${def.api}: PATCH`).toEqual([]);
        }
      }
    }
    expect(pending.map((m) => m.definition.api)).toEqual([]);
  });

  it("answers an integrator who sends nascimento instead of aniversario with 400 unknown_fields naming it, and saves nothing", async () => {
    const count = async () => (await call("GET", "/api/clients")).body.total as number;
    const before = await count();
    const example = jsonBodyOf(doc.paths["/api/clients"]?.post)?.example as Record<string, unknown>;
    const { aniversario, empresaId: _company, ...rest } = example;
    const res = await h.request("/api/clients", { method: "POST", bearer, json: { ...rest, nascimento: aniversario } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; code: string; fields?: Record<string, string> } };
    expect(body.error.code).toBe("unknown_fields");
    expect(body.error.message).toContain("“nascimento”");
    expect(body.error.message).toMatch(/^Campo desconhecido/);
    expect(body.error.fields).toEqual({ nascimento: "Campo desconhecido" });
    expect(validate(okSchema(doc.paths["/api/clients"]?.post as Operation, "400"), body)).toEqual([]);
    expect(await count()).toBe(before);
    // The document says why: the body allows no other property.
    expect(validate(doc.components.schemas.ClientsInput as JsonSchema, { ...rest, nascimento: aniversario })).toContain(
      "$: propriedade desconhecida nascimento",
    );
  });
});

describe("GET /api/docs", () => {
  it("is a public pt-BR HTML page naming every resource, with curl examples and no script", async () => {
    const res = await h.request("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>\n<html lang="pt-BR">/);
    expect(html).not.toMatch(/<script/i);
    // Self-contained: no stylesheet, image, font or frame from anywhere.
    expect(html).not.toMatch(/<link|<img|<iframe|src=|@import|url\(/i);
    for (const mod of MODULES) {
      const def = mod.definition;
      expect(html, def.api).toContain(def.labels.listTitle);
      expect(html, def.api).toContain(`/api/${def.api}`);
      for (const field of def.fields) expect(html, `${def.api}.${field.name}`).toContain(`<code>${field.name}</code>`);
    }
    expect(html).toContain(`curl -X POST ${ORIGIN}/api/auth/token`);
    expect(html).toContain("Authorization: Bearer $TOKEN");
    expect(html).toContain("unknown_fields");
    expect(html).toContain("nextCursor");
  });

  it("escapes every text it takes from the document", () => {
    const evil = buildOpenApi(REFERENCE_ROUTERS);
    const tag = evil.tags.find((t) => t["x-resource"]);
    if (!tag) throw new Error("no resource tag");
    tag.name = `<script>alert("nome")</script>`;
    tag.description = `<img src=x onerror=alert(1)> & "aspas" 'simples'`;
    for (const item of Object.values(evil.paths)) for (const op of Object.values(item)) op.tags = op.tags.map(() => tag.name);
    const input = evil.components.schemas[`${pascal(tag["x-resource"] as string)}Input`] as JsonSchema;
    for (const property of Object.values(input.properties ?? {})) property.title = `</td><script>x()</script>`;
    const html = renderDocs(evil, ORIGIN);
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain("&lt;script&gt;alert(&quot;nome&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;aspas&quot; &#39;simples&#39;");
  });
});
