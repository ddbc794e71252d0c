import { count, eq, gte, inArray, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client.ts";
import { clients, companies, companyKeys, recordCounts, users } from "../../db/schema/index.ts";
import type { OrgScope } from "../../db/tenant.ts";
import { isValidPhoneBR, normalizeCnpj } from "../../app/lib/documents.ts";
import { nationalPhoneDigits } from "../../app/lib/mask.ts";
import { cityKey, prefixEnd, searchKeys, searchTerms, sortKey } from "../../app/lib/search.ts";
import { companyDisplayName, type CompanyInput, type CompanyRow } from "../../app/modules/companies/definition.ts";
import type { ListQuery } from "../../app/modules/resources/types.ts";
import type { PageRequest } from "./clients.ts";
import {
  afterCursor,
  dateRangeCondition,
  type Duplicate,
  type KeyColumns,
  keyConditions,
  type KeyMatch,
  type ListColumns,
  orderBy,
  sortColumn,
  termMatches,
} from "./common.ts";

/** The server half of Empresas: row mapping, values for writes and the list's queries. */

const creator = alias(users, "creator");
const updater = alias(users, "updater");

export const companyListColumns: ListColumns = {
  id: companies.id,
  sortName: companies.sortName,
  createdAt: companies.createdAt,
  updatedAt: companies.updatedAt,
  deletedAt: companies.deletedAt,
};

const keyColumns: KeyColumns = {
  table: companyKeys,
  key: companyKeys.key,
  sortName: companyKeys.sortName,
  recordId: companyKeys.companyId,
};
const otherKeys = alias(companyKeys, "k2");
const otherKeyColumns: KeyColumns = { table: otherKeys, key: otherKeys.key, sortName: otherKeys.sortName, recordId: otherKeys.companyId };

/** A company row packed by SQLite into one JSON text (see clients.ts). */
export const companySelection = {
  j: sql<string>`json_object('id', ${companies.id}, 'type', ${companies.type}, 'cnpj', ${companies.cnpj}, 'legalName', ${companies.legalName},
    'tradeName', ${companies.tradeName}, 'stateRegistration', ${companies.stateRegistration}, 'email', ${companies.email},
    'phone', ${companies.phone}, 'website', ${companies.website}, 'cep', ${companies.cep}, 'street', ${companies.street},
    'number', ${companies.number}, 'complement', ${companies.complement}, 'district', ${companies.district}, 'city', ${companies.city},
    'uf', ${companies.uf}, 'notes', ${companies.notes}, 'sortName', ${companies.sortName},
    'clientCount', (select count(*) from ${clients} where ${clients.orgId} = ${companies.orgId} and ${clients.companyId} = ${companies.id} and ${clients.deletedAt} is null),
    'createdAt', ${companies.createdAt}, 'updatedAt', ${companies.updatedAt}, 'createdBy', ${companies.createdBy}, 'creatorName', ${creator.name},
    'updatedBy', ${companies.updatedBy}, 'updaterName', ${updater.name})`,
};

/** A company as the database packs it (timestamps in ms). */
export interface CompanyRaw {
  id: string;
  type: CompanyRow["tipo"];
  cnpj: string | null;
  legalName: string;
  tradeName: string | null;
  stateRegistration: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  cep: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  uf: string | null;
  notes: string | null;
  sortName: string;
  clientCount: number;
  createdAt: number;
  updatedAt: number;
  createdBy: string | null;
  creatorName: string | null;
  updatedBy: string | null;
  updaterName: string | null;
}

export function parseCompany(packed: { j: string }): CompanyRaw {
  return JSON.parse(packed.j) as CompanyRaw;
}

/** Company rows of the organization matching `conditions`, with the authors' names. */
function selectRows(db: Database, scope: OrgScope, ...conditions: (SQL | undefined)[]) {
  return db
    .select(companySelection)
    .from(companies)
    .leftJoin(creator, eq(creator.id, companies.createdBy))
    .leftJoin(updater, eq(updater.id, companies.updatedBy))
    .where(scope.where(companies, ...conditions));
}

export function companyById(db: Database, scope: OrgScope, id: string) {
  return selectRows(db, scope, eq(companies.id, id), isNull(companies.deletedAt)).limit(1);
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toCompanyRow(raw: CompanyRaw): CompanyRow {
  return {
    id: raw.id,
    tipo: raw.type,
    cnpj: raw.cnpj,
    razaoSocial: raw.legalName,
    nomeFantasia: raw.tradeName,
    inscricaoEstadual: raw.stateRegistration,
    email: raw.email,
    telefone: raw.phone,
    site: raw.website,
    cep: raw.cep,
    rua: raw.street,
    numero: raw.number,
    complemento: raw.complement,
    bairro: raw.district,
    cidade: raw.city,
    uf: raw.uf,
    observacoes: raw.notes,
    totalClientes: Number(raw.clientCount ?? 0),
    criadoEm: iso(raw.createdAt),
    atualizadoEm: iso(raw.updatedAt),
    criadoPor: raw.createdBy,
    criadoPorNome: raw.creatorName ?? null,
    atualizadoPor: raw.updatedBy,
    atualizadoPorNome: raw.updaterName ?? null,
  };
}

export function companyValues(input: CompanyInput) {
  const display = companyDisplayName(input);
  return {
    type: input.tipo,
    cnpj: input.cnpj ?? null,
    legalName: input.razaoSocial,
    tradeName: input.nomeFantasia ?? null,
    stateRegistration: input.inscricaoEstadual ?? null,
    email: input.email ?? null,
    phone: input.telefone ?? null,
    website: input.site ?? null,
    cep: input.cep ?? null,
    street: input.rua ?? null,
    number: input.numero ?? null,
    complement: input.complemento ?? null,
    district: input.bairro ?? null,
    city: input.cidade ?? null,
    uf: input.uf ?? null,
    notes: input.observacoes ?? null,
    sortName: sortKey(display),
    searchKeys: JSON.stringify(
      searchKeys({
        names: [input.razaoSocial, input.nomeFantasia],
        document: input.cnpj,
        email: input.email,
        phones: input.telefone ? [input.telefone] : [],
        city: input.cidade,
      }),
    ),
  };
}

type CompanyType = typeof companies.$inferSelect.type;

function filterConditions(filters: ListQuery["filters"]): { columns: SQL[]; keys: KeyMatch[] } {
  const columns: SQL[] = [];
  const types = filters.tipo as CompanyType[] | undefined;
  if (types?.length) columns.push(inArray(companies.type, types));
  if (filters.uf?.length) columns.push(inArray(companies.uf, filters.uf));
  const created = dateRangeCondition(companies.createdAt, filters.criadoEm?.[0]);
  if (created) columns.push(created);
  const updated = dateRangeCondition(companies.updatedAt, filters.atualizadoEm?.[0]);
  if (updated) columns.push(updated);
  const keys: KeyMatch[] = [];
  const cities = (filters.cidade ?? []).map(cityKey).filter((k) => !k.endsWith(":"));
  if (cities.length) keys.push({ anyOf: cities });
  return { columns, keys };
}

/** The statements of one list page (rows and total); the same plans as clients (see clients.ts). */
export function companyPageQueries(db: Database, scope: OrgScope, query: ListQuery, page: PageRequest) {
  const filters = filterConditions(query.filters);
  const terms = searchTerms(query.q);
  // One letter alone means "names starting with it": the name index answers that in order.
  const letter = terms.length === 1 && terms[0]?.length === 1 ? terms[0] : null;
  if (letter) filters.columns.push(gte(companies.sortName, letter), lt(companies.sortName, prefixEnd(letter)));
  const matches = [...termMatches(letter ? [] : terms), ...filters.keys];
  const keyConds = keyConditions(db, scope, keyColumns, otherKeyColumns, matches);

  if (matches.length && !filters.columns.length && query.sort === "nome") {
    const found = db
      .selectDistinct({ sortName: companyKeys.sortName, id: companyKeys.companyId })
      .from(companyKeys)
      .where(
        scope.where(
          companyKeys,
          ...keyConds,
          page.cursor ? afterCursor(companyKeys.sortName, companyKeys.companyId, page.cursor) : undefined,
        ),
      )
      .orderBy(...orderBy(companyKeys.sortName, companyKeys.companyId, query.dir))
      .limit(page.limit)
      .offset(page.offset)
      .as("m");
    const rows = db
      .select(companySelection)
      .from(found)
      .innerJoin(companies, eq(companies.id, found.id))
      .leftJoin(creator, eq(creator.id, companies.createdBy))
      .leftJoin(updater, eq(updater.id, companies.updatedBy))
      .where(scope.where(companies, isNull(companies.deletedAt)))
      .orderBy(...orderBy(found.sortName, found.id, query.dir));
    const total = db
      .select({ n: sql<number>`count(distinct ${companyKeys.companyId})` })
      .from(companyKeys)
      .where(scope.where(companyKeys, ...keyConds));
    return { rows, total };
  }

  const sortCol = sortColumn(companyListColumns, query.sort);
  const conditions: SQL[] = [isNull(companies.deletedAt), ...filters.columns];
  if (matches.length) {
    conditions.push(
      inArray(
        companies.id,
        db
          .select({ id: companyKeys.companyId })
          .from(companyKeys)
          .where(scope.where(companyKeys, ...keyConds)),
      ),
    );
  }
  const ids = db
    .select({ id: companies.id })
    .from(companies)
    .where(scope.where(companies, ...conditions, page.cursor ? afterCursor(sortCol, companies.id, page.cursor) : undefined))
    .orderBy(...orderBy(sortCol, companies.id, query.dir))
    .limit(page.limit)
    .offset(page.offset);
  const rows = selectRows(db, scope, inArray(companies.id, ids)).orderBy(...orderBy(sortCol, companies.id, query.dir));
  const total =
    conditions.length === 1
      ? db
          .select({ n: recordCounts.live })
          .from(recordCounts)
          .where(scope.where(recordCounts, eq(recordCounts.resource, "companies")))
      : db
          .select({ n: count() })
          .from(companies)
          .where(scope.where(companies, ...conditions));
  return { rows, total };
}

export interface CompanyProbe {
  cnpj?: unknown;
  email?: unknown;
  telefone?: unknown;
}

/** Statements that find live companies sharing the CNPJ, e-mail or phone. */
export function companyDuplicateQueries(db: Database, scope: OrgScope, probe: CompanyProbe, excludeId?: string) {
  const queries: { reason: Duplicate["reason"]; query: ReturnType<typeof duplicateSelect> }[] = [];
  const notSelf = excludeId ? ne(companies.id, excludeId) : undefined;
  function duplicateSelect(condition: SQL) {
    return db
      .select({ id: companies.id, title: sql<string>`coalesce(nullif(${companies.tradeName}, ''), ${companies.legalName})` })
      .from(companies)
      .where(scope.where(companies, isNull(companies.deletedAt), condition, notSelf))
      .orderBy(companies.sortName)
      .limit(5);
  }
  const cnpj = typeof probe.cnpj === "string" ? normalizeCnpj(probe.cnpj) : "";
  if (cnpj.length === 14) queries.push({ reason: "documento", query: duplicateSelect(eq(companies.cnpj, cnpj)) });
  const email = typeof probe.email === "string" ? probe.email.trim().toLowerCase() : "";
  if (email.includes("@")) queries.push({ reason: "e-mail", query: duplicateSelect(eq(companies.email, email)) });
  const phone = typeof probe.telefone === "string" && isValidPhoneBR(probe.telefone) ? nationalPhoneDigits(probe.telefone) : "";
  if (phone) {
    const withPhone = db
      .select({ id: companyKeys.companyId })
      .from(companyKeys)
      .where(scope.where(companyKeys, eq(companyKeys.key, phone)));
    queries.push({ reason: "telefone", query: duplicateSelect(inArray(companies.id, withPhone)) });
  }
  return queries;
}

/** Live companies for a select (client form), by name. */
export function companyOptionsQuery(db: Database, scope: OrgScope, limit: number) {
  return db
    .select({ id: companies.id, title: sql<string>`coalesce(nullif(${companies.tradeName}, ''), ${companies.legalName})` })
    .from(companies)
    .where(scope.where(companies, isNull(companies.deletedAt)))
    .orderBy(companies.sortName, companies.id)
    .limit(limit);
}
