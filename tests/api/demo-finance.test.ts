/**
 * The demo's money (ADR 072): deterministic, believable, and the ledger adds up — the accounts'
 * balances are the sum of their rows, most bills are paid, two are overdue on purpose, the
 * recurring ones have their next occurrence, and receivables were received into the bank.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cashMovements, expenses, organizations, receivables, users } from "../../db/schema/index.ts";
import { dayIn } from "../../shared/time-zone.ts";
import { accountBalances } from "../../worker/services/finance/cash-ledger.ts";
import { accountOfKind, defaultAccountsStatement } from "../../worker/services/finance/default-accounts.ts";
import { seedDemoFinance } from "../../scripts/seed/demo-finance.ts";
import { freshDatabase } from "../support/db.ts";

const { db } = freshDatabase();
const NOW = new Date("2026-11-27T15:00:00Z");

async function seeded(): Promise<{ orgId: string; userId: string }> {
  const [o] = await db.insert(organizations).values({ name: "Loja Demo", segment: "comercio" }).returning({ id: organizations.id });
  const [u] = await db
    .insert(users)
    .values({ name: "Dona", email: `${crypto.randomUUID()}@exemplo.com.br`, passwordHash: "x" })
    .returning({ id: users.id });
  const orgId = (o as { id: string }).id;
  const userId = (u as { id: string }).id;
  await defaultAccountsStatement(db, orgId, NOW);
  await seedDemoFinance(db, orgId, userId, NOW);
  return { orgId, userId };
}

describe("demo finance", () => {
  it("is deterministic and adds up", async () => {
    const a = await seeded();
    const b = await seeded();
    const amounts = async (orgId: string) =>
      (await db.select({ v: cashMovements.valorCentavos, t: cashMovements.tipo }).from(cashMovements).where(eq(cashMovements.orgId, orgId)))
        .map((r) => `${r.t}:${r.v}`)
        .sort();
    expect(await amounts(a.orgId)).toEqual(await amounts(b.orgId));

    const actor = { orgId: a.orgId, userId: a.userId, timeZone: "America/Sao_Paulo" };
    const today = dayIn(NOW, "America/Sao_Paulo");
    const [period] = [await accountBalances({ db, now: NOW }, actor, { from: "2026-08-01", to: today })];
    const rows = await db
      .select({ c: cashMovements.contaId, v: cashMovements.valorCentavos })
      .from(cashMovements)
      .where(eq(cashMovements.orgId, a.orgId));
    for (const p of period) expect(p.saldoFinal).toBe(rows.filter((r) => r.c === p.contaId).reduce((s, r) => s + r.v, 0));
    const banco = (await accountOfKind(db, a.orgId, "banco"))?.id;
    const caixa = (await accountOfKind(db, a.orgId, "caixa"))?.id;
    expect(period.find((p) => p.contaId === banco)?.saldoFinal).toBeGreaterThan(0);
    expect(period.find((p) => p.contaId === caixa)?.saldoFinal).toBeGreaterThan(0);

    const bills = await db
      .select({ status: expenses.status, due: expenses.vencimento, serie: expenses.serieId })
      .from(expenses)
      .where(eq(expenses.orgId, a.orgId));
    const overdue = bills.filter((x) => x.status === "aberta" && x.due < today);
    expect(overdue.length).toBe(2);
    expect(bills.filter((x) => x.status === "paga").length).toBeGreaterThan(20);
    expect(bills.some((x) => x.serie && x.due > today)).toBe(true);
    const received = await db
      .select({ id: receivables.id })
      .from(receivables)
      .where(and(eq(receivables.orgId, a.orgId), eq(receivables.status, "recebida")));
    expect(received.length).toBeGreaterThanOrEqual(4);
  }, 120_000);
});
