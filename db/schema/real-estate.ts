import { sql } from "drizzle-orm";
import { customType, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  ADDRESS_VISIBILITY,
  INTEREST_ORIGINS,
  INTEREST_PURPOSES,
  INTEREST_STAGES,
  INTEREST_TEMPERATURES,
  IPTU_PERIODS,
  LEAD_MATCHES,
  MATCH_ALERT_REASONS,
  PROPERTY_PURPOSES,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  VISIT_OUTCOMES,
} from "../../shared/enums.ts";
import { users } from "./accounts.ts";
import { clients } from "./clients.ts";
import { timestamp } from "./columns.ts";
import { companies } from "./companies.ts";
import { organizations } from "./organizations.ts";
import { filterIndex, listIndexes, lookupIndex, recordKey, recordTrail, searchKeyTable, sortKeyColumn } from "./records.ts";

/** An area in square metres with up to two decimals (72,5 m²), stored as whole hundredths. */
export const area = customType<{ data: number; driverData: number }>({
  dataType: () => "integer",
  toDriver: (value) => Math.round(value * 100),
  fromDriver: (value) => Number(value) / 100,
});

const live = sql`deleted_at is null`;

/**
 * Imóveis. A property is a draft (`status = 'rascunho'`) until it has what a listing needs;
 * publishing checks that. `precoCentavos` is the price lists sort and matching compare by: the
 * sale price, or the rent for a property only for rent. `tipoBit` (1 << index of PROPERTY_TYPES)
 * and `caracteristicasMask` let matching compare kinds and features in SQL; `bairroChave` and
 * `cidadeChave` are the place names lower-cased without accents.
 */
