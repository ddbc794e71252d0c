import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Database } from "../../db/client.ts";
import { frozenSql } from "../../db/frozen-sql.ts";
import { clientKeys, clients, companies, users } from "../../db/schema/index.ts";
import type { StoredPhone } from "../../db/schema/clients.ts";
import type { ClientOrigin } from "../../shared/enums.ts";
import type { OrgScope } from "../../db/tenant.ts";
import { isValidPhoneBR, normalizeCnpj } from "../../shared/documents.ts";
import { nationalPhoneDigits } from "../../shared/mask.ts";
import { cityKey, searchKeys, sortKey, tagKey } from "../../shared/search.ts";
import type { ClientInput, ClientRow } from "../../shared/resources/clients.ts";
import type { ListQuery } from "../../shared/resources/types.ts";
import { type DuplicateSpec, duplicateQueries, probeEmail } from "./duplicates.ts";
import type { ListSpec, PageDriver } from "./list-page.ts";
import { booleanFilter, dateRangeCondition, type KeyColumns, type ListColumns, type KeyMatch } from "./common.ts";

/** The server half of Clientes: row mapping, values for writes and the list's queries. */

const creator = alias(users, "creator");
const updater = alias(users, "updater");

const clientListColumns: ListColumns = {
  id: clients.id,
  sortName: clients.nameNorm,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
  deletedAt: clients.deletedAt,
};

const keyColumns: KeyColumns = { table: clientKeys, key: clientKeys.key, sortName: clientKeys.sortName, recordId: clientKeys.recordId };
const otherKeys = alias(clientKeys, "k2");
const otherKeyColumns: KeyColumns = { table: otherKeys, key: otherKeys.key, sortName: otherKeys.sortName, recordId: otherKeys.recordId };

/**
 * A client row packed by SQLite into one JSON text: the database client then converts one value
 * per row instead of thirty (measurably cheaper per page, see ADR 007), and JSON.parse is native.
 */
export const clientSelection = {
  j: frozenSql(sql<string>`json_object('id', ${clients.id}, 'kind', ${clients.kind}, 'name', ${clients.name}, 'sortName', ${clients.nameNorm},
    'document', ${clients.document}, 'email', ${clients.email}, 'phones', json(${clients.phones}), 'primaryPhone', ${clients.primaryPhone},
    'birthday', ${clients.birthday}, 'cep', ${clients.cep}, 'street', ${clients.street}, 'number', ${clients.number},
    'complement', ${clients.complement}, 'district', ${clients.district}, 'city', ${clients.city}, 'uf', ${clients.uf},
    'tags', json(${clients.tags}), 'origin', ${clients.origin}, 'notes', ${clients.notes}, 'lgpdConsent', ${clients.lgpdConsent},
    'lgpdConsentAt', ${clients.lgpdConsentAt}, 'companyId', ${clients.companyId},
    'companyName', coalesce(nullif(${companies.tradeName}, ''), ${companies.legalName}),
    'createdAt', ${clients.createdAt}, 'updatedAt', ${clients.updatedAt}, 'createdBy', ${clients.createdBy}, 'creatorName', ${creator.name},
    'updatedBy', ${clients.updatedBy}, 'updaterName', ${updater.name})`),
};

/** A client as the database packs it (timestamps in ms). */
export interface ClientRaw {
  id: string;
  kind: ClientRow["tipo"];
  name: string;
  sortName: string;
  document: string | null;
  email: string | null;
  phones: StoredPhone[] | null;
  primaryPhone: string | null;
  birthday: string | null;
  cep: string | null;
  street: string | null;
  number: string | null;
  complement: string | null;
  district: string | null;
  city: string | null;
  uf: string | null;
  tags: string[] | null;
  origin: ClientRow["origem"];
  notes: string | null;
  lgpdConsent: number | boolean;
  lgpdConsentAt: number | null;
  companyId: string | null;
  companyName: string | null;
  createdAt: number;
  updatedAt: number;
  createdBy: string | null;
  creatorName: string | null;
  updatedBy: string | null;
  updaterName: string | null;
}

