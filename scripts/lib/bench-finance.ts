/**
 * Issue 22's money at the bench's size: `sales` sales over the last year (items, payments, the
 * crédito installments as receivables, the paid-now payments' cash movements, a few cancelled
 * with their estornos), then bills paid, transfers and hand-typed movements until the
 * organização's ledger holds `movements` rows across its default accounts (Caixa, Banco, Cartão
 * a receber). Written in SQL (`INSERT … SELECT` over recursive CTEs: one statement per table, the
 * triggers still run per row) with the columns the sale transaction and the settling services
 * write (texts, sort and search keys included), so lists, search, totals and balances see them as
 * if made through the app. Deterministic amounts, methods and days; ids are random.
 *
 * What it leaves out on purpose: product lines (a stock exit per line would change the stock
 * ledger's 200,000 rows the stock bench measures; items are services and free lines) and
 * commissions (no professional on the seeded lines). Used by scripts/bench.ts.
 */
import type { Database } from "../../db/client.ts";
import { PAYMENT_METHOD, type PaymentMethod } from "../../shared/money/payment-method.ts";
import { categoryKey, searchKeys, sortKey } from "../../shared/search.ts";

export interface FinanceVolume {
  sales: number;
  /** The organização's live cash movements after seeding (the demo's own included). */
  movements: number;
}

export interface FinanceSeed {
  rows: { sales: number; saleItems: number; salePayments: number; receivables: number; expenses: number; movements: number };
  seconds: number;
}

const DAY = 86_400_000;
const YEAR = 365 * DAY;
/** A random v4 UUID computed by SQLite, per row (as migration 0027 does). */
const UUID = `lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6)))`;
/** São Paulo has had no summer time since 2019: a local day is UTC−3. */
const LOCAL_DAY = (ms: string) => `date((${ms}) / 1000 - 10800, 'unixepoch')`;

/** Free lines (things sold without a product record) with their prices. */
const GOODS: readonly [string, number][] = [
  ["Shampoo hidratante 300 ml", 3890],
  ["Condicionador 300 ml", 4190],
  ["Máscara capilar 250 g", 5990],
  ["Esmalte cremoso", 890],
  ["Kit manicure descartável", 1500],
  ["Pomada modeladora", 3450],
  ["Óleo para barba 30 ml", 4700],
  ["Vale-presente", 10000],
];

/** Bills paid along the year: description, category, typical amount. */
const BILLS: readonly [string, string, number][] = [
  ["Aluguel da loja", "Aluguel e condomínio", 320000],
  ["Conta de luz", "Energia", 48000],
  ["Compra de cosméticos", "Mercadorias", 95000],
  ["Internet e telefone", "Telefone e internet", 21990],
  ["Material de limpeza", "Limpeza", 8900],
  ["Café e água", "Copa", 6500],
  ["Manutenção do ar-condicionado", "Manutenção", 35000],
  ["Toalhas e descartáveis", "Materiais", 12800],
];

/** Movements typed by hand (no origin): description, account kind, sign, typical amount. */
const TYPED: readonly [string, "caixa" | "banco" | "cartao", 1 | -1, number][] = [
  ["Tarifa bancária", "banco", -1, 4590],
  ["Suprimento de troco", "caixa", 1, 20000],
  ["Sangria para pequenas despesas", "caixa", -1, 5000],
  ["Taxa da maquininha", "cartao", -1, 1290],
  ["Rendimento da conta", "banco", 1, 830],
];

const q = (s: string) => `'${s.replaceAll("'", "''")}'`;
const values = (rows: readonly (readonly (string | number | null)[])[]) =>
  rows.map((r) => `(${r.map((v) => (v === null ? "null" : typeof v === "number" ? String(v) : q(v))).join(", ")})`).join(",\n");

