import { type SQL, sql } from "drizzle-orm";
import { expenseKeys, expenses } from "../../../../db/schema/index.ts";
import { type DespesaInput, type DespesaRow, despesaDefinition } from "../../../../shared/resources/despesas.ts";
import { DEFAULT_TIME_ZONE, dayIn } from "../../../../shared/time-zone.ts";
import { newSeriesStatements } from "../../../services/finance/recurring-expenses.ts";
import { markExpensesPaid } from "../../../services/finance/settle.ts";
import type { ResourceModule } from "../../define.ts";
import { billListParts, billSearchValues } from "./bill-parts.ts";
import { settleBulk } from "./settle-bulk.ts";

const t = expenses;

/** Despesas, server side. Paying is worker/services/finance/settle.ts (the movement and the status in one batch). */
export const despesasModule: ResourceModule<DespesaRow, DespesaInput> = {
  definition: despesaDefinition,
  table: t,
  keys: expenseKeys,
  titleSql: sql`${t.descricao}`,
  extras: {
    fornecedorNome: sql`(select coalesce(nullif(c.trade_name, ''), c.legal_name) from companies c where c.org_id = ${t.orgId} and c.id = ${t.fornecedorId} and c.deleted_at is null)`,
    contaNome: sql`(select a.name from finance_accounts a where a.org_id = ${t.orgId} and a.id = ${t.contaId})`,
  },
  values(input) {
    return {
      ...billSearchValues(input),
      recorrencia: input.recorrencia ?? "nenhuma",
      // The recurrence's end only means something with a recurrence (the schema refuses the rest).
      recorrenciaFim: (input.recorrencia ?? "nenhuma") === "nenhuma" ? null : (input.recorrenciaFim ?? null),
      // Paying is its own action: a save never touches status, paid_at, account or method.
      status: undefined,
      pagaEm: undefined,
      contaId: undefined,
      forma: undefined,
      serieId: undefined,
    };
  },
  ...billListParts(
    t,
    { due: "expenses_org_vencimento_idx", overdue: "expenses_org_status_due_idx" },
    { pagar: settleBulk(markExpensesPaid) },
    {
      fornecedor: { column: t.fornecedorId },
    },
  ),
  // Marking paid reads the bills, then writes once; undoing reads the payment, then writes once.
  readFirstWrites: ["pagar", "[0-9A-Za-z-]{1,64}/desfazer-pagamento"],
  relations: [
    {
      column: t.fornecedorId,
      target: "companies",
      field: "fornecedorId",
      message: "Fornecedor não encontrado. Escolha uma empresa cadastrada.",
    },
  ],
  writeCondition(_actor, action) {
    return {
      where: sql`${t.status} <> 'paga'`,
      message:
        action === "update"
          ? "Esta despesa já foi paga: desfaça o pagamento para editá-la."
          : "Esta despesa já foi paga: desfaça o pagamento antes de excluí-la.",
    };
  },
  alsoOnWrite(ctx, actor, id, input, written: SQL, info) {
    if (info.mode !== "create") return [];
    const today = dayIn(info.now, actor.timeZone ?? DEFAULT_TIME_ZONE);
    return newSeriesStatements(ctx.db, info.orgId, id, { ...input, recorrencia: input.recorrencia ?? "nenhuma" }, today, info.now, written);
  },
  example: (related) => ({
    descricao: "Aluguel da loja",
    categoria: "Aluguel e condomínio",
    fornecedorId: related("companies"),
    valorCentavos: 350000,
    vencimento: "2026-12-05",
    recorrencia: "mensal",
    recorrenciaFim: "2027-11-05",
    observacoes: "Boleto enviado pela imobiliária.",
  }),
};
