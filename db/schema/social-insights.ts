import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { SOCIAL_NETWORKS } from "../../shared/enums.ts";
import { timestamp } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { socialAccounts } from "./social.ts";

/**
 * What a connected account published on its own, outside Alicerce (a Page's feed, an Instagram
 * account's media), with the basic metrics Meta gives: read by the daily insights job so
 * /facebook-posts and /instagram-posts show the account's whole recent output, not only ours.
 * One row per organização and Meta id (a second read updates it). Our own publications live in
 * `post_targets` and are never copied here.
 */
export const socialAccountPosts = sqliteTable(
  "social_account_posts",
  {
    id: text("id")
      .primaryKey()
      .$defaultFn(() => crypto.randomUUID()),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    contaId: text("account_id")
      .notNull()
      .references(() => socialAccounts.id, { onDelete: "cascade" }),
    rede: text("network", { enum: SOCIAL_NETWORKS }).notNull(),
    /** Meta's id of the Page post (`{page}_{post}`) or the Instagram media. */
    idExterno: text("external_id").notNull(),
    legenda: text("caption").notNull().default(""),
    /** IMAGE, CAROUSEL_ALBUM, VIDEO… (Instagram); null for a Page post. */
    tipoMidia: text("media_type"),
    /** The image Meta serves (expires on Meta's side; only a thumbnail, never required). */
    imagemUrl: text("image_url"),
    permalink: text("permalink"),
    publicadoEm: timestamp("published_at").notNull(),
    alcance: integer("reach"),
    curtidas: integer("likes"),
    comentarios: integer("comments"),
    compartilhamentos: integer("shares"),
    salvamentos: integer("saves"),
    metricasEm: timestamp("metrics_at").notNull(),
    criadoEm: timestamp("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("social_account_posts_org_external_uq").on(t.orgId, t.idExterno),
    // The screens: one network's posts newest first, and one account's.
    index("social_account_posts_org_network_idx").on(t.orgId, t.rede, t.publicadoEm),
    index("social_account_posts_org_account_idx").on(t.orgId, t.contaId, t.publicadoEm),
  ],
);

/**
 * The daily insights read of one account: when it last ran, and why it failed when it did (the
 * pt-BR message and Meta's raw code), so one failing account is visible without stopping the others.
 */
export const socialInsightsReads = sqliteTable(
  "social_insights_reads",
  {
    contaId: text("account_id")
      .primaryKey()
      .references(() => socialAccounts.id, { onDelete: "cascade" }),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    lidoEm: timestamp("read_at").notNull(),
    /** Null when the last read went through. */
    erroCodigo: text("error_code"),
    erroMensagem: text("error_message"),
    /** Our publications whose metrics were written, and the account's own posts stored. */
    metricasLidas: integer("metrics_read").notNull().default(0),
    postsProprios: integer("own_posts").notNull().default(0),
  },
  (t) => [index("social_insights_reads_org_idx").on(t.orgId, t.lidoEm)],
);
