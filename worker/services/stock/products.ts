import { desc, eq, isNull, sql } from "drizzle-orm";
import { stockMovements } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { MovimentacaoProdutoRow } from "../../../shared/resources/movimentacoes-produtos.ts";
import type { ProdutoRow } from "../../../shared/resources/produtos.ts";
import { packingOf, toRow, unpack } from "../../resources/define.ts";
import { allowed, recordStatement, rowsOf } from "../../resources/records.ts";
import type { Actor, ServiceContext } from "../context.ts";

/** A movement of a product's ledger with the stock right after it. */
export interface LedgerEntry extends MovimentacaoProdutoRow {
  /** The product's stock after this movement (the running sum of the live movements up to it). */
  saldo: number;
}

export interface ProductPage {
  product: ProdutoRow;
  /** The newest movements first, each with the balance after it. */
  ledger: LedgerEntry[];
  /** Live movements of the product in all. */
  movements: number;
}

/** How many ledger lines a product's page shows (the full ledger is the filtered list). */
export const LEDGER_LINES = 50;

/**
 * A product with its newest ledger lines and their running balance, in one round trip. The
 * balance is a window sum over the product's live movements in time order, so it always agrees
 * with the product's stock. Null when the product is not found.
 */
export async function productPage(ctx: ServiceContext, actor: Actor, id: string, lines = LEDGER_LINES): Promise<ProductPage | null> {
  const { mod, statement } = recordStatement(ctx, actor, "produtos", id);
  const ledgerModule = allowed(actor, "movimentacoes-produtos", "read");
  const m = stockMovements;
  const scope = orgScope(ctx.db, actor.orgId);
  const ordered = ctx.db
    .select({
      j: sql<string>`${packingOf(ledgerModule).selection.j}`.as("j"),
      // Time order; movements of the same instant in the order they were recorded (rowid grows).
      saldo: sql<number>`sum(${m.quantidade}) over (order by ${m.ocorridoEm}, ${m.criadoEm}, "stock_movements".rowid)`.as("saldo"),
      at: sql<number>`${m.ocorridoEm}`.as("at"),
      created: sql<number>`${m.criadoEm}`.as("created"),
      seq: sql<number>`"stock_movements".rowid`.as("seq"),
      n: sql<number>`count(*) over ()`.as("n"),
    })
    .from(m)
    .where(scope.where(m, eq(m.produtoId, id), isNull(m.excluidoEm)))
    .as("l");
  const ledger = ctx.db.select().from(ordered).orderBy(desc(ordered.at), desc(ordered.created), desc(ordered.seq)).limit(lines);
  const [products, entries] = await ctx.db.batch([statement, ledger]);
  const [product] = rowsOf(mod, products) as unknown as ProdutoRow[];
  if (!product) return null;
  return {
    product,
    ledger: entries.map((e) => ({ ...toRow<MovimentacaoProdutoRow>(ledgerModule, unpack({ j: e.j })), saldo: Number(e.saldo) / 1000 })),
    movements: Number(entries[0]?.n ?? 0),
  };
}
