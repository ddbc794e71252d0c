import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as dashboardPage from "../../../app/routes/reports/dashboard.tsx";
import {
  appointments,
  businessSettings,
  cashMovements,
  clients,
  commissions,
  expenses,
  financeAccounts,
  postTargets,
  posts,
  professionals,
  propertyInterests,
  receivables,
  saleItems,
  sales,
  socialAccounts,
} from "../../../db/schema/index.ts";
import type { Role } from "../../../shared/enums.ts";
import { dashboardPeriods } from "../../../shared/reports/dashboard-periods.ts";
import { dashboardLinks } from "../../../shared/reports/dashboard-view.ts";
import { sortKey } from "../../../shared/search.ts";
import { dashboardSummary } from "../../../worker/services/reports/dashboard.ts";
import { createOwner, type Harness, userId } from "../harness.ts";
import { createPageHarness } from "../page-harness.ts";
import { addMember } from "../records.ts";

/**
 * The dashboard's business cards (issue 23, ADR 084) on a hand-seeded salon in São Paulo: each
 * card's numbers against a hand count — cancelled sales excluded, São Paulo's midnight deciding
 * "today" and "this month" (a sale at 23:59 local is the day before, whatever UTC says) — the
 * whole page in one round trip, each role seeing only the cards the permission table lets it
 * read (a professional: their own day and commissions), and another organização's rows never.
 */

const SP = "America/Sao_Paulo";
/** Friday 27/11/2026 12:00 in São Paulo. */
const NOW = new Date("2026-11-27T15:00:00Z");
const at = (iso: string) => new Date(iso);

let h: Harness;
let owner: Awaited<ReturnType<typeof createOwner>>;
let ownerId: string;
let other: Awaited<ReturnType<typeof createOwner>>;
let admin: { userId: string; cookie: string };
let staff: { userId: string; cookie: string };
let pro: { userId: string; cookie: string };
const ids = { ana: "", bia: "", maria: "", caixa: "", banco: "", conta: "" };
const t = () => ({ criadoEm: NOW, atualizadoEm: NOW });

let saleNumber = 0;
async function sale(orgId: string, vendidaEm: Date, total: number, status: "concluida" | "cancelada" = "concluida") {
  const id = crypto.randomUUID();
  saleNumber += 1;
  await h.fresh.db.insert(sales).values({
    id,
    orgId,
    numero: saleNumber,
    ordem: "",
    status,
    subtotalCentavos: total,
    totalCentavos: total,
    vendidaEm,
    canceladaEm: status === "cancelada" ? vendidaEm : null,
    ...t(),
  });
  return id;
}

async function appointment(
  orgId: string,
  profissionalId: string,
  inicio: Date,
  status: "confirmado" | "pendente" | "cancelado" | "concluido" = "confirmado",
) {
  await h.fresh.db.insert(appointments).values({
    orgId,
    clienteId: ids.maria,
    profissionalId,
    inicio,
    fim: new Date(inicio.getTime() + 3_600_000),
    status,
    ordem: "maria",
    ...t(),
  });
}

async function bill(table: typeof expenses | typeof receivables, orgId: string, vencimento: string, valor: number, status = "aberta") {
  const paid = status === "paga" || status === "recebida";
  await h.fresh.db.insert(table as typeof expenses).values({
    orgId,
    descricao: `Conta ${vencimento}`,
    ordem: "conta",
    valorCentavos: valor,
    vencimento,
    status: status as "aberta",
    ...(paid ? (table === expenses ? { pagaEm: NOW, contaId: ids.caixa } : { recebidaEm: NOW, contaId: ids.caixa }) : {}),
    ...t(),
  });
}

async function movement(
  orgId: string,
  contaId: string,
  ocorridoEm: Date,
  valor: number,
  tipo: "entrada" | "saida" | "saldo_inicial" = valor > 0 ? "entrada" : "saida",
) {
  await h.fresh.db
    .insert(cashMovements)
    .values({ orgId, contaId, tipo, valorCentavos: valor, ocorridoEm, descricao: "Lançamento", ordem: "lancamento", ...t() });
}

