/**
 * Despesas and receitas through the API (ADR 072): marking paid/received writes the movement and
 * the status in one batch (balances move by exactly the amount), undoing it writes the estorno and
 * reopens; bulk marks are all or nothing; racing marks and undos have one effect; recurring bills
 * exist as rows up to the horizon, once; transfers and estornos; managers only.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cashMovements, expenses, financeAccounts } from "../../../db/schema/index.ts";
import { RECURRENCE_HORIZON_DAYS } from "../../../shared/finance/recurrence.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { accountOfKind } from "../../../worker/services/finance/default-accounts.ts";
import { extendRecurringExpenses } from "../../../worker/services/finance/recurring-expenses.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";
import { addMember, api, errorMessage } from "../records.ts";

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let caixa: string;
let banco: string;

type Body<T> = { data: T; total?: number; totals?: Record<string, number> };
const ZONE = "America/Sao_Paulo";
const today = () => dayIn(new Date(), ZONE);
const daysFrom = (day: string, n: number) => {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  h = await createHarness();
  owner = await createOwner(h, "Financeiro");
  caixa = (await accountOfKind(h.fresh.db, owner.orgId, "caixa"))?.id as string;
  banco = (await accountOfKind(h.fresh.db, owner.orgId, "banco"))?.id as string;
});

async function balance(account: string): Promise<number> {
  const day = today();
  const res = await api<Body<{ contaId: string; saldoFinal: number }[]>>(
    h,
    owner.cookie,
    "GET",
    `/api/movimentacoes/saldos?de=${day}&ate=${day}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.find((a) => a.contaId === account)?.saldoFinal ?? Number.NaN;
}

/** The same balance summed straight from the ledger's rows (what accountBalances must agree with). */
async function rawBalance(account: string): Promise<number> {
  const rows = await h.fresh.db
    .select({ v: cashMovements.valorCentavos })
    .from(cashMovements)
    .where(and(eq(cashMovements.orgId, owner.orgId), eq(cashMovements.contaId, account)));
  return rows.reduce((s, r) => s + r.v, 0);
}

