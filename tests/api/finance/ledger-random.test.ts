/**
 * The issue's proof that the ledger is the only source of balances (ADR 069/072): a randomized
 * sequence (fast-check, fixed seed) of sales (every payment method, installments) and their
 * cancellations (ADR 071's completeSale/cancelSale), manual entradas and saídas, opening balances,
 * transfers, estornos, bills paid and undone, receivables (a sale's installments or typed) received
 * and undone — with the clock moving
 * forward by random steps, across midnights of a zone that is not São Paulo's — and then every
 * account's balance per day and per period from `accountBalances`/`balancesOn` must equal a plain
 * recomputation from the raw `cash_movements` rows.
 */
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  cashMovements,
  expenses,
  financeAccounts,
  organizations,
  receivables,
  sales as salesTable,
  users,
} from "../../../db/schema/index.ts";
import { PAYMENT_METHODS, type PaymentMethod } from "../../../shared/money/payment-method.ts";
import { sortKey } from "../../../shared/search.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import type { Actor, ServiceContext } from "../../../worker/services/context.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { accountBalances, balancesOn, recordMovement, reverseMovement, transfer } from "../../../worker/services/finance/cash-ledger.ts";
import { defaultAccountsStatement } from "../../../worker/services/finance/default-accounts.ts";
import { originRefusal } from "../../../worker/services/finance/ledger-actions.ts";
import { cancelSale, completeSale } from "../../../worker/services/finance/sales/index.ts";
import {
  markExpensesPaid,
  markReceivablesReceived,
  undoExpensePaid,
  undoReceivableReceived,
} from "../../../worker/services/finance/settle.ts";
import { freshDatabase } from "../../support/db.ts";

const { db } = freshDatabase();
const ZONE = "America/Manaus";
const START = Date.parse("2026-03-01T03:00:00Z");

type Op =
  | { k: "in" | "out"; acc: number; cents: number }
  | { k: "opening"; acc: number; cents: number }
  | { k: "transfer"; from: number; to: number; cents: number }
  | { k: "reverse"; pick: number }
  | { k: "bill"; cents: number; acc: number }
  | { k: "billUndo"; pick: number }
  | { k: "receivable"; cents: number; acc: number }
  | { k: "receivableUndo"; pick: number }
  | { k: "sale"; cents: number; method: PaymentMethod; installments: number }
  | { k: "cancel"; pick: number }
  | { k: "installment"; pick: number; acc: number };

const cents = fc.integer({ min: 1, max: 5_000_00 });
const acc = fc.integer({ min: 0, max: 2 });
const pick = fc.nat({ max: 1000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ k: fc.constantFrom("in" as const, "out" as const), acc, cents }),
  fc.record({ k: fc.constant("opening" as const), acc, cents: fc.integer({ min: -100_000, max: 100_000 }).filter((c) => c !== 0) }),
  fc.record({ k: fc.constant("transfer" as const), from: acc, to: acc, cents }),
  fc.record({ k: fc.constant("reverse" as const), pick }),
  fc.record({ k: fc.constant("bill" as const), cents, acc }),
  fc.record({ k: fc.constant("billUndo" as const), pick }),
  fc.record({ k: fc.constant("receivable" as const), cents, acc }),
  fc.record({ k: fc.constant("receivableUndo" as const), pick }),
  fc.record({
    k: fc.constant("sale" as const),
    cents,
    method: fc.constantFrom(...PAYMENT_METHODS),
    installments: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    k: fc.constant("sale" as const),
    cents,
    method: fc.constantFrom(...PAYMENT_METHODS),
    installments: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ k: fc.constant("cancel" as const), pick }),
  fc.record({ k: fc.constant("installment" as const), pick, acc }),
);
/** Each step: an operation and how far the clock moves before it (up to ~31 hours, in minutes). */
const steps = fc.array(fc.tuple(op, fc.integer({ min: 0, max: 1860 })), { minLength: 20, maxLength: 60 });

async function newOrg(): Promise<{ actor: Actor; accounts: string[] }> {
  const [o] = await db.insert(organizations).values({ name: "Loja aleatória", segment: "comercio" }).returning({ id: organizations.id });
  const [u] = await db
    .insert(users)
    .values({ name: "Dona", email: `${crypto.randomUUID()}@exemplo.com.br`, passwordHash: "x" })
    .returning({ id: users.id });
  const orgId = (o as { id: string }).id;
  await defaultAccountsStatement(db, orgId, new Date(START));
  const rows = await db
    .select({ id: financeAccounts.id })
    .from(financeAccounts)
    .where(eq(financeAccounts.orgId, orgId))
    .orderBy(financeAccounts.tipo);
  return { actor: { orgId, userId: (u as { id: string }).id, role: "owner", timeZone: ZONE }, accounts: rows.map((r) => r.id) };
}