async function interest(
  orgId: string,
  criadoEm: Date,
  origem: "site" | "manual" | "portal",
  temperatura: "quente" | "morno" = "morno",
  etapa: "novo" | "fechado" = "novo",
) {
  await h.fresh.db
    .insert(propertyInterests)
    .values({ orgId, clienteId: ids.maria, ordem: "maria", origem, temperatura, etapa, criadoEm, atualizadoEm: criadoEm });
}

beforeAll(async () => {
  h = await createPageHarness({ painel: dashboardPage });
  owner = await createOwner(h, "Salão Painel");
  ownerId = (await userId(h, owner.email)) as string;
  other = await createOwner(h, "Outro Salão Painel");
  admin = await addMember(h, owner.orgId, "admin", "Carla Admin");
  staff = await addMember(h, owner.orgId, "staff", "Recepção Painel");
  pro = await addMember(h, owner.orgId, "professional", "Bia Profissional");
  const db = h.fresh.db;
  for (const org of [owner.orgId, other.orgId]) {
    await db.insert(businessSettings).values({ orgId: org, fusoHorario: SP }).onConflictDoNothing();
  }
  ids.ana = crypto.randomUUID();
  ids.bia = crypto.randomUUID();
  await db.insert(professionals).values([
    { id: ids.ana, orgId: owner.orgId, nome: "Ana Cabeleireira", ordem: sortKey("Ana Cabeleireira"), cor: "#2563eb", ...t() },
    {
      id: ids.bia,
      orgId: owner.orgId,
      nome: "Bia Profissional",
      ordem: sortKey("Bia Profissional"),
      cor: "#db2777",
      usuarioId: pro.userId,
      ...t(),
    },
  ]);
  ids.maria = crypto.randomUUID();
  await db.insert(clients).values({ id: ids.maria, orgId: owner.orgId, tipo: "pf", nome: "Maria Cliente", ordem: "maria cliente", ...t() });
  const otherClient = crypto.randomUUID();
  await db
    .insert(clients)
    .values({ id: otherClient, orgId: other.orgId, tipo: "pf", nome: "Cliente de Fora", ordem: "cliente de fora", ...t() });
  const otherPro = crypto.randomUUID();
  await db.insert(professionals).values({ id: otherPro, orgId: other.orgId, nome: "De Fora", ordem: "de fora", cor: "#000000", ...t() });

  // Appointments: today is [27/11 03:00Z, 28/11 03:00Z).
  await appointment(owner.orgId, ids.ana, at("2026-11-27T13:00:00Z"), "concluido"); // 10:00, done
  await appointment(owner.orgId, ids.ana, at("2026-11-27T17:00:00Z")); // 14:00
  await appointment(owner.orgId, ids.ana, at("2026-11-27T18:00:00Z"), "cancelado");
  await appointment(owner.orgId, ids.bia, at("2026-11-27T02:30:00Z")); // 26/11 23:30 local: yesterday
  await appointment(owner.orgId, ids.bia, at("2026-11-28T02:30:00Z"), "pendente"); // 27/11 23:30 local: today
  await h.fresh.db.insert(appointments).values({
    orgId: other.orgId,
    clienteId: otherClient,
    profissionalId: otherPro,
    inicio: at("2026-11-27T16:00:00Z"),
    fim: at("2026-11-27T17:00:00Z"),
    ordem: "x",
    ...t(),
  });

  // Sales: today, month to date, the same days of October.
  await sale(owner.orgId, at("2026-11-27T03:00:00Z"), 10_000); // 27/11 00:00 local: today
  await sale(owner.orgId, at("2026-11-27T14:00:00Z"), 5_050); // today
  await sale(owner.orgId, at("2026-11-27T14:30:00Z"), 99_999, "cancelada"); // cancelled: never counted
  await sale(owner.orgId, at("2026-11-27T02:59:59.999Z"), 2_000); // 26/11 23:59 local: the month, not today
  await sale(owner.orgId, at("2026-11-01T03:00:00Z"), 3_000); // 01/11 00:00 local: the month
  await sale(owner.orgId, at("2026-11-01T02:59:00Z"), 7_000); // 31/10 23:59 local: neither month
  await sale(owner.orgId, at("2026-10-01T03:00:00Z"), 4_000); // 01/10: last month's same days
  await sale(owner.orgId, at("2026-10-28T02:59:00Z"), 6_000); // 27/10 23:59 local: last month's same days
  await sale(owner.orgId, at("2026-10-28T03:00:00Z"), 8_000); // 28/10 00:00 local: past the same days
  await sale(other.orgId, at("2026-11-27T14:00:00Z"), 777_700);

  // A professional's commissions (her line of a sale this month, one cancelled, one from October).
  const billed = await sale(owner.orgId, at("2026-11-20T15:00:00Z"), 0);
  for (const [valor, status, ref] of [
    [2_400, "pendente", "2026-11-20T15:00:00Z"],
    [1_600, "paga", "2026-11-02T15:00:00Z"],
    [9_000, "cancelada", "2026-11-10T15:00:00Z"],
    [5_000, "pendente", "2026-10-31T15:00:00Z"],
  ] as const) {
    const item = crypto.randomUUID();
    await db.insert(saleItems).values({
      id: item,
      orgId: owner.orgId,
      vendaId: billed,
      posicao: Math.round(valor),
      descricao: "Corte",
      quantidade: 1,
      precoUnitarioCentavos: 0,
      totalCentavos: 0,
    });
    await db.insert(commissions).values({
      orgId: owner.orgId,
      vendaId: billed,
      itemId: item,
      profissionalId: ids.bia,
      valorCentavos: valor,
      status,
      referenciaEm: at(ref),
      criadoEm: NOW,
    });
  }

  // Accounts and the ledger: the balance is the ledger's sum up to the end of today.
  // The organização's default accounts (Caixa, Banco, Cartão a receber), made with it.
  const accounts = await db
    .select({ id: financeAccounts.id, tipo: financeAccounts.tipo })
    .from(financeAccounts)
    .where(eq(financeAccounts.orgId, owner.orgId));
  ids.caixa = accounts.find((a) => a.tipo === "caixa")?.id as string;
  ids.banco = accounts.find((a) => a.tipo === "banco")?.id as string;
  await movement(owner.orgId, ids.caixa, at("2026-10-01T12:00:00Z"), 100_000, "saldo_inicial");
  await movement(owner.orgId, ids.caixa, at("2026-11-27T03:00:00Z"), 5_000); // today 00:00
  await movement(owner.orgId, ids.caixa, at("2026-11-28T03:00:00Z"), -2_000); // tomorrow: not yet
  await movement(owner.orgId, ids.banco, at("2026-11-17T15:00:00Z"), 30_000);
  await movement(owner.orgId, ids.banco, at("2026-11-27T02:59:00Z"), -1_000); // yesterday 23:59
  const [otherAccount] = await db
    .insert(financeAccounts)
    .values({ orgId: other.orgId, nome: "Caixa de Fora", ordem: "caixa de fora", tipo: "caixa" })
    .returning({ id: financeAccounts.id });
  await movement(other.orgId, (otherAccount as { id: string }).id, at("2026-11-20T12:00:00Z"), 500_000);

  // Bills to pay and to receive: overdue = open and due before 27/11; the week = 27/11..03/12.
  for (const table of [expenses, receivables] as const) {
    await bill(table, owner.orgId, "2026-11-26", 1_000); // overdue
    await bill(table, owner.orgId, "2026-10-10", 2_500); // overdue
    await bill(table, owner.orgId, "2026-11-20", 4_000, table === expenses ? "paga" : "recebida"); // settled
    await bill(table, owner.orgId, "2026-11-25", 8_000, "cancelada");
    await bill(table, owner.orgId, "2026-11-27", 300); // today: this week
    await bill(table, owner.orgId, "2026-12-03", 700); // today + 6: this week
    await bill(table, owner.orgId, "2026-12-04", 900); // outside
    await bill(table, other.orgId, "2026-11-01", 55_500);
  }

  // Interests: new in the last 7 days (since 21/11 00:00 local), and the hot open ones.
  await interest(owner.orgId, at("2026-11-21T03:00:00Z"), "site", "quente"); // 21/11 00:00: new, hot
  await interest(owner.orgId, at("2026-11-27T12:00:00Z"), "site");
  await interest(owner.orgId, at("2026-11-26T12:00:00Z"), "portal");
  await interest(owner.orgId, at("2026-11-21T02:59:00Z"), "manual", "quente"); // 20/11 23:59: not new; hot
  await interest(owner.orgId, at("2026-11-01T12:00:00Z"), "manual", "quente", "fechado"); // closed: not hot

  // Posts: two scheduled ahead (one on both networks), one past its time, one failed; another org's.
  const fb = crypto.randomUUID();
  const ig = crypto.randomUUID();
  await db.insert(socialAccounts).values([
    { id: fb, orgId: owner.orgId, rede: "facebook", idExterno: `fb-${fb}`, nome: "Página", ...t() },
    { id: ig, orgId: owner.orgId, rede: "instagram", idExterno: `ig-${ig}`, nome: "Perfil", ...t() },
  ]);
  const post = async (
    orgId: string,
    legenda: string,
    targets: { conta: string; rede: "facebook" | "instagram"; status: "agendado" | "falhou" | "publicado"; em: Date }[],
    by = ownerId,
  ) => {
    const id = crypto.randomUUID();
    await db.insert(posts).values({ id, orgId, legenda, ordem: sortKey(legenda), aprovacao: "aprovado", criadoPor: by, ...t() });
    for (const x of targets) {
      await db
        .insert(postTargets)
        .values({ orgId, postId: id, rede: x.rede, contaId: x.conta, status: x.status, agendadoPara: x.em, ...t() });
    }
    return id;
  };
  await post(owner.orgId, "Promoção de sábado", [
    { conta: fb, rede: "facebook", status: "agendado", em: at("2026-11-28T13:00:00Z") },
    { conta: ig, rede: "instagram", status: "agendado", em: at("2026-11-28T13:00:00Z") },
  ]);
  await post(owner.orgId, "Dica de hidratação", [{ conta: ig, rede: "instagram", status: "agendado", em: at("2026-11-27T20:00:00Z") }]);
  await post(owner.orgId, "Post atrasado", [{ conta: ig, rede: "instagram", status: "agendado", em: at("2026-11-27T14:00:00Z") }]);
  await post(owner.orgId, "Post que falhou", [
    { conta: fb, rede: "facebook", status: "publicado", em: at("2026-11-26T13:00:00Z") },
    { conta: ig, rede: "instagram", status: "falhou", em: at("2026-11-26T13:00:00Z") },
  ]);
  await post(
    owner.orgId,
    "Rascunho da Bia agendado",
    [{ conta: ig, rede: "instagram", status: "agendado", em: at("2026-12-01T13:00:00Z") }],
    pro.userId,
  );
});

