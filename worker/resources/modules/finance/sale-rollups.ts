/**
 * The triggers that keep `sale_rollups` (db/schema/finance.ts, ADR 083 amendment): a concluded,
 * live sale's items and payments summed by professional ("p"), item ("i") and payment method
 * ("m") per UTC hour, and again per UTC day (the same letters in upper case). Written from the
 * database's side so no write path (the sale transaction, an order's conversion, the desk's
 * charge, a seed) can forget them:
 * - an item or a payment written to a counted sale adds itself (and one sale to its key when it
 *   is the sale's first of that key);
 * - a sale that stops being counted (cancelled, deleted) or moves in time takes all of its lines
 *   out of the old buckets; one that starts being counted (or moved) puts them in the new.
 * Items and payments are never updated nor deleted alone (a sale is cancelled, not edited).
 */

type Bucket = { letter: (dim: "p" | "i" | "m") => string; start: (column: string) => string };
const BUCKETS: Bucket[] = [
  { letter: (d) => d, start: (c) => `(${c} / 3600000) * 3600000` },
  { letter: (d) => d.toUpperCase(), start: (c) => `(${c} / 86400000) * 86400000` },
];
const COUNTED = (row: string) => `${row}.status = 'concluida' AND ${row}.deleted_at IS NULL`;
const ITEM_KEY = (row: string) =>
  `CASE WHEN ${row}.product_id IS NOT NULL THEN 'produto:' || ${row}.product_id WHEN ${row}.service_id IS NOT NULL THEN 'servico:' || ${row}.service_id ELSE 'avulso:' || ${row}.description END`;
const UPSERT = `ON CONFLICT (org_id, dim, hour, key) DO UPDATE SET sales = sales + excluded.sales,
    quantity_milli = quantity_milli + excluded.quantity_milli, cents = cents + excluded.cents,
    label = CASE WHEN label IS NULL OR excluded.label < label THEN excluded.label ELSE label END`;
const INTO = "INSERT INTO sale_rollups (org_id, dim, hour, key, label, sales, quantity_milli, cents)";

/** Each statement once per bucket (hour, day). */
function perBucket(statement: (b: Bucket) => string): string {
  return BUCKETS.map(statement).join(";\n  ");
}

/** A whole sale's lines in (+1) or out (-1) of the buckets of `row` (OLD or NEW). */
function wholeSale(row: "OLD" | "NEW", sign: 1 | -1): string {
  const s = sign === 1 ? "" : "-";
  return perBucket(
    (b) => `${INTO} SELECT ${row}.org_id, '${b.letter("p")}', ${b.start(`${row}.sold_at`)}, coalesce(i.professional_id, ''), NULL, ${s}1,
      ${s}sum(i.quantity_milli), ${s}sum(i.total_cents) FROM sale_items i WHERE i.sale_id = ${row}.id
      GROUP BY coalesce(i.professional_id, '') ${UPSERT};
  ${INTO} SELECT ${row}.org_id, '${b.letter("i")}', ${b.start(`${row}.sold_at`)}, ${ITEM_KEY("i")}, min(i.description), ${s}1,
      ${s}sum(i.quantity_milli), ${s}sum(i.total_cents) FROM sale_items i WHERE i.sale_id = ${row}.id
      GROUP BY ${ITEM_KEY("i")} ${UPSERT};
  ${INTO} SELECT ${row}.org_id, '${b.letter("m")}', ${b.start(`${row}.sold_at`)}, p.method, NULL, ${s}1, 0, ${s}sum(p.amount_cents)
      FROM sale_payments p WHERE p.sale_id = ${row}.id GROUP BY p.method ${UPSERT}`,
  );
}

const MOVED = "OLD.sold_at IS NOT NEW.sold_at";

export const SALE_ROLLUP_TRIGGERS = [
  {
    name: "sale_items_rollup_ai",
    on: "sale_items",
    sql: `CREATE TRIGGER sale_items_rollup_ai AFTER INSERT ON sale_items BEGIN
  ${perBucket(
    (b) => `${INTO} SELECT s.org_id, '${b.letter("p")}', ${b.start("s.sold_at")}, coalesce(NEW.professional_id, ''), NULL,
      NOT EXISTS (SELECT 1 FROM sale_items x WHERE x.sale_id = NEW.sale_id AND x.id <> NEW.id AND x.professional_id IS NEW.professional_id),
      NEW.quantity_milli, NEW.total_cents FROM sales s WHERE s.id = NEW.sale_id AND ${COUNTED("s")} ${UPSERT};
  ${INTO} SELECT s.org_id, '${b.letter("i")}', ${b.start("s.sold_at")}, ${ITEM_KEY("NEW")}, NEW.description,
      NOT EXISTS (SELECT 1 FROM sale_items x WHERE x.sale_id = NEW.sale_id AND x.id <> NEW.id AND ${ITEM_KEY("x")} = ${ITEM_KEY("NEW")}),
      NEW.quantity_milli, NEW.total_cents FROM sales s WHERE s.id = NEW.sale_id AND ${COUNTED("s")} ${UPSERT}`,
  )};
END`,
  },
  {
    name: "sale_payments_rollup_ai",
    on: "sale_payments",
    sql: `CREATE TRIGGER sale_payments_rollup_ai AFTER INSERT ON sale_payments BEGIN
  ${perBucket(
    (b) => `${INTO} SELECT s.org_id, '${b.letter("m")}', ${b.start("s.sold_at")}, NEW.method, NULL,
      NOT EXISTS (SELECT 1 FROM sale_payments x WHERE x.sale_id = NEW.sale_id AND x.id <> NEW.id AND x.method = NEW.method),
      0, NEW.amount_cents FROM sales s WHERE s.id = NEW.sale_id AND ${COUNTED("s")} ${UPSERT}`,
  )};
END`,
  },
  {
    name: "sales_rollup_out_au",
    sql: `CREATE TRIGGER sales_rollup_out_au AFTER UPDATE OF status, deleted_at, sold_at ON sales
  WHEN ${COUNTED("OLD")} AND (NOT (${COUNTED("NEW")}) OR ${MOVED}) BEGIN
  ${wholeSale("OLD", -1)};
END`,
  },
  {
    name: "sales_rollup_in_au",
    sql: `CREATE TRIGGER sales_rollup_in_au AFTER UPDATE OF status, deleted_at, sold_at ON sales
  WHEN ${COUNTED("NEW")} AND (NOT (${COUNTED("OLD")}) OR ${MOVED}) BEGIN
  ${wholeSale("NEW", 1)};
END`,
  },
];