/** A refusal the rules give (already reversed, a transfer to the same account…) is part of the game; anything else fails. */
async function allowRefusal(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
}

async function play(actor: Actor, accounts: string[], sequence: [Op, number][]): Promise<{ from: string; to: string }> {
  let now = START;
  const paidBills: string[] = [];
  const receivedOnes: string[] = [];
  const sales: string[] = [];
  const ctx = () => ({ db, now: new Date(now) }) as unknown as ServiceContext;
  const account = (i: number) => accounts[i % accounts.length] as string;
  for (const [o, minutes] of sequence) {
    now += minutes * 60_000;
    const c = ctx();
    switch (o.k) {
      case "in":
      case "out":
        await recordMovement(c, actor, {
          contaId: account(o.acc),
          tipo: o.k === "in" ? "entrada" : "saida",
          valorCentavos: o.cents,
          descricao: `Lançamento ${o.k}`,
        });
        break;
      case "opening":
        await recordMovement(c, actor, {
          contaId: account(o.acc),
          tipo: "saldo_inicial",
          valorCentavos: o.cents,
          descricao: "Saldo inicial",
        });
        break;
      case "transfer":
        await allowRefusal(() =>
          transfer(c, actor, {
            deContaId: account(o.from),
            paraContaId: account(o.to),
            valorCentavos: o.cents,
            descricao: "Transferência",
          }),
        );
        break;
      case "reverse": {
        const rows = await db
          .select({ id: cashMovements.id })
          .from(cashMovements)
          .where(eq(cashMovements.orgId, actor.orgId))
          .orderBy(cashMovements.id);
        const target = rows[o.pick % Math.max(rows.length, 1)];
        if (target) await allowRefusal(() => reverseMovement(c, actor, target.id, "teste", originRefusal));
        break;
      }
      case "bill": {
        const id = crypto.randomUUID();
        const day = dayIn(new Date(now), ZONE);
        await db
          .insert(expenses)
          .values({ id, orgId: actor.orgId, descricao: "Conta", ordem: sortKey("Conta"), valorCentavos: o.cents, vencimento: day });
        await markExpensesPaid(c, actor, { ids: [id], contaId: account(o.acc) });
        paidBills.push(id);
        break;
      }
      case "billUndo": {
        const id = paidBills[o.pick % Math.max(paidBills.length, 1)];
        if (id) await allowRefusal(() => undoExpensePaid(c, actor, id));
        break;
      }
      case "receivable": {
        const id = crypto.randomUUID();
        const day = dayIn(new Date(now), ZONE);
        await db
          .insert(receivables)
          .values({ id, orgId: actor.orgId, descricao: "Parcela", ordem: sortKey("Parcela"), valorCentavos: o.cents, vencimento: day });
        await markReceivablesReceived(c, actor, { ids: [id], contaId: account(o.acc) });
        receivedOnes.push(id);
        break;
      }
      case "sale": {
        const installments = o.method === "credito" || o.method === "a_prazo" || o.method === "boleto" ? o.installments : 1;
        const draft = {
          draftId: crypto.randomUUID(),
          items: [{ description: "Item avulso", quantityMilli: 1000, unitPriceCentavos: o.cents }],
          payments: [{ method: o.method, amountCentavos: o.cents, installments }],
          expectedTotalCentavos: o.cents,
        };
        const done = await completeSale(c, actor, draft);
        sales.push(done.saleId);
        break;
      }
      case "cancel": {
        const id = sales[o.pick % Math.max(sales.length, 1)];
        if (id) await allowRefusal(() => cancelSale(c, actor, id, { reason: "Cliente desistiu" }));
        break;
      }
      case "installment": {
        const open = await db
          .select({ id: receivables.id })
          .from(receivables)
          .where(and(eq(receivables.orgId, actor.orgId), eq(receivables.status, "aberta")))
          .orderBy(receivables.id);
        const target = open[o.pick % Math.max(open.length, 1)];
        if (target) {
          await markReceivablesReceived(c, actor, { ids: [target.id], contaId: account(o.acc) });
          receivedOnes.push(target.id);
        }
        break;
      }
      case "receivableUndo": {
        const id = receivedOnes[o.pick % Math.max(receivedOnes.length, 1)];
        if (id) await allowRefusal(() => undoReceivableReceived(c, actor, id));
        break;
      }
    }
  }
  return { from: dayIn(new Date(START - 86_400_000), ZONE), to: dayIn(new Date(now + 86_400_000), ZONE) };
}

