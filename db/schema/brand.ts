import { sql } from "drizzle-orm";
import { check, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { BRAND_FONTS } from "../../shared/brand/brand-style.ts";
import { users } from "./accounts.ts";
import { timestamp } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { listIndexes, recordKey, recordTrail, searchKeyTable, sortKeyColumn } from "./records.ts";

const FONT_IDS = BRAND_FONTS.map((f) => f.id) as [string, ...string[]];

/** A stored colour: `#rrggbb`, lower-case (shared/brand/contrast.ts normalizes what people type). */
const hex = (column: string) => sql.raw(`${column} GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'`);

/**
 * The business's brand (/cores "Estilização", ADR 054): one row per organização, absent until
 * saved once (then shared/brand/brand-style.ts DEFAULT_BRAND). The logo is not here: it is the
 * business profile's `organizations.logo_key`, one logo for /config, /cores and the art.
 * `app_accent` is also read with every session (the app's accent, worker/auth/sessions.ts).
 */
export const brandStyles = sqliteTable(
  "brand_styles",
  {
    orgId: text("org_id")
      .primaryKey()
      .references(() => organizations.id, { onDelete: "cascade" }),
    corPrimaria: text("primary_color").notNull(),
    corSecundaria: text("secondary_color").notNull(),
    corTextoSobrePrimaria: text("text_on_primary_color").notNull(),
    fonte: text("font", { enum: FONT_IDS }).notNull(),
    /** Null: Alicerce's own accent. */
    corDestaqueApp: text("app_accent"),
    atualizadoEm: timestamp("updated_at").notNull(),
    atualizadoPor: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  () => [
    check("brand_styles_primary_hex", hex("primary_color")),
    check("brand_styles_secondary_hex", hex("secondary_color")),
    check("brand_styles_text_hex", hex("text_on_primary_color")),
    check("brand_styles_accent_hex", sql`app_accent is null or ${hex("app_accent")}`),
  ],
);

/**
 * Contas de Referência: Instagram profiles the business admires, whose style steers the AI's
 * captions (a record of the registry, ADR 054). `handle` is Instagram's username without "@",
 * lower-case; unique among the organização's live rows.
 */
export const referenceAccounts = sqliteTable(
  "reference_accounts",
  {
    ...recordKey(),
    handle: text("handle").notNull(),
    notas: text("notes"),
    ordem: sortKeyColumn("sort_name"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("reference_accounts", t),
    uniqueIndex("reference_accounts_org_handle_uq").on(t.orgId, t.handle).where(sql`deleted_at is null`),
  ],
);

export const referenceAccountKeys = searchKeyTable("reference_account_keys", "reference_account_id", "reference_account_keys_account_idx");
