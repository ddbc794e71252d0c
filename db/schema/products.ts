import { sql } from "drizzle-orm";
import { customType, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { COMMISSION_KINDS, ONLINE_BOOKING_STATUSES, PRODUCT_UNITS, STOCK_MOVEMENT_KINDS } from "../../shared/enums.ts";
import { DEFAULT_TIME_ZONE, TIME_ZONES } from "../../shared/time-zone.ts";
import { AI_MONTHLY_TOKEN_LIMIT_DEFAULT } from "../../shared/organization/ai-token-limit.ts";
import { PIX_KEY_KINDS } from "../../shared/pix/key.ts";
import { timestamp } from "./columns.ts";
import { companies } from "./companies.ts";
import { filterIndex, listIndexes, lookupIndex, recordKey, recordTrail, searchKeyTable, sortKeyColumn } from "./records.ts";

/**
 * A quantity with up to three decimals (1,5 kg; 0,25 l), stored as whole thousandths so sums
 * are exact: `1.5` is stored as 1500. The app reads and writes plain numbers.
 */
export const quantity = customType<{ data: number; driverData: number }>({
  dataType: () => "integer",
  toDriver: (value) => Math.round(value * 1000),
  fromDriver: (value) => Number(value) / 1000,
});

/**
 * Produtos. `estoque` is never typed: it is the sum of the product's live stock movements,
 * kept by the database (triggers of `stock_movements`), so every write path agrees with the
 * ledger.
 */
export const products = sqliteTable(
  "products",
  {
    ...recordKey(),
    sku: text("sku").notNull(),
    nome: text("name").notNull(),
    ordem: sortKeyColumn("name_norm"),
    /** EAN-13/GTIN digits. */
    codigoBarras: text("barcode"),
    unidade: text("unit", { enum: PRODUCT_UNITS }).notNull(),
    categoria: text("category"),
    custoCentavos: integer("cost_cents").notNull().default(0),
    precoCentavos: integer("price_cents").notNull().default(0),
    estoqueMinimo: quantity("min_stock_milli").notNull().default(0),
    estoque: quantity("stock_milli").notNull().default(0),
    fornecedorId: text("supplier_id").references(() => companies.id, { onDelete: "set null" }),
    ativo: integer("active", { mode: "boolean" }).notNull().default(true),
    descricao: text("description"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("products", t, { preco: t.precoCentavos, estoque: t.estoque, sku: t.sku }),
    uniqueIndex("products_org_sku_uq").on(t.orgId, t.sku).where(sql`deleted_at is null`),
    lookupIndex("products_org_barcode_idx", t.orgId, t.codigoBarras),
    filterIndex("products_org_supplier_idx", t, t.fornecedorId),
    filterIndex("products_org_active_idx", t, t.ativo),
    filterIndex("products_org_unit_idx", t, t.unidade),
    filterIndex("products_org_low_idx", t, sql`(stock_milli < min_stock_milli)`),
  ],
);

/** Search keys of live products: words of the name, SKU, barcode, `#g:categoria` for the category filter. */
export const productKeys = searchKeyTable("product_keys", "product_id", "product_keys_product_idx");

/**
 * Movimentações de produtos: the stock ledger. `quantidade` is the movement's effect on the
 * stock (entrada +, saída −, ajuste ±); `valorCentavos` is |quantidade| × custo unitário.
 * Entries are never edited: a mistake is undone by deleting (soft) or by another entry.
 */
export const stockMovements = sqliteTable(
  "stock_movements",
  {
    ...recordKey(),
    produtoId: text("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    tipo: text("kind", { enum: STOCK_MOVEMENT_KINDS }).notNull(),
    quantidade: quantity("quantity_milli").notNull(),
    custoUnitarioCentavos: integer("unit_cost_cents"),
    valorCentavos: integer("value_cents").notNull().default(0),
    motivo: text("reason"),
    ocorridoEm: timestamp("occurred_at").notNull(),
    /** The appointment whose service consumed it ("consumo em serviço"; no FK: agenda.ts imports this file). */
    agendamentoId: text("appointment_id"),
    /** The sale it left with ("venda") or came back from ("cancelamento"); no FK: finance.ts imports this file (ADR 071). */
    vendaId: text("sale_id"),
    /** The product's name when recorded (lowered, no accents): "nome" sorts by it. */
    ordem: sortKeyColumn("sort_name"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("stock_movements", t, { ocorridoEm: t.ocorridoEm, quantidade: t.quantidade, valor: t.valorCentavos }),
    // The kind filter in the ledger's own order, covering the summed value: counts and totals of
    // "saídas" (and of "saídas this month") are read from the index alone.
    index("stock_movements_org_kind_idx").on(t.orgId, t.tipo, t.ocorridoEm, t.valorCentavos, t.id).where(sql`deleted_at is null`),
    index("stock_movements_org_appointment_idx").on(t.orgId, t.agendamentoId).where(sql`appointment_id is not null`),
    index("stock_movements_org_sale_idx").on(t.orgId, t.vendaId).where(sql`sale_id is not null`),
    index("stock_movements_org_product_idx").on(t.orgId, t.produtoId, t.ocorridoEm, t.id).where(sql`deleted_at is null`),
  ],
);

/** Configurações do Negócio: one row per organization (absent: the defaults). */
export const businessSettings = sqliteTable("business_settings", {
  orgId: text("org_id").primaryKey(),
  /** When false, a movement that would take a product's stock below zero is refused. */
  estoqueNegativo: integer("allow_negative_stock", { mode: "boolean" }).notNull().default(false),
  /**
   * When true, a corretor (the professional role) sees and acts only on the imóveis and
   * interesses they capture or handle: the permission table's `business` cells mean "own".
   */
  corretorApenasSeus: integer("broker_own_records_only", { mode: "boolean" }).notNull().default(false),
  /** The organização's IANA zone: every time it sees and types is read in it (ADR 039). */
  fusoHorario: text("time_zone", { enum: TIME_ZONES.values }).notNull().default(DEFAULT_TIME_ZONE),
  /** Tokens the AI generator may spend per calendar month (issue 20); 0 turns the AI off (templates only). */
  limiteTokensIaMensal: integer("ai_monthly_token_limit").notNull().default(AI_MONTHLY_TOKEN_LIMIT_DEFAULT),
  /** The agenda (issue 21): slot grid, buffer after each appointment, notice for new bookings. */
  agendaIntervaloMin: integer("agenda_slot_minutes").notNull().default(30),
  agendaFolgaMin: integer("agenda_buffer_minutes").notNull().default(0),
  agendaAntecedenciaMin: integer("booking_min_notice_minutes").notNull().default(60),
  /** How far ahead the public page offers slots (days). */
  agendaHorizonteDias: integer("booking_max_days_ahead").notNull().default(60),
  /** The public booking page /agendar/{slug} is open, and how its bookings arrive. */
  agendamentoOnline: integer("online_booking_enabled", { mode: "boolean" }).notNull().default(false),
  agendamentoOnlineStatus: text("online_booking_status", { enum: ONLINE_BOOKING_STATUSES }).notNull().default("pendente"),
  /** The day-before reminders job prepares e-mails and WhatsApp links. */
  lembretes: integer("reminders_enabled", { mode: "boolean" }).notNull().default(true),
  /** The commission when neither the service nor the professional names one. */
  comissaoPadraoTipo: text("default_commission_kind", { enum: COMMISSION_KINDS }).notNull().default("percentual"),
  comissaoPadraoValor: integer("default_commission_value").notNull().default(0),
  /**
   * Pix at checkout (issue 22, ADR 068): the key as the DICT stores it (canonical, per kind), and
   * the receiver's name (≤ 25) and city (≤ 15) already normalised as the BR Code carries them.
   * All four or none (the settings' service writes them together).
   */
  pixChaveTipo: text("pix_key_kind", { enum: PIX_KEY_KINDS }),
  pixChave: text("pix_key"),
  pixNome: text("pix_merchant_name"),
  pixCidade: text("pix_merchant_city"),
  atualizadoEm: timestamp("updated_at"),
  atualizadoPor: text("updated_by"),
});
