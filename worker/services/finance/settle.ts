import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { cashMovements, expenses, receivables } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { type SettleInput, settleDay, settleFailure } from "../../../shared/finance/settle-rules.ts";
import { ID_RE } from "../../../shared/id.ts";
import { sortKey } from "../../../shared/search.ts";
import { DEFAULT_TIME_ZONE, dayIn, instantIn } from "../../../shared/time-zone.ts";
import { authorize } from "../../auth/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { movementStatement } from "./cash-ledger.ts";

/**
 * Marking bills paid and receivables received, and undoing it (ADR 072). Each is ONE batch: the
 * cash movement(s) and the status change land together or not at all. The movement's amount is
 * read from the bill inside its own INSERT, and only while the bill is still open: a bill paid
 * meanwhile (another tab, a double tap) leaves the amount null, the NOT NULL constraint fails
 * and the whole batch rolls back — so two racing marks have one effect. Undoing writes the
 * estorno row (the ledger's unique `reversal_of` lets one undo win) and reopens the bill.
 */

type Side = "despesas" | "receitas";

interface SideSpec {
  table: typeof expenses | typeof receivables;
  done: "paga" | "recebida";
  at: typeof expenses.pagaEm | typeof receivables.recebidaEm;
  /** The movement's kind and sign. */
  kind: "saida" | "entrada";
  sign: -1 | 1;
  link: "despesaId" | "recebivelId";
  prefix: string;
  words: { one: string; done: string; undone: string; none: string };
}

const SIDES: Record<Side, SideSpec> = {
  despesas: {
    table: expenses,
    done: "paga",
    at: expenses.pagaEm,
    kind: "saida",
    sign: -1,
    link: "despesaId",
    prefix: "Pagamento",
    words: { one: "despesa", done: "paga", undone: "Esta despesa não está paga.", none: "Despesa não encontrada." },
  },
  receitas: {
    table: receivables,
    done: "recebida",
    at: receivables.recebidaEm,
    kind: "entrada",
    sign: 1,
    link: "recebivelId",
    prefix: "Recebimento",
    words: { one: "receita", done: "recebida", undone: "Esta receita não está recebida.", none: "Receita não encontrada." },
  },
};

export interface SettleResult {
  ids: string[];
  movimentoIds: string[];
}

/** The instant a settlement dated `day` happened: now for today, noon of that day otherwise. */
function settledAt(day: string, now: Date, zone: string): Date {
  return day === dayIn(now, zone) ? now : instantIn(day, "12:00", zone);
}

function failed(error: unknown, text: string): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) if (e.message.includes(text)) return true;
  return false;
}

async function settle(ctx: ServiceContext, actor: Actor, side: Side, input: SettleInput): Promise<SettleResult> {
  authorize(actor, side, "update");
  const spec = SIDES[side];
  const zone = actor.timeZone ?? DEFAULT_TIME_ZONE;
  const day = settleDay(input, ctx.now, zone);
  if (!day.ok) throw new DomainError(day.error.message, 422, day.error.field);
  const ids = [...new Set(input.ids)];
  const t = spec.table;
  const scope = orgScope(ctx.db, actor.orgId);
  const found = await ctx.db
    .select({ id: t.id, descricao: t.descricao, vencimento: t.vencimento, status: t.status })
    .from(t)
    .where(scope.where(t, inArray(t.id, ids), isNull(t.excluidoEm)));
  const refusal = settleFailure(side, ids, found);
  // Unknown ids (deleted, or another organização's: never said apart) are 404; the rest conflicts.
  if (refusal) throw new DomainError(refusal, /não (foram )?encontrad/.test(refusal) ? 404 : 409);
  const at = settledAt(day.value, ctx.now, zone);
  const open = (id: string): SQL =>
    sql`${t.orgId} = ${actor.orgId} and ${t.id} = ${id} and ${t.status} = 'aberta' and ${t.excluidoEm} is null`;
  const movements = found.map((row) => {
    const descricao = `${spec.prefix}: ${row.descricao}`.slice(0, 200);
    return {
      id: crypto.randomUUID(),
      contaId: input.contaId,
      tipo: spec.kind,
      // Read from the bill, only while it is open: null (and the batch fails) once settled.
      valorCentavos:
        sql`(select ${sql.raw(spec.sign < 0 ? "-" : "")}${t.valorCentavos} from ${t} where ${open(row.id)})` as unknown as number,
      ocorridoEm: at,
      descricao,
      ordem: sortKey(descricao),
      forma: input.forma ?? null,
      [spec.link]: row.id,
      vendaId: side === "receitas" ? sql`(select ${receivables.vendaId} from ${receivables} where ${open(row.id)})` : null,
      criadoEm: ctx.now,
      atualizadoEm: ctx.now,
      criadoPor: actor.userId,
      atualizadoPor: actor.userId,
    };
  });
  const statements: BatchItem<"sqlite">[] = movements.map((m) => movementStatement(ctx.db, scope, m as never));
  const set =
    side === "despesas"
      ? { status: "paga" as const, pagaEm: at, contaId: input.contaId, forma: input.forma ?? null }
      : { status: "recebida" as const, recebidaEm: at, contaId: input.contaId, forma: input.forma ?? sql`${receivables.forma}` };
  statements.push(
    ctx.db
      .update(t as typeof expenses)
      .set({ ...(set as object), atualizadoEm: ctx.now, atualizadoPor: actor.userId })
      .where(scope.where(t, inArray(t.id, ids), eq(t.status, "aberta"), isNull(t.excluidoEm))),
  );
  try {
    await ctx.db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    if (failed(error, "NOT NULL constraint failed: cash_movements.account_id")) {
      throw new DomainError("Conta não encontrada ou inativa. Escolha uma conta ativa.", 422, "contaId");
    }
    if (failed(error, "NOT NULL constraint failed: cash_movements.amount_cents")) {
      throw new DomainError(
        `Outra pessoa mudou ${ids.length > 1 ? "uma destas contas" : "esta conta"} agora há pouco. Nada foi alterado: confira e tente de novo.`,
        409,
      );
    }
    throw error;
  }
  return { ids, movimentoIds: movements.map((m) => m.id) };
}

