import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { POST_APPROVALS, POST_ORIGINS, POST_STATUSES, SOCIAL_ACCOUNT_STATUSES, SOCIAL_NETWORKS } from "../../shared/enums.ts";
import { timestamp } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { products } from "./products.ts";
import { properties, propertyPhotos } from "./real-estate.ts";
import { filterIndex, listIndexes, recordKey, recordTrail, searchKeyTable, sortKeyColumn } from "./records.ts";

/**
 * A Facebook Page or Instagram professional account the organização publishes to. Minimal on
 * purpose (issue 19's connection piece adds tokens, permissions and health): what a post's
 * publication points at, named as the person knows it.
 */
export const socialAccounts = sqliteTable(
  "social_accounts",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    rede: text("network", { enum: SOCIAL_NETWORKS }).notNull(),
    /** Meta's id of the Page or the Instagram account. */
    idExterno: text("external_id").notNull(),
    nome: text("name").notNull(),
    /** `@usuario` on Instagram; the Page's username when it has one. */
    usuario: text("handle"),
    status: text("status", { enum: SOCIAL_ACCOUNT_STATUSES }).notNull().default("ativa"),
    criadoEm: timestamp("created_at").notNull(),
    atualizadoEm: timestamp("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("social_accounts_org_external_uq").on(t.orgId, t.rede, t.idExterno),
    index("social_accounts_org_network_idx").on(t.orgId, t.rede, t.nome),
  ],
);

/**
 * Posts: what goes out (caption, link, first comment, media), its origin and its approval. Each
 * network's publication is a `post_targets` row with its own status; the post is a record of the
 * registry (soft delete, audit trail, search by caption).
 */
export const posts = sqliteTable(
  "posts",
  {
    ...recordKey(),
    legenda: text("caption").notNull().default(""),
    /** The caption's start lower-cased without accents: "nome" sorts by it. */
    ordem: sortKeyColumn("sort_caption"),
    link: text("link"),
    primeiroComentario: text("first_comment"),
    /** Alt text of a single image (a carousel's images carry their own in `post_media`). */
    textoAlternativo: text("alt_text"),
    origem: text("origin_kind", { enum: POST_ORIGINS }),
    imovelId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    produtoId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    aprovacao: text("approval", { enum: POST_APPROVALS }).notNull().default("rascunho"),
    aprovadoPor: text("approved_by"),
    aprovadoEm: timestamp("approved_at"),
    /** The instant it goes out (null: as soon as approved). */
    agendadoPara: timestamp("scheduled_at"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("posts", t, { agendadoPara: t.agendadoPara }),
    filterIndex("posts_org_approval_idx", t, t.aprovacao),
    filterIndex("posts_org_property_idx", t, t.imovelId),
    filterIndex("posts_org_creator_idx", t, t.criadoPor),
  ],
);

/** Search keys of live posts: the words of the caption and `#h:` hashtags. */
export const postKeys = searchKeyTable("post_keys", "post_id", "post_keys_post_idx");

/**
 * A post's publication on one network and account: its own status, every id Meta returns
 * (recorded in the step that received it, so a retry looks up before creating again), the last
 * error, attempts, and when a run claimed it. `agendadoPara` is the post's, copied so the due
 * sweep reads one index.
 */
export const postTargets = sqliteTable(
  "post_targets",
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
    rede: text("network", { enum: SOCIAL_NETWORKS }).notNull(),
    contaId: text("account_id")
      .notNull()
      .references(() => socialAccounts.id, { onDelete: "restrict" }),
    status: text("status", { enum: POST_STATUSES }).notNull().default("rascunho"),
    agendadoPara: timestamp("scheduled_at"),
    /** Instagram's media container (a carousel's parent). */
    containerId: text("container_id"),
    /** A carousel's child containers, in order (JSON array). */
    containersFilhos: text("child_container_ids", { mode: "json" }).$type<string[]>(),
    /** Instagram's published media id. */
    midiaId: text("media_id"),
    /** Facebook's post id (`{page}_{post}`). */
    postExternoId: text("external_post_id"),
    permalink: text("permalink"),
    erroCodigo: text("error_code"),
    erroMensagem: text("error_message"),
    tentativas: integer("attempts").notNull().default(0),
    reivindicadoEm: timestamp("claimed_at"),
    publicadoEm: timestamp("published_at"),
    criadoEm: timestamp("created_at").notNull(),
    atualizadoEm: timestamp("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("post_targets_post_account_uq").on(t.postId, t.contaId),
    // One account per network: a Facebook Page and/or an Instagram account.
    uniqueIndex("post_targets_post_network_uq").on(t.postId, t.rede),
    // The due sweep: scheduled publications whose time came, across organizações (the cron's).
    index("post_targets_due_idx").on(t.status, t.agendadoPara),
    // One account's queue (concurrency 1 per account; the calendar per account).
    index("post_targets_account_idx").on(t.orgId, t.contaId, t.status, t.agendadoPara),
    index("post_targets_org_post_idx").on(t.orgId, t.postId),
  ],
);

/** A post's images in order: an uploaded file (R2 key) or one of the imóvel's photos. */
export const postMedia = sqliteTable(
  "post_media",
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
    posicao: integer("position").notNull(),
    /** An uploaded image's R2 key (without size and extension). */
    chave: text("key"),
    // A photo deleted from the imóvel leaves the post (the post keeps its other images).
    fotoId: text("property_photo_id").references(() => propertyPhotos.id, { onDelete: "cascade" }),
    textoAlternativo: text("alt_text"),
    criadoEm: timestamp("created_at").notNull(),
  },
  (t) => [
    index("post_media_org_post_idx").on(t.orgId, t.postId, t.posicao),
    check("post_media_source_ck", sql`key is not null or property_photo_id is not null`),
  ],
);
