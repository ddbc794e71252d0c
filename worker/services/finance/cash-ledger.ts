import { eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client.ts";
import { cashMovements, financeAccounts } from "../../../db/schema/index.ts";
import { type OrgScope, orgScope } from "../../../db/tenant.ts";
import { type AccountPeriod, type DaySums, dayBoundaries, foldBalances, periodDays } from "../../../shared/finance/ledger-days.ts";
import { descriptionOf, openingAmount, type RuleResult, signedAmount, transferLegs } from "../../../shared/finance/movement-rules.ts";
import type { PaymentMethod } from "../../../shared/money/payment-method.ts";
import { sortKey } from "../../../shared/search.ts";
import { DEFAULT_TIME_ZONE } from "../../../shared/time-zone.ts";
import { type Actor, DomainError } from "../context.ts";

/**
 * The cash ledger (ADR 069): every change of money in an account is a row of `cash_movements`,
 * and every balance is a sum of them, read in one round trip. Rows are only ever added: a
 * transfer is two rows in one batch, a mistake is undone by an `estorno` row (the opposite
 * amount, `reversal_of` the original; the unique index allows one per row, so two taps cannot
 * reverse twice). The sale transaction (ADR 071) adds `movementStatement`s to its own batch.
 */

export interface LedgerCaller {
  db: Database;
  now: Date;
}
export type LedgerActor = Pick<Actor, "orgId" | "userId" | "timeZone">;

/** What caused a movement (at most the ones that apply). */
export interface MovementOrigin {
  vendaId?: string | null;
  pagamentoVendaId?: string | null;
  recebivelId?: string | null;
  despesaId?: string | null;
  comissaoId?: string | null;
}

export interface MovementInput extends MovementOrigin {
  contaId: string;
  /** entrada/saída: `valorCentavos` typed positive; saldo inicial: signed. */
  tipo: "entrada" | "saida" | "saldo_inicial";
  valorCentavos: number;
  descricao: string;
  /** Default: now. */
  ocorridoEm?: Date;
  forma?: PaymentMethod | null;
}

export interface TransferInput {
  deContaId: string;
  paraContaId: string;
  valorCentavos: number;
  descricao: string;
  ocorridoEm?: Date;
}

type MovementRow = typeof cashMovements.$inferInsert;

function must<T>(result: RuleResult<T>, field: string): T {
  if (!result.ok) throw new DomainError(result.error, 422, field);
  return result.value;
}

/**
 * The insert of one movement. The account is read inside the statement (live, of this
 * organização, and active unless `anyAccount`): another organização's or a removed account
 * leaves `account_id` null, and the NOT NULL constraint fails the statement — and with it the
 * whole batch it is part of.
 */
export function movementStatement(db: Database, scope: OrgScope, row: Omit<MovementRow, "orgId">, anyAccount = false) {
  const fa = financeAccounts;
  const active = anyAccount ? undefined : eq(fa.ativo, true);
  const account = sql`(select ${fa.id} from ${fa} where ${scope.where(fa, eq(fa.id, row.contaId), isNull(fa.excluidoEm), active)})`;
  return db.insert(cashMovements).values(scope.values({ ...row, contaId: account as unknown as string }));
}

function rowOf(actor: LedgerActor, now: Date, fields: Omit<MovementRow, "orgId" | "ordem" | "criadoEm" | "atualizadoEm">) {
  return {
    id: crypto.randomUUID(),
    ...fields,
    ordem: sortKey(fields.descricao),
    criadoEm: now,
    atualizadoEm: now,
    criadoPor: actor.userId,
    atualizadoPor: actor.userId,
  };
}

/** The ledger's refusals as a person reads them; anything else is rethrown. */
function translate(error: unknown): never {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e.message.includes("NOT NULL constraint failed: cash_movements.account_id")) {
      throw new DomainError("Conta não encontrada ou inativa. Escolha uma conta ativa.", 422, "contaId");
    }
    if (e.message.includes("UNIQUE constraint failed: cash_movements.reversal_of")) {
      throw new DomainError("Este lançamento já foi estornado.", 409);
    }
  }
  throw error;
}

async function run(db: Database, statements: BatchItem<"sqlite">[]): Promise<void> {
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    translate(error);
  }
}

