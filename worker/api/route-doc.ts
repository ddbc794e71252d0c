import type { Role } from "../../shared/enums.ts";
import type { Action } from "../../shared/permissions.ts";

/**
 * A custom route's API documentation, declared beside the route: `documented(doc, handler)`
 * returns the handler itself with its doc attached, so the route's file says what the route
 * takes and answers, and `worker/api/openapi.ts` only assembles (reading the routers' handlers).
 * A route left undocumented is left out of the document, and tests/api/openapi.test.ts fails
 * for a resource's route. See ADR 015 and ADR 025.
 */

// ---------------------------------------------------------------------------------------------
// The subset of OpenAPI 3.1 / JSON Schema 2020-12 the reference writes

type JsonType = "string" | "integer" | "number" | "boolean" | "array" | "object" | "null";

export interface JsonSchema {
  $ref?: string;
  type?: JsonType | JsonType[];
  title?: string;
  description?: string;
  format?: string;
  pattern?: string;
  enum?: (string | number | boolean | null)[];
  const?: string | number | boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  readOnly?: boolean;
  examples?: unknown[];
  contentMediaType?: string;
  /** The definition's field kind (money, cpf-cnpj, phones…). */
  "x-kind"?: string;
  /** `relation` fields: the API segment of the related resource. */
  "x-relation"?: string;
}

export interface Parameter {
  name: string;
  in: "query" | "path";
  description: string;
  required?: boolean;
  schema: JsonSchema;
  style?: "form";
  explode?: boolean;
  example?: unknown;
}

export interface MediaType {
  schema: JsonSchema;
  example?: unknown;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, MediaType>;
}

export type Ref = { $ref: string };

export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters?: (Parameter | Ref)[];
  requestBody?: { required: boolean; description?: string; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject | Ref>;
  /** Empty: public. */
  security: Record<string, string[]>[];
  /** The permission table's action and the roles it allows (shared/permissions.ts). */
  "x-action"?: Action;
  "x-roles"?: Role[];
}

export type Method = "get" | "post" | "put" | "patch" | "delete";
export type PathItem = Partial<Record<Method, Operation>>;

export interface Tag {
  name: string;
  description: string;
  /** Resource tags: the API segment (`/api/<segment>`). */
  "x-resource"?: string;
}

export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  security: Record<string, string[]>[];
  tags: Tag[];
  paths: Record<string, PathItem>;
  components: {
    securitySchemes: Record<string, { type: "http"; scheme: "bearer"; bearerFormat: string; description: string }>;
    schemas: Record<string, JsonSchema>;
    parameters: Record<string, Parameter>;
    responses: Record<string, ResponseObject>;
  };
}

/** Error answers by status; each is a shared response of the document (`#/components/responses`). */
export type ErrorStatus = "400" | "401" | "403" | "404" | "409" | "413" | "422" | "429";

// ---------------------------------------------------------------------------------------------
// The declaration

export interface RouteDoc {
  summary: string;
  description: string;
  /**
   * A resource's route (`ResourceModule.routes`): the permission table's action, whose roles the
   * operation lists; 401, 403 and 404 are added. Other routes: who may call them (no 401 added).
   */
  access: { action: Action } | "public" | "bearer";
  /** Routes outside a resource: the operation's id (a resource's is derived from its path). */
  operationId?: string;
  /** The query parameters it reads (a search's filters), documented after the path's. */
  query?: Parameter[];
  /** The JSON body it takes, when it takes one, and an example of it. */
  body?: JsonSchema;
  bodyExample?: unknown;
  /** The success answer, under `status` (default 200). */
  response: ResponseObject;
  status?: "200" | "201";
  /** Errors it answers besides those `access` adds. */
  errors?: ErrorStatus[];
  /** Named schemas the doc refers to (`#/components/schemas/<name>`), added to the document. */
  schemas?: Record<string, JsonSchema>;
}

const DOCS = new WeakMap<object, RouteDoc>();

/** The handler, unchanged, with its doc attached (read by the OpenAPI document; the request never sees it). */
export function documented<H extends object>(doc: RouteDoc, handler: H): H {
  DOCS.set(handler, doc);
  return handler;
}

/** A router's documented routes, with the path as Hono writes it (`/:id/x`). */
export function documentedRoutes(app: { routes: readonly { method: string; path: string; handler: unknown }[] }) {
  const out: { method: Method; path: string; doc: RouteDoc }[] = [];
  for (const route of app.routes) {
    const doc = typeof route.handler === "object" || typeof route.handler === "function" ? DOCS.get(route.handler as object) : undefined;
    if (doc) out.push({ method: route.method.toLowerCase() as Method, path: route.path, doc });
  }
  return out;
}

/** A router outside the resources whose documented routes the document lists, under one tag. */
export interface DocumentedRouter {
  /** Where worker/app.ts mounts it (the test checks every documented route against the real router). */
  prefix: string;
  app: { routes: readonly { method: string; path: string; handler: unknown }[] };
  tag: Tag;
}

// ---------------------------------------------------------------------------------------------
// Small vocabulary for the declarations

/** "movimentacoes-produtos" → "MovimentacoesProdutos": a resource's row schema is named so, its body `<name>Input`. */
export function componentName(api: string): string {
  return api
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}

export const ref = (name: string): Ref => ({ $ref: `#/components/schemas/${name}` });

/** The row schema of the resource at `/api/<api>`. */
export const rowRef = (api: string): Ref => ref(componentName(api));

export const json = (schema: JsonSchema, example?: unknown): Record<string, MediaType> => ({
  "application/json": example === undefined ? { schema } : { schema, example },
});

/** `{ data: schema }`, the API's answer shape. */
export const dataOf = (schema: JsonSchema, description?: string): JsonSchema => ({
  type: "object",
  required: ["data"],
  properties: { data: description ? { ...schema, description } : schema },
});

export const integer = (description: string): JsonSchema => ({ type: "integer", minimum: 0, description });

export const nullableText = { type: ["string", "null"] } as const satisfies JsonSchema;

/** `{ data: { <key>: schema, … } }` with every key required: most custom answers. */
export function dataObject(properties: Record<string, JsonSchema>, description: string): ResponseObject {
  return { description, content: json(dataOf({ type: "object", required: Object.keys(properties), properties })) };
}
