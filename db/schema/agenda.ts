import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { APPOINTMENT_ORIGINS, APPOINTMENT_STATUSES, COMMISSION_KINDS } from "../../shared/enums.ts";
import { users } from "./accounts.ts";
import { clients } from "./clients.ts";
import { timestamp } from "./columns.ts";
import { organizations } from "./organizations.ts";
import { products, quantity } from "./products.ts";
import { filterIndex, listIndexes, lookupIndex, recordKey, recordTrail, searchKeyTable, sortKeyColumn } from "./records.ts";

/**
 * The agenda (issue 21, ADR 058/059). Every time is a UTC instant (epoch ms); wall-clock rules
 * (business hours, weekly availability) are "HH:mm" in the organização's zone, stored as JSON
 * in the shapes of shared/agenda (WeeklyIntervals: 7 arrays, 0 = domingo, of { start, end }).
 */

const live = sql`deleted_at is null`;
const hex = (column: string) => sql.raw(`${column} GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]'`);
const EMPTY_WEEK = "[[],[],[],[],[],[],[]]";

/** Horários: the organização's weekly opening hours (absent: closed every day until set). */
export const businessHours = sqliteTable("business_hours", {
  orgId: text("org_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  /** WeeklyIntervals JSON: several intervals per weekday. */
  semana: text("weekly").notNull().default(EMPTY_WEEK),
  /** Closed on Brazil's national holidays (shared/agenda/holidays.ts) unless a day opens it. */
  fechaFeriadosNacionais: integer("closed_on_national_holidays", { mode: "boolean" }).notNull().default(true),
  atualizadoEm: timestamp("updated_at"),
  atualizadoPor: text("updated_by").references(() => users.id, { onDelete: "set null" }),
});

/**
 * Special days of Horários: a local holiday (`feriado`: closed, named) or a one-off exception
 * (`excecao`: closed when `intervals` is "[]", or open at those hours). One per day.
 */
export const businessHourDays = sqliteTable(
  "business_hour_days",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** "aaaa-mm-dd" in the organização's zone. */
    dia: text("day").notNull(),
    tipo: text("kind", { enum: ["feriado", "excecao"] }).notNull(),
    /** LocalInterval[] JSON ("[]": closed). */
    intervalos: text("intervals").notNull().default("[]"),
    motivo: text("reason"),
    criadoEm: timestamp("created_at").notNull(),
    criadoPor: text("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [uniqueIndex("business_hour_days_org_day_uq").on(t.orgId, t.dia)],
);

/**
 * Profissionais: who serves (a registry resource). `usuarioId` links an optional login with the
 * professional role (one profissional per member): that member's agenda is this column's.
 * Commission empty: the default of Configurações do Negócio.
 */
export const professionals = sqliteTable(
  "professionals",
  {
    ...recordKey(),
    nome: text("name").notNull(),
    ordem: sortKeyColumn("sort_name"),
    /** The calendar colour "#rrggbb". */
    cor: text("color").notNull(),
    telefone: text("phone"),
    email: text("email"),
    usuarioId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    comissaoTipo: text("commission_kind", { enum: COMMISSION_KINDS }),
    /** Basis points (percentual: 1000 = 10,00%) or centavos (fixo). */
    comissaoValor: integer("commission_value"),
    /** WeeklyIntervals JSON: must lie inside the business hours (weeklyOutsideHours). */
    semana: text("weekly").notNull().default(EMPTY_WEEK),
    /** Offered on the public booking page. */
    agendaOnline: integer("online_booking", { mode: "boolean" }).notNull().default(true),
    ativo: integer("active", { mode: "boolean" }).notNull().default(true),
    observacoes: text("notes"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("professionals", t),
    uniqueIndex("professionals_org_user_uq").on(t.orgId, t.usuarioId).where(sql`deleted_at is null and user_id is not null`),
    filterIndex("professionals_org_active_idx", t, t.ativo),
    check("professionals_color_hex", hex("color")),
  ],
);

export const professionalKeys = searchKeyTable("professional_keys", "professional_id", "professional_keys_professional_idx");

/** Serviços: what the business sells by time (a registry resource). */
export const services = sqliteTable(
  "services",
  {
    ...recordKey(),
    nome: text("name").notNull(),
    ordem: sortKeyColumn("sort_name"),
    categoria: text("category"),
    duracaoMin: integer("duration_min").notNull(),
    precoCentavos: integer("price_cents").notNull().default(0),
    /** Empty: each professional's commission (or the business default). */
    comissaoTipo: text("commission_kind", { enum: COMMISSION_KINDS }),
    comissaoValor: integer("commission_value"),
    /** Offered on the public booking page. */
    agendaOnline: integer("online_booking", { mode: "boolean" }).notNull().default(true),
    ativo: integer("active", { mode: "boolean" }).notNull().default(true),
    descricao: text("description"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("services", t, { preco: t.precoCentavos, duracao: t.duracaoMin }),
    filterIndex("services_org_category_idx", t, t.categoria),
    filterIndex("services_org_active_idx", t, t.ativo),
    check("services_duration_range", sql`duration_min between 5 and 720`),
  ],
);

export const serviceKeys = searchKeyTable("service_keys", "service_id", "service_keys_service_idx");

/** Which professionals perform which services. */
export const professionalServices = sqliteTable(
  "professional_services",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    profissionalId: text("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    servicoId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.profissionalId, t.servicoId] }),
    index("professional_services_service_idx").on(t.orgId, t.servicoId),
  ],
);

/** Products a service consumes each time it is performed (a "consumo em serviço" stock exit). */
export const serviceProducts = sqliteTable(
  "service_products",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    servicoId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    produtoId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantidade: quantity("quantity_milli").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.servicoId, t.produtoId] }), index("service_products_product_idx").on(t.orgId, t.produtoId)],
);