export const properties = sqliteTable(
  "properties",
  {
    ...recordKey(),
    /** Unique per organization among live properties; generated ("AP0012"), editable. */
    codigo: text("code").notNull(),
    /** Public URL `/imovel/{slug}`: unique across Alicerce, unguessable suffix. */
    slug: text("slug").notNull(),
    finalidade: text("purpose", { enum: PROPERTY_PURPOSES }),
    tipo: text("type", { enum: PROPERTY_TYPES }),
    tipoBit: integer("type_bit").notNull().default(0),
    subtipo: text("subtype"),
    titulo: text("title"),
    /** `titulo` (or the code) lower-cased without accents: "nome" sorts by it. */
    ordem: sortKeyColumn("sort_name"),
    descricao: text("description"),
    valorVendaCentavos: integer("sale_price_cents"),
    valorLocacaoCentavos: integer("rent_price_cents"),
    precoCentavos: integer("price_cents"),
    condominioCentavos: integer("condo_fee_cents"),
    iptuCentavos: integer("iptu_cents"),
    iptuPeriodo: text("iptu_period", { enum: IPTU_PERIODS }),
    areaUtil: area("usable_area_centi"),
    areaTotal: area("total_area_centi"),
    areaTerreno: area("lot_area_centi"),
    quartos: integer("bedrooms"),
    suites: integer("suites"),
    banheiros: integer("bathrooms"),
    vagas: integer("parking"),
    andar: integer("floor"),
    anoConstrucao: integer("year_built"),
    mobiliado: integer("furnished", { mode: "boolean" }).notNull().default(false),
    aceitaPermuta: integer("accepts_exchange", { mode: "boolean" }).notNull().default(false),
    aceitaFinanciamento: integer("accepts_financing", { mode: "boolean" }).notNull().default(false),
    cep: text("cep"),
    rua: text("street"),
    numero: text("number"),
    complemento: text("complement"),
    bairro: text("district"),
    cidade: text("city"),
    uf: text("uf"),
    bairroChave: text("district_key"),
    cidadeChave: text("city_key"),
    enderecoPublico: text("address_visibility", { enum: ADDRESS_VISIBILITY }).notNull().default("bairro"),
    /** JSON array of PROPERTY_FEATURES values. */
    caracteristicas: text("features", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    caracteristicasMask: integer("features_mask").notNull().default(0),
    empreendimentoId: text("development_id").references(() => companies.id, { onDelete: "set null" }),
    proprietarioId: text("owner_client_id").references(() => clients.id, { onDelete: "set null" }),
    captadorId: text("captured_by").references(() => users.id, { onDelete: "set null" }),
    corretorId: text("broker_id").references(() => users.id, { onDelete: "set null" }),
    exclusividade: integer("exclusive", { mode: "boolean" }).notNull().default(false),
    /** Calendar date `aaaa-mm-dd`. */
    exclusividadeAte: text("exclusive_until"),
    /** Where the keys are (private: never on a public page). */
    chaves: text("keys_location"),
    status: text("status", { enum: PROPERTY_STATUSES }).notNull().default("rascunho"),
    /** When it first left draft. */
    publicadoEm: timestamp("published_at"),
    /** Marked for the portal feed (VRSync). */
    portal: integer("portal", { mode: "boolean" }).notNull().default(false),
    /** Shown among the landing page's featured properties. */
    destaque: integer("featured", { mode: "boolean" }).notNull().default(false),
    /** The cover photo's storage key base (denormalised for lists, cards and Open Graph). */
    capaChave: text("cover_key"),
    /** The share image (cover + price) for Open Graph, made by the browser when the cover or price changes. */
    imagemCompartilhamentoChave: text("share_image_key"),
    fotos: integer("photo_count").notNull().default(0),
    /** A draft's form state as the browser last saved it (JSON), until it is published. */
    rascunhoEstado: text("draft_state"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("properties", t, { preco: t.precoCentavos, area: t.areaUtil, publicadoEm: t.publicadoEm }),
    uniqueIndex("properties_org_code_uq").on(t.orgId, t.codigo).where(live),
    uniqueIndex("properties_slug_uq").on(t.slug),
    filterIndex("properties_org_status_idx", t, t.status),
    filterIndex("properties_org_purpose_idx", t, t.finalidade),
    filterIndex("properties_org_type_idx", t, t.tipo),
    filterIndex("properties_org_broker_idx", t, t.corretorId),
    // A corretor restricted to their own imóveis reaches them by captador or corretor (ADR 024).
    filterIndex("properties_org_captor_idx", t, t.captadorId),
    filterIndex("properties_org_city_idx", t, t.cidadeChave),
    filterIndex("properties_org_district_idx", t, t.bairroChave),
    filterIndex("properties_org_bedrooms_idx", t, t.quartos),
    filterIndex("properties_org_parking_idx", t, t.vagas),
    lookupIndex("properties_org_owner_idx", t.orgId, t.proprietarioId),
    lookupIndex("properties_org_development_idx", t.orgId, t.empreendimentoId),
    // Matching an interest: the organization's available properties by purpose and price.
    index("properties_match_idx").on(t.orgId, t.status, t.cidadeChave, t.precoCentavos).where(live),
    // The portal feed and the landing page read only these.
    index("properties_org_portal_idx").on(t.orgId, t.portal, t.status).where(live),
  ],
);

export const propertyKeys = searchKeyTable("property_keys", "property_id", "property_keys_property_idx");

/**
 * A property's photos, in order; exactly one is the cover. Files live in R2 under
 * `org/<orgId>/properties/<propertyId>/<photoId>/<size>.<ext>`, one object per size the browser
 * made before uploading (see `sizes`); served by the Worker with immutable cache headers.
 */
export const propertyPhotos = sqliteTable(
  "property_photos",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    propertyId: text("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    /** The R2 key without size and extension. */
    chave: text("key").notNull(),
    /** JSON array of the widths stored, e.g. [480, 960, 1600]. */
    tamanhos: text("sizes", { mode: "json" }).$type<number[]>().notNull(),
    tipoConteudo: text("content_type").notNull(),
    largura: integer("width").notNull(),
    altura: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    posicao: integer("position").notNull(),
    capa: integer("cover", { mode: "boolean" }).notNull().default(false),
    legenda: text("caption"),
    criadoEm: timestamp("created_at").notNull(),
    criadoPor: text("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("property_photos_property_idx").on(t.orgId, t.propertyId, t.posicao),
    uniqueIndex("property_photos_cover_uq").on(t.propertyId).where(sql`cover = 1`),
  ],
);

/** Every status change of a property: from, to, who, when, why. */
export const propertyStatusHistory = sqliteTable(
  "property_status_history",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    propertyId: text("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    de: text("from_status", { enum: PROPERTY_STATUSES }),
    para: text("to_status", { enum: PROPERTY_STATUSES }).notNull(),
    motivo: text("reason"),
    em: timestamp("at").notNull(),
    por: text("by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("property_status_history_property_idx").on(t.orgId, t.propertyId, t.em)],
);

/**
 * Every price change of a property on the market (not while it is a rascunho): the sale and rent
 * prices before and after, who and when. Written by the `properties_price_au` trigger, so no door
 * (form, API, import, draft) can change a price without it; read by the Imóveis report.
 */
export const propertyPriceChanges = sqliteTable(
  "property_price_changes",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    propertyId: text("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    vendaDe: integer("sale_from_cents"),
    vendaPara: integer("sale_to_cents"),
    locacaoDe: integer("rent_from_cents"),
    locacaoPara: integer("rent_to_cents"),
    em: timestamp("at").notNull(),
    por: text("by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // The report: the organização's changes in a period.
    index("property_price_changes_org_at_idx").on(t.orgId, t.em),
    index("property_price_changes_property_idx").on(t.orgId, t.propertyId, t.em),
  ],
);

/**
 * Interesses em Imóveis: a client's interest in one property (`imovelId`) or a search profile.
 * Kinds and features as bit masks (0 = any), places in `property_interest_places`, so matching
 * runs in SQL on indexes. `ordem` is the client's name lower-cased without accents.
 */
export const propertyInterests = sqliteTable(
  "property_interests",
  {
    ...recordKey(),
    clienteId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    imovelId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    ordem: sortKeyColumn("sort_name"),
    finalidade: text("purpose", { enum: INTEREST_PURPOSES }),
    /** JSON array of PROPERTY_TYPES values, and their bits OR-ed (0: any kind). */
    tipos: text("types", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    tiposMask: integer("types_mask").notNull().default(0),
    /** JSON `[{ bairro?, cidade, uf? }]` as typed; matching reads property_interest_places. */
    locais: text("places", { mode: "json" }).$type<{ bairro?: string; cidade: string; uf?: string }[]>().notNull().default(sql`'[]'`),
    precoMinCentavos: integer("min_price_cents"),
    precoMaxCentavos: integer("max_price_cents"),
    quartosMin: integer("min_bedrooms"),
    suitesMin: integer("min_suites"),
    vagasMin: integer("min_parking"),
    areaMin: area("min_area_centi"),
    caracteristicas: text("features", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    caracteristicasMask: integer("features_mask").notNull().default(0),
    temperatura: text("temperature", { enum: INTEREST_TEMPERATURES }).notNull().default("morno"),
    etapa: text("stage", { enum: INTEREST_STAGES }).notNull().default("novo"),
    /** Position inside its kanban column (lower first). */
    posicaoEtapa: integer("stage_position").notNull().default(0),
    motivoPerda: text("lost_reason"),
    corretorId: text("broker_id").references(() => users.id, { onDelete: "set null" }),
    /** Calendar date `aaaa-mm-dd`. */
    proximaAcaoEm: text("next_action_on"),
    origem: text("origin", { enum: INTEREST_ORIGINS }).notNull().default("manual"),
    mensagem: text("message"),
    observacoes: text("notes"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("property_interests", t, { proximaAcao: t.proximaAcaoEm }),
    filterIndex("property_interests_org_stage_idx", t, t.etapa),
    filterIndex("property_interests_org_temperature_idx", t, t.temperatura),
    // The dashboard's "quentes": open interests by temperature, counted from the index alone (ADR 084).
    index("property_interests_org_temperature_stage_idx").on(t.orgId, t.temperatura, t.etapa).where(live),
    filterIndex("property_interests_org_broker_idx", t, t.corretorId),
    filterIndex("property_interests_org_purpose_idx", t, t.finalidade),
    filterIndex("property_interests_org_origin_idx", t, t.origem),
    lookupIndex("property_interests_org_client_idx", t.orgId, t.clienteId),
    // Partial on the few interests naming a property: statistics of an index over mostly NULLs
    // made the planner scan the organization's interests instead (a property's header and tab).
    index("property_interests_org_property_idx").on(t.orgId, t.imovelId).where(sql`deleted_at is null and property_id is not null`),
    index("property_interests_kanban_idx").on(t.orgId, t.etapa, t.posicaoEtapa, t.id).where(live),
    // Matching a property: the organization's open interests by purpose and ceiling.
    index("property_interests_match_idx")
      .on(t.orgId, t.finalidade, t.precoMaxCentavos)
      .where(sql`deleted_at is null and stage not in ('fechado', 'perdido')`),
  ],
);

export const propertyInterestKeys = searchKeyTable("property_interest_keys", "interest_id", "property_interest_keys_interest_idx");

/** Where an interest looks: a city, or a bairro of a city (keys lower-cased without accents). */
export const propertyInterestPlaces = sqliteTable(
  "property_interest_places",
  {
    orgId: text("org_id").notNull(),
    interestId: text("interest_id")
      .notNull()
      .references(() => propertyInterests.id, { onDelete: "cascade" }),
    cidadeChave: text("city_key").notNull(),
    /** Empty string: the whole city. */
    bairroChave: text("district_key").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.cidadeChave, t.bairroChave, t.interestId] }),
    index("property_interest_places_interest_idx").on(t.interestId),
  ],
);

/**
 * A visit: client + imóvel + corretor + start/end (America/Sao_Paulo shown, UTC stored), on an
 * interest when there is one. The shape the agenda will show without migrating data.
 */
export const propertyVisits = sqliteTable(
  "property_visits",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    clienteId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    imovelId: text("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    interesseId: text("interest_id").references(() => propertyInterests.id, { onDelete: "set null" }),
    corretorId: text("broker_id").references(() => users.id, { onDelete: "set null" }),
    inicio: timestamp("starts_at").notNull(),
    fim: timestamp("ends_at").notNull(),
    resultado: text("outcome", { enum: VISIT_OUTCOMES }).notNull().default("agendada"),
    observacoes: text("notes"),
    criadoEm: timestamp("created_at").notNull(),
    criadoPor: text("created_by").references(() => users.id, { onDelete: "set null" }),
    excluidoEm: timestamp("deleted_at"),
  },
  (t) => [
    index("property_visits_org_start_idx").on(t.orgId, t.inicio).where(live),
    index("property_visits_property_idx").on(t.orgId, t.imovelId, t.inicio).where(live),
    index("property_visits_interest_idx").on(t.orgId, t.interesseId, t.inicio).where(live),
    index("property_visits_broker_idx").on(t.orgId, t.corretorId, t.inicio).where(live),
  ],
);

/**
 * New matches to look at: raised when a property becomes available or its price drops (or an
 * interest is created), shown on the dashboard and the interest until seen.
 */
export const matchAlerts = sqliteTable(
  "match_alerts",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    propertyId: text("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    interestId: text("interest_id")
      .notNull()
      .references(() => propertyInterests.id, { onDelete: "cascade" }),
    motivo: text("reason", { enum: MATCH_ALERT_REASONS }).notNull(),
    pontuacao: integer("score").notNull(),
    criadoEm: timestamp("created_at").notNull(),
    vistoEm: timestamp("seen_at"),
  },
  (t) => [
    uniqueIndex("match_alerts_pair_uq").on(t.orgId, t.propertyId, t.interestId, t.motivo),
    index("match_alerts_org_open_idx").on(t.orgId, t.criadoEm).where(sql`seen_at is null`),
    index("match_alerts_interest_idx").on(t.orgId, t.interestId, t.criadoEm),
  ],
);

/**
 * The business's public page `/p/{slug}`: what is being edited (`rascunho`, JSON) and what is
 * live (`publicado`, JSON, null until the first publish). One per organization.
 */
export const landingPages = sqliteTable(
  "landing_pages",
  {
    orgId: text("org_id")
      .primaryKey()
      .references(() => organizations.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    rascunho: text("draft", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    publicado: text("published", { mode: "json" }).$type<Record<string, unknown>>(),
    publicadoEm: timestamp("published_at"),
    atualizadoEm: timestamp("updated_at").notNull(),
    atualizadoPor: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("landing_pages_slug_uq").on(t.slug)],
);

/**
 * Portal integration secrets, stored as SHA-256 digests (shown once when made or rotated): the
 * feed's URL token and the lead webhook's Basic-auth password.
 */
export const portalSettings = sqliteTable(
  "portal_settings",
  {
    orgId: text("org_id")
      .primaryKey()
      .references(() => organizations.id, { onDelete: "cascade" }),
    feedTokenHash: text("feed_token_hash"),
    feedTokenHint: text("feed_token_hint"),
    leadUser: text("lead_user"),
    leadSecretHash: text("lead_secret_hash"),
    leadSecretHint: text("lead_secret_hint"),
    atualizadoEm: timestamp("updated_at").notNull(),
    atualizadoPor: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("portal_settings_feed_token_uq").on(t.feedTokenHash), uniqueIndex("portal_settings_lead_user_uq").on(t.leadUser)],
);

/**
 * Leads that arrived from outside (public contact forms, the portal webhook): one row per
 * distinct submission, so a repeated one (same origin id, or the same person about the same
 * property the same day) folds into the first lead instead of creating another.
 */
export const inboundLeads = sqliteTable(
  "inbound_leads",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** "site:<sha256 of e-mail|phone|property|day>" or "portal:<originLeadId>". */
    chave: text("dedupe_key").notNull(),
    origem: text("origin", { enum: INTEREST_ORIGINS }).notNull(),
    clienteId: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    interesseId: text("interest_id").references(() => propertyInterests.id, { onDelete: "set null" }),
    imovelId: text("property_id").references(() => properties.id, { onDelete: "set null" }),
    recebidoEm: timestamp("received_at").notNull(),
    repeticoes: integer("repeats").notNull().default(0),
    /**
     * The client on file whose e-mail or phone the lead gave (a possible match): the lead stays
     * on a client of its own (`clienteId`) until a member confirms or rejects it (`correspondencia`).
     */
    correspondenteId: text("matched_client_id").references(() => clients.id, { onDelete: "set null" }),
    correspondencia: text("match_status", { enum: LEAD_MATCHES }),
  },
  (t) => [
    uniqueIndex("inbound_leads_key_uq").on(t.orgId, t.chave),
    index("inbound_leads_org_received_idx").on(t.orgId, t.recebidoEm),
    // A client's timeline reads the leads on them and those that may be them.
    index("inbound_leads_org_client_idx").on(t.orgId, t.clienteId),
    index("inbound_leads_org_match_idx").on(t.orgId, t.correspondenteId).where(sql`matched_client_id is not null`),
    // The interests list marks an interest whose lead is still a possible match (few rows).
    index("inbound_leads_org_pending_interest_idx").on(t.orgId, t.interesseId).where(sql`match_status = 'pendente'`),
  ],
);