const summary = (role: Role, user = ownerId, now = NOW) => dashboardSummary(h.fresh.db, owner.orgId, user, role, now, false, SP);

describe("the dashboard's business cards (hand-counted, São Paulo days)", () => {
  it("today's appointments by status, and the next ones still to come", async () => {
    const { business } = await summary("owner");
    expect(business.appointments?.total).toBe(4);
    expect(business.appointments?.byStatus).toEqual({ concluido: 1, confirmado: 1, cancelado: 1, pendente: 1 });
    // At 12:00: the 14:00 and the 23:30 (the done, the cancelled and yesterday's are not "next").
    expect(business.appointments?.next.map((a) => [a.inicio, a.cliente, a.profissional])).toEqual([
      ["2026-11-27T17:00:00.000Z", "Maria Cliente", "Ana Cabeleireira"],
      ["2026-11-28T02:30:00.000Z", "Maria Cliente", "Bia Profissional"],
    ]);
  });

  it("sales today and this month against the same days of last month, cancelled excluded", async () => {
    const { business } = await summary("owner");
    expect(business.sales).toMatchObject({
      hoje: 15_050,
      hojeQtd: 2,
      mes: 15_050 + 2_000 + 3_000,
      mesQtd: 5, // the commissions' sale (R$ 0,00) on 20/11 is one more
      mesAnterior: 10_000,
      mesAnteriorQtd: 2,
    });
    const trend = business.sales?.trend ?? [];
    expect(trend).toHaveLength(30);
    expect(trend[29]).toBe(15_050);
    expect(trend[28]).toBe(2_000);
    // 29/10..27/11: 01/11 00:00 is day 3; 31/10 23:59 is day 2; 28/10 is before the 30 days.
    expect(trend[3]).toBe(3_000);
    expect(trend[2]).toBe(7_000);
    expect(trend.reduce((s, v) => s + v, 0)).toBe(15_050 + 2_000 + 3_000 + 7_000);
  });

  it("the edge of the month: on 01/12 00:00 local the month starts over; at 23:59 on 30/11 it has not", async () => {
    const before = await summary("owner", ownerId, at("2026-12-01T02:59:00Z"));
    expect(before.periods.today).toBe("2026-11-30");
    expect(before.business.sales?.mes).toBe(20_050);
    expect(before.business.sales?.hoje).toBe(0);
    const after = await summary("owner", ownerId, at("2026-12-01T03:00:00Z"));
    expect(after.periods.today).toBe("2026-12-01");
    expect(after.business.sales?.mes).toBe(0);
    // December's day 1 against November's day 1: the 01/11 00:00 sale.
    expect(after.business.sales?.mesAnterior).toBe(3_000);
  });

  it("cash balance from the ledger only: per account and total at the end of today, and its 30-day trend", async () => {
    const { business } = await summary("owner");
    expect(business.cash?.accounts.map((a) => [a.nome, a.saldo])).toEqual([
      ["Banco", 29_000],
      ["Caixa", 105_000],
      ["Cartão a receber", 0],
    ]);
    expect(business.cash?.total).toBe(134_000);
    const trend = business.cash?.trend ?? [];
    expect(trend[29]).toBe(134_000);
    expect(trend[28]).toBe(129_000); // yesterday: before today's 50,00 in the caixa
    expect(trend[0]).toBe(100_000); // 29/10: only the opening balance
  });

  it("bills to pay and to receive: overdue and due in the next 7 days (open only)", async () => {
    const { business } = await summary("owner");
    for (const due of [business.bills, business.receivables]) {
      expect(due).toEqual({ vencidas: 2, vencidasValor: 3_500, semana: 2, semanaValor: 1_000 });
    }
  });

  it("new interests of the last 7 days by origin, and the hot ones still open", async () => {
    const { business } = await summary("owner");
    expect(business.leads).toEqual({
      total: 3,
      byOrigin: [
        { origem: "site", n: 2 },
        { origem: "portal", n: 1 },
      ],
      hot: 2,
    });
  });

  it("the next scheduled posts (earliest first, past ones left out) and the failed one", async () => {
    const { business } = await summary("owner");
    expect(business.posts?.scheduled).toBe(3);
    expect(business.posts?.next.map((p) => [p.legenda, p.redes])).toEqual([
      ["Dica de hidratação", ["instagram"]],
      ["Promoção de sábado", ["facebook", "instagram"]],
      ["Rascunho da Bia agendado", ["instagram"]],
    ]);
    expect(business.posts?.failed.map((p) => [p.legenda, p.redes])).toEqual([["Post que falhou", ["instagram"]]]);
  });

  it("another organização's rows never appear (its own dashboard sees only them)", async () => {
    const mine = await summary("owner");
    expect(mine.business.sales?.hoje).toBe(15_050);
    const theirs = await dashboardSummary(h.fresh.db, other.orgId, (await userId(h, other.email)) as string, "owner", NOW, false, SP);
    expect(theirs.business.sales).toMatchObject({ hoje: 777_700, mes: 777_700, mesAnterior: 0 });
    expect(theirs.business.appointments?.total).toBe(1);
    expect(theirs.business.cash?.total).toBe(500_000);
    expect(theirs.business.bills).toEqual({ vencidas: 1, vencidasValor: 55_500, semana: 0, semanaValor: 0 });
    expect(theirs.business.leads?.total).toBe(0);
    expect(theirs.business.posts?.scheduled).toBe(0);
  });
});