interface Expected {
  opening: number;
  days: Map<string, { in: number; out: number }>;
}

/** The balances recomputed from the raw rows: each row on its local day, summed in plain code. */
async function fromRawRows(orgId: string, accounts: string[], from: string): Promise<Map<string, Expected>> {
  const rows = await db.select().from(cashMovements).where(eq(cashMovements.orgId, orgId));
  const out = new Map(accounts.map((a) => [a, { opening: 0, days: new Map() } as Expected]));
  for (const r of rows) {
    const e = out.get(r.contaId) as Expected;
    const day = dayIn(r.ocorridoEm, ZONE);
    if (day < from) {
      e.opening += r.valorCentavos;
      continue;
    }
    const d = e.days.get(day) ?? { in: 0, out: 0 };
    if (r.valorCentavos > 0) d.in += r.valorCentavos;
    else d.out += r.valorCentavos;
    e.days.set(day, d);
  }
  return out;
}

describe("the ledger is the only source of balances", () => {
  it("after a random run, every balance per account, day and period equals the raw rows' sum", async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        const { actor, accounts } = await newOrg();
        const { from, to } = await play(actor, accounts, sequence);
        const expected = await fromRawRows(actor.orgId, accounts, from);
        const periods = await accountBalances({ db, now: new Date() }, actor, { from, to });
        expect(periods.map((p) => p.contaId).sort()).toEqual([...accounts].sort());
        for (const p of periods) {
          const e = expected.get(p.contaId) as Expected;
          expect(p.saldoInicial).toBe(e.opening);
          let running = e.opening;
          let totalIn = 0;
          let totalOut = 0;
          for (const d of p.dias) {
            const day = e.days.get(d.dia) ?? { in: 0, out: 0 };
            expect([d.dia, d.saldoInicial, d.entradas, d.saidas]).toEqual([d.dia, running, day.in, day.out]);
            running += day.in + day.out;
            totalIn += day.in;
            totalOut += day.out;
            expect(d.saldoFinal).toBe(running);
          }
          expect([p.entradas, p.saidas, p.saldoFinal]).toEqual([totalIn, totalOut, running]);
        }
        // balancesOn a day in the middle agrees with the period's running balance on it.
        const middle = periods[0]?.dias[Math.floor((periods[0]?.dias.length ?? 1) / 2)]?.dia as string;
        const on = await balancesOn({ db, now: new Date() }, actor, middle);
        for (const p of periods) expect(on.get(p.contaId)).toBe(p.dias.find((d) => d.dia === middle)?.saldoFinal);
        // And the closing balance is the plain sum of every row of the account.
        const all = await db
          .select({ c: cashMovements.contaId, v: cashMovements.valorCentavos })
          .from(cashMovements)
          .where(eq(cashMovements.orgId, actor.orgId));
        for (const p of periods) expect(p.saldoFinal).toBe(all.filter((r) => r.c === p.contaId).reduce((s, r) => s + r.v, 0));
        // A cancelled sale's movements net to zero; a completed one's to what was paid now plus its installments received.
        const sold = await db
          .select({ id: salesTable.id, status: salesTable.status })
          .from(salesTable)
          .where(eq(salesTable.orgId, actor.orgId));
        for (const sale of sold) {
          const net = (
            await db.select({ v: cashMovements.valorCentavos }).from(cashMovements).where(eq(cashMovements.vendaId, sale.id))
          ).reduce((t, r) => t + r.v, 0);
          if (sale.status === "cancelada") expect(net, `venda ${sale.id} cancelada`).toBe(0);
        }
        // Bills and receivables: a settled one has exactly one live (unreversed) movement, an open one none.
        const settled = await db.select({ id: expenses.id, status: expenses.status }).from(expenses).where(eq(expenses.orgId, actor.orgId));
        for (const s of settled) {
          const mine = await db.select().from(cashMovements).where(eq(cashMovements.despesaId, s.id));
          const reversed = new Set(mine.filter((m) => m.estornoDe).map((m) => m.estornoDe));
          const live = mine.filter((m) => !m.estornoDe && !reversed.has(m.id));
          expect(live.length, s.status).toBe(s.status === "paga" ? 1 : 0);
        }
      }),
      { numRuns: 6, seed: 22_072, endOnFailure: true },
    );
  }, 120_000);
});