export function parseClient(packed: { j: string }): ClientRaw {
  return JSON.parse(packed.j) as ClientRaw;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function toClientRow(raw: ClientRaw): ClientRow {
  return {
    id: raw.id,
    tipo: raw.kind,
    nome: raw.name,
    documento: raw.document,
    email: raw.email,
    telefones: (raw.phones ?? []).map((p) => ({ numero: p.number, whatsapp: p.whatsapp, rotulo: p.label })),
    telefonePrincipal: raw.primaryPhone,
    aniversario: raw.birthday,
    cep: raw.cep,
    rua: raw.street,
    numero: raw.number,
    complemento: raw.complement,
    bairro: raw.district,
    cidade: raw.city,
    uf: raw.uf,
    tags: raw.tags ?? [],
    origem: raw.origin,
    observacoes: raw.notes,
    consentimentoLgpd: Boolean(raw.lgpdConsent),
    consentimentoLgpdEm: raw.lgpdConsentAt === null ? null : iso(raw.lgpdConsentAt),
    empresaId: raw.companyId,
    empresaNome: raw.companyName ?? null,
    criadoEm: iso(raw.createdAt),
    atualizadoEm: iso(raw.updatedAt),
    criadoPor: raw.createdBy,
    criadoPorNome: raw.creatorName ?? null,
    atualizadoPor: raw.updatedBy,
    atualizadoPorNome: raw.updaterName ?? null,
  };
}

/**
 * Client rows of the organization matching `conditions`, with the company's and the authors'
 * names; with a `driver` (a page of ids), those rows reached by primary key (see list-page.ts).
 */
// The joins of every client read carry no values: rendered once (see frozenSql).
const joinCompany = frozenSql(
  and(eq(companies.id, clients.companyId), eq(companies.orgId, clients.orgId), isNull(companies.deletedAt)) as SQL,
);
const joinCreator = frozenSql(eq(creator.id, clients.createdBy));
const joinUpdater = frozenSql(eq(updater.id, clients.updatedBy));

function selectRows(db: Database, scope: OrgScope, driver: PageDriver | null, ...conditions: (SQL | undefined)[]) {
  const select = db.select(clientSelection);
  return (driver ? select.from(driver).crossJoin(clients) : select.from(clients))
    .$dynamic()
    .leftJoin(companies, joinCompany)
    .leftJoin(creator, joinCreator)
    .leftJoin(updater, joinUpdater)
    .where(scope.where(clients, driver ? eq(clients.id, driver.id) : undefined, ...conditions));
}

/** Column values for an insert or an update, canonical and with the search keys. */
export function clientValues(input: ClientInput) {
  const phones: StoredPhone[] = input.telefones.map((p) => ({ number: p.numero, whatsapp: p.whatsapp, label: p.rotulo ?? null }));
  return {
    kind: input.tipo,
    name: input.nome,
    nameNorm: sortKey(input.nome),
    document: input.documento ?? null,
    email: input.email ?? null,
    phones,
    primaryPhone: phones[0]?.number ?? null,
    birthday: input.aniversario ?? null,
    cep: input.cep ?? null,
    street: input.rua ?? null,
    number: input.numero ?? null,
    complement: input.complemento ?? null,
    district: input.bairro ?? null,
    city: input.cidade ?? null,
    uf: input.uf ?? null,
    tags: input.tags,
    origin: input.origem ?? null,
    notes: input.observacoes ?? null,
    lgpdConsent: input.consentimentoLgpd,
    companyId: input.empresaId ?? null,
    searchKeys: JSON.stringify(
      searchKeys({
        names: [input.nome],
        document: input.documento,
        email: input.email,
        phones: phones.map((p) => p.number),
        tags: input.tags,
        city: input.cidade,
      }),
    ),
  };
}

/**
 * Filters of the list: conditions on `clients` columns, and key matches (tags and city: indexed
 * keys, accent- and case-insensitive; several values mean "any of").
 */
function filterConditions(filters: ListQuery["filters"]): { columns: SQL[]; keys: KeyMatch[] } {
  const columns: SQL[] = [];
  const kind = filters.tipo?.[0];
  if (kind === "pf" || kind === "pj") columns.push(eq(clients.kind, kind));
  const origins = filters.origem as ClientOrigin[] | undefined;
  if (origins?.length) columns.push(inArray(clients.origin, origins));
  if (filters.uf?.length) columns.push(inArray(clients.uf, filters.uf));
  const consent = booleanFilter(filters.consentimento);
  if (consent !== undefined) columns.push(eq(clients.lgpdConsent, consent));
  const created = dateRangeCondition(clients.createdAt, filters.criadoEm?.[0]);
  if (created) columns.push(created);
  const updated = dateRangeCondition(clients.updatedAt, filters.atualizadoEm?.[0]);
  if (updated) columns.push(updated);
  const keys: KeyMatch[] = [];
  for (const [filter, toKey] of [
    ["tags", tagKey],
    ["cidade", cityKey],
  ] as const) {
    const anyOf = (filters[filter] ?? []).map(toKey).filter((k) => !k.endsWith(":"));
    if (anyOf.length) keys.push({ anyOf });
  }
  return { columns, keys };
}

/** The list page planner's view of Clientes (see list-page.ts). */
export const clientListSpec: ListSpec = {
  resource: "clients",
  table: clients,
  columns: clientListColumns,
  keys: keyColumns,
  otherKeys: otherKeyColumns,
  filters: filterConditions,
  rows: selectRows,
};

export function clientById(db: Database, scope: OrgScope, id: string, options: { includeDeleted?: boolean } = {}) {
  return selectRows(db, scope, null, eq(clients.id, id), options.includeDeleted ? undefined : isNull(clients.deletedAt)).limit(1);
}

export function clientsOfCompany(db: Database, scope: OrgScope, companyId: string, limit: number) {
  return selectRows(db, scope, null, eq(clients.companyId, companyId), isNull(clients.deletedAt))
    .orderBy(clients.nameNorm, clients.id)
    .limit(limit);
}

/** What a duplicate check looks at, from a form (raw) or a parsed input. */
export interface ClientProbe {
  documento?: unknown;
  email?: unknown;
  telefones?: unknown;
}

function probePhones(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(/[,;]/) : [];
  const out = new Set<string>();
  for (const item of list) {
    const raw = typeof item === "string" ? item : typeof item === "object" && item ? (item as { numero?: unknown }).numero : undefined;
    if (typeof raw === "string" && isValidPhoneBR(raw)) out.add(nationalPhoneDigits(raw));
  }
  return [...out].slice(0, 10);
}

export const clientDuplicateSpec: DuplicateSpec = {
  table: clients,
  id: clients.id,
  deletedAt: clients.deletedAt,
  sortName: clients.nameNorm,
  title: clients.name,
  document: clients.document,
  email: clients.email,
  keys: keyColumns,
};

/** Statements that find live clients sharing the document, e-mail or a phone (each with its reason). */
export function clientDuplicateQueries(db: Database, scope: OrgScope, probe: ClientProbe, excludeId?: string) {
  const document = typeof probe.documento === "string" ? normalizeCnpj(probe.documento) : "";
  return duplicateQueries(
    db,
    scope,
    clientDuplicateSpec,
    {
      document: document.length === 11 || document.length === 14 ? document : null,
      email: probeEmail(probe.email),
      phones: probePhones(probe.telefones),
    },
    excludeId,
  );
}
