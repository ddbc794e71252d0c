import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { GENERATION_KINDS, GENERATION_STATUSES } from "../../shared/ai/generation-api.ts";
import { GENERATION_SOURCES } from "../../shared/ai/generation-options.ts";
import { users } from "./accounts.ts";
import { timestamp } from "./columns.ts";
import { organizations } from "./organizations.ts";

/**
 * One AI generation a member asked for (ADR 055): a post from a record, free content or a month
 * plan. The job fills it as it runs — the readable text while it streams (so a page that opens
 * late sees it), then the checked result or the error in pt-BR — and records the tokens it cost,
 * whatever the outcome. Org-scoped; the member who asked reads it (and sees its live events).
 */
export const aiGenerations = sqliteTable(
  "ai_generations",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** Who asked (their pages get the streamed text). Null once they left the organização's users. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    tipo: text("kind", { enum: GENERATION_KINDS }).notNull(),
    /** The request as checked (generationRequestSchema without `tipo`). */
    pedido: text("input", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    /** A short title for lists, fixed when it is asked (the record's name, the topic, the month). */
    titulo: text("title").notNull(),
    status: text("status", { enum: GENERATION_STATUSES }).notNull().default("na_fila"),
    /** "ia" (OpenAI) or "modelo" (the template generator); null until known. */
    origem: text("source", { enum: GENERATION_SOURCES }),
    aviso: text("notice"),
    /** The readable text streamed so far (captions being written), capped. */
    textoParcial: text("partial_text").notNull().default(""),
    /** The result (shared/ai/generation-api.ts generationResultSchema), null until pronta. */
    resultado: text("result", { mode: "json" }).$type<Record<string, unknown>>(),
    erroCodigo: text("error_code"),
    erroMensagem: text("error_message"),
    /** A 429's retry-after, as an instant. */
    tentarApos: timestamp("retry_at"),
    tokensEntrada: integer("tokens_in").notNull().default(0),
    tokensSaida: integer("tokens_out").notNull().default(0),
    /** The model that answered (a dated snapshot name), when one did. */
    modelo: text("model"),
    criadoEm: timestamp("created_at").notNull(),
    iniciadoEm: timestamp("started_at"),
    primeiroTextoEm: timestamp("first_text_at"),
    concluidoEm: timestamp("finished_at"),
    /** Last write: the stuck-run sweep reads it (a run writes at least every few seconds while it streams). */
    atualizadoEm: timestamp("updated_at").notNull(),
  },
  (t) => [
    // A member's recent generations (the list), newest first.
    index("ai_generations_org_user_idx").on(t.orgId, t.userId, t.criadoEm),
    // The sweep: runs still na_fila or gerando, oldest write first.
    index("ai_generations_status_idx").on(t.status, t.atualizadoEm),
  ],
);

/**
 * Tokens an organização used per month (its time zone's aaaa-mm): one row per org × month,
 * incremented atomically (INSERT … ON CONFLICT DO UPDATE) when a generation records its usage.
 * The limit check before a generation starts reads one row instead of summing every generation
 * of the month, and the count survives if old generations are ever purged.
 */
export const aiTokenUsage = sqliteTable(
  "ai_token_usage",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    mes: text("month").notNull(),
    tokensEntrada: integer("tokens_in").notNull().default(0),
    tokensSaida: integer("tokens_out").notNull().default(0),
    geracoes: integer("generations").notNull().default(0),
    atualizadoEm: timestamp("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.mes] })],
);
