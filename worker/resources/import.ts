import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../db/client.ts";
import { clients, companies, companyKeys } from "../../db/schema/index.ts";
import { type OrgScope, orgScope } from "../../db/tenant.ts";
import { isValidCnpj, normalizeCnpj } from "../../shared/documents.ts";
import { nationalPhoneDigits } from "../../shared/mask.ts";
import { normalizeText, sortKey } from "../../shared/search.ts";
import { formErrors } from "../../shared/validation.ts";
import type { ClientInput } from "../../shared/resources/clients.ts";
import type { CompanyInput } from "../../shared/resources/companies.ts";
import { DomainError, type ServiceContext } from "../services/context.ts";
import { clientDuplicateSpec, clientValues } from "./clients.ts";
import { companyDuplicateSpec, companyValues } from "./companies.ts";
import { duplicatesAmong } from "./duplicates.ts";
import { CsvError, parseCsv } from "./csv.ts";
import { definitionOf, type ResourceName, translateDbError } from "./registry.ts";

/**
 * CSV import with a preview: each row is validated with the resource's own zod schema (the
 * form's pt-BR messages), then checked against the organization's live records in one batched
 * round trip: rows repeating an existing record's or an earlier row's CPF/CNPJ, e-mail or phone
 * are flagged as duplicates (a warning, not an error); a client's "Empresa"
 * column (name or CNPJ) is resolved to a live company.
 *
 * Committing re-reads the file and repeats every check (the preview is never trusted): one
 * round trip for the checks, one batch for the writes — all chosen rows or none. Mode "all"
 * refuses a file with any invalid row; "valid-only" skips them. Duplicates are skipped unless
 * the person chose to import them anyway.
 *
 * Between the two round trips another request may create a duplicate (duplicates are a warning
 * everywhere, never a constraint) or delete a linked company — the database refuses that link
 * (trigger `clients_company_org_bi`) and the whole import is rolled back with a pt-BR message.
 */

/** Largest file accepted (characters). */
export const MAX_IMPORT_CHARS = 5_000_000;
/** Most data rows per file. */
export const MAX_IMPORT_ROWS = 5_000;
/** Rows per INSERT statement (SQLite's variable limit is far above 30 × 100). */
const ROWS_PER_INSERT = 100;
/** Values per `IN (…)` of the duplicate and company look-ups (all chunks go in one batch). */
const VALUES_PER_LOOKUP = 200;
/** Longest search key kept by the database (shared/search.ts cuts keys there). */
const MAX_KEY = 120;

/** What to do with rows that repeat an existing record or an earlier row of the file. */
export type DuplicatePolicy = "skip" | "import";

export interface ImportWarning {
  /** "duplicate": repeats a live record or an earlier row; "company": the Empresa column could not be linked. */
  kind: "duplicate" | "company";
  /** The field (column) the warning is about. */
  field: string;
  /** pt-BR, for people. */
  message: string;
}

export type ImportRowStatus = "valid" | "duplicate" | "invalid";

export interface ImportRow {
  /** Line of the file (the header is line 1). */
  line: number;
  /** Cells by field name, as written in the file. */
  values: Record<string, string>;
  /** pt-BR message by field name; empty when the row is valid. */
  errors: Record<string, string>;
  /** Warnings of a valid row (duplicates, company not found); never on invalid rows. */
  warnings: ImportWarning[];
  /** "valid": imported; "duplicate": imported only when chosen; "invalid": never imported. */
  status: ImportRowStatus;
  /** Clients: the company the "Empresa" column was linked to. */
  company?: { id: string; name: string } | undefined;
}

export interface ImportPreview {
  rows: ImportRow[];
  /** Rows ready to import (no errors, no duplicate). */
  valid: number;
  /** Rows without errors that repeat a live record or an earlier row. */
  duplicates: number;
  /** Rows with errors. */
  invalid: number;
  /** How each header of the file was understood (`field` null: ignored). */
  columns: { header: string; field: string | null }[];
}

export interface ImportResult {
  imported: number;
  /** Rows left out: `skippedInvalid + skippedDuplicates`. */
  skipped: number;
  skippedInvalid: number;
  skippedDuplicates: number;
}

/** Columns read by the import that are not fields of the form: clients' "Empresa" (name or CNPJ). */
const REFERENCE_FIELDS: Record<ResourceName, Record<string, string>> = {
  clients: { empresa: "Empresa" },
  companies: {},
};