async function undo(ctx: ServiceContext, actor: Actor, side: Side, id: string): Promise<{ estornoId: string }> {
  authorize(actor, side, "update");
  const spec = SIDES[side];
  if (!ID_RE.test(id)) throw new DomainError(spec.words.none, 404);
  const t = spec.table;
  const m = cashMovements;
  const scope = orgScope(ctx.db, actor.orgId);
  const link = side === "despesas" ? m.despesaId : m.recebivelId;
  const [rows, live] = await ctx.db.batch([
    ctx.db
      .select({ id: t.id, status: t.status })
      .from(t)
      .where(scope.where(t, eq(t.id, id), isNull(t.excluidoEm))),
    // The settlement's movement not yet reversed (the newest: a bill paid, undone and paid again has one live).
    ctx.db
      .select({ id: m.id, contaId: m.contaId, valorCentavos: m.valorCentavos, descricao: m.descricao, forma: m.forma, vendaId: m.vendaId })
      .from(m)
      .where(
        scope.where(
          m,
          eq(link, id),
          eq(m.tipo, spec.kind),
          isNull(m.excluidoEm),
          sql`not exists (select 1 from ${m} r where r.org_id = ${actor.orgId} and r.reversal_of = ${m.id})`,
        ),
      )
      .orderBy(sql`${m.ocorridoEm} desc`, m.id)
      .limit(1),
  ]);
  const row = rows[0];
  if (!row) throw new DomainError(spec.words.none, 404);
  const movement = live[0];
  if (row.status !== spec.done || !movement) throw new DomainError(spec.words.undone, 409);
  const descricao = `Estorno: ${movement.descricao}`.slice(0, 300);
  const estorno = {
    id: crypto.randomUUID(),
    contaId: movement.contaId,
    tipo: "estorno" as const,
    valorCentavos: -movement.valorCentavos,
    ocorridoEm: ctx.now,
    descricao,
    ordem: sortKey(descricao),
    forma: movement.forma,
    vendaId: movement.vendaId,
    [spec.link]: id,
    estornoDe: movement.id,
    criadoEm: ctx.now,
    atualizadoEm: ctx.now,
    criadoPor: actor.userId,
    atualizadoPor: actor.userId,
  };
  const reopen =
    side === "despesas"
      ? { status: "aberta" as const, pagaEm: null, contaId: null, forma: null }
      : { status: "aberta" as const, recebidaEm: null, contaId: null };
  try {
    await ctx.db.batch([
      // Any account, even one deactivated since: the estorno goes where the money went.
      movementStatement(ctx.db, scope, estorno as never, true),
      ctx.db
        .update(t as typeof expenses)
        .set({ ...(reopen as object), atualizadoEm: ctx.now, atualizadoPor: actor.userId })
        .where(scope.where(t, and(eq(t.id, id), eq(t.status, spec.done), isNull(t.excluidoEm)))),
    ]);
  } catch (error) {
    if (failed(error, "UNIQUE constraint failed: cash_movements.reversal_of")) throw new DomainError(spec.words.undone, 409);
    throw error;
  }
  return { estornoId: estorno.id };
}

/** Marks open bills paid from `contaId` on `dia` (default today): one movement each, one batch for all. */
export function markExpensesPaid(ctx: ServiceContext, actor: Actor, input: SettleInput): Promise<SettleResult> {
  return settle(ctx, actor, "despesas", input);
}

/** Marks open receivables received into `contaId` on `dia`: one movement each, one batch for all. */
export function markReceivablesReceived(ctx: ServiceContext, actor: Actor, input: SettleInput): Promise<SettleResult> {
  return settle(ctx, actor, "receitas", input);
}

/** Undoes a payment: its movement reversed (estorno) and the bill open again, in one batch. */
export function undoExpensePaid(ctx: ServiceContext, actor: Actor, id: string): Promise<{ estornoId: string }> {
  return undo(ctx, actor, "despesas", id);
}

/** Undoes a receipt: its movement reversed (estorno) and the receivable open again, in one batch. */
export function undoReceivableReceived(ctx: ServiceContext, actor: Actor, id: string): Promise<{ estornoId: string }> {
  return undo(ctx, actor, "receitas", id);
}
