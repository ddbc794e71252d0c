import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { POST_COMMENT_KINDS, SOCIAL_NETWORKS } from "../../shared/enums.ts";
import { clients } from "./clients.ts";
import { timestamp } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { propertyInterests } from "./real-estate.ts";
import { posts, postTargets } from "./social.ts";

/**
 * Comments and mentions Meta's webhooks reported on our posts (ADR 046): one row per Meta comment
 * per organização, on the publication (`post_targets`) whose media or Facebook post it came on.
 * "Criar interesse" links the client and the interest it made, so a second click makes nothing.
 */
export const postComments = sqliteTable(
  "post_comments",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    alvoId: text("target_id")
      .notNull()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    rede: text("network", { enum: SOCIAL_NETWORKS }).notNull(),
    tipo: text("kind", { enum: POST_COMMENT_KINDS }).notNull().default("comentario"),
    /** Meta's comment id (Instagram's, or Facebook's `{post}_{comment}`). */
    comentarioId: text("comment_id").notNull(),
    /** Meta's id of who wrote it (app- or Instagram-scoped): what a data-deletion request names. */
    autorId: text("author_id"),
    autorNome: text("author_name"),
    /** Instagram's username, without the @. */
    autorUsuario: text("author_username"),
    /** Null for a mention, whose text Meta does not send. */
    texto: text("text"),
    comentadoEm: timestamp("commented_at").notNull(),
    clienteId: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    interesseId: text("interest_id").references(() => propertyInterests.id, { onDelete: "set null" }),
    criadoEm: timestamp("created_at").notNull(),
    atualizadoEm: timestamp("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("post_comments_org_comment_uq").on(t.orgId, t.comentarioId),
    index("post_comments_org_post_idx").on(t.orgId, t.postId, t.comentadoEm),
    // An earlier comment by the same person, already linked to a client ("Criar interesse").
    index("post_comments_org_author_idx").on(t.orgId, t.rede, t.autorId),
    // A data-deletion request names the person, in whatever organização they commented.
    index("post_comments_author_idx").on(t.autorId),
  ],
);

/**
 * Each webhook change already processed, by a digest of what Meta sent (object, entry, time,
 * field, value): a delivery Meta repeats changes nothing. Kept a week (Meta retries for 36 h).
 */
export const metaWebhookChanges = sqliteTable(
  "meta_webhook_changes",
  {
    digest: text("digest").primaryKey(),
    recebidoEm: timestamp("received_at").notNull(),
  },
  (t) => [index("meta_webhook_changes_received_idx").on(t.recebidoEm)],
);

/**
 * Meta's data-deletion requests: the confirmation code a person reads their request's status
 * with (`/exclusao-de-dados/<code>`), and what was removed. Holds no Meta id: the request's
 * digest only makes a repeated request answer the same code.
 */
export const metaDataDeletions = sqliteTable("meta_data_deletions", {
  codigo: text("code").primaryKey(),
  pedidoDigest: text("request_digest").notNull().unique(),
  pedidoEm: timestamp("requested_at").notNull(),
  concluidoEm: timestamp("completed_at"),
  conexoes: integer("connections").notNull().default(0),
  comentarios: integer("comments").notNull().default(0),
});