/** Form fields the import never reads from a file (the company comes by name or CNPJ, not by id). */
const UNREAD_FIELDS: Record<ResourceName, readonly string[]> = { clients: ["empresaId"], companies: [] };

/** Header spellings people use, normalized (see `normalizeText`) → field name. */
const ALIASES: Record<ResourceName, Record<string, string>> = {
  clients: {
    cpf: "documento",
    cnpj: "documento",
    "cpf cnpj": "documento",
    "cpf/cnpj": "documento",
    documento: "documento",
    telefone: "telefones",
    celular: "telefones",
    whatsapp: "telefones",
    fone: "telefones",
    email: "email",
    "e-mail": "email",
    nascimento: "aniversario",
    aniversario: "aniversario",
    endereco: "rua",
    logradouro: "rua",
    estado: "uf",
    observacao: "observacoes",
    obs: "observacoes",
    "consentimento lgpd": "consentimentoLgpd",
    consentimento: "consentimentoLgpd",
    lgpd: "consentimentoLgpd",
    etiquetas: "tags",
    empresa: "empresa",
    "nome da empresa": "empresa",
    "cnpj da empresa": "empresa",
    "empresa (nome ou cnpj)": "empresa",
  },
  companies: {
    nome: "razaoSocial",
    empresa: "razaoSocial",
    "razao social": "razaoSocial",
    fantasia: "nomeFantasia",
    ie: "inscricaoEstadual",
    "inscricao estadual": "inscricaoEstadual",
    email: "email",
    "e-mail": "email",
    fone: "telefone",
    celular: "telefone",
    whatsapp: "telefone",
    website: "site",
    endereco: "rua",
    logradouro: "rua",
    estado: "uf",
    observacao: "observacoes",
    obs: "observacoes",
  },
};

/** Header → field: aliases and reference columns, field labels, column labels (what our export writes), field names. */
function headerMap(name: ResourceName): Map<string, string> {
  const def = definitionOf(name);
  const unread = UNREAD_FIELDS[name];
  const fieldNames = new Set([...def.fields.map((f) => f.name).filter((f) => !unread.includes(f)), ...Object.keys(REFERENCE_FIELDS[name])]);
  const map = new Map<string, string>();
  const add = (text: string, field: string) => {
    const key = normalizeText(text);
    if (!map.has(key) && fieldNames.has(field)) map.set(key, field);
  };
  // Reference columns first: the client form's "Empresa" label names the id field, the file a company.
  for (const [field, label] of Object.entries(REFERENCE_FIELDS[name])) add(label, field);
  for (const field of def.fields) {
    add(field.label, field.name);
    add(field.name, field.name);
  }
  for (const [alias, field] of Object.entries(ALIASES[name])) add(alias, field);
  for (const column of def.columns) add(column.label, column.key);
  return map;
}

function mapHeaders(name: ResourceName, header: string[]): (string | null)[] {
  const map = headerMap(name);
  const used = new Set<string>();
  return header.map((h) => {
    const field = map.get(normalizeText(h)) ?? null;
    // A field read from two columns keeps the first (e.g. "Nome" and "Razão social").
    if (!field || used.has(field)) return null;
    used.add(field);
    return field;
  });
}

/** Fills what a spreadsheet usually leaves out: the client's type from the document's length. */
function completeClient(values: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  if (!values.tipo?.trim()) {
    const document = normalizeCnpj(values.documento ?? "");
    out.tipo = document.length === 14 ? "pj" : "pf";
  }
  return out;
}

/** A valid row of the file, with what it is checked by. */
interface Entry {
  row: ImportRow;
  input: ClientInput | CompanyInput;
  /** Bare CPF/CNPJ. */
  document: string | null;
  email: string | null;
  /** National phone digits. */
  phones: string[];
  /** Clients: the "Empresa" cell, when filled. */
  companyRef: string | null;
}

interface Parsed {
  rows: ImportRow[];
  entries: Entry[];
  columns: ImportPreview["columns"];
}

