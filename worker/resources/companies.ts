import { eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client.ts";
import { frozenSql } from "../../db/frozen-sql.ts";
import { clients, companies, companyKeys, users } from "../../db/schema/index.ts";
import type { OrgScope } from "../../db/tenant.ts";
import { isValidPhoneBR, normalizeCnpj } from "../../shared/documents.ts";
import { nationalPhoneDigits } from "../../shared/mask.ts";
import { cityKey, searchKeys, sortKey } from "../../shared/search.ts";
import { companyDisplayName, type CompanyInput, type CompanyRow } from "../../shared/resources/companies.ts";
import type { ListQuery } from "../../shared/resources/types.ts";
import { type DuplicateSpec, duplicateQueries, probeEmail } from "./duplicates.ts";
import type { ListSpec, PageDriver } from "./list-page.ts";
import { dateRangeCondition, type KeyColumns, type KeyMatch, type ListColumns } from "./common.ts";

/** The server half of Empresas: row mapping, values for writes and the list's queries. */

const creator = alias(users, "creator");
const updater = alias(users, "updater");

const companyListColumns: ListColumns = {
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
  recordId: companyKeys.recordId,
};
const otherKeys = alias(companyKeys, "k2");
const otherKeyColumns: KeyColumns = { table: otherKeys, key: otherKeys.key, sortName: otherKeys.sortName, recordId: otherKeys.recordId };

/** A company row packed by SQLite into one JSON text (see clients.ts). */
export const companySelection = {
  j: frozenSql(sql<string>`json_object('id', ${companies.id}, 'type', ${companies.type}, 'cnpj', ${companies.cnpj}, 'legalName', ${companies.legalName},
    'tradeName', ${companies.tradeName}, 'stateRegistration', ${companies.stateRegistration}, 'email', ${companies.email},
    'phone', ${companies.phone}, 'website', ${companies.website}, 'cep', ${companies.cep}, 'street', ${companies.street},
    'number', ${companies.number}, 'complement', ${companies.complement}, 'district', ${companies.district}, 'city', ${companies.city},
    'uf', ${companies.uf}, 'notes', ${companies.notes}, 'sortName', ${companies.sortName},
    'clientCount', (select count(*) from ${clients} where ${clients.orgId} = ${companies.orgId} and ${clients.companyId} = ${companies.id} and ${clients.deletedAt} is null),
    'createdAt', ${companies.createdAt}, 'updatedAt', ${companies.updatedAt}, 'createdBy', ${companies.createdBy}, 'creatorName', ${creator.name},
    'updatedBy', ${companies.updatedBy}, 'updaterName', ${updater.name})`),
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

/** Company rows of the organization matching `conditions`, with the authors' names (`driver`: see clients.ts). */
// The joins of every company read carry no values: rendered once (see frozenSql).
const joinCreator = frozenSql(eq(creator.id, companies.createdBy));
const joinUpdater = frozenSql(eq(updater.id, companies.updatedBy));

function selectRows(db: Database, scope: OrgScope, driver: PageDriver | null, ...conditions: (SQL | undefined)[]) {
  const select = db.select(companySelection);
  return (driver ? select.from(driver).crossJoin(companies) : select.from(companies))
    .$dynamic()
    .leftJoin(creator, joinCreator)
    .leftJoin(updater, joinUpdater)
    .where(scope.where(companies, driver ? eq(companies.id, driver.id) : undefined, ...conditions));
}

export function companyById(db: Database, scope: OrgScope, id: string) {
  return selectRows(db, scope, null, eq(companies.id, id), isNull(companies.deletedAt)).limit(1);
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

/** The list page planner's view of Empresas (see list-page.ts). */
export const companyListSpec: ListSpec = {
  resource: "companies",
  table: companies,
  columns: companyListColumns,
  keys: keyColumns,
  otherKeys: otherKeyColumns,
  filters: filterConditions,
  rows: selectRows,
};

export interface CompanyProbe {
  cnpj?: unknown;
  email?: unknown;
  telefone?: unknown;
}

const companyTitle = sql<string>`coalesce(nullif(${companies.tradeName}, ''), ${companies.legalName})`;

export const companyDuplicateSpec: DuplicateSpec = {
  table: companies,
  id: companies.id,
  deletedAt: companies.deletedAt,
  sortName: companies.sortName,
  title: companyTitle,
  document: companies.cnpj,
  email: companies.email,
  keys: keyColumns,
};

/** Statements that find live companies sharing the CNPJ, e-mail or phone. */
export function companyDuplicateQueries(db: Database, scope: OrgScope, probe: CompanyProbe, excludeId?: string) {
  const cnpj = typeof probe.cnpj === "string" ? normalizeCnpj(probe.cnpj) : "";
  const phone = typeof probe.telefone === "string" && isValidPhoneBR(probe.telefone) ? nationalPhoneDigits(probe.telefone) : "";
  return duplicateQueries(
    db,
    scope,
    companyDuplicateSpec,
    { document: cnpj.length === 14 ? cnpj : null, email: probeEmail(probe.email), phones: phone ? [phone] : [] },
    excludeId,
  );
}

/** Live companies for a select (client form), by name. */
export function companyOptionsQuery(db: Database, scope: OrgScope, limit: number) {
  return db
    .select({ id: companies.id, title: companyTitle })
    .from(companies)
    .where(scope.where(companies, isNull(companies.deletedAt)))
    .orderBy(companies.sortName, companies.id)
    .limit(limit);
}