describe("per role: the cards the permission table lets each read", () => {
  const shown = (b: Awaited<ReturnType<typeof summary>>["business"]) =>
    Object.entries(b)
      .filter(([, v]) => v !== null)
      .map(([k]) => k)
      .sort();

  it("owner and admin see every card; staff no money but sales; the professional their day and commissions", async () => {
    const all = ["appointments", "bills", "cash", "leads", "posts", "receivables", "sales"];
    expect(shown((await summary("owner")).business)).toEqual(all);
    expect(shown((await summary("admin", admin.userId)).business)).toEqual(all);
    expect(shown((await summary("staff", staff.userId)).business)).toEqual(["appointments", "leads", "posts", "sales"]);
    const mine = await summary("professional", pro.userId);
    expect(shown(mine.business)).toEqual(["appointments", "commissions", "leads", "posts"]);
    // Her own day: only her 23:30 (Ana's are not hers).
    expect(mine.business.appointments?.total).toBe(1);
    expect(mine.business.appointments?.next.map((a) => a.profissional)).toEqual(["Bia Profissional"]);
    // Her commissions this month: paid and to pay, the cancelled and October's left out.
    expect(mine.business.commissions).toEqual({ total: 4_000, aPagar: 2_400, n: 2 });
    // Her posts only.
    expect(mine.business.posts?.next.map((p) => p.legenda)).toEqual(["Rascunho da Bia agendado"]);
    expect(mine.business.posts?.failed).toEqual([]);
  });

  it("the page: one database round trip besides the session, and each role's cards", async () => {
    const cards = async (cookie: string) => {
      const res = await h.request("/painel.data", { cookie });
      expect(res.status).toBe(200);
      expect(Number(res.headers.get("x-db-round-trips"))).toBeLessThanOrEqual(2);
      return res.text();
    };
    const ownerPage = await cards(owner.cookie);
    for (const text of [
      "Caixa",
      "Banco",
      "/contas?f.vencidas=sim",
      "/movimentacoes/saldos",
      "/receitas?f.vencidas=sim",
      "/content-calendar",
    ]) {
      expect(ownerPage, text).toContain(text);
    }
    expect(await cards(admin.cookie)).toContain("/contas?f.vencidas=sim");
    const staffPage = await cards(staff.cookie);
    expect(staffPage).toContain("/sales?f.vendidaEm=");
    for (const hidden of ["/contas?f.vencidas", "/movimentacoes/saldos", "/receitas?f.vencidas"])
      expect(staffPage, hidden).not.toContain(hidden);
    const proPage = await cards(pro.cookie);
    for (const hidden of ["/sales?f.vendidaEm", "/contas?f.vencidas", "/movimentacoes/saldos", "Caixa", "Post que falhou"]) {
      expect(proPage, hidden).not.toContain(hidden);
    }
    expect(proPage).toContain("aPagar");
    expect(ownerPage).not.toContain("aPagar");
    // Another organização's numbers or names never reach this page.
    expect(ownerPage).not.toContain("Caixa de Fora");
    expect(ownerPage).not.toContain("777700");
  });

  it("every card's link is its list's URL filter", () => {
    const links = dashboardLinks(dashboardPeriods(NOW, SP));
    expect(links.vendasHoje).toBe("/sales?f.vendidaEm=2026-11-27..2026-11-27&f.status=concluida");
    expect(links.vendasMes).toBe("/sales?f.vendidaEm=2026-11-01..2026-11-27&f.status=concluida");
    expect(links.contasSemana).toBe("/contas?f.status=aberta&f.vencimento=2026-11-27..2026-12-03");
    expect(links.leads).toBe("/property_clients?f.criadoEm=2026-11-21..2026-11-27");
    expect(links.quentes).toBe("/property_clients?f.temperatura=quente&f.etapa=novo,contato,visita_agendada,proposta");
    expect(links.agendaHoje).toBe("/agenda?vista=dia&data=2026-11-27");
  });
});