/** Records one entrada, saída or opening balance; answers its id. */
export async function recordMovement(caller: LedgerCaller, actor: LedgerActor, input: MovementInput): Promise<{ id: string }> {
  const scope = orgScope(caller.db, actor.orgId);
  const valor = must(
    input.tipo === "saldo_inicial" ? openingAmount(input.valorCentavos) : signedAmount(input.tipo, input.valorCentavos),
    "valorCentavos",
  );
  const row = rowOf(actor, caller.now, {
    contaId: input.contaId,
    tipo: input.tipo,
    valorCentavos: valor,
    ocorridoEm: input.ocorridoEm ?? caller.now,
    descricao: must(descriptionOf(input.descricao), "descricao"),
    forma: input.forma ?? null,
    vendaId: input.vendaId ?? null,
    pagamentoVendaId: input.pagamentoVendaId ?? null,
    recebivelId: input.recebivelId ?? null,
    despesaId: input.despesaId ?? null,
    comissaoId: input.comissaoId ?? null,
  });
  await run(caller.db, [movementStatement(caller.db, scope, row)]);
  return { id: row.id };
}

/** Moves money between two accounts: two rows sharing the transfer id, in one batch. */
export async function transfer(caller: LedgerCaller, actor: LedgerActor, input: TransferInput): Promise<{ ids: [string, string] }> {
  const scope = orgScope(caller.db, actor.orgId);
  const [out, into] = must(transferLegs(input.deContaId, input.paraContaId, input.valorCentavos), "valorCentavos");
  const descricao = must(descriptionOf(input.descricao), "descricao");
  const ocorridoEm = input.ocorridoEm ?? caller.now;
  const first = rowOf(actor, caller.now, { ...out, tipo: "transferencia", ocorridoEm, descricao });
  const second = rowOf(actor, caller.now, { ...into, tipo: "transferencia", ocorridoEm, descricao });
  first.transferenciaId = first.id;
  second.transferenciaId = first.id;
  await run(caller.db, [movementStatement(caller.db, scope, first), movementStatement(caller.db, scope, second)]);
  return { ids: [first.id, second.id] };
}

/**
 * Undoes a movement with an `estorno` row of the opposite amount, dated now (the original
 * day's balance stays what it was). A transfer is undone whole: both legs. Answers the new ids.
 */
export async function reverseMovement(
  caller: LedgerCaller,
  actor: LedgerActor,
  id: string,
  motivo?: string,
  /** Refuses (409, its message) a movement whose origin must undo it (a sale's, a bill's…): null lets it through. */
  refuseOrigin?: (origin: MovementOrigin) => string | null,
): Promise<{ ids: string[] }> {
  const scope = orgScope(caller.db, actor.orgId);
  const m = cashMovements;
  const sameTransfer = caller.db
    .select({ t: m.transferenciaId })
    .from(m)
    .where(scope.where(m, eq(m.id, id), isNull(m.excluidoEm)));
  const targets = await caller.db
    .select({
      id: m.id,
      contaId: m.contaId,
      tipo: m.tipo,
      valorCentavos: m.valorCentavos,
      descricao: m.descricao,
      forma: m.forma,
      vendaId: m.vendaId,
      pagamentoVendaId: m.pagamentoVendaId,
      recebivelId: m.recebivelId,
      despesaId: m.despesaId,
      comissaoId: m.comissaoId,
      transferenciaId: m.transferenciaId,
      estornadoPor: sql<
        string | null
      >`(select r.id from ${m} r where r.org_id = ${actor.orgId} and r.reversal_of = ${m.id} and r.deleted_at is null)`,
    })
    .from(m)
    .where(scope.where(m, isNull(m.excluidoEm), or(eq(m.id, id), inArray(m.transferenciaId, sameTransfer) as SQL)));
  const original = targets.find((t) => t.id === id);
  if (!original) throw new DomainError("Lançamento não encontrado.", 404);
  if (original.tipo === "estorno") throw new DomainError("Um estorno não se estorna: lance o valor de novo, se for o caso.", 409);
  const refusal = refuseOrigin?.(original);
  if (refusal) throw new DomainError(refusal, 409);
  if (targets.some((t) => t.estornadoPor)) throw new DomainError("Este lançamento já foi estornado.", 409);
  const reason = motivo?.trim() ? ` — ${motivo.trim()}` : "";
  const rows = targets.map((t) =>
    rowOf(actor, caller.now, {
      contaId: t.contaId,
      tipo: "estorno",
      valorCentavos: -t.valorCentavos,
      ocorridoEm: caller.now,
      descricao: `Estorno: ${t.descricao}${reason}`.slice(0, 300),
      forma: t.forma,
      vendaId: t.vendaId,
      pagamentoVendaId: t.pagamentoVendaId,
      recebivelId: t.recebivelId,
      despesaId: t.despesaId,
      comissaoId: t.comissaoId,
      estornoDe: t.id,
    }),
  );
  await run(
    caller.db,
    rows.map((row) => movementStatement(caller.db, scope, row, true)),
  );
  return { ids: rows.map((r) => r.id) };
}

