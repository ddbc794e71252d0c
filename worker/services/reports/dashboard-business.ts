import { and, asc, eq, gte, inArray, isNull, lt, notInArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import {
  appointments,
  clients,
  commissions,
  expenses,
  posts,
  professionals,
  propertyInterests,
  receivables,
} from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { Role } from "../../../shared/enums.ts";
import { INTEREST_STAGES } from "../../../shared/enums/real-estate.ts";
import type { DashboardPeriods } from "../../../shared/reports/dashboard-periods.ts";
import { can, ownerCondition } from "../../auth/permissions.ts";

/**
 * "The business at a glance" (issue 23, ADR 084): the statements the dashboard adds to its one
 * `db.batch`, each an aggregate in SQL over an index, each only for a role the permission table
 * lets read it (a card it may not read is not even queried), each narrowed to the member's own
 * rows where their reach is "own" (a professional's day, their posts, a corretor's interests).
 * `read` turns the batch's answers back into the cards' numbers.
 */

export interface DashboardActor {
  role: Role;
  userId: string;
  ownOnly: boolean;
}

/** Open statuses of an appointment still to happen or happening (the "next" list). */
const DONE_APPOINTMENT = ["cancelado", "faltou", "concluido"] as const;
/** An interest still in play (not fechado nor perdido): four seeks of the (org, temperature, stage) index. */
const OPEN_STAGES = INTEREST_STAGES.filter((s) => s !== "fechado" && s !== "perdido");
const NETWORKS = sql.raw(`('facebook', 'instagram')`);

// biome-ignore lint/suspicious/noExplicitAny: statements of different row types go into one batch
type Statement = any;

/** What the cards read: each key present only when the role may read it. */
export function businessStatements(db: Database, orgId: string, actor: DashboardActor, p: DashboardPeriods, now: Date) {
  const scope = orgScope(db, orgId);
  const statements: Record<string, Statement> = {};
  const own = (resource: string, table: object): SQL | undefined => ownerCondition(actor, resource, "read", table);
  const org = orgId;

  // Today's appointments by status, and the next ones still to come (a professional: their own column).
  if (can(actor.role, "agendamentos", "read")) {
    const mine = own("agendamentos", appointments);
    const today = and(
      isNull(appointments.excluidoEm),
      gte(appointments.inicio, new Date(p.dayStart)),
      lt(appointments.inicio, new Date(p.dayEnd)),
      mine,
    );
    statements.appointmentsByStatus = db
      .select({ status: appointments.status, n: sql<number>`count(*)` })
      .from(appointments)
      .where(scope.where(appointments, today))
      .groupBy(appointments.status);
    statements.appointmentsNext = db
      .select({
        id: appointments.id,
        inicio: appointments.inicio,
        status: appointments.status,
        cliente: clients.nome,
        profissional: professionals.nome,
        servicos: sql<
          string | null
        >`(select group_concat(s.name, ', ') from appointment_services s where s.org_id = ${org} and s.appointment_id = ${appointments.id})`,
      })
      .from(appointments)
      .leftJoin(clients, and(eq(clients.orgId, appointments.orgId), eq(clients.id, appointments.clienteId)))
      .leftJoin(professionals, and(eq(professionals.orgId, appointments.orgId), eq(professionals.id, appointments.profissionalId)))
      .where(scope.where(appointments, today, gte(appointments.fim, now), notInArray(appointments.status, [...DONE_APPOINTMENT])))
      .orderBy(asc(appointments.inicio), asc(appointments.id))
      .limit(4);
  }

  // Sales (cancelled excluded): today, this month so far, the same days of last month, and each of the last 30 days.
  // Every sum is a range of sales_org_status_idx (org, status, sold_at, total), read from the index alone.
  if (can(actor.role, "vendas", "read")) {
    const sum = (from: number, to: number, what: "total" | "count") =>
      sql`(select ${what === "total" ? sql`coalesce(sum(total_cents), 0)` : sql`count(*)`} from sales
        where org_id = ${org} and status = 'concluida' and deleted_at is null and sold_at >= ${from} and sold_at < ${to})`;
    statements.sales = db.all<Record<string, number>>(sql`select
      ${sum(p.dayStart, p.dayEnd, "total")} as "hoje", ${sum(p.dayStart, p.dayEnd, "count")} as "hojeQtd",
      ${sum(p.monthStart, p.dayEnd, "total")} as "mes", ${sum(p.monthStart, p.dayEnd, "count")} as "mesQtd",
      ${sum(p.lastMonthStart, p.lastMonthEnd, "total")} as "mesAnterior", ${sum(p.lastMonthStart, p.lastMonthEnd, "count")} as "mesAnteriorQtd"`);
    statements.salesTrend = db.all<{ i: number; total: number }>(sql`
      with d(i, s, e) as (values ${dayRows(p)})
      select d.i as i, (select coalesce(sum(v.total_cents), 0) from sales v
        where v.org_id = ${org} and v.status = 'concluida' and v.deleted_at is null and v.sold_at >= d.s and v.sold_at < d.e) as total
      from d order by d.i`);
  }

  // Cash: each account's balance before the 30 days and its net per day since (ADR 075's per-cell sums
  // over cash_movements_balance_idx): the ledger is the only source of balances.
  if (can(actor.role, "movimentacoes", "read")) {
    const start = p.trendBounds[0] as number;
    statements.cashAccounts = db.all<{ id: string; nome: string; tipo: string; ativo: number; abertura: number }>(sql`
      select a.id as id, a.name as nome, a.kind as tipo, a.active as ativo,
        (select coalesce(sum(m.amount_cents), 0) from cash_movements m
          where m.org_id = ${org} and m.account_id = a.id and m.occurred_at < ${start} and m.deleted_at is null) as abertura
      from finance_accounts a where a.org_id = ${org} and a.deleted_at is null order by a.sort_name, a.id`);
    statements.cashDays = db.all<{ id: string; i: number; net: number | null }>(sql`
      with d(i, s, e) as (values ${dayRows(p)})
      select a.id as id, d.i as i,
        (select sum(m.amount_cents) from cash_movements m
          where m.org_id = ${org} and m.account_id = a.id and m.occurred_at >= d.s and m.occurred_at < d.e and m.deleted_at is null) as net
      from finance_accounts a cross join d
      where a.org_id = ${org} and a.deleted_at is null`);
  }

  // Bills to pay and to receive: overdue (open, due before today) and due in the next 7 days, from
  // the (org, status, due, amount) indexes alone.
  const dueSums = (table: typeof expenses | typeof receivables) =>
    db
      .select({
        vencidas: sql<number>`coalesce(sum(case when ${table.vencimento} < ${p.today} then 1 else 0 end), 0)`,
        vencidasValor: sql<number>`coalesce(sum(case when ${table.vencimento} < ${p.today} then ${table.valorCentavos} else 0 end), 0)`,
        semana: sql<number>`coalesce(sum(case when ${table.vencimento} >= ${p.today} then 1 else 0 end), 0)`,
        semanaValor: sql<number>`coalesce(sum(case when ${table.vencimento} >= ${p.today} then ${table.valorCentavos} else 0 end), 0)`,
      })
      .from(table)
      .where(scope.where(table, isNull(table.excluidoEm), eq(table.status, "aberta"), sql`${table.vencimento} <= ${p.weekAhead}`));
  if (can(actor.role, "despesas", "read")) statements.bills = dueSums(expenses);
  if (can(actor.role, "receitas", "read")) statements.receivables = dueSums(receivables);

  // Interests: new in the last 7 days by origin, and the hot ones still open.
  if (can(actor.role, "interesses", "read")) {
    const mine = own("interesses", propertyInterests);
    // INDEXED BY: without it the planner walks the origin index (every interest, to group without
    // sorting); the week's few rows are a range of the created index (ADR 084).
    statements.leads = db.all<{ origem: string; n: number }>(sql`
      select origin as origem, count(*) as n from property_interests indexed by property_interests_org_created_idx
      where org_id = ${org} and deleted_at is null and created_at >= ${p.weekAgoStart} and ${mine ?? sql`1`}
      group by origin`);
    statements.hot = db
      .select({ n: sql<number>`count(*)` })
      .from(propertyInterests)
      .where(
        scope.where(
          propertyInterests,
          isNull(propertyInterests.excluidoEm),
          eq(propertyInterests.temperatura, "quente"),
          inArray(propertyInterests.etapa, OPEN_STAGES),
          mine,
        ),
      );
  }

  // Posts: the next scheduled (their earliest network) and any whose publication failed and was not retried.
  if (can(actor.role, "posts", "read")) {
    const mine = own("posts", posts);
    // Every statement starts from the organização's publications of a status (an index range of
    // (org, network, status); INDEXED BY: the due sweep's cross-organização index would otherwise
    // be chosen for "scheduled after now"), then joins their posts (CROSS JOIN keeps that order).
    const scheduled = sql`from post_targets indexed by post_targets_org_network_published_idx cross join posts
      where post_targets.org_id = ${org} and post_targets.network in ${NETWORKS} and post_targets.status = 'agendado'
        and post_targets.scheduled_at >= ${now.getTime()}
        and posts.org_id = post_targets.org_id and posts.id = post_targets.post_id and posts.deleted_at is null and ${mine ?? sql`1`}`;
    statements.postsNext = db.all<{ id: string; legenda: string; em: number; redes: string }>(sql`
      select posts.id as id, posts.caption as legenda, min(post_targets.scheduled_at) as em, group_concat(post_targets.network) as redes
      ${scheduled} group by posts.id order by min(post_targets.scheduled_at), posts.id limit 3`);
    statements.postsScheduled = db.all<{ n: number }>(sql`select count(distinct posts.id) as n ${scheduled}`);
    // From the failed publications (few, an index range), then their posts: CROSS JOIN keeps that order.
    statements.postsFailed = db.all<{ id: string; legenda: string; redes: string }>(sql`
      select posts.id as id, posts.caption as legenda, group_concat(post_targets.network) as redes
      from post_targets indexed by post_targets_org_network_published_idx cross join posts
      where post_targets.org_id = ${org} and post_targets.network in ${NETWORKS} and post_targets.status = 'falhou'
        and posts.org_id = post_targets.org_id and posts.id = post_targets.post_id and posts.deleted_at is null and ${mine ?? sql`1`}
      group by posts.id order by max(post_targets.updated_at) desc, posts.id limit 3`);
  }

  // A professional's commissions this month (their sales lines), paid or to pay; cancelled ones excluded.
  if (actor.role === "professional") {
    const mineProfessional = sql`${commissions.profissionalId} in (select pr.id from professionals pr where pr.org_id = ${org} and pr.user_id = ${actor.userId} and pr.deleted_at is null)`;
    statements.commissions = db
      .select({
        total: sql<number>`coalesce(sum(${commissions.valorCentavos}), 0)`,
        aPagar: sql<number>`coalesce(sum(case when ${commissions.status} = 'pendente' then ${commissions.valorCentavos} else 0 end), 0)`,
        n: sql<number>`count(*)`,
      })
      .from(commissions)
      .where(
        scope.where(
          commissions,
          mineProfessional,
          inArray(commissions.status, ["pendente", "paga"]),
          gte(commissions.referenciaEm, new Date(p.monthStart)),
          lt(commissions.referenciaEm, new Date(p.dayEnd)),
        ),
      );
  }
  return statements;
}

/** The 30 days as `(i, start, end)` rows of a VALUES list. */
function dayRows(p: DashboardPeriods): SQL {
  return sql.join(
    p.trendDays.map((_, i) => sql`(${i}, ${p.trendBounds[i]}, ${p.trendBounds[i + 1]})`),
    sql`, `,
  );
}

const n = (v: unknown) => Number(v ?? 0);

/** The batch's answers (keyed as the statements were) as the cards' numbers; a card absent is one the role may not read. */
export function readBusiness(results: Record<string, unknown[]>, p: DashboardPeriods) {
  const r = results as Record<string, Record<string, unknown>[] | undefined>;
  const appointmentsByStatus = r.appointmentsByStatus;
  const sales = r.sales?.[0];
  const cash = r.cashAccounts;
  return {
    appointments: appointmentsByStatus
      ? {
          byStatus: Object.fromEntries(appointmentsByStatus.map((row) => [String(row.status), n(row.n)])) as Record<string, number>,
          total: appointmentsByStatus.reduce((s, row) => s + n(row.n), 0),
          next: (r.appointmentsNext ?? []).map((row) => ({
            id: String(row.id),
            inicio: new Date(row.inicio as Date | number).toISOString(),
            status: String(row.status),
            cliente: (row.cliente as string | null) ?? "Cliente",
            profissional: (row.profissional as string | null) ?? "",
            servicos: (row.servicos as string | null) ?? "",
          })),
        }
      : null,
    sales: sales
      ? {
          hoje: n(sales.hoje),
          hojeQtd: n(sales.hojeQtd),
          mes: n(sales.mes),
          mesQtd: n(sales.mesQtd),
          mesAnterior: n(sales.mesAnterior),
          mesAnteriorQtd: n(sales.mesAnteriorQtd),
          trend: p.trendDays.map((_, i) => n(r.salesTrend?.find((row) => n(row.i) === i)?.total)),
        }
      : null,
    cash: cash
      ? (() => {
          const nets = new Map<string, number[]>();
          for (const row of r.cashDays ?? []) {
            const list = nets.get(String(row.id)) ?? p.trendDays.map(() => 0);
            list[n(row.i)] = n(row.net);
            nets.set(String(row.id), list);
          }
          const trend = p.trendDays.map(() => 0);
          const accounts = cash.map((a) => {
            let balance = n(a.abertura);
            (nets.get(String(a.id)) ?? []).forEach((net, i) => {
              balance += net;
              trend[i] = (trend[i] as number) + balance;
            });
            if (!nets.has(String(a.id))) for (let i = 0; i < trend.length; i++) trend[i] = (trend[i] as number) + balance;
            return { id: String(a.id), nome: String(a.nome), tipo: String(a.tipo), ativo: n(a.ativo) === 1, saldo: balance };
          });
          return { accounts: accounts.filter((a) => a.ativo || a.saldo !== 0), total: accounts.reduce((s, a) => s + a.saldo, 0), trend };
        })()
      : null,
    bills: dueOf(r.bills?.[0]),
    receivables: dueOf(r.receivables?.[0]),
    leads: r.leads
      ? {
          total: r.leads.reduce((s, row) => s + n(row.n), 0),
          byOrigin: r.leads
            .map((row) => ({ origem: String(row.origem), n: n(row.n) }))
            .sort((a, b) => b.n - a.n || a.origem.localeCompare(b.origem)),
          hot: n(r.hot?.[0]?.n),
        }
      : null,
    posts: r.postsNext
      ? {
          scheduled: n(r.postsScheduled?.[0]?.n),
          next: r.postsNext.map((row) => ({
            id: String(row.id),
            legenda: String(row.legenda ?? ""),
            em: new Date(n(row.em)).toISOString(),
            redes: String(row.redes ?? "")
              .split(",")
              .filter(Boolean)
              .sort(),
          })),
          failed: (r.postsFailed ?? []).map((row) => ({
            id: String(row.id),
            legenda: String(row.legenda ?? ""),
            redes: String(row.redes ?? "")
              .split(",")
              .filter(Boolean)
              .sort(),
          })),
        }
      : null,
    commissions: r.commissions?.[0]
      ? { total: n(r.commissions[0].total), aPagar: n(r.commissions[0].aPagar), n: n(r.commissions[0].n) }
      : null,
  };
}

function dueOf(row: Record<string, unknown> | undefined) {
  return row
    ? { vencidas: n(row.vencidas), vencidasValor: n(row.vencidasValor), semana: n(row.semana), semanaValor: n(row.semanaValor) }
    : null;
}

export type BusinessSummary = ReturnType<typeof readBusiness>;
