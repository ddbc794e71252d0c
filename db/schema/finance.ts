import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  CASH_MOVEMENT_KINDS,
  COMMISSION_STATUSES,
  EXPENSE_STATUSES,
  FINANCE_ACCOUNT_KINDS,
  ORDER_FULFILMENTS,
  ORDER_STATUSES,
  RECEIVABLE_STATUSES,
  RECURRENCES,
  SALE_STATUSES,
} from "../../shared/finance/enums.ts";
import { PAYMENT_METHODS } from "../../shared/money/payment-method.ts";
import { users } from "./accounts.ts";
import { appointments, professionals, services } from "./agenda.ts";
import { clients } from "./clients.ts";
import { timestamp } from "./columns.ts";
import { companies } from "./companies.ts";
import { organizations } from "./organizations.ts";
import { products, quantity } from "./products.ts";
import { filterIndex, listIndexes, lookupIndex, recordKey, recordTrail, searchKeyTable, sortKeyColumn } from "./records.ts";

/**
 * Money (issue 22, ADR 069). Every amount is integer centavos (ADR 067); instants are UTC epoch
 * ms; due dates are local days "aaaa-mm-dd" in the organização's zone (ADR 039).
 *
 * **The cash ledger is the only source of balances**: no account, sale or day stores a total of
 * movements. A balance is a sum over `cash_movements`, read from its covering index.
 */

const live = sql`deleted_at is null`;

/** An order's delivery address (the form's CEP autofill fields). */
export interface OrderAddress {
  cep: string | null;
  rua: string;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string;
  uf: string | null;
}
const localDay = (column: string) => sql.raw(`${column} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'`);

/** Child rows (a sale's items…): the parent's organization, no trail of their own. */
const childKey = () => ({
  id: text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID()),
  orgId: text("org_id")
    .notNull()
    .references(() => organizations.id, { onDelete: "cascade" }),
});