/** Our export writes a leading apostrophe before text Excel would run as a formula (csv.ts): undo it. */
function unneutralized(value: string): string {
  return value.replace(/^'(?=[=+\-@\t\r])/, "");
}

/** Reads and validates the file, row by row (pure: no database). */
function parse(name: ResourceName, csvText: string): Parsed {
  if (typeof csvText !== "string" || !csvText.trim()) throw new DomainError("O arquivo está vazio.", 400, "arquivo");
  if (csvText.length > MAX_IMPORT_CHARS) throw new DomainError("O arquivo é grande demais: o limite é 5 MB.", 400, "arquivo");
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(csvText);
  } catch (error) {
    if (error instanceof CsvError) throw new DomainError(`Não foi possível ler o CSV: ${error.message}`, 400, "arquivo");
    throw error;
  }
  const fields = mapHeaders(name, parsed.header);
  const columns = parsed.header.map((header, i) => ({ header, field: fields[i] ?? null }));
  const required = name === "clients" ? "nome" : "razaoSocial";
  if (!fields.includes(required)) {
    const label = name === "clients" ? "Nome" : "Razão social";
    throw new DomainError(`A planilha precisa de uma coluna "${label}" na primeira linha.`, 400, "arquivo");
  }
  const records = parsed.records.filter((r) => r.fields.some((f) => f.trim() !== ""));
  if (records.length > MAX_IMPORT_ROWS) {
    throw new DomainError(
      `A planilha tem mais de ${MAX_IMPORT_ROWS.toLocaleString("pt-BR")} linhas. Divida-a em arquivos menores.`,
      400,
      "arquivo",
    );
  }
  const schema = definitionOf(name).schema;
  const references = Object.keys(REFERENCE_FIELDS[name]);
  const rows: ImportRow[] = [];
  const entries: Entry[] = [];
  for (const record of records) {
    const values: Record<string, string> = {};
    fields.forEach((field, i) => {
      if (field) values[field] = (record.fields[i] ?? "").trim();
    });
    const formValues: Record<string, string> = { ...values };
    for (const field of references) delete formValues[field];
    const result = schema.safeParse(name === "clients" ? completeClient(formValues) : formValues);
    const errors: Record<string, string> = {};
    const row: ImportRow = { line: record.line, values, errors, warnings: [], status: "valid" };
    rows.push(row);
    if (!result.success) {
      // Nested paths ("telefones.0.numero") are shown on their column.
      for (const [path, message] of Object.entries(formErrors(result))) {
        const field = path.split(".")[0] as string;
        errors[field] ??= message;
      }
      row.status = "invalid";
      continue;
    }
    if (name === "clients") {
      const input = result.data as ClientInput;
      entries.push({
        row,
        input,
        document: input.documento ? normalizeCnpj(input.documento) : null,
        email: input.email ?? null,
        phones: [...new Set(input.telefones.map((p) => nationalPhoneDigits(p.numero)))],
        companyRef: unneutralized(values.empresa ?? "").trim() || null,
      });
    } else {
      const input = result.data as CompanyInput;
      entries.push({
        row,
        input,
        document: input.cnpj ? normalizeCnpj(input.cnpj) : null,
        email: input.email ?? null,
        phones: input.telefone ? [nationalPhoneDigits(input.telefone)] : [],
        companyRef: null,
      });
    }
  }
  return { rows, entries, columns };
}

// ---------------------------------------------------------------------------
// Look-ups: every value of the file, in chunks, in one batch

/** The key a company name is indexed under (`company_keys`): normalized words, cut like the index. */
function nameKey(value: string): string {
  return sortKey(value).slice(0, MAX_KEY);
}

interface Needs {
  documents: string[];
  emails: string[];
  phones: string[];
  companyCnpjs: string[];
  companyNames: string[];
}

function needsOf(entries: readonly Entry[]): Needs {
  const documents = new Set<string>();
  const emails = new Set<string>();
  const phones = new Set<string>();
  const companyCnpjs = new Set<string>();
  const companyNames = new Set<string>();
  for (const e of entries) {
    if (e.document) documents.add(e.document);
    if (e.email) emails.add(e.email);
    for (const p of e.phones) phones.add(p);
    if (e.companyRef) {
      if (isValidCnpj(e.companyRef)) companyCnpjs.add(normalizeCnpj(e.companyRef));
      else if (nameKey(e.companyRef)) companyNames.add(nameKey(e.companyRef));
    }
  }
  return {
    documents: [...documents],
    emails: [...emails],
    phones: [...phones],
    companyCnpjs: [...companyCnpjs],
    companyNames: [...companyNames],
  };
}

