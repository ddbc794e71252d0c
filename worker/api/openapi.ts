import { ID_PATTERN } from "../../shared/id.ts";
import { rolesAllowed } from "../../shared/permissions.ts";
import { ACCESS_TOKEN_TTL_S } from "../auth/jwt.ts";
import type { ResourceModule } from "../resources/define.ts";
import { RESOURCES } from "../resources/registry.ts";
import {
  componentName,
  type DocumentedRouter,
  documentedRoutes,
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
  type Tag,
} from "./route-doc.ts";
import { BEARER, CURSOR_PATTERN, PUBLIC, camel, rolesText } from "./openapi/vocabulary.ts";
import { requestSchema } from "./openapi/request-schema.ts";
import { rowSchema } from "./openapi/row-schema.ts";
import { RESPONSES, SHARED_SCHEMAS, responsesOf } from "./openapi/components.ts";
import { openApiPath, pathParameters, resourceOperations } from "./openapi/resource-operations.ts";

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
// The document

/** The documented routes of the routers outside the resources (auth, this reference…), under their tags. */
function routerPaths(routers: readonly DocumentedRouter[], schemas: Record<string, JsonSchema>): Record<string, PathItem> {
  const paths: Record<string, PathItem> = {};
  for (const router of routers) {
    for (const { method, path, doc } of documentedRoutes(router.app)) {
      if (typeof doc.access === "object") throw new Error(`${router.prefix}${path}: only a resource's route has an action`);
      Object.assign(schemas, doc.schemas);
      // A router's own root ("/") is its prefix itself, as Hono routes it.
      const full = path === "/" ? router.prefix : `${router.prefix}${openApiPath(path)}`;
      const parameters = [...pathParameters(path), ...(doc.query ?? [])];
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
      const roles = rolesAllowed(def.access, spec.action);
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