/** Contas financeiras: caixa, banco, cartão a receber… (no balance column: the ledger's sum). */
export const financeAccounts = sqliteTable(
  "finance_accounts",
  {
    ...recordKey(),
    nome: text("name").notNull(),
    ordem: sortKeyColumn("sort_name"),
    tipo: text("kind", { enum: FINANCE_ACCOUNT_KINDS }).notNull(),
    ativo: integer("active", { mode: "boolean" }).notNull().default(true),
    observacoes: text("notes"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("finance_accounts", t),
    uniqueIndex("finance_accounts_org_name_uq").on(t.orgId, t.ordem).where(live),
    filterIndex("finance_accounts_org_kind_idx", t, t.tipo),
  ],
);

export const financeAccountKeys = searchKeyTable("finance_account_keys", "finance_account_id", "finance_account_keys_account_idx");

/** Vendas. `numero` is the organização's sequence (the receipt's and the Pix txid's reference). */
export const sales = sqliteTable(
  "sales",
  {
    ...recordKey(),
    numero: integer("number").notNull(),
    /** The client's (or the walk-in's) name when sold (lowered, no accents), or "" without one: "nome" sorts by it. */
    ordem: sortKeyColumn("sort_name"),
    clienteId: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    /** A walk-in customer (no client record): the name and phone typed at the counter or taken on the order. */
    contatoNome: text("customer_name"),
    contatoTelefone: text("customer_phone"),
    status: text("status", { enum: SALE_STATUSES }).notNull().default("concluida"),
    /** Σ items' gross (quantity × unit price). */
    subtotalCentavos: integer("subtotal_cents").notNull(),
    /** Σ items' own discounts + the total's discount. */
    descontoCentavos: integer("discount_cents").notNull().default(0),
    /** The discount typed on the total (shared over the items, ADR 067). */
    descontoTotalCentavos: integer("total_discount_cents").notNull().default(0),
    totalCentavos: integer("total_cents").notNull(),
    trocoCentavos: integer("change_cents").notNull().default(0),
    vendidaEm: timestamp("sold_at").notNull(),
    canceladaEm: timestamp("cancelled_at"),
    canceladaPor: text("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    motivoCancelamento: text("cancel_reason"),
    pedidoId: text("order_id").references((): AnySQLiteColumn => orders.id, { onDelete: "set null" }),
    agendamentoId: text("appointment_id").references(() => appointments.id, { onDelete: "set null" }),
    observacoes: text("notes"),
    /** The checkout's draft id (ADR 071): a repeated submit finds the sale it already made. */
    rascunhoId: text("draft_id"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("sales", t, { vendidaEm: t.vendidaEm, total: t.totalCentavos, numero: t.numero }),
    uniqueIndex("sales_org_number_uq").on(t.orgId, t.numero),
    uniqueIndex("sales_org_draft_uq").on(t.orgId, t.rascunhoId).where(sql`draft_id is not null`),
    index("sales_org_status_idx").on(t.orgId, t.status, t.vendidaEm, t.totalCentavos, t.id).where(live),
    lookupIndex("sales_org_client_idx", t.orgId, t.clienteId),
    lookupIndex("sales_org_order_idx", t.orgId, t.pedidoId),
    lookupIndex("sales_org_appointment_idx", t.orgId, t.agendamentoId),
    check(
      "sales_amounts",
      sql`subtotal_cents >= 0 and discount_cents >= 0 and total_discount_cents >= 0 and change_cents >= 0 and total_cents = subtotal_cents - discount_cents`,
    ),
    check("sales_number_positive", sql`number > 0`),
  ],
);

export const saleKeys = searchKeyTable("sale_keys", "sale_id", "sale_keys_sale_idx");

/** A sale's lines: a product or a service (with its professional), or a free line (neither). */
export const saleItems = sqliteTable(
  "sale_items",
  {
    ...childKey(),
    vendaId: text("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    posicao: integer("position").notNull(),
    produtoId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    servicoId: text("service_id").references(() => services.id, { onDelete: "set null" }),
    profissionalId: text("professional_id").references(() => professionals.id, { onDelete: "set null" }),
    /** The name when sold (the receipt shows it even after the product is renamed). */
    descricao: text("description").notNull(),
    quantidade: quantity("quantity_milli").notNull(),
    precoUnitarioCentavos: integer("unit_price_cents").notNull(),
    /** This line's own discount. */
    descontoCentavos: integer("discount_cents").notNull().default(0),
    /** Its share of the total's discount (largest remainder, ADR 067). */
    descontoRateadoCentavos: integer("allocated_discount_cents").notNull().default(0),
    /** What the line sells for: gross − both discounts (commissions are on it). */
    totalCentavos: integer("total_cents").notNull(),
  },
  (t) => [
    uniqueIndex("sale_items_sale_position_uq").on(t.vendaId, t.posicao),
    index("sale_items_org_product_idx").on(t.orgId, t.produtoId).where(sql`product_id is not null`),
    index("sale_items_org_service_idx").on(t.orgId, t.servicoId).where(sql`service_id is not null`),
    index("sale_items_org_professional_idx").on(t.orgId, t.profissionalId).where(sql`professional_id is not null`),
    check("sale_items_one_kind", sql`product_id is null or service_id is null`),
    check(
      "sale_items_amounts",
      sql`quantity_milli > 0 and unit_price_cents >= 0 and discount_cents >= 0 and allocated_discount_cents >= 0 and total_cents >= 0`,
    ),
  ],
);

/** How a sale was paid: one row per payment (installments become receivables). */
export const salePayments = sqliteTable(
  "sale_payments",
  {
    ...childKey(),
    vendaId: text("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    posicao: integer("position").notNull(),
    forma: text("method", { enum: PAYMENT_METHODS }).notNull(),
    /** What the payment settles (change already taken out). */
    valorCentavos: integer("amount_cents").notNull(),
    /** Dinheiro: what the customer handed over. */
    recebidoCentavos: integer("tendered_cents"),
    parcelas: integer("installments").notNull().default(1),
    /** Where the money paid now went (null: all of it is a receivable). */
    contaId: text("account_id").references(() => financeAccounts.id),
  },
  (t) => [
    uniqueIndex("sale_payments_sale_position_uq").on(t.vendaId, t.posicao),
    index("sale_payments_org_method_idx").on(t.orgId, t.forma),
    // The list's "forma" filter (an EXISTS per sale): org, sale and method all by equality, so
    // SQLite picks this covering seek with or without statistics, never a scan of the method's
    // payments per sale through the index above (minutes at 100,000 sales, ADR 075).
    index("sale_payments_org_sale_method_idx").on(t.orgId, t.vendaId, t.forma),
    check(
      "sale_payments_amounts",
      sql`amount_cents > 0 and installments between 1 and 24 and (tendered_cents is null or tendered_cents >= amount_cents)`,
    ),
  ],
);

/**
 * What a sale rollup row sums: per professional ("p"), per item ("i"), per payment method ("m"),
 * over a UTC hour; the same in upper case over a UTC day.
 */
export const SALE_ROLLUP_DIMS = ["p", "i", "m", "P", "I", "M"] as const;

/**
 * The concluded, live sales summed per UTC hour and per UTC day, by professional, item and payment
 * method: a year of Vendas reads these rows instead of joining the year's items (ADR 083
 * amendment). Kept only by the database (the sales module's triggers, on a sale's items and
 * payments as they are written and on the sale as it is cancelled, deleted or moved in time),
 * so no write path can forget them. `vendas` counts the distinct sales of the key in the hour.
 */
export const saleRollups = sqliteTable(
  "sale_rollups",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    dim: text("dim", { enum: SALE_ROLLUP_DIMS }).notNull(),
    /**
     * The bucket's start (ms): a UTC hour's ("p", "i", "m") or a UTC day's ("P", "I", "M"). A
     * period on whole hours (every Brazilian day) is its whole UTC days plus the hours at its ends.
     */
    hora: integer("hour").notNull(),
    /** The professional's id ("" for none); "produto:<id>", "servico:<id>" or "avulso:<description>"; the method. */
    chave: text("key").notNull(),
    /** An item's description (the smallest seen). */
    rotulo: text("label"),
    vendas: integer("sales").notNull().default(0),
    quantidadeMilli: integer("quantity_milli").notNull().default(0),
    valorCentavos: integer("cents").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.dim, t.hora, t.chave] })],
);

/** Comissões: one per professional per sale line (ADR 067's lineCommission). */
export const commissions = sqliteTable(
  "commissions",
  {
    ...childKey(),
    vendaId: text("sale_id")
      .notNull()
      .references(() => sales.id, { onDelete: "cascade" }),
    itemId: text("sale_item_id")
      .notNull()
      .references(() => saleItems.id, { onDelete: "cascade" }),
    profissionalId: text("professional_id")
      .notNull()
      .references(() => professionals.id, { onDelete: "cascade" }),
    valorCentavos: integer("amount_cents").notNull(),
    status: text("status", { enum: COMMISSION_STATUSES }).notNull().default("pendente"),
    /** The sale's date (a professional's commissions per period read it). */
    referenciaEm: timestamp("reference_at").notNull(),
    pagaEm: timestamp("paid_at"),
    criadoEm: timestamp("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("commissions_item_uq").on(t.itemId),
    index("commissions_org_professional_idx").on(t.orgId, t.profissionalId, t.status, t.referenciaEm, t.valorCentavos),
    // Reports over a period for every professional (ADR 083): a range on the sale's instant, covering.
    index("commissions_org_reference_idx").on(t.orgId, t.referenciaEm, t.status, t.valorCentavos, t.profissionalId),
    index("commissions_org_sale_idx").on(t.orgId, t.vendaId),
    check("commissions_amount", sql`amount_cents >= 0`),
  ],
);

/** Receitas / contas a receber: a sale's installments, or typed by hand (no sale). */
export const receivables = sqliteTable(
  "receivables",
  {
    ...recordKey(),
    descricao: text("description").notNull(),
    ordem: sortKeyColumn("sort_name"),
    clienteId: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    vendaId: text("sale_id").references(() => sales.id),
    pagamentoVendaId: text("sale_payment_id").references(() => salePayments.id),
    forma: text("method", { enum: PAYMENT_METHODS }),
    parcela: integer("installment").notNull().default(1),
    parcelas: integer("installments").notNull().default(1),
    valorCentavos: integer("amount_cents").notNull(),
    /** "aaaa-mm-dd" in the organização's zone. */
    vencimento: text("due_on").notNull(),
    status: text("status", { enum: RECEIVABLE_STATUSES }).notNull().default("aberta"),
    /** Received: when, and into which account (its cash movement references this row). */
    recebidaEm: timestamp("received_at"),
    contaId: text("account_id").references(() => financeAccounts.id),
    categoria: text("category"),
    observacoes: text("notes"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("receivables", t, { vencimento: t.vencimento, valor: t.valorCentavos }),
    // Open ones by due date (overdue = due_on < today): the list's highlight and the dashboard.
    index("receivables_org_status_due_idx").on(t.orgId, t.status, t.vencimento, t.valorCentavos, t.id).where(live),
    lookupIndex("receivables_org_sale_idx", t.orgId, t.vendaId),
    lookupIndex("receivables_org_client_idx", t.orgId, t.clienteId),
    check("receivables_amount", sql`amount_cents > 0`),
    check("receivables_installment", sql`installment between 1 and installments`),
    check("receivables_due_day", localDay("due_on")),
    check("receivables_received", sql`(status = 'recebida') = (received_at is not null and account_id is not null)`),
  ],
);

export const receivableKeys = searchKeyTable("receivable_keys", "receivable_id", "receivable_keys_receivable_idx");

/**
 * Despesas / contas a pagar. A recurring bill is a series: each occurrence is its own row
 * (paid on its own), `serieId` = the first occurrence's id; the recurrence and its end are
 * the series' (copied on each row).
 */
export const expenses = sqliteTable(
  "expenses",
  {
    ...recordKey(),
    descricao: text("description").notNull(),
    ordem: sortKeyColumn("sort_name"),
    categoria: text("category"),
    fornecedorId: text("supplier_id").references(() => companies.id, { onDelete: "set null" }),
    valorCentavos: integer("amount_cents").notNull(),
    vencimento: text("due_on").notNull(),
    status: text("status", { enum: EXPENSE_STATUSES }).notNull().default("aberta"),
    recorrencia: text("recurrence", { enum: RECURRENCES }).notNull().default("nenhuma"),
    /** The last day an occurrence may fall on (null: no end). */
    recorrenciaFim: text("recurrence_until"),
    serieId: text("series_id"),
    pagaEm: timestamp("paid_at"),
    contaId: text("account_id").references(() => financeAccounts.id),
    forma: text("method", { enum: PAYMENT_METHODS }),
    observacoes: text("notes"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("expenses", t, { vencimento: t.vencimento, valor: t.valorCentavos }),
    index("expenses_org_status_due_idx").on(t.orgId, t.status, t.vencimento, t.valorCentavos, t.id).where(live),
    lookupIndex("expenses_org_supplier_idx", t.orgId, t.fornecedorId),
    filterIndex("expenses_org_category_idx", t, t.categoria),
    uniqueIndex("expenses_org_series_due_uq").on(t.orgId, t.serieId, t.vencimento).where(sql`series_id is not null and deleted_at is null`),
    check("expenses_amount", sql`amount_cents > 0`),
    check("expenses_due_day", localDay("due_on")),
    check("expenses_recurrence_until", sql`recurrence_until is null or (${localDay("recurrence_until")} and recurrence_until >= due_on)`),
    check("expenses_paid", sql`(status = 'paga') = (paid_at is not null and account_id is not null)`),
  ],
);

export const expenseKeys = searchKeyTable("expense_keys", "expense_id", "expense_keys_expense_idx");

/**
 * Movimentações: the cash ledger. `valorCentavos` is signed (+ in, − out). A row is never
 * edited (a trigger refuses it) nor deleted by the app: a mistake is undone by an `estorno`
 * row with the opposite amount (`estornoDe`, at most one per row). A transfer is two rows
 * sharing `transferenciaId`. The origin columns say what caused it (sale payment, receivable,
 * expense, commission); marking paid/received writes the row, undoing it reverses the row.
 */
export const cashMovements = sqliteTable(
  "cash_movements",
  {
    ...recordKey(),
    contaId: text("account_id")
      .notNull()
      .references(() => financeAccounts.id),
    tipo: text("kind", { enum: CASH_MOVEMENT_KINDS }).notNull(),
    valorCentavos: integer("amount_cents").notNull(),
    ocorridoEm: timestamp("occurred_at").notNull(),
    descricao: text("description").notNull(),
    /** The description lowered without accents: "nome" sorts by it. */
    ordem: sortKeyColumn("sort_name"),
    forma: text("method", { enum: PAYMENT_METHODS }),
    vendaId: text("sale_id").references(() => sales.id),
    pagamentoVendaId: text("sale_payment_id").references(() => salePayments.id),
    recebivelId: text("receivable_id").references(() => receivables.id),
    despesaId: text("expense_id").references(() => expenses.id),
    comissaoId: text("commission_id").references(() => commissions.id),
    /** Both rows of a transfer carry the same id (the first row's). */
    transferenciaId: text("transfer_id"),
    estornoDe: text("reversal_of").references((): AnySQLiteColumn => cashMovements.id),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("cash_movements", t, { ocorridoEm: t.ocorridoEm, valor: t.valorCentavos }),
    // Balances: Σ amount per account up to a day or over a period, read from this index alone
    // (deleted_at in it, not as a partial WHERE: SQLite covers only columns the index holds).
    index("cash_movements_balance_idx").on(t.orgId, t.contaId, t.ocorridoEm, t.valorCentavos, t.excluidoEm),
    index("cash_movements_org_kind_idx").on(t.orgId, t.tipo, t.ocorridoEm, t.valorCentavos, t.id).where(live),
    // Fluxo de caixa per account (ADR 083): each account's entradas and saídas of a period, a
    // range per (account, kind): over a year of 300,000 movements ≈480 → ≈110 ms (the bench's data).
    index("cash_movements_org_account_kind_idx").on(t.orgId, t.contaId, t.tipo, t.ocorridoEm, t.valorCentavos, t.estornoDe).where(live),
    uniqueIndex("cash_movements_reversal_uq").on(t.estornoDe).where(sql`reversal_of is not null and deleted_at is null`),
    index("cash_movements_org_transfer_idx").on(t.orgId, t.transferenciaId).where(sql`transfer_id is not null`),
    index("cash_movements_org_sale_idx").on(t.orgId, t.vendaId).where(sql`sale_id is not null`),
    index("cash_movements_org_receivable_idx").on(t.orgId, t.recebivelId).where(sql`receivable_id is not null`),
    index("cash_movements_org_expense_idx").on(t.orgId, t.despesaId).where(sql`expense_id is not null`),
    index("cash_movements_org_commission_idx").on(t.orgId, t.comissaoId).where(sql`commission_id is not null`),
    check("cash_movements_nonzero", sql`amount_cents <> 0`),
    check(
      "cash_movements_kind_sign",
      sql`(kind = 'entrada' and amount_cents > 0) or (kind = 'saida' and amount_cents < 0) or kind in ('transferencia', 'estorno', 'saldo_inicial')`,
    ),
    check("cash_movements_reversal", sql`(kind = 'estorno') = (reversal_of is not null)`),
    check("cash_movements_transfer", sql`(kind = 'transferencia') = (transfer_id is not null)`),
  ],
);

export const cashMovementKeys = searchKeyTable("cash_movement_keys", "cash_movement_id", "cash_movement_keys_movement_idx");

/** Pedidos: the pipeline novo → em preparo → pronto → entregue (or cancelado); becomes a sale. */
export const orders = sqliteTable(
  "orders",
  {
    ...recordKey(),
    numero: integer("number").notNull(),
    ordem: sortKeyColumn("sort_name"),
    clienteId: text("client_id").references(() => clients.id, { onDelete: "set null" }),
    /** A walk-in customer (no client record): the name and phone taken at the counter (ADR 073). */
    contatoNome: text("contact_name"),
    contatoTelefone: text("contact_phone"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("novo"),
    entrega: text("fulfilment", { enum: ORDER_FULFILMENTS }).notNull().default("retirada"),
    /** The delivery address as typed ({ cep, rua, numero, complemento, bairro, cidade, uf }); null for a pick-up. */
    endereco: text("address", { mode: "json" }).$type<OrderAddress>(),
    taxaEntregaCentavos: integer("delivery_fee_cents").notNull().default(0),
    subtotalCentavos: integer("subtotal_cents").notNull().default(0),
    descontoCentavos: integer("discount_cents").notNull().default(0),
    totalCentavos: integer("total_cents").notNull().default(0),
    /** "Para quando" (an instant). */
    previstoPara: timestamp("due_at"),
    /** The sale it became (one). */
    vendaId: text("sale_id").references((): AnySQLiteColumn => sales.id, { onDelete: "set null" }),
    observacoes: text("notes"),
    ...recordTrail(),
  },
  (t) => [
    ...listIndexes("orders", t, { numero: t.numero, total: t.totalCentavos, previstoPara: t.previstoPara }),
    uniqueIndex("orders_org_number_uq").on(t.orgId, t.numero),
    filterIndex("orders_org_status_idx", t, t.status),
    filterIndex("orders_org_fulfilment_idx", t, t.entrega),
    lookupIndex("orders_org_client_idx", t.orgId, t.clienteId),
    uniqueIndex("orders_sale_uq").on(t.vendaId).where(sql`sale_id is not null`),
    check(
      "orders_amounts",
      sql`delivery_fee_cents >= 0 and subtotal_cents >= 0 and discount_cents >= 0 and total_cents = subtotal_cents - discount_cents + delivery_fee_cents`,
    ),
    check("orders_address", sql`fulfilment = 'retirada' or address is not null`),
  ],
);

export const orderKeys = searchKeyTable("order_keys", "order_id", "order_keys_order_idx");

/** Each status an order went through, who moved it and when (ADR 073); the first row is its creation. */
export const orderStatusChanges = sqliteTable(
  "order_status_changes",
  {
    ...childKey(),
    pedidoId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    /** Null on the order's first row (created). */
    de: text("from_status", { enum: ORDER_STATUSES }),
    para: text("to_status", { enum: ORDER_STATUSES }).notNull(),
    em: timestamp("changed_at").notNull(),
    por: text("changed_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("order_status_changes_order_idx").on(t.pedidoId, t.em)],
);

export const orderItems = sqliteTable(
  "order_items",
  {
    ...childKey(),
    pedidoId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    posicao: integer("position").notNull(),
    produtoId: text("product_id").references(() => products.id, { onDelete: "set null" }),
    servicoId: text("service_id").references(() => services.id, { onDelete: "set null" }),
    profissionalId: text("professional_id").references(() => professionals.id, { onDelete: "set null" }),
    descricao: text("description").notNull(),
    quantidade: quantity("quantity_milli").notNull(),
    precoUnitarioCentavos: integer("unit_price_cents").notNull(),
    descontoCentavos: integer("discount_cents").notNull().default(0),
    totalCentavos: integer("total_cents").notNull(),
  },
  (t) => [
    uniqueIndex("order_items_order_position_uq").on(t.pedidoId, t.posicao),
    index("order_items_org_product_idx").on(t.orgId, t.produtoId).where(sql`product_id is not null`),
    check("order_items_one_kind", sql`product_id is null or service_id is null`),
    check("order_items_amounts", sql`quantity_milli > 0 and unit_price_cents >= 0 and discount_cents >= 0 and total_cents >= 0`),
  ],
);
