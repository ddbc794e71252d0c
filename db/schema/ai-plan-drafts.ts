import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { aiGenerations } from "./ai.ts";
import { timestamp } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { posts } from "./social.ts";

/**
 * Which idea of a month plan became which draft post (ADR 057): the mark that makes "Criar
 * rascunhos" idempotent. A draft is created only when its idea has no mark pointing at a live
 * post, and the mark is written in the same batch as the post; a second click (or a second tab)
 * creates nothing, and a draft the person deleted comes back if they ask again.
 */
export const aiPlanDrafts = sqliteTable(
  "ai_plan_drafts",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    geracaoId: text("generation_id")
      .notNull()
      .references(() => aiGenerations.id, { onDelete: "cascade" }),
    /** The idea's position in the plan's `ideias` (the plan never changes once pronta). */
    ideia: integer("idea").notNull(),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    criadoEm: timestamp("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.geracaoId, t.ideia] }), index("ai_plan_drafts_post_idx").on(t.postId)],
);
