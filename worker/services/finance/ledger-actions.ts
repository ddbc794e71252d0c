import { eq, isNull } from "drizzle-orm";
import { financeAccounts } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { balancePeriodSchema, reversalSchema, transferSchema } from "../../../shared/finance/ledger-forms.ts";
import { isId } from "../../../shared/id.ts";
import { authorize } from "../../auth/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { type AccountBalance, accountBalances, type MovementOrigin, reverseMovement, transfer } from "./cash-ledger.ts";

/**
 * What a person does on /movimentacoes besides a plain entrada or saída (ADR 072): transfer
 * between accounts, undo a manual movement with an estorno, read balances per period. Each
 * checks the permission table first; the ledger (cash-ledger.ts) does the writing.
 */

const LEDGER = "movimentacoes";

/** The first problem of a body, in pt-BR (an unknown field is named: nothing is silently dropped). */
export function parsed<T>(
  result:
    | { success: true; data: T }
    | { success: false; error: { issues: { code?: string; message: string; path: PropertyKey[]; keys?: string[] }[] } },
): T {
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === "unrecognized_keys") throw new DomainError(`Campo não reconhecido: ${(issue.keys ?? []).join(", ")}.`, 400);
  throw new DomainError(issue?.message ?? "Dados inválidos.", 422, issue?.path.map(String).join(".") || undefined);
}

export async function transferBetweenAccounts(ctx: ServiceContext, actor: Actor, body: unknown): Promise<{ ids: [string, string] }> {
  authorize(actor, LEDGER, "create");
  const input = parsed(transferSchema.safeParse(body));
  return transfer(ctx, actor, { ...input, ocorridoEm: new Date(input.ocorridoEm) });
}

/**
 * Undoes a movement a person recorded (an entrada, saída, opening balance or transfer) with an
 * estorno. One a sale, a bill or a receivable wrote is undone there (cancel the sale, undo the
 * payment), so the two never disagree.
 */
export async function reverseManualMovement(ctx: ServiceContext, actor: Actor, id: string, body: unknown): Promise<{ ids: string[] }> {
  authorize(actor, LEDGER, "create");
  if (!isId(id)) throw new DomainError("Movimentação não encontrada.", 404);
  const { motivo } = parsed(reversalSchema.safeParse(body ?? {}));
  return reverseMovement(ctx, actor, id, motivo, originRefusal);
}

/** Why a movement is undone at its origin instead (null: a manual one). */
export function originRefusal(row: MovementOrigin): string | null {
  if (row.vendaId) return "Este lançamento é de uma venda: para desfazê-lo, cancele a venda.";
  if (row.despesaId) return "Este lançamento é o pagamento de uma despesa: desfaça o pagamento na despesa.";
  if (row.recebivelId) return "Este lançamento é o recebimento de uma receita: desfaça o recebimento na receita.";
  if (row.comissaoId) return "Este lançamento é o pagamento de uma comissão: desfaça-o na comissão.";
  return null;
}

/** Each account's opening, money in and out per day, and closing over a period — from the ledger only. */
export async function periodBalances(ctx: ServiceContext, actor: Actor, query: unknown): Promise<AccountBalance[]> {
  authorize(actor, LEDGER, "read");
  const { de, ate, conta } = parsed(balancePeriodSchema.safeParse(query));
  return accountBalances(ctx, actor, { from: de, to: ate, ...(conta ? { contaIds: [conta] } : {}) });
}

/** The organização's active accounts, for the forms that choose one (the sort order of the list). */
export async function activeAccounts(ctx: ServiceContext, actor: Actor): Promise<{ id: string; nome: string; tipo: string }[]> {
  authorize(actor, "contas-financeiras", "read");
  const a = financeAccounts;
  return ctx.db
    .select({ id: a.id, nome: a.nome, tipo: a.tipo })
    .from(a)
    .where(orgScope(ctx.db, actor.orgId).where(a, eq(a.ativo, true), isNull(a.excluidoEm)))
    .orderBy(a.ordem, a.id);
}
