import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { FILE_KINDS } from "../../shared/document-files/file-kinds.ts";
import { DOCUMENT_TYPES } from "../../shared/enums/documents.ts";
import { clients } from "./clients.ts";
import { companies } from "./companies.ts";
import { expenses, sales } from "./finance.ts";
import { properties } from "./real-estate.ts";
import { filterIndex, listIndexes, recordKey, recordTrail, searchKeyTable, sortKeyColumn } from "./records.ts";

/**
 * Documentos (issue 22, ADR 070/074): one row per stored file. The file itself is the R2 object
 * `storage_key` (orgs/<org>/documents/<id>.<ext>); the row is written only after the object, so
 * no row points at a missing file. A document is linked to at most one record (client, empresa,
 * imóvel, sale or expense: the CHECK), and may expire on a local day of the organização (ADR 039).
 * Uploaded by/at: the trail's `created_by` / `created_at`.
 */
export const documents = sqliteTable(
  "documents",
  {
    ...recordKey(),
    titulo: text("title").notNull(),
    ordem: sortKeyColumn("sort_name"),
    tipo: text("type", { enum: DOCUMENT_TYPES }).notNull(),
    /** The person's file name, as sent (goes back in Content-Disposition, never into the key). */
    nomeArquivo: text("file_name").notNull(),
    /** The sniffed format (shared/document-files/file-kinds.ts), never the browser's claim. */
    formato: text("kind", { enum: FILE_KINDS }).notNull(),
    tamanhoBytes: integer("size_bytes").notNull(),
    chave: text("storage_key").notNull(),
    /** The last valid day (aaaa-mm-dd in the organização's zone); null: does not expire. */
    vencimento: text("expires_on"),
    clienteId: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    empresaId: text("company_id").references(() => companies.id, { onDelete: "set null" }),
    imovelId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    vendaId: text("sale_id").references(() => sales.id, { onDelete: "set null" }),
    despesaId: text("expense_id").references(() => expenses.id, { onDelete: "set null" }),
    observacoes: text("notes"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("documents", t, { vencimento: t.vencimento, tamanho: t.tamanhoBytes }),
    filterIndex("documents_org_type_idx", t, t.tipo),
    index("documents_org_client_idx").on(t.orgId, t.clienteId, t.criadoEm).where(sql`client_id is not null and deleted_at is null`),
    index("documents_org_company_idx").on(t.orgId, t.empresaId, t.criadoEm).where(sql`company_id is not null and deleted_at is null`),
    index("documents_org_property_idx").on(t.orgId, t.imovelId, t.criadoEm).where(sql`property_id is not null and deleted_at is null`),
    index("documents_org_sale_idx").on(t.orgId, t.vendaId, t.criadoEm).where(sql`sale_id is not null and deleted_at is null`),
    index("documents_org_expense_idx").on(t.orgId, t.despesaId, t.criadoEm).where(sql`expense_id is not null and deleted_at is null`),
    index("documents_org_storage_key_idx").on(t.orgId, t.chave),
    check(
      "documents_one_link",
      sql`(client_id is not null) + (company_id is not null) + (property_id is not null) + (sale_id is not null) + (expense_id is not null) <= 1`,
    ),
    check("documents_size", sql`size_bytes between 1 and 20971520`),
    check("documents_expires_day", sql`expires_on is null or expires_on GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'`),
  ],
);

export const documentKeys = searchKeyTable("document_keys", "document_id", "document_keys_document_idx");
