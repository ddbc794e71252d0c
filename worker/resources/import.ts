import type { BatchItem } from "drizzle-orm/batch";
import { clients, companies } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import { normalizeCnpj } from "../../app/lib/documents.ts";
import { normalizeText } from "../../app/lib/search.ts";
import { formErrors } from "../../app/lib/validation.ts";
import type { ClientInput } from "../../app/modules/clients/definition.ts";
import type { CompanyInput } from "../../app/modules/companies/definition.ts";
import { DomainError, type ServiceContext } from "../services/context.ts";
import { clientValues } from "./clients.ts";
import { companyValues } from "./companies.ts";
import { CsvError, parseCsv } from "./csv.ts";
import { definitionOf, type ResourceName, translateDbError } from "./registry.ts";

/**
 * CSV import with a preview: each row is validated with the resource's own zod schema (the
 * form's pt-BR messages). Committing re-reads the file (the preview is never trusted), and with
 * mode "all" a file with any invalid row saves nothing; "valid-only" saves the valid rows.
 * Everything is written in one batch: all rows or none.
 */

/** Largest file accepted (characters). */
export const MAX_IMPORT_CHARS = 5_000_000;
/** Most data rows per file. */
export const MAX_IMPORT_ROWS = 5_000;
/** Rows per INSERT statement (SQLite's variable limit is far above 30 × 100). */
const ROWS_PER_INSERT = 100;

export interface ImportRow {
  /** Line of the file (the header is line 1). */
  line: number;
  /** Cells by field name, as written in the file. */
  values: Record<string, string>;
  /** pt-BR message by field name; empty when the row is valid. */
  errors: Record<string, string>;
}

export interface ImportPreview {
  rows: ImportRow[];
  valid: number;
  invalid: number;
  /** How each header of the file was understood (`field` null: ignored). */
  columns: { header: string; field: string | null }[];
}

export interface ImportResult {
  imported: number;
  skipped: number;
}

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

/** Header → field: field labels, column labels (what our export writes), field names, aliases. */
function headerMap(name: ResourceName): Map<string, string> {
  const def = definitionOf(name);
  const fieldNames = new Set(def.fields.map((f) => f.name));
  const map = new Map<string, string>();
  const add = (text: string, field: string) => {
    const key = normalizeText(text);
    if (!map.has(key) && fieldNames.has(field)) map.set(key, field);
  };
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

interface Checked {
  preview: ImportPreview;
  inputs: { line: number; input: ClientInput | CompanyInput }[];
}

function check(name: ResourceName, csvText: string): Checked {
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
  const rows: ImportRow[] = [];
  const inputs: Checked["inputs"] = [];
  for (const record of records) {
    const values: Record<string, string> = {};
    fields.forEach((field, i) => {
      if (field) values[field] = (record.fields[i] ?? "").trim();
    });
    const result = schema.safeParse(name === "clients" ? completeClient(values) : values);
    const errors: Record<string, string> = {};
    if (!result.success) {
      // Nested paths ("telefones.0.numero") are shown on their column.
      for (const [path, message] of Object.entries(formErrors(result))) {
        const field = path.split(".")[0] as string;
        errors[field] ??= message;
      }
    } else {
      inputs.push({ line: record.line, input: result.data as ClientInput | CompanyInput });
    }
    rows.push({ line: record.line, values, errors });
  }
  const invalid = rows.filter((r) => Object.keys(r.errors).length > 0).length;
  return { preview: { rows, valid: rows.length - invalid, invalid, columns }, inputs };
}

/** Reads and validates a CSV without saving anything (no database round trip). */
export async function previewImport(_ctx: ServiceContext, _orgId: string, name: ResourceName, csvText: string): Promise<ImportPreview> {
  return check(name, csvText).preview;
}

/**
 * Saves the file's rows in one batch (all or nothing). Mode "all" refuses a file with any
 * invalid row (nothing saved); "valid-only" skips the invalid rows.
 */
export async function commitImport(
  ctx: ServiceContext,
  orgId: string,
  actorUserId: string,
  name: ResourceName,
  csvText: string,
  mode: "all" | "valid-only",
): Promise<ImportResult> {
  const { preview, inputs } = check(name, csvText);
  if (mode === "all" && preview.invalid > 0) {
    const lines = preview.invalid === 1 ? "1 linha com erro" : `${preview.invalid} linhas com erros`;
    throw new DomainError(`A planilha tem ${lines}. Corrija o arquivo ou importe só as linhas válidas.`, 422, "arquivo");
  }
  if (!inputs.length) throw new DomainError("Nenhuma linha válida para importar.", 422, "arquivo");
  const scope = orgScope(ctx.db, orgId);
  const audit = { createdAt: ctx.now, updatedAt: ctx.now, createdBy: actorUserId, updatedBy: actorUserId };
  const statements: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < inputs.length; i += ROWS_PER_INSERT) {
    const chunk = inputs.slice(i, i + ROWS_PER_INSERT);
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
    translateDbError(error);
  }
  return { imported: inputs.length, skipped: preview.rows.length - inputs.length };
}