interface Match {
  id: string;
  title: string;
}

interface CompanyMatch extends Match {
  legalName: string;
  tradeName: string | null;
}

type LookupKind = "document" | "email" | "phone" | "companyCnpj" | "companyName";

interface Found {
  document: Map<string, Match[]>;
  email: Map<string, Match[]>;
  phone: Map<string, Match[]>;
  companyCnpj: Map<string, CompanyMatch[]>;
  companyName: Map<string, CompanyMatch[]>;
}

function chunks<T>(list: readonly T[], size = VALUES_PER_LOOKUP): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

const companyTitle = sql<string>`coalesce(nullif(${companies.tradeName}, ''), ${companies.legalName})`;

/** Live companies of the organization with one of these CNPJs. */
function companiesByCnpj(db: Database, scope: OrgScope, cnpjs: string[]) {
  return db
    .select({
      value: companies.cnpj,
      id: companies.id,
      title: companyTitle,
      legalName: companies.legalName,
      tradeName: companies.tradeName,
    })
    .from(companies)
    .where(scope.where(companies, isNull(companies.deletedAt), inArray(companies.cnpj, cnpjs)))
    .orderBy(companies.sortName, companies.id);
}

/** Live companies of the organization indexed under one of these keys (a phone, or a word-suffix of a name). */
function companiesByKey(db: Database, scope: OrgScope, keys: string[]) {
  return db
    .select({
      value: companyKeys.key,
      id: companies.id,
      title: companyTitle,
      legalName: companies.legalName,
      tradeName: companies.tradeName,
    })
    .from(companyKeys)
    .innerJoin(companies, eq(companies.id, companyKeys.recordId))
    .where(and(scope.where(companyKeys, inArray(companyKeys.key, keys)), scope.where(companies, isNull(companies.deletedAt))))
    .orderBy(companies.sortName, companies.id);
}

/** The statements that find, for every value the file holds, the live records sharing it. */
function lookupStatements(db: Database, scope: OrgScope, name: ResourceName, needs: Needs) {
  const out: { kind: LookupKind; query: BatchItem<"sqlite"> }[] = [];
  // The same checks as the form's duplicate warning (duplicates.ts), for every row at once.
  const spec = name === "clients" ? clientDuplicateSpec : companyDuplicateSpec;
  for (const [kind, values] of [
    ["document", needs.documents],
    ["email", needs.emails],
    ["phone", needs.phones],
  ] as const) {
    for (const list of chunks(values)) out.push({ kind, query: duplicatesAmong(db, scope, spec, kind, list) });
  }
  if (name === "clients") {
    for (const list of chunks(needs.companyCnpjs)) out.push({ kind: "companyCnpj", query: companiesByCnpj(db, scope, list) });
    for (const list of chunks(needs.companyNames)) out.push({ kind: "companyName", query: companiesByKey(db, scope, list) });
  }
  return out;
}