export interface AccountBalance extends AccountPeriod {
  nome: string;
  tipo: string;
  ativo: boolean;
}

/**
 * Balances per account over [from, to] (local days in the organização's zone): opening, money
 * in and out per day, closing. One round trip: the accounts, the sums before the period and the
 * sums per (account, day), each a range of the covering `cash_movements_balance_idx`. A day's
 * sums are scalar subqueries per (account, day) cell, not a GROUP BY over a join: the grouped
 * join sorted every row of the period through a temporary B-tree, three times slower at 300,000
 * movements (ADR 075).
 */
export async function accountBalances(
  caller: LedgerCaller,
  actor: LedgerActor,
  period: { from: string; to: string; contaIds?: readonly string[] },
): Promise<AccountBalance[]> {
  const days = periodDays(period.from, period.to);
  if (!days.ok) throw new DomainError(days.error, 422, "periodo");
  const bounds = dayBoundaries(days.days, actor.timeZone ?? DEFAULT_TIME_ZONE);
  const start = bounds[0] as number;
  const scope = orgScope(caller.db, actor.orgId);
  const fa = financeAccounts;
  const only = period.contaIds ? inArray(fa.id, period.contaIds.length ? [...period.contaIds] : [""]) : undefined;
  const accountFilter = period.contaIds
    ? sql` and a.id in (${sql.join(
        (period.contaIds.length ? period.contaIds : [""]).map((c) => sql`${c}`),
        sql`, `,
      )})`
    : sql``;
  const dayRows = sql.join(
    days.days.map((_, i) => sql`(${i}, ${bounds[i]}, ${bounds[i + 1]})`),
    sql`, `,
  );
  const org = actor.orgId;
  const [accounts, openings, sums] = await caller.db.batch([
    caller.db
      .select({ id: fa.id, nome: fa.nome, tipo: fa.tipo, ativo: fa.ativo })
      .from(fa)
      .where(scope.where(fa, isNull(fa.excluidoEm), only))
      .orderBy(fa.ordem, fa.id),
    caller.db.all<{ contaId: string; saldo: number }>(sql`
      select a.id as "contaId",
        (select coalesce(sum(m.amount_cents), 0) from ${cashMovements} m
          where m.org_id = ${org} and m.account_id = a.id and m.occurred_at < ${start} and m.deleted_at is null) as saldo
      from ${fa} a where a.org_id = ${org} and a.deleted_at is null${accountFilter}`),
    caller.db.all<{ contaId: string; dia: number; entradas: number | null; saidas: number | null }>(sql`
      with d(i, s, e) as (values ${dayRows})
      select a.id as "contaId", d.i as dia,
        (select sum(m.amount_cents) from ${cashMovements} m
          where m.org_id = ${org} and m.account_id = a.id and m.occurred_at >= d.s and m.occurred_at < d.e and m.deleted_at is null and m.amount_cents > 0) as entradas,
        (select sum(m.amount_cents) from ${cashMovements} m
          where m.org_id = ${org} and m.account_id = a.id and m.occurred_at >= d.s and m.occurred_at < d.e and m.deleted_at is null and m.amount_cents < 0) as saidas
      from ${fa} a
      cross join d
      where a.org_id = ${org} and a.deleted_at is null${accountFilter}`),
  ]);
  const opening = new Map(openings.map((o) => [o.contaId, Number(o.saldo)]));
  const daySums: DaySums[] = sums.map((s) => ({
    contaId: s.contaId,
    dia: Number(s.dia),
    entradas: Number(s.entradas ?? 0),
    saidas: Number(s.saidas ?? 0),
  }));
  const periods = foldBalances(
    accounts.map((a) => a.id),
    days.days,
    opening,
    daySums,
  );
  return accounts.map((a, i) => ({ ...(periods[i] as AccountPeriod), nome: a.nome, tipo: a.tipo, ativo: a.ativo }));
}

/** Each account's balance at the end of `day` (local, in the organização's zone). */
export async function balancesOn(caller: LedgerCaller, actor: LedgerActor, day: string): Promise<Map<string, number>> {
  const periods = await accountBalances(caller, actor, { from: day, to: day });
  return new Map(periods.map((p) => [p.contaId, p.saldoFinal]));
}
