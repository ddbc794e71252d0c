import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { companies, expenses, financeAccounts, organizations } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import { addDays } from "../../shared/finance/recurrence.ts";
import { DEFAULT_TIME_ZONE, dayIn, instantIn } from "../../shared/time-zone.ts";
import { createRecord } from "../../worker/resources/records.ts";
import type { Actor } from "../../worker/services/context.ts";
import { balancesOn, recordMovement, transfer } from "../../worker/services/finance/cash-ledger.ts";
import { markExpensesPaid, markReceivablesReceived } from "../../worker/services/finance/settle.ts";
import { createRng } from "./demo-random.ts";
import { seedContext } from "./demo-landing.ts";

/**
 * The demo's money (ADR 072), deterministic: Caixa and Banco opened three months ago, the
 * recurring bills of a small shop (aluguel, internet, contador, sistema; energia and água as they
 * come; fornecedores' boletos), paid on or a little before their due day from the bank — except
 * this month's energia and a fornecedor's boleto, overdue — deposits of the cash into the bank
 * every week, the card acquirer's settlements into the bank (of what the sales left in "Cartão a
 * receber"), and receivables typed by hand (a room let, a service billed), most received.
 * Everything goes through the same services as the screens, so the ledger is the only source.
 */

const ZONE = DEFAULT_TIME_ZONE;
const SEED = 22_072;

interface Bill {
  descricao: string;
  categoria: string;
  /** Day of the month it falls due. */
  dia: number;
  centavos: number;
  /** Varies month to month (energia, água): ± this share. */
  varia?: number;
  recorrente: boolean;
  fornecedor?: string;
}

const BILLS: readonly Bill[] = [
  { descricao: "Aluguel da loja", categoria: "Aluguel e condomínio", dia: 5, centavos: 3_200_00, recorrente: true },
  { descricao: "Internet fibra 500 Mb", categoria: "Internet e telefone", dia: 10, centavos: 149_90, recorrente: true },
  { descricao: "Honorários do contador", categoria: "Contador", dia: 15, centavos: 650_00, recorrente: true },
  { descricao: "Sistema de gestão", categoria: "Sistemas e assinaturas", dia: 20, centavos: 89_90, recorrente: true },
  { descricao: "Energia elétrica", categoria: "Energia elétrica", dia: 12, centavos: 412_00, varia: 0.18, recorrente: false },
  { descricao: "Água e esgoto", categoria: "Água e esgoto", dia: 18, centavos: 96_00, varia: 0.2, recorrente: false },
  {
    descricao: "Boleto Papelaria Fradique",
    categoria: "Material de escritório e limpeza",
    dia: 25,
    centavos: 238_40,
    varia: 0.3,
    recorrente: false,
    fornecedor: "Papelaria Fradique",
  },
  {
    descricao: "Café e água — Grão Paulista",
    categoria: "Fornecedores e mercadorias",
    dia: 8,
    centavos: 184_00,
    varia: 0.15,
    recorrente: false,
    fornecedor: "Grão Paulista",
  },
];

const RECEIVABLES = [
  { descricao: "Aluguel da sala dos fundos", categoria: "Aluguel recebido", dia: 10, centavos: 1_100_00 },
  { descricao: "Serviço de avaliação faturado", categoria: "Serviços", dia: 22, centavos: 780_00 },
] as const;

function monthDay(month: string, day: number): string {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return `${month}-${String(Math.min(day, last)).padStart(2, "0")}`;
}

function previousMonth(month: string, n: number): string {
  const d = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 - n, 1));
  return d.toISOString().slice(0, 7);
}