/** Runs every look-up of the file in one round trip (none when there is nothing to look up). */
async function lookUp(ctx: ServiceContext, orgId: string, name: ResourceName, needs: Needs): Promise<Found> {
  const found: Found = { document: new Map(), email: new Map(), phone: new Map(), companyCnpj: new Map(), companyName: new Map() };
  const statements = lookupStatements(ctx.db, orgScope(ctx.db, orgId), name, needs);
  if (!statements.length) return found;
  const results = (await ctx.db.batch(statements.map((s) => s.query) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
  results.forEach((rows, i) => {
    const map = found[statements[i]?.kind as LookupKind] as Map<string, Match[]>;
    for (const row of rows as (Match & { value: string | null })[]) {
      if (row.value === null) continue;
      const list = map.get(row.value) ?? [];
      if (!list.some((m) => m.id === row.id)) list.push(row);
      map.set(row.value, list);
    }
  });
  return found;
}

// ---------------------------------------------------------------------------
// Warnings

const RECORD_NOUN: Record<ResourceName, string> = { clients: "um cliente", companies: "uma empresa" };

/** "Fulano" / "Fulano e mais 2". */
function names(matches: readonly Match[]): string {
  const [first, ...rest] = matches;
  return rest.length ? `${first?.title} e mais ${rest.length}` : (first?.title ?? "");
}

function documentLabel(name: ResourceName, document: string): string {
  return name === "companies" || document.length === 14 ? "CNPJ" : "CPF";
}

type Resolution = { company: { id: string; name: string } } | { warning: string };

/** The live company an "Empresa" cell names: by CNPJ, else by nome fantasia or razão social (accents and case ignored). */
function resolveCompany(ref: string, found: Found): Resolution {
  const skipped = " — o cliente será importado sem empresa";
  let matches: CompanyMatch[];
  if (isValidCnpj(ref)) {
    matches = found.companyCnpj.get(normalizeCnpj(ref)) ?? [];
  } else {
    const key = nameKey(ref);
    // The index also holds the last words of each name ("engenharia ltda"): keep whole names only.
    matches = (found.companyName.get(key) ?? []).filter(
      (c) => nameKey(c.legalName) === key || (c.tradeName ? nameKey(c.tradeName) === key : false),
    );
  }
  const [only, ...more] = matches;
  if (!only) return { warning: `Empresa não encontrada: ${ref}${skipped}` };
  if (more.length) return { warning: `Mais de uma empresa corresponde a “${ref}”${skipped}` };
  return { company: { id: only.id, name: only.title } };
}

/**
 * Marks each valid row: duplicates of live records (found) and of earlier valid rows (same
 * CPF/CNPJ, e-mail or any phone), and the company its "Empresa" cell names. Pure.
 */
function annotate(name: ResourceName, parsed: Parsed, found: Found): ImportPreview {
  const noun = RECORD_NOUN[name];
  const phoneField = name === "clients" ? "telefones" : "telefone";
  const documentField = name === "clients" ? "documento" : "cnpj";
  const firstWithDocument = new Map<string, number>();
  const firstWithEmail = new Map<string, number>();
  const firstWithPhone = new Map<string, number>();
  for (const entry of parsed.entries) {
    const { row } = entry;
    const duplicate = (field: string, message: string) => row.warnings.push({ kind: "duplicate", field, message });
    if (entry.document) {
      const label = documentLabel(name, entry.document);
      const existing = found.document.get(entry.document);
      if (existing?.length) duplicate(documentField, `Já existe ${noun} com este ${label}: ${names(existing)}`);
      const first = firstWithDocument.get(entry.document);
      if (first === undefined) firstWithDocument.set(entry.document, row.line);
      else duplicate(documentField, `Mesmo ${label} da linha ${first}`);
    }
    if (entry.email) {
      const existing = found.email.get(entry.email);
      if (existing?.length) duplicate("email", `Já existe ${noun} com este e-mail: ${names(existing)}`);
      const first = firstWithEmail.get(entry.email);
      if (first === undefined) firstWithEmail.set(entry.email, row.line);
      else duplicate("email", `Mesmo e-mail da linha ${first}`);
    }
    const byPhone: Match[] = [];
    let firstPhoneLine: number | undefined;
    for (const phone of entry.phones) {
      for (const match of found.phone.get(phone) ?? []) if (!byPhone.some((m) => m.id === match.id)) byPhone.push(match);
      const first = firstWithPhone.get(phone);
      if (first === undefined) firstWithPhone.set(phone, row.line);
      else firstPhoneLine = Math.min(firstPhoneLine ?? first, first);
    }
    if (byPhone.length) duplicate(phoneField, `Já existe ${noun} com este telefone: ${names(byPhone)}`);
    if (firstPhoneLine !== undefined) duplicate(phoneField, `Mesmo telefone da linha ${firstPhoneLine}`);
    if (row.warnings.length) row.status = "duplicate";

    if (entry.companyRef) {
      const resolution = resolveCompany(entry.companyRef, found);
      if ("company" in resolution) {
        row.company = resolution.company;
        entry.input = { ...(entry.input as ClientInput), empresaId: resolution.company.id };
      } else {
        row.warnings.push({ kind: "company", field: "empresa", message: resolution.warning });
      }
    }
  }
  const count = (status: ImportRowStatus) => parsed.rows.filter((r) => r.status === status).length;
  return {
    rows: parsed.rows,
    valid: count("valid"),
    duplicates: count("duplicate"),
    invalid: count("invalid"),
    columns: parsed.columns,
  };
}

/** Reads the file and checks every row against the organization's records (one round trip). */
async function check(ctx: ServiceContext, orgId: string, name: ResourceName, csvText: string) {
  const parsed = parse(name, csvText);
  const found = await lookUp(ctx, orgId, name, needsOf(parsed.entries));
  return { preview: annotate(name, parsed, found), entries: parsed.entries };
}

/** Reads and checks a CSV without saving anything: one round trip for all the look-ups. */
export async function previewImport(ctx: ServiceContext, orgId: string, name: ResourceName, csvText: string): Promise<ImportPreview> {
  return (await check(ctx, orgId, name, csvText)).preview;
}

/** The duplicate policy from what a person or an API client sent; undefined means the default ("skip"). */
export function parseDuplicatePolicy(value: unknown): DuplicatePolicy {
  if (value === undefined || value === null || value === "" || value === "skip") return "skip";
  if (value === "import") return "import";
  throw new DomainError("Opção de duplicados inválida: use skip (pular) ou import (importar mesmo assim).", 400, "duplicates");
}

function plural(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n.toLocaleString("pt-BR")} ${many}`;
}

/**
 * Checks the file again and saves the chosen rows in one batch (all or nothing). Mode "all"
 * refuses a file with any invalid row; "valid-only" skips them. Duplicates are skipped unless
 * `duplicates` is "import". Two round trips: the checks, then the writes.
 */
export async function commitImport(
  ctx: ServiceContext,
  orgId: string,
  actorUserId: string,
  name: ResourceName,
  csvText: string,
  mode: "all" | "valid-only",
  options: { duplicates?: DuplicatePolicy } = {},
): Promise<ImportResult> {
  if (mode !== "all" && mode !== "valid-only") throw new DomainError("Modo de importação inválido: use all ou valid-only.", 400, "mode");
  const policy = parseDuplicatePolicy(options.duplicates);
  const parsed = parse(name, csvText);
  const invalid = parsed.rows.filter((r) => r.status === "invalid").length;
  // Refuse before reading the database: the file alone decides this.
  if (mode === "all" && invalid > 0) {
    const lines = invalid === 1 ? "1 linha com erro" : `${invalid} linhas com erros`;
    throw new DomainError(`A planilha tem ${lines}. Corrija o arquivo ou importe só as linhas válidas.`, 422, "arquivo");
  }
  if (!parsed.entries.length) throw new DomainError("Nenhuma linha válida para importar.", 422, "arquivo");
  const found = await lookUp(ctx, orgId, name, needsOf(parsed.entries));
  const preview = annotate(name, parsed, found);
  const chosen = parsed.entries.filter((e) => e.row.status === "valid" || (policy === "import" && e.row.status === "duplicate"));
  if (!chosen.length) {
    throw new DomainError(
      `Nada a importar: ${plural(preview.duplicates, "linha repete", "linhas repetem")} cadastros existentes ou outras linhas da planilha. Escolha “Importar mesmo assim” para incluí-las.`,
      422,
      "duplicates",
    );
  }

  const scope = orgScope(ctx.db, orgId);
  const audit = { createdAt: ctx.now, updatedAt: ctx.now, createdBy: actorUserId, updatedBy: actorUserId };
  const statements: BatchItem<"sqlite">[] = [];
  for (const chunk of chunks(chosen, ROWS_PER_INSERT)) {
    if (name === "clients") {
      statements.push(
        ctx.db.insert(clients).values(
          scope.values(
            chunk.map(({ input }) => ({
              id: crypto.randomUUID(),
              ...audit,
              ...clientValues(input as ClientInput),
              lgpdConsentAt: (input as ClientInput).consentimentoLgpd ? ctx.now : null,
            })),
          ),
        ),
      );
    } else {
      statements.push(
        ctx.db
          .insert(companies)
          .values(scope.values(chunk.map(({ input }) => ({ id: crypto.randomUUID(), ...audit, ...companyValues(input as CompanyInput) })))),
      );
    }
  }
  try {
    await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    const message = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? "")}` : "";
    if (message.includes("empresa_invalida")) {
      throw new DomainError(
        "Uma empresa da planilha foi excluída durante a importação. Nada foi salvo: confira a prévia e importe de novo.",
        409,
        "empresa",
      );
    }
    translateDbError(error);
  }
  const skippedDuplicates = policy === "skip" ? preview.duplicates : 0;
  return { imported: chosen.length, skipped: invalid + skippedDuplicates, skippedInvalid: invalid, skippedDuplicates };
}