/** Time off (férias, folga, consulta): instant ranges when a professional takes no one. */
export const professionalTimeOff = sqliteTable(
  "professional_time_off",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    profissionalId: text("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    inicio: timestamp("starts_at").notNull(),
    fim: timestamp("ends_at").notNull(),
    motivo: text("reason"),
    criadoEm: timestamp("created_at").notNull(),
    criadoPor: text("created_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("professional_time_off_idx").on(t.orgId, t.profissionalId, t.inicio),
    check("professional_time_off_range", sql`ends_at > starts_at`),
  ],
);

/**
 * Agendamentos (a registry resource): client + professional + start/end, the services in
 * `appointment_services`. The end is the services' durations summed. Written only through the
 * guarded statements of worker/services/agenda (no overlap with another live appointment of the
 * professional that holds the time: ADR 059).
 */
export const appointments = sqliteTable(
  "appointments",
  {
    ...recordKey(),
    clienteId: text("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    profissionalId: text("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    inicio: timestamp("starts_at").notNull(),
    fim: timestamp("ends_at").notNull(),
    status: text("status", { enum: APPOINTMENT_STATUSES }).notNull().default("pendente"),
    origem: text("origin", { enum: APPOINTMENT_ORIGINS }).notNull().default("interno"),
    /** The services' prices summed when booked (centavos). */
    totalCentavos: integer("total_cents").notNull().default(0),
    observacoes: text("notes"),
    /** The client's name when booked (lowered, no accents): "nome" sorts by it. */
    ordem: sortKeyColumn("sort_name"),
    /** The service desk's steps. */
    chegadaEm: timestamp("checked_in_at"),
    iniciadoEm: timestamp("started_at"),
    concluidoEm: timestamp("finished_at"),
    /** SHA-256 (hex) of the token in the online booking's confirmation link (cancel/reschedule). */
    linkHash: text("link_hash"),
    /**
     * SHA-256 (hex) of the token in the day-before reminder's link: a second link, so the one in
     * the booking's confirmation keeps working after the reminder (only hashes are kept).
     */
    lembreteLinkHash: text("reminder_link_hash"),
    /** When the day-before reminder was prepared (once per appointment). */
    lembreteEm: timestamp("reminder_at"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("appointments", t, { inicio: t.inicio }),
    // The overlap guard and the per-professional calendar read this one.
    index("appointments_org_professional_start_idx").on(t.orgId, t.profissionalId, t.inicio).where(live),
    index("appointments_org_client_start_idx").on(t.orgId, t.clienteId, t.inicio).where(live),
    filterIndex("appointments_org_status_idx", t, t.status),
    lookupIndex("appointments_org_link_idx", t.orgId, t.linkHash),
    uniqueIndex("appointments_link_hash_uq").on(t.linkHash).where(sql`link_hash is not null`),
    uniqueIndex("appointments_reminder_link_hash_uq").on(t.lembreteLinkHash).where(sql`reminder_link_hash is not null`),
    check("appointments_range", sql`ends_at > starts_at`),
  ],
);

export const appointmentKeys = searchKeyTable("appointment_keys", "appointment_id", "appointment_keys_appointment_idx");

/** The services of an appointment, as booked (name, duration and price kept as they were). */
export const appointmentServices = sqliteTable(
  "appointment_services",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    agendamentoId: text("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    servicoId: text("service_id").references(() => services.id, { onDelete: "set null" }),
    nome: text("name").notNull(),
    duracaoMin: integer("duration_min").notNull(),
    precoCentavos: integer("price_cents").notNull(),
    /** The commission due for it when performed (centavos), from the service, the professional or the default. */
    comissaoCentavos: integer("commission_cents").notNull().default(0),
    posicao: integer("position").notNull().default(0),
  },
  (t) => [index("appointment_services_appointment_idx").on(t.orgId, t.agendamentoId, t.posicao)],
);
