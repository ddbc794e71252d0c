import { sql } from "drizzle-orm";
import { receivableKeys, receivables } from "../../../../db/schema/index.ts";
import { type ReceitaInput, type ReceitaRow, receitaDefinition } from "../../../../shared/resources/receitas.ts";
import { markReceivablesReceived } from "../../../services/finance/settle.ts";
import type { ResourceModule } from "../../define.ts";
import { billListParts, billSearchValues } from "./bill-parts.ts";
import { settleBulk } from "./settle-bulk.ts";

const t = receivables;

/**
 * Receitas, server side. A sale's installments are the sale's (ADR 071): they are neither edited
 * nor removed here (cancel the sale); receiving is worker/services/finance/settle.ts.
 */
export const receitasModule: ResourceModule<ReceitaRow, ReceitaInput> = {
  definition: receitaDefinition,
  table: t,
  keys: receivableKeys,
  titleSql: sql`${t.descricao}`,
  extras: {
    clienteNome: sql`(select c.name from clients c where c.org_id = ${t.orgId} and c.id = ${t.clienteId} and c.deleted_at is null)`,
    vendaNumero: sql`(select s.number from sales s where s.org_id = ${t.orgId} and s.id = ${t.vendaId})`,
    contaNome: sql`(select a.name from finance_accounts a where a.org_id = ${t.orgId} and a.id = ${t.contaId})`,
  },
  values(input) {
    return {
      ...billSearchValues(input),
      status: undefined,
      recebidaEm: undefined,
      contaId: undefined,
    };
  },
  ...billListParts(
    t,
    { due: "receivables_org_vencimento_idx", overdue: "receivables_org_status_due_idx" },
    { receber: settleBulk(markReceivablesReceived) },
    { cliente: { column: t.clienteId } },
  ),
  readFirstWrites: ["receber", "[0-9A-Za-z-]{1,64}/desfazer-recebimento"],
  relations: [
    { column: t.clienteId, target: "clients", field: "clienteId", message: "Cliente não encontrado. Escolha um cliente cadastrado." },
  ],
  writeCondition(_actor, action) {
    return {
      where: sql`${t.status} = 'aberta' and ${t.vendaId} is null`,
      message:
        action === "update"
          ? "Esta receita não pode ser editada: parcelas de venda mudam pela venda, e uma receita recebida precisa ter o recebimento desfeito antes."
          : "Esta receita não pode ser excluída: parcelas de venda saem cancelando a venda, e uma receita recebida precisa ter o recebimento desfeito antes.",
    };
  },
  example: (related) => ({
    descricao: "Aluguel da sala comercial — dezembro",
    clienteId: related("clients"),
    categoria: "Aluguel recebido",
    valorCentavos: 180000,
    vencimento: "2026-12-10",
    forma: "pix",
    observacoes: "Inquilino paga por Pix até o dia 10.",
  }),
};