export async function seedDemoFinance(db: Database, orgId: string, ownerId: string, now: Date): Promise<void> {
  const rng = createRng(SEED);
  const actor: Actor = { orgId, userId: ownerId, role: "owner", timeZone: ZONE };
  const at = (instant: Date) => seedContext(db, instant);
  const today = dayIn(now, ZONE);
  const month = today.slice(0, 7);
  const months = [previousMonth(month, 3), previousMonth(month, 2), previousMonth(month, 1), month];
  const accounts = await db
    .select({ id: financeAccounts.id, tipo: financeAccounts.tipo })
    .from(financeAccounts)
    .where(orgScope(db, orgId).where(financeAccounts, isNull(financeAccounts.excluidoEm)));
  const of = (kind: string) => accounts.find((a) => a.tipo === kind)?.id as string;
  const [caixa, banco, cartao] = [of("caixa"), of("banco"), of("cartao")];
  const suppliers = await db
    .select({ id: companies.id, nome: companies.nomeFantasia })
    .from(companies)
    .where(orgScope(db, orgId).where(companies, eq(companies.tipo, "fornecedor"), isNull(companies.excluidoEm)));
  const supplier = (name?: string) => suppliers.find((s) => s.nome === name)?.id;

  // Opening balances, the first day of the first month.
  const opening = instantIn(`${months[0]}-01`, "08:00", ZONE);
  await recordMovement(at(opening), actor, {
    contaId: caixa,
    tipo: "saldo_inicial",
    valorCentavos: 500_00,
    descricao: "Saldo inicial do caixa",
    ocorridoEm: opening,
  });
  await recordMovement(at(opening), actor, {
    contaId: banco,
    tipo: "saldo_inicial",
    valorCentavos: 18_450_00,
    descricao: "Saldo inicial do banco",
    ocorridoEm: opening,
  });

  // Counter takings (what the sales screens do not cover yet: tips, small services) and weekly deposits of the cash in the bank.
  for (let day = `${months[0]}-02`; day < today; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0) continue;
    const when = instantIn(day, `${String(rng.int(9, 18)).padStart(2, "0")}:${String(rng.int(0, 59)).padStart(2, "0")}`, ZONE);
    await recordMovement(at(when), actor, {
      contaId: caixa,
      tipo: "entrada",
      valorCentavos: rng.int(80, 420) * 100 + rng.int(0, 99),
      descricao: "Recebimentos do balcão",
      forma: "dinheiro",
      ocorridoEm: when,
    });
    if (weekday === 5) {
      const cash = (await balancesOn(at(when), actor, day)).get(caixa) ?? 0;
      const keep = 300_00;
      if (cash > keep + 100_00) {
        const deposit = instantIn(day, "17:45", ZONE);
        await transfer(at(deposit), actor, {
          deContaId: caixa,
          paraContaId: banco,
          valorCentavos: cash - keep,
          descricao: "Depósito do caixa no banco",
          ocorridoEm: deposit,
        });
      }
    }
    // The acquirer pays what the card sales left in "Cartão a receber" every Tuesday (less its fee, as a bank tariff).
    if (weekday === 2) {
      const due = (await balancesOn(at(when), actor, day)).get(cartao) ?? 0;
      if (due > 0) {
        const settle = instantIn(day, "07:30", ZONE);
        await transfer(at(settle), actor, {
          deContaId: cartao,
          paraContaId: banco,
          valorCentavos: due,
          descricao: "Repasse da maquininha",
          ocorridoEm: settle,
        });
      }
    }
  }

  // The bills: recurring ones as series (the next ones appear by themselves), the rest month by month.
  const created = seedContext(db, now);
  for (const bill of BILLS) {
    const values = (m: string) => ({
      descricao: bill.descricao,
      categoria: bill.categoria,
      ...(bill.fornecedor && supplier(bill.fornecedor) ? { fornecedorId: supplier(bill.fornecedor) } : {}),
      valorCentavos: bill.varia ? Math.round(bill.centavos * (1 + (rng.next() * 2 - 1) * bill.varia)) : bill.centavos,
      vencimento: monthDay(m, bill.dia),
    });
    if (bill.recorrente) await createRecord(created, actor, "despesas", { ...values(months[0] as string), recorrencia: "mensal" });
    else for (const m of months) await createRecord(created, actor, "despesas", values(m));
  }
  // Pay what fell due: from the bank, on the due day or up to three days before — but leave
  // this month's energia and the papelaria's last boleto overdue (the list shows them in red).
  const due = await db
    .select({ id: expenses.id, descricao: expenses.descricao, vencimento: expenses.vencimento })
    .from(expenses)
    .where(and(orgScope(db, orgId).where(expenses, eq(expenses.status, "aberta"), isNull(expenses.excluidoEm))))
    .orderBy(expenses.vencimento, expenses.id);
  const overdueOnPurpose = new Set([
    `Energia elétrica ${monthDay(month, 12)}`,
    `Boleto Papelaria Fradique ${monthDay(previousMonth(month, 1), 25)}`,
  ]);
  for (const bill of due) {
    if (bill.vencimento >= today || overdueOnPurpose.has(`${bill.descricao} ${bill.vencimento}`)) continue;
    const day = addDays(bill.vencimento, -rng.int(0, 3));
    const paidAt = instantIn(day, "10:00", ZONE);
    const account = bill.descricao.startsWith("Café") ? caixa : banco;
    await markExpensesPaid(at(paidAt), actor, {
      ids: [bill.id],
      contaId: account,
      dia: day,
      forma: account === caixa ? "dinheiro" : rng.pick(["pix", "boleto"] as const),
    });
  }

  // Receivables typed by hand: every month's, received on time into the bank except the last ones.
  for (const r of RECEIVABLES) {
    for (const m of months) {
      const vencimento = monthDay(m, r.dia);
      const { id } = await createRecord(created, actor, "receitas", {
        descricao: r.descricao,
        categoria: r.categoria,
        valorCentavos: r.centavos,
        vencimento,
        forma: "pix",
      });
      if (id && vencimento < addDays(today, -10)) {
        const day = addDays(vencimento, rng.int(0, 2)) < today ? addDays(vencimento, rng.int(0, 2)) : vencimento;
        await markReceivablesReceived(at(instantIn(day, "11:00", ZONE)), actor, { ids: [id], contaId: banco, dia: day, forma: "pix" });
      }
    }
  }
}

/** The demo's money for a demo database seeded before it existed (false: nothing added). */
export async function seedMissingDemoFinance(
  db: Database,
  document: string,
  ownerId: (orgId: string) => Promise<string | null>,
  now = new Date(),
): Promise<boolean> {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.document, document));
  if (!org) return false;
  const [any] = await db.select({ id: expenses.id }).from(expenses).where(orgScope(db, org.id).where(expenses)).limit(1);
  if (any) return false;
  const owner = await ownerId(org.id);
  if (!owner) return false;
  await seedDemoFinance(db, org.id, owner, now);
  return true;
}