export async function seedFinance(db: Database, orgId: string, wanted: FinanceVolume, now = Date.now()): Promise<FinanceSeed> {
  const started = performance.now();
  const c = db.$client;
  const one = async <T>(text: string): Promise<T> => (await c.execute({ sql: text, args: { org: orgId } })).rows[0] as T;
  const run = (text: string) => c.execute({ sql: text, args: { org: orgId } });
  await run("PRAGMA cache_size=-262144");
  const accounts = await c.execute({
    sql: "select kind, id from finance_accounts where org_id = :org and deleted_at is null and active = 1 order by created_at",
    args: { org: orgId },
  });
  const account = new Map<string, string>();
  for (const a of accounts.rows) if (!account.has(String(a.kind))) account.set(String(a.kind), String(a.id));
  for (const kind of ["caixa", "banco", "cartao"]) if (!account.has(kind)) throw new Error(`bench-finance: no ${kind} account`);
  const acct = (kind: string) => q(account.get(kind) as string);
  const owner = await one<{ user_id: string }>("select user_id from memberships where org_id = :org order by created_at limit 1");
  const by = q(String(owner.user_id));

  // Who buys: 2,000 of the organização's clients, with the keys a sale gets from the name.
  const clients = await c.execute({
    sql: "select id, name from clients where org_id = :org and deleted_at is null order by id limit 2000",
    args: { org: orgId },
  });
  await run("drop table if exists temp.bench_clients");
  await run("create temp table bench_clients (k integer primary key, id text, name text, sort_name text, name_keys text)");
  if (clients.rows.length)
    await run(
      `insert into bench_clients values ${values(
        clients.rows.map((r, k) => [
          k,
          String(r.id),
          String(r.name),
          sortKey(String(r.name)),
          JSON.stringify(searchKeys({ names: [String(r.name)] })),
        ]),
      )}`,
    );
  await run("drop table if exists temp.bench_services");
  await run(
    "create temp table bench_services as select row_number() over (order by id) - 1 as k, id, name, price_cents from services where org_id = :org and deleted_at is null and active = 1 and price_cents > 0",
  );
  await run("drop table if exists temp.bench_goods");
  await run("create temp table bench_goods (k integer primary key, name text, price integer)");
  await run(`insert into bench_goods values ${values(GOODS.map(([n, p], k) => [k, n, p]))}`);
  const methods: PaymentMethod[] = ["pix", "dinheiro", "debito", "credito"];
  await run("drop table if exists temp.bench_methods");
  await run("create temp table bench_methods (method text primary key, label text, sort_label text, label_keys text)");
  await run(
    `insert into bench_methods values ${values(
      methods.map((m) => [
        m,
        PAYMENT_METHOD.label(m),
        sortKey(PAYMENT_METHOD.label(m)),
        JSON.stringify(searchKeys({ names: [PAYMENT_METHOD.label(m)] })),
      ]),
    )}`,
  );
  const { n: nClients } = await one<{ n: number }>("select count(*) as n from bench_clients");
  const { n: nServices } = await one<{ n: number }>("select count(*) as n from bench_services");
  const { n: firstNumber } = await one<{ n: number }>("select coalesce(max(number), 0) + 1 as n from sales where org_id = :org");

  // The sales: evenly over the last year (ending an hour ago), 70% with a client, 1–3 lines,
  // payment by a fixed pattern (Pix 38%, dinheiro 22%, débito 22%, crédito 1–3× 18%; every
  // tenth sale split Pix + dinheiro), one in fifty paid-now sales cancelled two hours later.
  const N = wanted.sales;
  const from = now - YEAR - DAY;
  const step = Math.max(1, Math.floor((YEAR - DAY) / Math.max(1, N)));
  await run("drop table if exists temp.bench_sales");
  await run(`create temp table bench_sales as
    with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${N})
    select i, ${UUID} as id, ${firstNumber} + i as number, ${from} + i * ${step} + (i * 7919) % ${step} as sold_at,
      case when ${nClients} > 0 and (i * 37) % 10 < 7 then (i * 131) % max(${nClients}, 1) end as ck,
      1 + (i * 17) % 3 as nitems,
      case when i % 10 = 0 then 'split' else
        case when (i * 53) % 100 < 38 then 'pix' when (i * 53) % 100 < 60 then 'dinheiro' when (i * 53) % 100 < 82 then 'debito' else 'credito' end
      end as pay
    from n`);
  await run("drop table if exists temp.bench_items");
  await run(`create temp table bench_items as
    select s.id as sale_id, s.i, j.p as position,
      case when sv.id is not null and (s.i + j.p) % 2 = 0 then sv.id end as service_id,
      case when sv.id is not null and (s.i + j.p) % 2 = 0 then sv.name else g.name end as description,
      case when (sv.id is null or (s.i + j.p) % 2 = 1) and s.i % 4 = 0 then 2000 else 1000 end as qty,
      case when sv.id is not null and (s.i + j.p) % 2 = 0 then sv.price_cents else g.price end as price
    from bench_sales s
    join (select 0 as p union all select 1 union all select 2) j on j.p < s.nitems
    left join bench_services sv on sv.k = (s.i + j.p) % max(${nServices}, 1)
    join bench_goods g on g.k = (s.i * 3 + j.p) % ${GOODS.length}`);
  // One sale in twenty has 10% off its first line.
  await run(`alter table bench_items add column discount integer not null default 0`);
  await run(`update bench_items set discount = (qty * price / 1000) / 10 where position = 0 and i % 20 = 3`);
  await run("create index temp.bench_items_sale on bench_items (sale_id)");
  await run("create unique index temp.bench_sales_id on bench_sales (id)");
  await run("alter table bench_sales add column gross integer");
  await run("alter table bench_sales add column disc integer");
  await run(
    `update bench_sales set (gross, disc) = (select sum(qty * price / 1000), sum(discount) from bench_items b where b.sale_id = bench_sales.id)`,
  );
  // Payments: position, method, amount settled, tendered (dinheiro), account kind.
  await run("drop table if exists temp.bench_payments");
  await run(`create temp table bench_payments as
    select s.id as sale_id, s.i, 0 as position, case when s.pay = 'split' then 'pix' else s.pay end as method,
      case when s.pay = 'split' then (s.gross - s.disc) / 2 else s.gross - s.disc end as amount
    from bench_sales s
    union all
    select s.id, s.i, 1, 'dinheiro', (s.gross - s.disc) - (s.gross - s.disc) / 2 from bench_sales s where s.pay = 'split'`);
  await run("create index temp.bench_payments_sale on bench_payments (sale_id)");
  await run(`alter table bench_payments add column id text`);
  await run(`alter table bench_payments add column movement_id text`);
  await run(`alter table bench_payments add column tendered integer`);
  await run(`alter table bench_payments add column installments integer not null default 1`);
  await run(`update bench_payments set id = ${UUID}, movement_id = ${UUID},
    tendered = case when method = 'dinheiro' and position = 0 then ((amount + 4999) / 5000) * 5000 when method = 'dinheiro' then amount end,
    installments = case when method = 'credito' then 1 + i % 3 else 1 end`);
  await run(`alter table bench_sales add column cancelled integer not null default 0`);
  await run(`update bench_sales set cancelled = 1 where i % 50 = 7 and pay <> 'credito'`);

  await run(`insert into sales (id, org_id, number, sort_name, client_id, status, subtotal_cents, discount_cents, total_discount_cents,
      total_cents, change_cents, sold_at, cancelled_at, cancelled_by, cancel_reason, search_keys, created_at, updated_at, created_by, updated_by)
    select s.id, :org, s.number, coalesce(c.sort_name, ''), c.id, case when s.cancelled = 1 then 'cancelada' else 'concluida' end,
      s.gross, s.disc, 0, s.gross - s.disc,
      coalesce((select p.tendered - p.amount from bench_payments p where p.sale_id = s.id and p.method = 'dinheiro'), 0),
      s.sold_at, case when s.cancelled = 1 then s.sold_at + 7200000 end, case when s.cancelled = 1 then ${by} end,
      case when s.cancelled = 1 then 'Cliente desistiu da compra' end,
      json_insert(coalesce(c.name_keys, '[]'), '$[#]', cast(s.number as text)),
      s.sold_at, case when s.cancelled = 1 then s.sold_at + 7200000 else s.sold_at end, ${by}, ${by}
    from bench_sales s left join bench_clients c on c.k = s.ck order by s.i`);
  await run(`insert into sale_items (id, org_id, sale_id, position, product_id, service_id, professional_id, description, quantity_milli,
      unit_price_cents, discount_cents, allocated_discount_cents, total_cents)
    select ${UUID}, :org, sale_id, position, null, service_id, null, description, qty, price, discount, 0, qty * price / 1000 - discount
    from bench_items order by i, position`);
  await run(`insert into sale_payments (id, org_id, sale_id, position, method, amount_cents, tendered_cents, installments, account_id)
    select id, :org, sale_id, position, method, amount, tendered, installments,
      case method when 'pix' then ${acct("banco")} when 'dinheiro' then ${acct("caixa")} when 'debito' then ${acct("cartao")} end
    from bench_payments order by i, position`);
  // Crédito: one receivable per installment, the first taking the extra centavos, due 30 days apart.
  await run(`insert into receivables (id, org_id, description, sort_name, client_id, sale_id, sale_payment_id, method, installment,
      installments, amount_cents, due_on, status, search_keys, created_at, updated_at, created_by, updated_by)
    select ${UUID}, :org,
      'Venda nº ' || s.number || ' — ' || m.label || case when p.installments > 1 then ' ' || k.n || '/' || p.installments else '' end || coalesce(' — ' || c.name, ''),
      'venda no ' || s.number || ' ' || m.sort_label || case when p.installments > 1 then ' ' || k.n || ' ' || p.installments else '' end || coalesce(' ' || c.sort_name, ''),
      c.id, s.id, p.id, p.method, k.n, p.installments,
      p.amount / p.installments + case when k.n = 1 then p.amount % p.installments else 0 end,
      ${LOCAL_DAY(`s.sold_at + k.n * ${30 * DAY}`)}, 'aberta',
      json_insert((select json_group_array(value) from (select value from json_each(coalesce(c.name_keys, '[]')) union select value from json_each(m.label_keys))), '$[#]', cast(s.number as text)),
      s.sold_at, s.sold_at, ${by}, ${by}
    from bench_payments p join bench_sales s on s.id = p.sale_id join bench_methods m on m.method = p.method
    join (select 1 as n union all select 2 union all select 3) k on k.n <= p.installments
    left join bench_clients c on c.k = s.ck
    where p.method = 'credito' order by s.i, k.n`);
  // The paid-now payments' movements, then the cancelled sales' estornos (dated at the cancel).
  const saleMovement = (kind: string) => `
    select ${kind === "entrada" ? "p.movement_id" : UUID} as id, :org as org_id,
      case p.method when 'pix' then ${acct("banco")} when 'dinheiro' then ${acct("caixa")} else ${acct("cartao")} end as account_id,
      ${kind === "entrada" ? "'entrada' as kind, p.amount as amount_cents, s.sold_at as occurred_at" : "'estorno' as kind, -p.amount as amount_cents, s.sold_at + 7200000 as occurred_at"},
      ${kind === "entrada" ? "" : "'Estorno: ' || "}'Venda nº ' || s.number || ' — ' || m.label || coalesce(' — ' || c.name, '')${kind === "entrada" ? "" : " || ' — venda cancelada'"} as description,
      ${kind === "entrada" ? "" : "'estorno ' || "}'venda no ' || s.number || ' ' || m.sort_label || coalesce(' ' || c.sort_name, '')${kind === "entrada" ? "" : " || ' venda cancelada'"} as sort_name,
      p.method as method, s.id as sale_id, p.id as sale_payment_id`;
  await run(`insert into cash_movements (id, org_id, account_id, kind, amount_cents, occurred_at, description, sort_name, method, sale_id,
      sale_payment_id, search_keys, created_at, updated_at, created_by, updated_by)
    select x.*, '[]', x.occurred_at, x.occurred_at, ${by}, ${by} from (${saleMovement("entrada")}
      from bench_payments p join bench_sales s on s.id = p.sale_id join bench_methods m on m.method = p.method
      left join bench_clients c on c.k = s.ck where p.method <> 'credito' order by s.i, p.position) x`);
  await run(`insert into cash_movements (id, org_id, account_id, kind, amount_cents, occurred_at, description, sort_name, method, sale_id,
      sale_payment_id, reversal_of, search_keys, created_at, updated_at, created_by, updated_by)
    select x.*, '[]', x.occurred_at, x.occurred_at, ${by}, ${by} from (${saleMovement("estorno")}, p.movement_id as reversal_of
      from bench_payments p join bench_sales s on s.id = p.sale_id join bench_methods m on m.method = p.method
      left join bench_clients c on c.k = s.ck where s.cancelled = 1 and p.method <> 'credito' order by s.i, p.position) x`);

  // The rest of the ledger: bills paid (45%), transfers (40%, in pairs), typed by hand (15%).
  const { n: have } = await one<{ n: number }>("select count(*) as n from cash_movements where org_id = :org and deleted_at is null");
  const rest = Math.max(0, wanted.movements - have);
  const bills = Math.floor(rest * 0.45);
  const pairs = Math.floor((rest * 0.4) / 2);
  const typed = rest - bills - 2 * pairs;
  const spread = (count: number) => Math.max(1, Math.floor((YEAR - DAY) / Math.max(1, count)));
  await run("drop table if exists temp.bench_bills");
  await run(
    "create temp table bench_bills (k integer primary key, description text, category text, sort_name text, search_keys text, amount integer)",
  );
  await run(
    `insert into bench_bills values ${values(
      BILLS.map(([d, cat, amount], k) => [
        k,
        d,
        cat,
        sortKey(d),
        JSON.stringify([...searchKeys({ names: [d, cat] }), categoryKey(cat)]),
        amount,
      ]),
    )}`,
  );
  await run("drop table if exists temp.bench_expenses");
  await run(`create temp table bench_expenses as
    with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${bills})
    select i, ${UUID} as id, ${from} + i * ${spread(bills)} + (i * 104729) % ${spread(bills)} as paid_at, i % ${BILLS.length} as k,
      case when i % 4 = 3 then 'caixa' else 'banco' end as kind,
      case when i % 4 = 3 then 'dinheiro' when i % 4 = 1 then 'boleto' else 'pix' end as method
    from n`);
  await run(`insert into expenses (id, org_id, description, sort_name, category, amount_cents, due_on, status, recurrence, paid_at, account_id,
      method, search_keys, created_at, updated_at, created_by, updated_by)
    select e.id, :org, b.description, b.sort_name, b.category, b.amount * (80 + (e.i * 7) % 40) / 100, ${LOCAL_DAY("e.paid_at")}, 'paga', 'nenhuma',
      e.paid_at, case e.kind when 'caixa' then ${acct("caixa")} else ${acct("banco")} end, e.method, b.search_keys,
      e.paid_at - ${5 * DAY}, e.paid_at, ${by}, ${by}
    from bench_expenses e join bench_bills b on b.k = e.k order by e.i`);
  await run(`insert into cash_movements (id, org_id, account_id, kind, amount_cents, occurred_at, description, sort_name, method, expense_id,
      search_keys, created_at, updated_at, created_by, updated_by)
    select ${UUID}, :org, x.account_id, 'saida', -x.amount_cents, x.paid_at, 'Pagamento: ' || x.description, 'pagamento ' || x.sort_name,
      x.method, x.id, '[]', x.paid_at, x.paid_at, ${by}, ${by}
    from expenses x join bench_expenses e on e.id = x.id order by e.i`);
  await run("drop table if exists temp.bench_transfers");
  await run(`create temp table bench_transfers as
    with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${pairs})
    select i, ${UUID} as id, ${UUID} as id2, ${from} + i * ${spread(pairs)} + (i * 15485863) % ${spread(pairs)} as at,
      case when i % 2 = 0 then ${acct("caixa")} else ${acct("cartao")} end as src, ${acct("banco")} as dst,
      case when i % 2 = 0 then 'Depósito do caixa no banco' else 'Repasse da maquininha' end as description,
      case when i % 2 = 0 then 'deposito do caixa no banco' else 'repasse da maquininha' end as sort_name,
      2000 + (i * 7907) % 18000 as amount
    from n`);
  await run(`insert into cash_movements (id, org_id, account_id, kind, amount_cents, occurred_at, description, sort_name, transfer_id,
      search_keys, created_at, updated_at, created_by, updated_by)
    select id, :org, src, 'transferencia', -amount, at, description, sort_name, id, '[]', at, at, ${by}, ${by} from bench_transfers
    union all
    select id2, :org, dst, 'transferencia', amount, at, description, sort_name, id, '[]', at, at, ${by}, ${by} from bench_transfers`);
  await run("drop table if exists temp.bench_typed");
  await run(
    "create temp table bench_typed (k integer primary key, description text, sort_name text, kind text, sign integer, amount integer)",
  );
  await run(`insert into bench_typed values ${values(TYPED.map(([d, kind, sign, amount], k) => [k, d, sortKey(d), kind, sign, amount]))}`);
  await run(`insert into cash_movements (id, org_id, account_id, kind, amount_cents, occurred_at, description, sort_name, search_keys,
      created_at, updated_at, created_by, updated_by)
    with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${typed})
    select ${UUID}, :org, case t.kind when 'caixa' then ${acct("caixa")} when 'banco' then ${acct("banco")} else ${acct("cartao")} end,
      case when t.sign > 0 then 'entrada' else 'saida' end, t.sign * (t.amount * (70 + (n.i * 13) % 60) / 100),
      ${from} + n.i * ${spread(typed)} + (n.i * 32452843) % ${spread(typed)}, t.description, t.sort_name, '[]',
      ${from} + n.i * ${spread(typed)}, ${from} + n.i * ${spread(typed)}, ${by}, ${by}
    from n join bench_typed t on t.k = n.i % ${TYPED.length}`);
  for (const t of [
    "bench_clients",
    "bench_services",
    "bench_goods",
    "bench_methods",
    "bench_sales",
    "bench_items",
    "bench_payments",
    "bench_bills",
    "bench_expenses",
    "bench_transfers",
    "bench_typed",
  ])
    await run(`drop table if exists temp.${t}`);

  const count = async (table: string, live = true) =>
    (await one<{ n: number }>(`select count(*) as n from ${table} where org_id = :org${live ? " and deleted_at is null" : ""}`)).n;
  return {
    rows: {
      sales: await count("sales"),
      saleItems: await count("sale_items", false),
      salePayments: await count("sale_payments", false),
      receivables: await count("receivables"),
      expenses: await count("expenses"),
      movements: await count("cash_movements"),
    },
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
