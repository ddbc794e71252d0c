/**
 * The cash ledger (ADR 069) against the real local libSQL: balances are sums of the ledger in the
 * organização's zone, a transfer is two rows, a reversal is a new opposite row, and another
 * organização's accounts and movements are out of reach.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cashMovements, financeAccounts, organizations, users } from "../../../db/schema/index.ts";
import { sortKey } from "../../../shared/search.ts";
import { DomainError } from "../../../worker/services/context.ts";
import {
  accountBalances,
  balancesOn,
  type LedgerActor,
  recordMovement,
  reverseMovement,
  transfer,
} from "../../../worker/services/finance/cash-ledger.ts";
import { freshDatabase } from "../../support/db.ts";

const { db } = freshDatabase();
const ZONE = "America/Sao_Paulo";
const at = (iso: string) => new Date(iso);
const caller = (now = at("2026-03-20T15:00:00Z")) => ({ db, now });

async function org(name: string): Promise<LedgerActor & { caixa: string; banco: string }> {
  const [o] = await db.insert(organizations).values({ name, segment: "imobiliaria" }).returning({ id: organizations.id });
  const [u] = await db
    .insert(users)
    .values({ name, email: `${crypto.randomUUID()}@exemplo.com.br`, passwordHash: "x" })
    .returning({ id: users.id });
  const orgId = (o as { id: string }).id;
  const account = async (nome: string, tipo: "caixa" | "banco") => {
    const [a] = await db
      .insert(financeAccounts)
      .values({ orgId, nome, ordem: sortKey(nome), tipo })
      .returning({ id: financeAccounts.id });
    return (a as { id: string }).id;
  };
  return {
    orgId,
    userId: (u as { id: string }).id,
    timeZone: ZONE,
    caixa: await account("Caixa", "caixa"),
    banco: await account("Banco", "banco"),
  };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const a = await org("Loja A");
const b = await org("Loja B");

describe("cash ledger", () => {
  it("sums entradas and saídas per local day, with the opening and closing balances", async () => {
    const x = await org("Dias");
    await recordMovement(caller(), x, {
      contaId: x.caixa,
      tipo: "saldo_inicial",
      valorCentavos: 10_000,
      descricao: "Abertura",
      ocorridoEm: at("2026-03-01T12:00:00Z"),
    });
    await recordMovement(caller(), x, {
      contaId: x.caixa,
      tipo: "entrada",
      valorCentavos: 2_550,
      descricao: "Venda 1",
      ocorridoEm: at("2026-03-09T13:00:00Z"),
    });
    // 23:30 in São Paulo on the 9th (02:30 UTC on the 10th): it belongs to the 9th.
    await recordMovement(caller(), x, {
      contaId: x.caixa,
      tipo: "saida",
      valorCentavos: 1_000,
      descricao: "Troco do motoboy",
      ocorridoEm: at("2026-03-10T02:30:00Z"),
    });
    // 00:10 on the 10th in São Paulo.
    await recordMovement(caller(), x, {
      contaId: x.caixa,
      tipo: "entrada",
      valorCentavos: 99,
      descricao: "Venda 2",
      ocorridoEm: at("2026-03-10T03:10:00Z"),
    });

    const [banco, caixa] = await accountBalances(caller(), x, { from: "2026-03-09", to: "2026-03-10" });
    expect(banco).toMatchObject({ nome: "Banco", saldoInicial: 0, saldoFinal: 0 });
    expect(caixa).toMatchObject({ nome: "Caixa", saldoInicial: 10_000, entradas: 2_649, saidas: -1_000, saldoFinal: 11_649 });
    expect(caixa?.dias).toEqual([
      { dia: "2026-03-09", saldoInicial: 10_000, entradas: 2_550, saidas: -1_000, saldoFinal: 11_550 },
      { dia: "2026-03-10", saldoInicial: 11_550, entradas: 99, saidas: 0, saldoFinal: 11_649 },
    ]);
    expect((await balancesOn(caller(), x, "2026-03-08")).get(x.caixa)).toBe(10_000);
    expect((await balancesOn(caller(), x, "2026-03-09")).get(x.caixa)).toBe(11_550);
  });

  it("transfers in two rows sharing the transfer id; the total across accounts is unchanged", async () => {
    const x = await org("Transferência");
    await recordMovement(caller(), x, {
      contaId: x.caixa,
      tipo: "entrada",
      valorCentavos: 50_000,
      descricao: "Vendas do dia",
      ocorridoEm: at("2026-03-15T14:00:00Z"),
    });
    const { ids } = await transfer(caller(), x, {
      deContaId: x.caixa,
      paraContaId: x.banco,
      valorCentavos: 30_000,
      descricao: "Depósito",
      ocorridoEm: at("2026-03-15T20:00:00Z"),
    });
    const rows = await db.select().from(cashMovements).where(eq(cashMovements.transferenciaId, ids[0]));
    expect(rows.map((r) => [r.contaId, r.valorCentavos, r.tipo]).sort()).toEqual(
      [
        [x.caixa, -30_000, "transferencia"],
        [x.banco, 30_000, "transferencia"],
      ].sort(),
    );
    const on = await balancesOn(caller(), x, "2026-03-15");
    expect([on.get(x.caixa), on.get(x.banco)]).toEqual([20_000, 30_000]);
    expect(
      (await refusal(transfer(caller(), x, { deContaId: x.caixa, paraContaId: x.caixa, valorCentavos: 1, descricao: "x" }))).message,
    ).toBe("Escolha contas diferentes para a transferência.");
  });

  it("reverses with a new opposite row, once; a transfer is reversed whole; an estorno is not reversed", async () => {
    const x = await org("Estorno");
    const { id } = await recordMovement(caller(), x, {
      contaId: x.caixa,
      tipo: "entrada",
      valorCentavos: 7_000,
      descricao: "Venda",
      ocorridoEm: at("2026-03-18T14:00:00Z"),
    });
    const { ids: reversal } = await reverseMovement(caller(at("2026-03-19T14:00:00Z")), x, id, "lançado em dobro");
    const [row] = await db
      .select()
      .from(cashMovements)
      .where(eq(cashMovements.id, reversal[0] as string));
    expect(row).toMatchObject({ tipo: "estorno", valorCentavos: -7_000, estornoDe: id, descricao: "Estorno: Venda — lançado em dobro" });
    // The original day keeps its history; the reversal's day brings the balance back.
    expect((await balancesOn(caller(), x, "2026-03-18")).get(x.caixa)).toBe(7_000);
    expect((await balancesOn(caller(), x, "2026-03-19")).get(x.caixa)).toBe(0);
    expect((await refusal(reverseMovement(caller(), x, id))).status).toBe(409);
    expect((await refusal(reverseMovement(caller(), x, reversal[0] as string))).status).toBe(409);

    const { ids } = await transfer(caller(), x, {
      deContaId: x.banco,
      paraContaId: x.caixa,
      valorCentavos: 500,
      descricao: "Sangria",
      ocorridoEm: at("2026-03-19T15:00:00Z"),
    });
    const undone = await reverseMovement(caller(at("2026-03-19T16:00:00Z")), x, ids[1]);
    expect(undone.ids).toHaveLength(2);
    const on = await balancesOn(caller(), x, "2026-03-19");
    expect([on.get(x.caixa), on.get(x.banco)]).toEqual([0, 0]);
  });

  it("lets two racing reversals of one movement write one estorno", async () => {
    const x = await org("Corrida");
    const { id } = await recordMovement(caller(), x, { contaId: x.caixa, tipo: "entrada", valorCentavos: 4_200, descricao: "Venda" });
    const results = await Promise.allSettled([reverseMovement(caller(), x, id), reverseMovement(caller(), x, id)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DomainError);
    expect((refused.reason as DomainError).status).toBe(409);
    const reversals = await db.select().from(cashMovements).where(eq(cashMovements.estornoDe, id));
    expect(reversals).toHaveLength(1);
  });

  it("refuses what is not money, and an inactive account", async () => {
    const x = await org("Recusas");
    for (const valorCentavos of [0, -5, 1.5, Number.NaN]) {
      expect((await refusal(recordMovement(caller(), x, { contaId: x.caixa, tipo: "entrada", valorCentavos, descricao: "x" }))).field).toBe(
        "valorCentavos",
      );
    }
    expect(
      (await refusal(recordMovement(caller(), x, { contaId: x.caixa, tipo: "entrada", valorCentavos: 1, descricao: "  " }))).field,
    ).toBe("descricao");
    await db.update(financeAccounts).set({ ativo: false }).where(eq(financeAccounts.id, x.banco));
    expect(
      (await refusal(recordMovement(caller(), x, { contaId: x.banco, tipo: "entrada", valorCentavos: 1, descricao: "x" }))).field,
    ).toBe("contaId");
    expect((await refusal(accountBalances(caller(), x, { from: "2026-03-10", to: "2026-03-09" }))).status).toBe(422);
    expect((await refusal(accountBalances(caller(), x, { from: "2025-01-01", to: "2026-03-09" }))).message).toMatch(/até 366 dias/);
  });

  it("keeps each organização to its own accounts and movements", async () => {
    const { id } = await recordMovement(caller(), a, {
      contaId: a.caixa,
      tipo: "entrada",
      valorCentavos: 1_234,
      descricao: "Venda A",
      ocorridoEm: at("2026-03-05T12:00:00Z"),
    });
    // B names A's account: refused as not found, nothing written.
    expect(
      (await refusal(recordMovement(caller(), b, { contaId: a.caixa, tipo: "entrada", valorCentavos: 1, descricao: "Intrusa" }))).field,
    ).toBe("contaId");
    expect(
      (await refusal(transfer(caller(), b, { deContaId: b.caixa, paraContaId: a.caixa, valorCentavos: 1, descricao: "Desvio" }))).field,
    ).toBe("contaId");
    expect(await db.select().from(cashMovements).where(eq(cashMovements.orgId, b.orgId))).toEqual([]);
    // B cannot reverse A's movement, nor see A's accounts or sums.
    expect((await refusal(reverseMovement(caller(), b, id))).status).toBe(404);
    const bBalances = await accountBalances(caller(), b, { from: "2026-03-01", to: "2026-03-31", contaIds: [a.caixa, b.caixa] });
    expect(bBalances.map((p) => [p.contaId, p.saldoFinal])).toEqual([[b.caixa, 0]]);
    expect((await balancesOn(caller(), a, "2026-03-31")).get(a.caixa)).toBe(1_234);
  });

  it("agrees with a plain sum of the ledger after a run of movements, transfers and reversals", async () => {
    const x = await org("Soma");
    const ids: string[] = [];
    let seed = 22;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 40; i++) {
      const when = at(`2026-02-${String(1 + next(28)).padStart(2, "0")}T${String(next(24)).padStart(2, "0")}:00:00Z`);
      const conta = next(2) ? x.caixa : x.banco;
      const step = next(4);
      if (step < 2)
        ids.push(
          (
            await recordMovement(caller(), x, {
              contaId: conta,
              tipo: step ? "entrada" : "saida",
              valorCentavos: 1 + next(100_000),
              descricao: `M${i}`,
              ocorridoEm: when,
            })
          ).id,
        );
      else if (step === 2)
        ids.push(
          ...(
            await transfer(caller(), x, {
              deContaId: conta,
              paraContaId: conta === x.caixa ? x.banco : x.caixa,
              valorCentavos: 1 + next(5_000),
              descricao: `T${i}`,
              ocorridoEm: when,
            })
          ).ids,
        );
      else if (ids.length)
        await reverseMovement(caller(at("2026-02-28T12:00:00Z")), x, ids.splice(next(ids.length), 1)[0] as string).catch((e) => {
          if (!(e instanceof DomainError)) throw e;
        });
    }
    const rows = await db.select().from(cashMovements).where(eq(cashMovements.orgId, x.orgId));
    const sum = (conta: string) => rows.filter((r) => r.contaId === conta).reduce((s, r) => s + r.valorCentavos, 0);
    const periods = await accountBalances(caller(), x, { from: "2026-02-01", to: "2026-03-01" });
    expect(periods.map((p) => p.saldoFinal)).toEqual([sum(x.banco), sum(x.caixa)]);
    for (const p of periods) expect(p.saldoInicial + p.entradas + p.saidas).toBe(p.saldoFinal);
  });
});
