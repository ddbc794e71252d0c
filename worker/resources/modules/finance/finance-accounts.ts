import { sql } from "drizzle-orm";
import { financeAccountKeys, financeAccounts } from "../../../../db/schema/index.ts";
import {
  type ContaFinanceiraInput,
  type ContaFinanceiraRow,
  contaFinanceiraDefinition,
} from "../../../../shared/resources/contas-financeiras.ts";
import { searchKeys, sortKey } from "../../../../shared/search.ts";
import type { ResourceModule } from "../../define.ts";

const a = financeAccounts;

/**
 * Contas financeiras, server side. The balance is an extra summed from the ledger with the row
 * (never a column); the opening balance typed on create becomes a `saldo_inicial` movement in the
 * same batch. An account with movements is never removed (deactivate it): the ledger points at it.
 */
export const contasFinanceirasModule: ResourceModule<ContaFinanceiraRow, ContaFinanceiraInput> = {
  definition: contaFinanceiraDefinition,
  table: a,
  keys: financeAccountKeys,
  titleSql: sql`${a.nome}`,
  extras: {
    saldoCentavos: sql`(select coalesce(sum(m.amount_cents), 0) from cash_movements m where m.org_id = ${a.orgId} and m.account_id = ${a.id} and m.deleted_at is null)`,
  },
  values(input) {
    return {
      ordem: sortKey(input.nome),
      chavesBusca: JSON.stringify(searchKeys({ names: [input.nome] })),
      saldoInicialCentavos: undefined,
    };
  },
  filters: {
    tipo: { column: a.tipo },
    criadoEm: { column: a.criadoEm },
    atualizadoEm: { column: a.atualizadoEm },
  },
  errors: [
    {
      match: "UNIQUE constraint failed: finance_accounts.org_id, finance_accounts.sort_name",
      message: "Já existe uma conta com este nome.",
      field: "nome",
      status: 409,
    },
  ],
  writeCondition(_actor, action) {
    if (action !== "delete") return undefined;
    return {
      where: sql`not exists (select 1 from cash_movements m where m.org_id = ${a.orgId} and m.account_id = ${a.id})`,
      message: "Esta conta tem lançamentos e não pode ser excluída: desative-a.",
    };
  },
  // The opening balance is a saldo_inicial movement of the ledger (ADR 072).
  alsoWrites: ["movimentacoes"],
  alsoOnWrite(ctx, actor, id, input, written, info) {
    const opening = input.saldoInicialCentavos;
    if (info.mode !== "create" || !opening) return [];
    const ms = info.now.getTime();
    const descricao = "Saldo inicial";
    return [
      ctx.db.run(sql`insert into cash_movements (id, org_id, account_id, kind, amount_cents, occurred_at, description, sort_name, search_keys,
          created_at, updated_at, created_by, updated_by)
        select ${crypto.randomUUID()}, ${info.orgId}, ${id}, 'saldo_inicial', ${opening}, ${ms}, ${descricao}, ${sortKey(descricao)},
          ${JSON.stringify(searchKeys({ names: [descricao] }))}, ${ms}, ${ms}, ${actor.userId}, ${actor.userId}
        where ${written}`),
    ];
  },
  example: (_related, unique) => ({
    nome: `Banco Inter${unique ? ` ${unique}` : ""}`,
    tipo: "banco",
    ativo: true,
    // No opening balance: the generic harnesses delete their sample (an account with entries
    // cannot go); the opening balance has its own tests (tests/api/finance/settle.test.ts).
    observacoes: "Conta PJ, agência 0001.",
  }),
};
