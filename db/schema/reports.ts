import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { REPORT_FILE_STATUSES, REPORT_FORMATS } from "../../shared/reports/files.ts";
import { users } from "./accounts.ts";
import { timestamp } from "./columns.ts";
import { organizations } from "./organizations.ts";

/**
 * A report file built in the background (ADR 086): what was asked (the catalogue's report, its
 * params as the URL gave them, the format), how far the job `report/requested` went, and where
 * the file is (R2 `orgs/<org>/reports/<id>.<ext>`, written by the job, read only through a
 * member-bound expiring link). A system table, not a registry resource: nobody edits it; the job
 * writes it, members list, download and delete it from /relatorios. Org-scoped; expires.
 */
export const reportFiles = sqliteTable(
  "report_files",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The catalogue's id ("vendas"…), or "resumo-mensal" for the monthly summary. */
    relatorio: text("report_id").notNull(),
    /** The report's params as asked (period and filters, the URL's names), checked again when built. */
    parametros: text("params", { mode: "json" }).$type<Record<string, string>>().notNull(),
    formato: text("format", { enum: REPORT_FORMATS }).notNull(),
    /** For the list, fixed when asked: "Vendas · 01/11/2026 a 30/11/2026". */
    titulo: text("title").notNull(),
    /** The download's name ("vendas-2026-11-01-a-2026-11-30.pdf"); never part of the key. */
    nomeArquivo: text("file_name").notNull(),
    status: text("status", { enum: REPORT_FILE_STATUSES }).notNull().default("na_fila"),
    /** 0–100, as the detail pages go. */
    progresso: integer("progress").notNull().default(0),
    linhas: integer("rows"),
    bytes: integer("bytes"),
    chave: text("storage_key").notNull(),
    /** Who asked; null for the monthly summary (the schedule asked) or once they left. */
    pedidoPor: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    pedidoEm: timestamp("requested_at").notNull(),
    iniciadoEm: timestamp("started_at"),
    concluidoEm: timestamp("finished_at"),
    /** Why it failed, in pt-BR, for the list. */
    erro: text("error"),
    expiraEm: timestamp("expires_at").notNull(),
    /** The monthly summary's month ("aaaa-mm", the organização's zone): one per organização and month. */
    resumoMes: text("summary_month"),
    atualizadoEm: timestamp("updated_at").notNull(),
  },
  (t) => [
    // /relatorios: the organização's files, newest first (keyset on requested_at, id).
    index("report_files_org_requested_idx").on(t.orgId, t.pedidoEm, t.id),
    // The sweep: an organização's files past their expiry.
    index("report_files_org_expires_idx").on(t.orgId, t.expiraEm),
    // Exactly one monthly summary per organização and month, however often the schedule fires.
    uniqueIndex("report_files_summary_month_idx").on(t.orgId, t.resumoMes).where(sql`summary_month is not null`),
    check("report_files_progress", sql`progress between 0 and 100`),
  ],
);
