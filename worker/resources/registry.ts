import type { ListQuery, ResourceDefinition } from "../../shared/resources/types.ts";
import { type ClientInput, type ClientRow, clientDefinition } from "../../shared/resources/clients.ts";
import { type CompanyInput, type CompanyRow, companyDefinition } from "../../shared/resources/companies.ts";
import { orgScope } from "../../db/tenant.ts";
import { DomainError, type ServiceContext } from "../services/context.ts";
import { clientListSpec, parseClient, toClientRow } from "./clients.ts";
import type { SortValues } from "./common.ts";
import { companyListSpec, parseCompany, toCompanyRow } from "./companies.ts";
import { type ListSpec, type PageRequest, pageQueries } from "./list-page.ts";

/** The resources of the records layer, their definitions, and the page fetch every list and export uses. */

export type ResourceName = "clients" | "companies";
export const RESOURCE_NAMES: readonly ResourceName[] = ["clients", "companies"];

export interface RowOf {
  clients: ClientRow;
  companies: CompanyRow;
}
export interface InputOf {
  clients: ClientInput;
  companies: CompanyInput;
}

const DEFINITIONS: { [N in ResourceName]: ResourceDefinition<RowOf[N], InputOf[N]> } = {
  clients: clientDefinition,
  companies: companyDefinition,
};

export function definitionOf<N extends ResourceName>(name: N): ResourceDefinition<RowOf[N], InputOf[N]> {
  return DEFINITIONS[name];
}

export function isResourceName(value: string): value is ResourceName {
  return (RESOURCE_NAMES as readonly string[]).includes(value);
}

export const NOT_FOUND: Record<ResourceName, string> = {
  clients: "Cliente não encontrado.",
  companies: "Empresa não encontrada.",
};

const INVALID_COMPANY = "Empresa não encontrada. Escolha uma empresa cadastrada.";

/** Turns database-enforced rules (triggers) into pt-BR answers. */
export function translateDbError(error: unknown): never {
  const message = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : "";
  if (message.includes("empresa_invalida")) throw new DomainError(INVALID_COMPANY, 422, "empresaId");
  throw error;
}

interface RawPage<Row> {
  rows: Row[];
  /** Sort values of the rows, for cursors. */
  keys: SortValues[];
  total: number;
}

/** How each resource is listed: the page planner's spec, and how a packed row becomes a row. */
const LISTING: { [N in ResourceName]: { spec: ListSpec; unpack(packed: { j: string }): SortValues & RowSource<N> } } = {
  clients: { spec: clientListSpec, unpack: parseClient },
  companies: { spec: companyListSpec, unpack: parseCompany },
};
/** The table and list columns of a resource (for writes every resource does the same way). */
export function listSpecOf(name: ResourceName): ListSpec {
  return LISTING[name].spec;
}

type RowSource<N extends ResourceName> = N extends "clients" ? ReturnType<typeof parseClient> : ReturnType<typeof parseCompany>;

function toRow<N extends ResourceName>(name: N, raw: RowSource<N>): RowOf[N] {
  return (
    name === "clients" ? toClientRow(raw as ReturnType<typeof parseClient>) : toCompanyRow(raw as ReturnType<typeof parseCompany>)
  ) as RowOf[N];
}

/** Rows (and total, unless `withTotal` is false) of one page in one round trip. */
export async function fetchPage<N extends ResourceName>(
  ctx: ServiceContext,
  orgId: string,
  name: N,
  query: ListQuery,
  page: PageRequest,
  withTotal = true,
): Promise<RawPage<RowOf[N]>> {
  const { spec, unpack } = LISTING[name];
  const q = pageQueries(ctx.db, orgScope(ctx.db, orgId), spec, query, page);
  const [rows, total] = (withTotal ? await ctx.db.batch([q.rows, q.total]) : [await q.rows, []]) as [{ j: string }[], { n: number }[]];
  const raws = rows.map((packed) => unpack(packed) as RowSource<N>);
  return { rows: raws.map((raw) => toRow(name, raw)), keys: raws, total: Number(total[0]?.n ?? 0) };
}
