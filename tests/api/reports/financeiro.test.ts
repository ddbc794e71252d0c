/**
 * Fluxo de caixa, DRE simples, Contas a receber / a pagar by age, and Comissões (ADR 083), each on
 * its own business typed by hand (money-fixtures.ts), every figure computed on paper from the rows
 * below: estornos (of an entrada, of an older saída), a transfer, a cancelled sale whose pending
 * commission is reversed and whose paid one stays paid, São Paulo's midnights at the month's
 * edges, aging bucket edges (due today, 30/31, 90/91 days), a bill paid after the position day.
 * One round trip per build; another organização's rows never appear; roles refused.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { memberships, professionals, users } from "../../../db/schema/index.ts";
import type { ReportDocument, ReportSection } from "../../../shared/reports/document.ts";
import type { Actor } from "../../../worker/services/context.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { reportById, reportParams } from "../../../worker/services/reports/catalogue.ts";
import { createHarness, type Harness } from "../harness.ts";
import {
  accountsOf,
  createBusiness,
  insertCommission,
  insertExpense,
  insertMovement,
  insertReceivable,
  insertSale,
  insertSupplier,
  reportCtx,
  sp,
} from "./money-fixtures.ts";

let h: Harness;
const NOV = "de=2026-11-01&ate=2026-11-30";

function kpis(doc: ReportDocument) {
  return Object.fromEntries(doc.kpis.map((k) => [k.label, k.previous === undefined ? k.value : [k.value, k.previous]]));
}

function section(doc: ReportDocument, id: string): ReportSection {
  const s = doc.sections.find((x) => x.id === id);
  if (!s) throw new Error(`no section ${id}`);
  return s;
}

async function build(id: string, query: string, actor: Actor) {
  const def = reportById(id);
  if (!def) throw new Error(`${id} is not in the catalogue`);
  const params = reportParams(def, new URLSearchParams(query), "2026-12-05");
  const before = h.fresh.db.roundTrips();
  const doc = await def.build(h.fresh.db, reportCtx(actor), { ...params, withOptions: true });
  expect(h.fresh.db.roundTrips() - before, `${id}: one round trip`).toBe(1);
  return doc;
}

beforeAll(async () => {
  h = await createHarness();
});

describe("Fluxo de caixa", () => {
  let owner: Actor;
  beforeAll(async () => {
    const b = await createBusiness(h, "Caixa");
    owner = b.owner;
    const { caixa, banco } = await accountsOf(h, b.orgId);
    const o = b.orgId;
    await insertMovement(h, o, { conta: caixa, tipo: "saldo_inicial", valor: 100_000, at: sp("2026-10-01", "10:00") });
    const m8 = await insertMovement(h, o, { conta: caixa, tipo: "saida", valor: -1500, at: sp("2026-10-20", "10:00") });
    await insertMovement(h, o, { conta: caixa, tipo: "entrada", valor: 5000, at: sp("2026-11-01", "00:00") });
    const m2 = await insertMovement(h, o, { conta: banco, tipo: "entrada", valor: 20_000, at: sp("2026-11-05", "12:00") });
    await insertMovement(h, o, { conta: banco, tipo: "saida", valor: -8000, at: sp("2026-11-06", "09:00") });
    // The estorno of an entrada (a refunded sale): the entradas go down, no saída appears.
    await insertMovement(h, o, { conta: banco, tipo: "estorno", valor: -20_000, at: sp("2026-11-10", "12:00"), estornoDe: m2 });
    const t = crypto.randomUUID();
    await insertMovement(h, o, { conta: caixa, tipo: "transferencia", valor: -3000, at: sp("2026-11-12", "12:00"), transferenciaId: t });
    await insertMovement(h, o, { conta: banco, tipo: "transferencia", valor: 3000, at: sp("2026-11-12", "12:00"), transferenciaId: t });
    // The estorno of October's saída, in November: November's saídas go down.
    await insertMovement(h, o, { conta: caixa, tipo: "estorno", valor: 1500, at: sp("2026-11-15", "12:00"), estornoDe: m8 });
    await insertMovement(h, o, { conta: caixa, tipo: "entrada", valor: 7000, at: sp("2026-11-30", "23:59") });
    await insertMovement(h, o, { conta: caixa, tipo: "entrada", valor: 9000, at: sp("2026-12-01", "00:00") });
    const other = await createBusiness(h, "Caixa outra");
    await insertMovement(h, other.orgId, {
      conta: (await accountsOf(h, other.orgId)).caixa,
      tipo: "entrada",
      valor: 777_777,
      at: sp("2026-11-05", "12:00"),
    });
  });

  it("entradas, saídas, resultado and the closing balance, against October 2–31", async () => {
    const doc = await build("fluxo-de-caixa", NOV, owner);
    expect(kpis(doc)).toEqual({
      // 5.000 + 20.000 + 7.000 (23:59 on 30/11) − 20.000 (the estorno); 9.000 at 00:00 on 01/12 is December's.
      Entradas: [12_000, 0],
      // −8.000 + 1.500 (the estorno of October's −1.500)
      Saídas: [-6500, -1500],
      "Resultado do caixa": [5500, -1500],
      // 100.000 − 1.500 before November; + 5.500 (the transfer nets to zero).
      "Saldo no fim": [104_000, 98_500],
    });
    expect(JSON.stringify(doc)).not.toContain("777777");
  });

  it("by day, with the running balance; by account", async () => {
    const doc = await build("fluxo-de-caixa", NOV, owner);
    const days = section(doc, "por-dia").table.rows.filter((r) => r.entradas || r.saidas || r.ajustes || r.periodo === "2026-11-12");
    expect(days).toEqual([
      { periodo: "2026-11-01", entradas: 5000, saidas: 0, resultado: 5000, ajustes: 0, saldo: 103_500 },
      { periodo: "2026-11-05", entradas: 20_000, saidas: 0, resultado: 20_000, ajustes: 0, saldo: 123_500 },
      { periodo: "2026-11-06", entradas: 0, saidas: -8000, resultado: -8000, ajustes: 0, saldo: 115_500 },
      { periodo: "2026-11-10", entradas: -20_000, saidas: 0, resultado: -20_000, ajustes: 0, saldo: 95_500 },
      { periodo: "2026-11-12", entradas: 0, saidas: 0, resultado: 0, ajustes: 0, saldo: 95_500 },
      { periodo: "2026-11-15", entradas: 0, saidas: 1500, resultado: 1500, ajustes: 0, saldo: 97_000 },
      { periodo: "2026-11-30", entradas: 7000, saidas: 0, resultado: 7000, ajustes: 0, saldo: 104_000 },
    ]);
    expect(section(doc, "por-conta").table.rows).toEqual([
      { conta: "Banco", abertura: 0, entradas: 0, saidas: -8000, ajustes: 3000, saldo: -5000 },
      { conta: "Caixa", abertura: 98_500, entradas: 12_000, saidas: 1500, ajustes: -3000, saldo: 109_000 },
      { conta: "Cartão a receber", abertura: 0, entradas: 0, saidas: 0, ajustes: 0, saldo: 0 },
    ]);
    expect(section(doc, "por-conta").table.totals).toMatchObject({ abertura: 98_500, saldo: 104_000 });
  });

  it("one account (filter), said in words", async () => {
    const def = reportById("fluxo-de-caixa");
    const all = await build("fluxo-de-caixa", NOV, owner);
    const banco = (all as { filterOptions?: Record<string, { value: string; label: string }[]> }).filterOptions?.conta?.find(
      (o) => o.label === "Banco",
    );
    const doc = await build("fluxo-de-caixa", `${NOV}&conta=${banco?.value}`, owner);
    expect(def).toBeDefined();
    expect(doc.filters).toEqual(["Conta: Banco"]);
    expect(kpis(doc)).toEqual({ Entradas: [0, 0], Saídas: [-8000, 0], "Resultado do caixa": [-8000, 0], "Saldo no fim": [-5000, 0] });
  });
});

describe("DRE simples and Comissões", () => {
  let owner: Actor;
  let carlaLogin: string;
  beforeAll(async () => {
    const b = await createBusiness(h, "DRE");
    owner = b.owner;
    const o = b.orgId;
    const corteCarla = { servico: b.corte, profissional: b.carla, descricao: "Corte", preco: 5000 };
    const corteBruno = { servico: b.corte, profissional: b.bruno, descricao: "Corte", preco: 5000 };
    const shampoo = { produto: b.shampoo, descricao: "Shampoo", preco: 3000 };
    const a = await insertSale(
      h,
      o,
      sp("2026-11-03", "10:00"),
      [corteCarla, { ...shampoo, quantidade: 2, desconto: 1000 }],
      [["pix", 10_000]],
    );
    const cancelled = await insertSale(h, o, sp("2026-11-10", "15:00"), [corteCarla, corteBruno], [["credito", 10_000]], {
      status: "cancelada",
    });
    const c = await insertSale(h, o, sp("2026-11-30", "23:59"), [corteBruno], [["dinheiro", 5000]]);
    const d = await insertSale(h, o, sp("2026-12-01", "00:00"), [{ ...corteCarla, preco: 7000 }], [["pix", 7000]]);
    await insertCommission(h, o, {
      venda: a.id,
      item: a.items[0] as string,
      profissional: b.carla,
      valor: 2000,
      status: "pendente",
      at: sp("2026-11-03", "10:00"),
    });
    // The cancelled sale: Carla's pending commission reversed; Bruno's, already paid, stays paid.
    await insertCommission(h, o, {
      venda: cancelled.id,
      item: cancelled.items[0] as string,
      profissional: b.carla,
      valor: 2000,
      status: "cancelada",
      at: sp("2026-11-10", "15:00"),
    });
    await insertCommission(h, o, {
      venda: cancelled.id,
      item: cancelled.items[1] as string,
      profissional: b.bruno,
      valor: 1000,
      status: "paga",
      at: sp("2026-11-10", "15:00"),
    });
    await insertCommission(h, o, {
      venda: c.id,
      item: c.items[0] as string,
      profissional: b.bruno,
      valor: 1500,
      status: "paga",
      at: sp("2026-11-30", "23:59"),
    });
    await insertCommission(h, o, {
      venda: d.id,
      item: d.items[0] as string,
      profissional: b.carla,
      valor: 1400,
      status: "pendente",
      at: sp("2026-12-01", "00:00"),
    });
    // Receitas: one typed by hand (counts), one cancelled, one a sale's installment (the sale counts, not it).
    await insertReceivable(h, o, { valor: 2000, vencimento: "2026-11-20" });
    await insertReceivable(h, o, { valor: 999, vencimento: "2026-11-21", status: "cancelada" });
    await insertReceivable(h, o, { valor: 3000, vencimento: "2026-11-25", venda: a.id });
    const { banco } = await accountsOf(h, o);
    await insertExpense(h, o, {
      valor: 150_000,
      vencimento: "2026-11-05",
      categoria: "Aluguel",
      status: "paga",
      pagaEm: sp("2026-11-05", "09:00"),
      conta: banco,
    });
    await insertExpense(h, o, { valor: 30_000, vencimento: "2026-11-15", categoria: "Energia" });
    await insertExpense(h, o, { valor: 4000, vencimento: "2026-11-30" });
    await insertExpense(h, o, { valor: 50_000, vencimento: "2026-11-16", categoria: "Aluguel", status: "cancelada" });
    await insertExpense(h, o, { valor: 8888, vencimento: "2026-12-01", categoria: "Energia" });
    // October (the previous period): one bill.
    await insertExpense(h, o, { valor: 20_000, vencimento: "2026-10-10", categoria: "Energia" });
    // Another organização's November: never in this business's DRE nor commissions.
    const other = await createBusiness(h, "DRE outra");
    const x = await insertSale(
      h,
      other.orgId,
      sp("2026-11-03", "10:00"),
      [{ servico: other.corte, profissional: other.carla, descricao: "Corte", preco: 88_888 }],
      [["pix", 88_888]],
    );
    await insertCommission(h, other.orgId, {
      venda: x.id,
      item: x.items[0] as string,
      profissional: other.carla,
      valor: 44_444,
      status: "pendente",
      at: sp("2026-11-03", "10:00"),
    });
    await insertExpense(h, other.orgId, { valor: 77_777, vencimento: "2026-11-05", categoria: "Aluguel" });
    // Carla's login (the professional role): a member of the organização, linked to her profissional record.
    carlaLogin = crypto.randomUUID();
    await h.fresh.db
      .insert(users)
      .values({ id: carlaLogin, name: "Carla", email: `carla-${carlaLogin}@exemplo.com.br`, passwordHash: "x" });
    await h.fresh.db.insert(memberships).values({ orgId: o, userId: carlaLogin, role: "professional" });
    await h.fresh.db.update(professionals).set({ usuarioId: carlaLogin }).where(eq(professionals.id, b.carla));
  });

  it("DRE: receita bruta, descontos, cancelamentos, outras receitas, despesas by category, comissões, resultado", async () => {
    const doc = await build("dre", NOV, owner);
    // Bruta 11.000 + 10.000 (cancelled) + 5.000; − 1.000; − 10.000; + 2.000 → 17.000.
    // Despesas 150.000 + 30.000 + 4.000 = 184.000; comissões 2.000 + 1.000 + 1.500 = 4.500.
    expect(kpis(doc)).toEqual({
      "Receita líquida": [17_000, 0],
      Despesas: [184_000, 20_000],
      Comissões: [4500, 0],
      Resultado: [17_000 - 184_000 - 4500, -20_000],
    });
    expect(section(doc, "dre").table.rows.map((r) => [r.linha, r.valor, r.anterior])).toEqual([
      ["Receita bruta de vendas", 26_000, 0],
      ["(−) Descontos", -1000, -0],
      ["(−) Vendas canceladas", -10_000, -0],
      ["(+) Outras receitas", 2000, 0],
      ["RECEITA LÍQUIDA", 17_000, 0],
      ["(−) Aluguel", -150_000, -0],
      ["(−) Energia", -30_000, -20_000],
      ["(−) Sem categoria", -4000, -0],
      ["(−) Comissões", -4500, -0],
      ["RESULTADO", -171_500, -20_000],
    ]);
    for (const foreign of ["88888", "77777", "44444"]) expect(JSON.stringify(doc)).not.toContain(foreign);
  });

  it("Comissões per professional: the cancelled sale's pending one reversed, the paid one shown apart", async () => {
    const doc = await build("comissoes", NOV, owner);
    expect(kpis(doc)).toEqual({
      "Comissões geradas": [4500, 0],
      Pagas: [2500, 0],
      "A pagar": [2000, 0],
      "Estornadas (vendas canceladas)": [2000, 0],
    });
    expect(section(doc, "por-profissional").table.rows).toEqual([
      { profissional: "Bruno", linhas: 2, geradas: 2500, pagas: 2500, aPagar: 0, canceladas: 0, pagasCanceladas: 1000 },
      { profissional: "Carla", linhas: 2, geradas: 2000, pagas: 0, aPagar: 2000, canceladas: 2000, pagasCanceladas: 0 },
    ]);
    expect(JSON.stringify(doc)).not.toContain("44444");
    const december = await build("comissoes", "de=2026-12-01&ate=2026-12-31", owner);
    expect(kpis(december)["Comissões geradas"]).toEqual([1400, 4500]);
  });

  it("the professional role sees only their own commissions; staff is refused; the money reports refuse both", async () => {
    const carla: Actor = { ...owner, userId: carlaLogin, role: "professional" };
    const doc = await build("comissoes", NOV, carla);
    expect(section(doc, "por-profissional").table.rows.map((r) => r.profissional)).toEqual(["Carla"]);
    expect(kpis(doc)["Comissões geradas"]).toEqual([2000, 0]);
    expect((doc as { filterOptions?: Record<string, { label: string }[]> }).filterOptions?.profissional?.map((o) => o.label)).toEqual([
      "Carla",
    ]);
    // Asking for Bruno by the filter still gives only her rows (nothing).
    const bruno = await build(
      "comissoes",
      `${NOV}&profissional=${(await h.fresh.db.select({ id: professionals.id }).from(professionals).where(eq(professionals.nome, "Bruno")).limit(1))[0]?.id}`,
      carla,
    );
    expect(kpis(bruno)["Comissões geradas"]).toEqual([0, 0]);
    for (const id of ["dre", "fluxo-de-caixa", "contas-a-receber", "contas-a-pagar", "vendas"]) {
      for (const role of ["staff", "professional"] as const) {
        await expect(build(id, NOV, { ...owner, role }), `${id} ${role}`).rejects.toSatisfy(
          (e) => e instanceof DomainError && e.status === 403,
        );
      }
    }
    await expect(build("comissoes", NOV, { ...owner, role: "staff" })).rejects.toSatisfy(
      (e) => e instanceof DomainError && e.status === 403,
    );
  });
});

describe("Contas a receber e a pagar by age", () => {
  let owner: Actor;
  beforeAll(async () => {
    const b = await createBusiness(h, "Aging");
    owner = b.owner;
    const o = b.orgId;
    const { banco } = await accountsOf(h, o);
    const joao = crypto.randomUUID();
    const { clients } = await import("../../../db/schema/index.ts");
    await h.fresh.db.insert(clients).values({ id: joao, orgId: o, tipo: "pf", nome: "João Lima", ordem: "joao lima" });
    const m = b.maria;
    await insertReceivable(h, o, { cliente: m, valor: 1000, vencimento: "2026-12-10" });
    await insertReceivable(h, o, { cliente: m, valor: 2000, vencimento: "2026-11-30" });
    await insertReceivable(h, o, { cliente: m, valor: 3000, vencimento: "2026-11-29" });
    await insertReceivable(h, o, { cliente: m, valor: 4000, vencimento: "2026-10-31" });
    await insertReceivable(h, o, { cliente: m, valor: 5000, vencimento: "2026-10-30" });
    await insertReceivable(h, o, { cliente: m, valor: 6000, vencimento: "2026-08-31" });
    await insertReceivable(h, o, { cliente: m, valor: 7000, vencimento: "2026-09-01" });
    // Received after the position day (02/12): open on 30/11. Received at 23:59 on 30/11: settled.
    await insertReceivable(h, o, {
      cliente: m,
      valor: 8000,
      vencimento: "2026-11-01",
      status: "recebida",
      recebidaEm: sp("2026-12-02", "10:00"),
      conta: banco,
    });
    await insertReceivable(h, o, {
      cliente: m,
      valor: 9000,
      vencimento: "2026-11-01",
      status: "recebida",
      recebidaEm: sp("2026-11-30", "23:59"),
      conta: banco,
    });
    await insertReceivable(h, o, { cliente: m, valor: 10_000, vencimento: "2026-11-01", status: "cancelada" });
    // Created after the position day: not owed yet then.
    await insertReceivable(h, o, { cliente: m, valor: 11_000, vencimento: "2026-11-15", criadaEm: sp("2026-12-03", "09:00") });
    await insertReceivable(h, o, { valor: 2000, vencimento: "2026-11-20" });
    await insertReceivable(h, o, { cliente: joao, valor: 500, vencimento: "2026-11-30" });
    const imob = await insertSupplier(h, o, "Imobiliária Centro");
    await insertExpense(h, o, { fornecedor: imob, valor: 150_000, vencimento: "2026-11-05" });
    await insertExpense(h, o, { valor: 30_000, vencimento: "2026-12-05" });
    // Paid at 00:00 on 01/12 in São Paulo: still open at the end of 30/11.
    await insertExpense(h, o, {
      fornecedor: imob,
      valor: 12_000,
      vencimento: "2026-07-01",
      status: "paga",
      pagaEm: sp("2026-12-01", "00:00"),
      conta: banco,
    });
    await insertExpense(h, o, {
      fornecedor: imob,
      valor: 5000,
      vencimento: "2026-11-01",
      status: "paga",
      pagaEm: sp("2026-11-30", "23:59"),
      conta: banco,
    });
    await insertExpense(h, o, { valor: 7000, vencimento: "2026-11-01", status: "cancelada" });
    const other = await createBusiness(h, "Aging outra");
    await insertReceivable(h, other.orgId, { valor: 666_666, vencimento: "2026-11-01" });
  });

  it("receivables on 30/11: a vencer, 1–30, 31–60, 61–90, > 90 days, per client", async () => {
    const doc = await build("contas-a-receber", NOV, owner);
    expect(kpis(doc)).toEqual({ "Total a receber": 38_500, "A vencer": 3500, Vencido: 35_000, "Vencido há mais de 90 dias": 6000 });
    expect(section(doc, "faixas").table.rows.map((r) => [r.faixa, r.valor])).toEqual([
      ["A vencer", 3500],
      ["Vencidas 1–30 dias", 17_000],
      ["Vencidas 31–60 dias", 5000],
      ["Vencidas 61–90 dias", 7000],
      ["Vencidas há mais de 90 dias", 6000],
    ]);
    expect(section(doc, "por-cliente").table.rows).toEqual([
      { nome: "Maria Souza", titulos: 8, aVencer: 3000, d30: 15_000, d60: 5000, d90: 7000, mais90: 6000, total: 36_000 },
      { nome: "Sem cliente", titulos: 1, aVencer: 0, d30: 2000, d60: 0, d90: 0, mais90: 0, total: 2000 },
      { nome: "João Lima", titulos: 1, aVencer: 500, d30: 0, d60: 0, d90: 0, mais90: 0, total: 500 },
    ]);
    expect(JSON.stringify(doc)).not.toContain("666666");
  });

  it("payables on 30/11, per supplier (a bill paid at 00:00 on 01/12 was still open)", async () => {
    const doc = await build("contas-a-pagar", NOV, owner);
    expect(kpis(doc)).toEqual({ "Total a pagar": 192_000, "A vencer": 30_000, Vencido: 162_000, "Vencido há mais de 90 dias": 12_000 });
    expect(section(doc, "por-fornecedor").table.rows).toEqual([
      { nome: "Imobiliária Centro", titulos: 2, aVencer: 0, d30: 150_000, d60: 0, d90: 0, mais90: 12_000, total: 162_000 },
      { nome: "Sem fornecedor", titulos: 1, aVencer: 30_000, d30: 0, d60: 0, d90: 0, mais90: 0, total: 30_000 },
    ]);
  });

  it("a period running into the future is positioned today (05/12)", async () => {
    const doc = await build("contas-a-receber", "de=2026-12-01&ate=2026-12-31", owner);
    expect(section(doc, "faixas").note).toContain("05/12/2026");
  });
});
