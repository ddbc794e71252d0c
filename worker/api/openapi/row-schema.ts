import { getTableColumns } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { ColumnDef, FieldDef } from "../../../shared/resources/types.ts";
import type { ResourceModule } from "../../resources/define.ts";
import type { JsonSchema } from "../route-doc.ts";
import { sentence } from "./vocabulary.ts";
import { optionsText, relationText } from "./request-schema.ts";

/** A resource's row schema, from its Drizzle table (the keys are the API's names) and the module's extras. See ADR 015. */

/** Columns never part of a row (worker/resources/define.ts hides the same). */
const HIDDEN_COLUMNS = new Set(["orgId", "chavesBusca", "ordem", "excluidoEm", "excluidoPor"]);

const AUDIT_TITLES: Record<string, { title: string; description: string }> = {
  id: { title: "Id", description: "Identificador do registro." },
  criadoEm: { title: "Cadastrado em", description: "Instante ISO 8601 (UTC)." },
  atualizadoEm: { title: "Atualizado em", description: "Instante ISO 8601 (UTC) da última alteração." },
  criadoPor: { title: "Cadastrado por", description: "Id de quem cadastrou (null quando o usuário não existe mais)." },
  criadoPorNome: { title: "Nome de quem cadastrou", description: "Null quando desconhecido." },
  atualizadoPor: { title: "Alterado por", description: "Id de quem alterou por último." },
  atualizadoPorNome: { title: "Nome de quem alterou", description: "Null quando desconhecido." },
};

const STORED_NOTES: Partial<Record<FieldDef["kind"], string>> = {
  "cpf-cnpj": "Sem máscara: 11 dígitos (CPF) ou 14 caracteres (CNPJ).",
  cnpj: "Sem máscara: 14 caracteres.",
  cep: "8 dígitos, sem hífen.",
  tel: "Só os dígitos: DDD + número.",
  money: "Em centavos.",
  date: "Data aaaa-mm-dd.",
  datetime: "Instante ISO 8601 (UTC).",
  barcode: "13 dígitos.",
  email: "Em minúsculas.",
};

const STORED_PHONE: JsonSchema = {
  type: "object",
  required: ["numero", "whatsapp", "rotulo"],
  properties: {
    numero: { type: "string", description: "Só os dígitos: DDD + número." },
    whatsapp: { type: "boolean" },
    rotulo: { type: ["string", "null"] },
  },
};

function nullable(schema: JsonSchema, notNull: boolean): JsonSchema {
  if (notNull || schema.type === undefined) return schema;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return {
    ...schema,
    type: [...types, "null"],
    ...(schema.enum ? { enum: [...schema.enum, null] } : {}),
  };
}

function columnType(column: SQLiteColumn, field: FieldDef | undefined): JsonSchema {
  switch (column.columnType) {
    case "SQLiteTimestamp":
      return { type: "string", format: "date-time" };
    case "SQLiteBoolean":
      return { type: "boolean" };
    case "SQLiteInteger":
      return { type: "integer" };
    case "SQLiteReal":
    case "SQLiteNumeric":
      return { type: "number" };
    case "SQLiteTextJson":
      if (field?.kind === "phones") return { type: "array", items: STORED_PHONE };
      if (field?.kind === "tags" || field?.kind === "choices") return { type: "array", items: { type: "string" } };
      return {};
    case "SQLiteCustomColumn": {
      const sqlType = column.getSQLType().toLowerCase();
      return sqlType === "integer" || sqlType === "real" || sqlType === "numeric" ? { type: "number" } : { type: "string" };
    }
    default: {
      const values = (column as SQLiteColumn & { enumValues?: readonly string[] }).enumValues;
      const schema: JsonSchema = values?.length ? { type: "string", enum: [...values] } : { type: "string" };
      if (field?.kind === "date") schema.format = "date";
      if (field?.kind === "datetime") schema.format = "date-time";
      return schema;
    }
  }
}

/** What `GET /api/<api>/{id}` answers in `data` (and each item of a list). */
export function rowSchema(mod: ResourceModule): JsonSchema {
  const def = mod.definition;
  const fields = new Map(def.fields.map((f) => [f.name, f]));
  const columns = new Map<string, ColumnDef<never>>(def.columns.map((c) => [c.key, c as ColumnDef<never>]));
  const properties: Record<string, JsonSchema> = {};
  for (const [key, column] of Object.entries(getTableColumns(mod.table) as Record<string, SQLiteColumn>)) {
    if (HIDDEN_COLUMNS.has(key) || mod.privateColumns?.includes(key)) continue;
    const field = fields.get(key);
    const audit = AUDIT_TITLES[key];
    const title = field?.label ?? columns.get(key)?.label ?? audit?.title;
    const description = sentence([
      audit?.description,
      field ? STORED_NOTES[field.kind] : key.endsWith("Centavos") ? "Em centavos." : undefined,
      field?.kind === "relation" ? relationText(field.relation) : undefined,
      field?.kind === "select" ? optionsText(field.options) : undefined,
      field ? undefined : audit ? undefined : "Calculado: somente leitura.",
    ]);
    properties[key] = {
      ...(title ? { title } : {}),
      ...nullable(columnType(column, field), column.notNull),
      ...(description ? { description } : {}),
    };
  }
  for (const key of ["criadoPorNome", "atualizadoPorNome"]) {
    properties[key] = {
      title: AUDIT_TITLES[key]?.title ?? key,
      type: ["string", "null"],
      description: AUDIT_TITLES[key]?.description ?? "",
    };
  }
  for (const key of Object.keys(mod.extras ?? {})) {
    const label = columns.get(key)?.label ?? fields.get(key)?.label;
    const shape = mod.extraSchemas?.[key];
    properties[key] = {
      ...(label ? { title: label } : {}),
      ...(shape ?? { type: ["string", "number", "null"] }),
      readOnly: true,
      description: sentence([shape?.description, "Calculado a partir de outros registros: somente leitura."]),
    };
  }
  return {
    type: "object",
    title: def.labels.singular.charAt(0).toUpperCase() + def.labels.singular.slice(1),
    description: `Um registro de ${def.labels.plural}, como listas, ficha e exportação mostram.`,
    properties,
    required: Object.keys(properties),
  };
}
