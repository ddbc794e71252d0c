import type { ResourceDefinition } from "../../shared/resources/types.ts";
import type { ResourceModule } from "./define.ts";
import { clientsModule } from "./modules/customers/clients.ts";
import { companiesModule } from "./modules/customers/companies.ts";
import { imoveisModule } from "./modules/real-estate/properties.ts";
import { movimentacoesProdutosModule } from "./modules/stock/stock-movements.ts";
import { interessesModule } from "./modules/real-estate/interests.ts";
import { produtosModule } from "./modules/stock/products.ts";
import { postsModule } from "./modules/social/posts.ts";
import { referenciasModule } from "./modules/ai-content/reference-accounts.ts";
import { profissionaisModule } from "./modules/agenda/professionals.ts";
import { agendamentosModule } from "./modules/agenda/appointments.ts";
import { servicosModule } from "./modules/agenda/services.ts";
import { documentosModule } from "./modules/documents/documents.ts";
import { pedidosModule } from "./modules/finance/orders.ts";
import { vendasModule } from "./modules/finance/sales.ts";
import { movimentacoesModule } from "./modules/finance/cash-movements.ts";
import { despesasModule } from "./modules/finance/expenses.ts";
import { contasFinanceirasModule } from "./modules/finance/finance-accounts.ts";
import { receitasModule } from "./modules/finance/receivables.ts";

/**
 * Every kind of record, once. The API mounts, middleware patterns, export names, trigger SQL,
 * OpenAPI, the permission table and the test harnesses (isolation, bad input, role matrix)
 * are derived from this list. Adding a resource: its shared definition, its module, one line
 * here (then its screens in app/routes.ts and the navigation).
 */
export const RESOURCES = [
  companiesModule,
  clientsModule,
  produtosModule,
  movimentacoesProdutosModule,
  imoveisModule,
  interessesModule,
  postsModule,
  referenciasModule,
  profissionaisModule,
  agendamentosModule,
  servicosModule,
  documentosModule,
  pedidosModule,
  vendasModule,
  contasFinanceirasModule,
  despesasModule,
  receitasModule,
  movimentacoesModule,
] as const satisfies readonly ResourceModule<
  // biome-ignore lint/suspicious/noExplicitAny: modules of different row and input types
  any,
  // biome-ignore lint/suspicious/noExplicitAny: modules of different row and input types
  any
>[];

export type ResourceName = (typeof RESOURCES)[number]["definition"]["name"];

type ModuleOf<N extends ResourceName> = Extract<(typeof RESOURCES)[number], { definition: { name: N } }>;
export type RowOf<N extends ResourceName> = ModuleOf<N> extends ResourceModule<infer R, unknown> ? R : never;
export type InputOf<N extends ResourceName> = ModuleOf<N>["definition"] extends ResourceDefinition<infer _R, infer I> ? I : never;

const BY_NAME = new Map<string, ResourceModule>(RESOURCES.map((m) => [m.definition.name, m as unknown as ResourceModule]));
const BY_API = new Map<string, ResourceModule>(RESOURCES.map((m) => [m.definition.api, m as unknown as ResourceModule]));

export const RESOURCE_NAMES: readonly ResourceName[] = RESOURCES.map((m) => m.definition.name);

export function isResourceName(value: string): value is ResourceName {
  return BY_NAME.has(value);
}

/** The module of a registered resource (throws for an unknown name: a programming error). */
export function moduleOf(name: string): ResourceModule {
  const mod = BY_NAME.get(name);
  if (!mod) throw new Error(`Recurso desconhecido: ${name}`);
  return mod;
}

/** The module behind `/api/<segment>`, if any. */
export function moduleByApi(segment: string): ResourceModule | undefined {
  return BY_API.get(segment);
}

export function definitionOf<N extends ResourceName>(name: N): ModuleOf<N>["definition"] {
  return moduleOf(name).definition as unknown as ModuleOf<N>["definition"];
}

/** "Cliente não encontrado." / "Movimentação não encontrada." */
export function notFoundMessage(mod: ResourceModule): string {
  const { singular, deleted } = mod.definition.labels;
  const feminine = /a\.?$/.test(deleted.trim().split(" ").at(-1) ?? "");
  return `${singular.charAt(0).toUpperCase()}${singular.slice(1)} não ${feminine ? "encontrada" : "encontrado"}.`;
}

/** Paths whose POST keeps its body for a session re-check (imports: the file is read once). */
export const IMPORT_PATHS: RegExp = new RegExp(
  `^/(?:api/(?:${RESOURCES.map((m) => escapeRegExp(m.definition.api)).join("|")})|(?:${RESOURCES.map((m) => escapeRegExp(m.definition.basePath.slice(1))).join("|")}))/import(?:\\.data)?$`,
);

/**
 * API writes of resources whose writes are a service's (`save`: appointments): the handler reads
 * the rules, then makes its one guarded write, so the session lookup may ride with that read
 * (worker/http/middleware.ts). Create, update, move and status.
 */
export const READ_FIRST_WRITE_PATHS: RegExp = new RegExp(
  `^/api/(?:(?:${
    RESOURCES.filter((m) => (m as unknown as ResourceModule).save)
      .map((m) => escapeRegExp(m.definition.api))
      .join("|") || "(?!)"
  })(?:/[0-9A-Za-z-]{1,64}(?:/(?:mover|status|cancel))?)?|${
    RESOURCES.flatMap((m) =>
      ((m as unknown as ResourceModule).readFirstWrites ?? []).map((path) => `${escapeRegExp(m.definition.api)}/${path}`),
    ).join("|") || "(?!)"
  })$`,
);

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}