async function expense(body: Record<string, unknown>): Promise<string> {
  const res = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/despesas", {
    descricao: "Conta de luz",
    categoria: "Energia elétrica",
    valorCentavos: "245,90",
    vencimento: daysFrom(today(), -3),
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

async function expenseRow(id: string) {
  return (
    await api<Body<{ status: string; contaId: string | null; pagaEm: string | null; valorCentavos: number }>>(
      h,
      owner.cookie,
      "GET",
      `/api/despesas/${id}`,
    )
  ).body.data;
}

describe("despesas: marcar como paga", () => {
  it("moves the chosen account by exactly the amount, and undoing restores it", async () => {
    const id = await expense({});
    const before = await balance(caixa);
    const paid = await api<Body<{ ids: string[]; movimentoIds: string[] }>>(h, owner.cookie, "POST", "/api/despesas/pagar", {
      ids: [id],
      contaId: caixa,
      forma: "pix",
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await balance(caixa)).toBe(before - 24590);
    expect(await rawBalance(caixa)).toBe(before - 24590);
    expect(await expenseRow(id)).toMatchObject({ status: "paga", contaId: caixa });
    // Paid twice: refused, nothing moves.
    const again = await api(h, owner.cookie, "POST", "/api/despesas/pagar", { ids: [id], contaId: caixa });
    expect(again.status).toBe(409);
    expect(errorMessage(again.body)).toBe("Esta despesa já está paga.");
    expect(await balance(caixa)).toBe(before - 24590);
    // A paid bill is not edited nor removed until the payment is undone.
    const edit = await api(h, owner.cookie, "PATCH", `/api/despesas/${id}`, {
      descricao: "Outra",
      valorCentavos: 100,
      vencimento: today(),
    });
    expect(edit.status).toBe(409);
    const undone = await api<Body<{ estornoId: string }>>(h, owner.cookie, "POST", `/api/despesas/${id}/desfazer-pagamento`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(await balance(caixa)).toBe(before);
    expect(await expenseRow(id)).toMatchObject({ status: "aberta", contaId: null, pagaEm: null });
    const twice = await api(h, owner.cookie, "POST", `/api/despesas/${id}/desfazer-pagamento`);
    expect(twice.status).toBe(409);
    // The ledger kept both rows: the payment and its estorno.
    const rows = await h.fresh.db
      .select({ tipo: cashMovements.tipo, v: cashMovements.valorCentavos })
      .from(cashMovements)
      .where(eq(cashMovements.despesaId, id));
    expect(rows.map((r) => [r.tipo, r.v]).sort()).toEqual([
      ["estorno", 24590],
      ["saida", -24590],
    ]);
  });

  it("bulk: all or nothing, naming the ones already paid", async () => {
    const a = await expense({ descricao: "Internet", valorCentavos: 9990 });
    const b = await expense({ descricao: "Contador", valorCentavos: 45000 });
    const c = await expense({ descricao: "Aluguel", valorCentavos: 300000 });
    await api(h, owner.cookie, "POST", "/api/despesas/pagar", { ids: [c], contaId: banco });
    const before = await balance(banco);
    const refused = await api(h, owner.cookie, "POST", "/api/despesas/pagar", { ids: [a, b, c], contaId: banco });
    expect(refused.status).toBe(409);
    expect(errorMessage(refused.body)).toContain("Aluguel");
    expect((await expenseRow(a)).status).toBe("aberta");
    expect(await balance(banco)).toBe(before);
    const ok = await api(h, owner.cookie, "POST", "/api/despesas/pagar", { ids: [a, b], contaId: banco, dia: daysFrom(today(), -1) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(await balance(banco)).toBe(before - 9990 - 45000);
  });

  it("racing marks and racing undos have one effect", async () => {
    const id = await expense({ descricao: "Fornecedor", valorCentavos: 12345 });
    const before = await balance(caixa);
    const marks = await Promise.all(
      Array.from({ length: 4 }, () => api(h, owner.cookie, "POST", "/api/despesas/pagar", { ids: [id], contaId: caixa })),
    );
    expect(marks.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await balance(caixa)).toBe(before - 12345);
    const undos = await Promise.all(
      Array.from({ length: 3 }, () => api(h, owner.cookie, "POST", `/api/despesas/${id}/desfazer-pagamento`)),
    );
    expect(undos.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await balance(caixa)).toBe(before);
    expect(await rawBalance(caixa)).toBe(before);
  });

  it("refuses an inactive account, a future day and bad input, changing nothing", async () => {
    const id = await expense({ valorCentavos: 500 });
    const [inactive] = await h.fresh.db
      .insert(financeAccounts)
      .values({ orgId: owner.orgId, nome: "Conta velha", ordem: "conta velha", tipo: "banco", ativo: false })
      .returning({ id: financeAccounts.id });
    const cases: [unknown, number, string][] = [
      [{ ids: [id], contaId: inactive?.id }, 422, "Conta não encontrada ou inativa. Escolha uma conta ativa."],
      [{ ids: [id], contaId: caixa, dia: daysFrom(today(), 2) }, 422, "A data do pagamento não pode ser no futuro."],
      [{ ids: [id], contaId: caixa, dia: "2026-02-30" }, 422, "Data inválida: use dd/mm/aaaa."],
      [{ ids: [], contaId: caixa }, 422, "Escolha ao menos uma conta."],
      [{ ids: [id], contaId: caixa, extra: 1 }, 400, "Campo não reconhecido: extra."],
    ];
    for (const [body, status, message] of cases) {
      const res = await api(h, owner.cookie, "POST", "/api/despesas/pagar", body);
      expect([res.status, errorMessage(res.body)], JSON.stringify(body)).toEqual([status, message]);
    }
    expect((await expenseRow(id)).status).toBe("aberta");
  });

  it("staff and professionals cannot pay bills", async () => {
    const id = await expense({ valorCentavos: 700 });
    for (const role of ["staff", "professional"] as const) {
      const member = await addMember(h, owner.orgId, role);
      const res = await api(h, member.cookie, "POST", "/api/despesas/pagar", { ids: [id], contaId: caixa });
      expect(res.status).toBe(403);
    }
    expect((await expenseRow(id)).status).toBe("aberta");
  });
});

describe("despesas recorrentes", () => {
  it("creates the occurrences up to the horizon once; the daily run adds only what is due next", async () => {
    const first = daysFrom(today(), -65);
    const id = await expense({ descricao: "Aluguel da loja", valorCentavos: 350000, vencimento: first, recorrencia: "mensal" });
    const series = async () =>
      (
        await h.fresh.db
          .select({ due: expenses.vencimento, serie: expenses.serieId })
          .from(expenses)
          .where(and(eq(expenses.orgId, owner.orgId), eq(expenses.serieId, id)))
      )
        .map((r) => r.due)
        .sort();
    const rows = await series();
    const horizon = daysFrom(today(), RECURRENCE_HORIZON_DAYS);
    expect(rows[0]).toBe(first);
    expect(rows.every((d) => d <= horizon)).toBe(true);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows).size).toBe(rows.length);
    // Run twice now: nothing new. Forty days later: the next month's.
    await extendRecurringExpenses(h.fresh.db, new Date());
    await extendRecurringExpenses(h.fresh.db, new Date());
    expect(await series()).toEqual(rows);
    const later = new Date(Date.now() + 40 * 86_400_000);
    await extendRecurringExpenses(h.fresh.db, later);
    await extendRecurringExpenses(h.fresh.db, later);
    const extended = await series();
    expect(extended.length).toBeGreaterThan(rows.length);
    expect(new Set(extended).size).toBe(extended.length);
    // The list shows the overdue ones with the "vencidas" filter.
    const overdue = await api<Body<{ id: string; vencimento: string }[]>>(
      h,
      owner.cookie,
      "GET",
      "/api/despesas?f.vencidas=sim&pageSize=100",
    );
    expect(overdue.status).toBe(200);
    expect(overdue.body.data.every((r) => r.vencimento < today())).toBe(true);
    expect(overdue.body.data.some((r) => r.id === id)).toBe(true);
  });
});

describe("receitas: marcar como recebida", () => {
  it("moves the account into which it was received, and undoing restores it", async () => {
    const res = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/receitas", {
      descricao: "Aluguel da sala",
      valorCentavos: 180000,
      vencimento: today(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.data.id;
    const before = await balance(banco);
    const got = await api(h, owner.cookie, "POST", "/api/receitas/receber", { ids: [id], contaId: banco, forma: "pix" });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect(await balance(banco)).toBe(before + 180000);
    const undo = await api(h, owner.cookie, "POST", `/api/receitas/${id}/desfazer-recebimento`);
    expect(undo.status).toBe(200);
    expect(await balance(banco)).toBe(before);
  });
});

describe("movimentações: transferência e estorno", () => {
  it("a transfer moves money between accounts; its estorno undoes both legs; a bill's movement is undone at the bill", async () => {
    const [c0, b0] = [await balance(caixa), await balance(banco)];
    const t = await api<Body<{ ids: string[] }>>(h, owner.cookie, "POST", "/api/movimentacoes/transferencia", {
      deContaId: caixa,
      paraContaId: banco,
      valorCentavos: "1.500,00",
    });
    expect(t.status, JSON.stringify(t.body)).toBe(201);
    expect([await balance(caixa), await balance(banco)]).toEqual([c0 - 150000, b0 + 150000]);
    const same = await api(h, owner.cookie, "POST", "/api/movimentacoes/transferencia", {
      deContaId: caixa,
      paraContaId: caixa,
      valorCentavos: 100,
    });
    expect([same.status, errorMessage(same.body)]).toEqual([422, "Escolha contas diferentes para a transferência."]);
    const r = await api(h, owner.cookie, "POST", `/api/movimentacoes/${t.body.data.ids[0]}/estorno`, { motivo: "Engano" });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect([await balance(caixa), await balance(banco)]).toEqual([c0, b0]);
    const id = await expense({ valorCentavos: 1000 });
    const paid = await api<Body<{ movimentoIds: string[] }>>(h, owner.cookie, "POST", "/api/despesas/pagar", { ids: [id], contaId: caixa });
    const direct = await api(h, owner.cookie, "POST", `/api/movimentacoes/${paid.body.data.movimentoIds[0]}/estorno`);
    expect([direct.status, errorMessage(direct.body)]).toEqual([
      409,
      "Este lançamento é o pagamento de uma despesa: desfaça o pagamento na despesa.",
    ]);
    // Nobody may delete a movement (the permission table), the owner included.
    const del = await api(h, owner.cookie, "DELETE", `/api/movimentacoes/${paid.body.data.movimentoIds[0]}`);
    expect(del.status).toBe(403);
  });

  it("an account's opening balance is a saldo inicial movement; the list's total is summed from the rows", async () => {
    const res = await api<Body<{ id: string }>>(h, owner.cookie, "POST", "/api/contas-financeiras", {
      nome: "Stone",
      tipo: "cartao",
      saldoInicialCentavos: "-50,00",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await balance(res.body.data.id)).toBe(-5000);
    const list = await api<Body<unknown[]>>(h, owner.cookie, "GET", `/api/movimentacoes?f.conta=${res.body.data.id}`);
    expect(list.body.totals).toEqual({ valor: -5000 });
    const all = await api<Body<unknown[]>>(h, owner.cookie, "GET", "/api/movimentacoes");
    const sum = (
      await h.fresh.db.select({ v: cashMovements.valorCentavos }).from(cashMovements).where(eq(cashMovements.orgId, owner.orgId))
    ).reduce((s, r) => s + r.v, 0);
    expect(all.body.totals).toEqual({ valor: sum });
  });
});
