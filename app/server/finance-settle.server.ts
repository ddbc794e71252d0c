import { data } from "react-router";
import type { RouterContextProvider } from "react-router";
import { isOverdue, formatLocalDay } from "../../shared/finance/local-day.ts";
import { settleSchema } from "../../shared/finance/settle-rules.ts";
import { formatDate } from "../../shared/format.ts";
import { PAYMENT_METHOD } from "../../shared/money/payment-method.ts";
import { dayIn } from "../../shared/time-zone.ts";
import { DomainError } from "../../worker/services/context.ts";
import { activeAccounts } from "../../worker/services/finance/ledger-actions.ts";
import {
  markExpensesPaid,
  markReceivablesReceived,
  undoExpensePaid,
  undoReceivableReceived,
} from "../../worker/services/finance/settle.ts";
import type { SettleState } from "../components/finance/settle-panel.tsx";
import type { SettleablePageData } from "../components/finance/settleable-page.tsx";
import { buildDetailView } from "../components/data/view.server.ts";
import { readForm, unknownIntent } from "./forms.server.ts";
import { orgTimeZone } from "./guards.server.ts";
import { type AnyDefinition, deleteOne, guard, loadRecord, screenPermissions, takeFlash, toastFor } from "./resources.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: { id?: string } };

/** A bill or receivable as the settle panel reads it. */
interface Settleable {
  id: string;
  status: string;
  vencimento: string;
  contaId: string | null;
  contaNome: string | null;
  forma: string | null;
}

/** The panel's state for a despesa (`pagaEm`) or receita (`recebidaEm`). */
export async function settleState(
  args: Args,
  def: AnyDefinition,
  row: Settleable,
  settledAt: string | null,
  doneWord: string,
): Promise<SettleState> {
  const { ctx, actor } = guard(args, def, "read");
  const zone = orgTimeZone(args.context, args.request);
  const today = dayIn(new Date(), zone);
  const canSettle = screenPermissions(args, def).canUpdate;
  const accounts = canSettle && row.status === "aberta" ? await activeAccounts(ctx, actor) : [];
  const url = new URL(args.request.url);
  return {
    status: row.status,
    overdue: isOverdue(row, today),
    dueText: formatLocalDay(row.vencimento),
    settledText: settledAt
      ? [`${doneWord} em ${formatDate(settledAt, zone)}`, row.contaNome ?? "", PAYMENT_METHOD.label(row.forma)].filter(Boolean).join(" · ")
      : null,
    today,
    accounts,
    defaultAccount: row.contaId ?? accounts[0]?.id ?? null,
    confirmingUndo: url.searchParams.has("desfazer"),
    canSettle,
    error: null,
  };
}

/**
 * A despesa's or receita's page (`SettleablePage`): the record (404 for another organização's),
 * its fields, the settle panel's state and whether it may still be edited or deleted.
 */
export async function settleablePage<Row extends Settleable>(
  args: Args,
  def: AnyDefinition,
  how: { settledAt: (row: Row) => string | null; doneWord: string; editable: (row: Row) => boolean },
): Promise<SettleablePageData & { row: Row }> {
  const row = await loadRecord<Row>(args, def, args.params.id);
  const permissions = screenPermissions(args, def);
  const zone = orgTimeZone(args.context, args.request);
  return {
    row,
    view: buildDetailView(def, row as never, {}, zone),
    permissions,
    confirm: permissions.canDelete && new URL(args.request.url).searchParams.has("excluir") ? "excluir" : null,
    settle: await settleState(args, def, row, how.settledAt(row), how.doneWord),
    selfHref: `${def.basePath}/${row.id}`,
    // The component reads these, not the definition: the page's client bundle stays free of zod.
    listHref: def.basePath,
    listLabel: def.labels.listTitle,
    editable: how.editable(row),
    toast: toastFor(def, takeFlash(args)),
  };
}

/** The record page's actions: settle (the panel's form), undo (after the confirmation), delete. */
export async function settleAction(
  args: Args,
  def: AnyDefinition,
  side: "despesas" | "receitas",
  messages: { done: string; undone: string },
) {
  const form = await readForm(args.request);
  const intent = form.get("intent");
  const id = args.params.id ?? "";
  if (intent === "excluir") {
    guard(args, def, "delete");
    return deleteOne(args, def, id);
  }
  const { ctx, actor } = guard(args, def, "update");
  try {
    if (intent === "liquidar") {
      const parsed = settleSchema.safeParse({
        ids: [id],
        contaId: String(form.get("contaId") ?? ""),
        ...(form.get("dia") ? { dia: String(form.get("dia")) } : {}),
        ...(form.get("forma") ? { forma: String(form.get("forma")) } : {}),
      });
      if (!parsed.success) return data({ error: parsed.error.issues[0]?.message ?? "Dados inválidos." }, { status: 422 });
      await (side === "despesas" ? markExpensesPaid : markReceivablesReceived)(ctx, actor, parsed.data);
      return { toast: { id: crypto.randomUUID(), message: messages.done } };
    }
    if (intent === "desfazer") {
      await (side === "despesas" ? undoExpensePaid : undoReceivableReceived)(ctx, actor, id);
      return { toast: { id: crypto.randomUUID(), message: messages.undone } };
    }
  } catch (error) {
    if (error instanceof DomainError && error.status !== 403 && error.status !== 404)
      return data({ error: error.message }, { status: error.status });
    if (error instanceof DomainError) throw data(error.message, { status: error.status });
    throw error;
  }
  return unknownIntent();
}
