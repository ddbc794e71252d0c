import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  POST_APPROVALS,
  POST_ATTEMPT_OUTCOMES,
  POST_ORIGINS,
  POST_STATUSES,
  SOCIAL_ACCOUNT_STATUSES,
  SOCIAL_CONNECTION_KINDS,
  SOCIAL_NETWORKS,
} from "../../shared/enums.ts";
import { timestamp } from "./columns.ts";
import { users } from "./accounts.ts";
import { organizations } from "./organizations.ts";
import { services } from "./agenda.ts";
import { products } from "./products.ts";
import { properties, propertyPhotos } from "./real-estate.ts";
import { filterIndex, listIndexes, recordKey, recordTrail, searchKeyTable, sortKeyColumn } from "./records.ts";

/**
 * One Meta login a member granted: Facebook Login for Business or Instagram Login (or the local demo
 * stand-in). Holds the person's long-lived token, sealed (ADR 040: AES-GCM bound to the org and
 * purpose), its expiry and the scopes Meta says were granted and declined. Reconnecting updates this
 * row (the same Meta user), so the accounts and their history stay.
 */
export const socialConnections = sqliteTable(
  "social_connections",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    tipo: text("kind", { enum: SOCIAL_CONNECTION_KINDS }).notNull(),
    /** Meta's app-scoped id of the person (Facebook) or the Instagram user id (Instagram Login). */
    usuarioMetaId: text("meta_user_id").notNull(),
    nome: text("name").notNull(),
    /** The long-lived user token, sealed (purpose "meta-user-token"). Never leaves the server. */
    tokenSelado: text("token_sealed"),
    /** When the user token lapses (null: Meta said it does not expire). */
    tokenExpiraEm: timestamp("token_expires_at"),
    /** Last time the token was refreshed or exchanged. */
    tokenRenovadoEm: timestamp("token_refreshed_at"),
    escoposConcedidos: text("granted_scopes", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    escoposRecusados: text("declined_scopes", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    status: text("status", { enum: SOCIAL_ACCOUNT_STATUSES }).notNull().default("ativa"),
    /** Why it needs reconnecting, in pt-BR (token revoked, permission removed…). */
    motivoStatus: text("status_reason"),
    /** Connected to the local stand-in ("modo demonstração"), never to Meta. */
    demo: integer("demo", { mode: "boolean" }).notNull().default(false),
    /** When the owner was last warned that the token lapses (the 7-day warning goes once). */
    avisoExpiracaoEm: timestamp("expiry_warned_at"),
    conectadoPor: text("connected_by").references(() => users.id, { onDelete: "set null" }),
    criadoEm: timestamp("created_at").notNull(),
    atualizadoEm: timestamp("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("social_connections_org_user_uq").on(t.orgId, t.tipo, t.usuarioMetaId),
    // The daily token-health job: connections whose token lapses soon, across organizações.
    index("social_connections_expiry_idx").on(t.status, t.tokenExpiraEm),
    // Meta's permission, deauthorize and data-deletion callbacks name the person (ADR 046).
    index("social_connections_meta_user_idx").on(t.usuarioMetaId),
  ],
);

/**
 * A Facebook Page or Instagram professional account the organização publishes to, chosen by a
 * member among what their connection reaches. Its own token, sealed: a Page token (Facebook Login;
 * does not expire when read with a long-lived user token), the user token for an Instagram account
 * reached through its Page, or the Instagram Login token. `status` "reconectar" holds its posts.
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
    fotoUrl: text("picture_url"),
    status: text("status", { enum: SOCIAL_ACCOUNT_STATUSES }).notNull().default("ativa"),
    /** Why it needs reconnecting or why it cannot publish, in pt-BR. */
    motivoStatus: text("status_reason"),
    /** The login it came through (null: not connected yet, e.g. a row kept after disconnecting). */
    conexaoId: text("connection_id").references(() => socialConnections.id, { onDelete: "set null" }),
    /** The account's token, sealed (purpose "meta-account-token"). */
    tokenSelado: text("token_sealed"),
    /** null: does not expire (a Page token read with a long-lived user token). */
    tokenExpiraEm: timestamp("token_expires_at"),
    /** An Instagram account's Page (Facebook Login), or a Page's Instagram account: Meta's ids. */
    vinculoExternoId: text("linked_external_id"),
    /** The Page's tasks granted to the person (CREATE_CONTENT is needed to publish). */
    tarefas: text("tasks", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    demo: integer("demo", { mode: "boolean" }).notNull().default(false),
    /** Last token/permission check (diagnostics, the daily job). */
    verificadoEm: timestamp("checked_at"),
    criadoEm: timestamp("created_at").notNull(),
    atualizadoEm: timestamp("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("social_accounts_org_external_uq").on(t.orgId, t.rede, t.idExterno),
    index("social_accounts_org_network_idx").on(t.orgId, t.rede, t.nome),
    index("social_accounts_connection_idx").on(t.orgId, t.conexaoId),
    // Meta's webhooks name the Page or Instagram account by its own id (ADR 046).
    index("social_accounts_external_idx").on(t.idExterno, t.rede),
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
    servicoId: text("service_id").references(() => services.id, { onDelete: "set null" }),
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
    /** Basic metrics from Meta's insights, read by the daily job (null: not read yet). */
    alcance: integer("reach"),
    curtidas: integer("likes"),
    comentarios: integer("comments"),
    compartilhamentos: integer("shares"),
    salvamentos: integer("saves"),
    metricasEm: timestamp("metrics_at"),
    reivindicadoEm: timestamp("claimed_at"),
    /**
     * The run that holds the claim (a fencing token, ADR 047): every write of a publishing run is
     * conditional on it, so a run that lost its claim (stale, taken over) writes nothing.
     */
    reivindicadoPor: text("claim_run_id"),
    /** Held until (daily quota spent, an account to reconnect): the sweep leaves it alone before. */
    retidoAte: timestamp("held_until"),
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
    // /facebook-posts and /instagram-posts (a network's or an account's publications, newest first) and the insights job.
    index("post_targets_org_network_published_idx").on(t.orgId, t.rede, t.status, t.publicadoEm),
    index("post_targets_org_account_published_idx").on(t.orgId, t.contaId, t.status, t.publicadoEm),
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

/**
 * Every publish attempt of a post's network, with its outcome, the pt-BR message and Meta's raw
 * code: what /historico lists and what a failed post explains. Written by the publishing job in
 * the same step as the status change it explains.
 */
export const postAttempts = sqliteTable(
  "post_attempts",
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
    contaId: text("account_id").references(() => socialAccounts.id, { onDelete: "set null" }),
    /** The job run that made it (Inngest's or the local runner's). */
    execucaoId: text("run_id"),
    /** Which step it reached: "container", "status", "publicar", "facebook", "comentario"… */
    etapa: text("step").notNull(),
    resultado: text("outcome", { enum: POST_ATTEMPT_OUTCOMES }).notNull(),
    /** The readable pt-BR explanation (with the action to take) when not published. */
    mensagem: text("message"),
    /** Meta's raw code and subcode ("190", "9004/2207052"), kept for support. */
    erroCodigo: text("error_code"),
    /** Meta's own message, kept raw (never shown as the explanation). */
    erroMeta: text("error_raw"),
    iniciadoEm: timestamp("started_at").notNull(),
    concluidoEm: timestamp("finished_at"),
  },
  (t) => [
    index("post_attempts_org_started_idx").on(t.orgId, t.iniciadoEm),
    index("post_attempts_org_target_idx").on(t.orgId, t.alvoId, t.iniciadoEm),
    index("post_attempts_org_outcome_idx").on(t.orgId, t.resultado, t.iniciadoEm),
    // /historico's filters by network and by account.
    index("post_attempts_org_network_idx").on(t.orgId, t.rede, t.iniciadoEm),
    index("post_attempts_org_account_idx").on(t.orgId, t.contaId, t.iniciadoEm),
  ],
);

/**
 * The Meta app an organização uses instead of the platform's (META_APP_ID/META_APP_SECRET): its id,
 * and its secret and webhook verify token sealed (purposes "meta-app-secret", "meta-verify-token";
 * never shown back). One row per organização; absent or without id and secret: the platform's app.
 */
export const socialAppCredentials = sqliteTable("social_app_credentials", {
  orgId: text("org_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  appId: text("app_id"),
  segredoSelado: text("app_secret_sealed"),
  tokenVerificacaoSelado: text("verify_token_sealed"),
  /** The last "Testar": when, whether Meta accepted them, and what it said in pt-BR. */
  testadoEm: timestamp("tested_at"),
  testeOk: integer("test_ok", { mode: "boolean" }),
  testeMensagem: text("test_message"),
  atualizadoPor: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  atualizadoEm: timestamp("updated_at").notNull(),
});
