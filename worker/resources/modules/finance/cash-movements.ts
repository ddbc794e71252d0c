import { sql } from "drizzle-orm";
import { cashMovementKeys, cashMovements } from "../../../../db/schema/index.ts";
import { type MovimentacaoInput, type MovimentacaoRow, movimentacaoDefinition } from "../../../../shared/resources/movimentacoes.ts";
import { searchKeys, sortKey } from "../../../../shared/search.ts";
import type { ResourceModule } from "../../define.ts";

const m = cashMovements;

/**
 * The ledger's rows never change what they are (ADR 069/072): the same triggers migration 0027
 * created, kept here so the registry's trigger sync keeps them. Only deleting the organização
 * (its row goes first in the cascade) takes movements away.
 */
export const CASH_MOVEMENT_TRIGGERS = [
  {
    name: "cash_movements_immutable_bu",
    sql: "CREATE TRIGGER `cash_movements_immutable_bu` BEFORE UPDATE OF `org_id`, `amount_cents`, `account_id`, `occurred_at`, `kind`, `reversal_of`, `transfer_id`, `deleted_at` ON `cash_movements`\nBEGIN\n  SELECT RAISE(ABORT, 'movimentacao_imutavel');\nEND",
  },
  {
    name: "cash_movements_immutable_bd",
    sql: "CREATE TRIGGER `cash_movements_immutable_bd` BEFORE DELETE ON `cash_movements`\n  WHEN EXISTS (SELECT 1 FROM `organizations` WHERE `id` = OLD.`org_id`)\nBEGIN\n  SELECT RAISE(ABORT, 'movimentacao_imutavel');\nEND",
  },
];

/**
 * Movimentações, server side. A person's entrada or saída is written here (the account read in
 * the statement: live, this organização's and active, else NOT NULL refuses it); transfers and
 * estornos are worker/services/finance/cash-ledger.ts. No `record_totals`: the list's total is
 * always summed from the rows (`liveTotals`), so no stored sum of the ledger exists.
 */
export const movimentacoesModule: ResourceModule<MovimentacaoRow, MovimentacaoInput> = {
  definition: movimentacaoDefinition,
  table: m,
  keys: cashMovementKeys,
  titleSql: sql`${m.descricao}`,
  extras: {
    contaNome: sql`(select a.name from finance_accounts a where a.org_id = ${m.orgId} and a.id = ${m.contaId})`,
    contaTipo: sql`(select a.kind from finance_accounts a where a.org_id = ${m.orgId} and a.id = ${m.contaId})`,
    estornadoPor: sql`(select r.id from cash_movements r where r.org_id = ${m.orgId} and r.reversal_of = ${m.id} and r.deleted_at is null)`,
  },
  values(input, info) {
    const amount = input.tipo === "saida" ? -input.valorCentavos : input.valorCentavos;
    return {
      valorCentavos: amount,
      ocorridoEm: new Date(input.ocorridoEm),
      ordem: sortKey(input.descricao),
      chavesBusca: JSON.stringify(searchKeys({ names: [input.descricao] })),
      contaId: sql`(select a.id from finance_accounts a where a.org_id = ${info.orgId} and a.id = ${input.contaId} and a.deleted_at is null and a.active = 1)`,
    };
  },
  sorts: { ocorridoEm: m.ocorridoEm, valor: m.valorCentavos },
  filters: {
    ocorridoEm: { column: m.ocorridoEm },
    conta: { column: m.contaId },
    tipo: { column: m.tipo },
    valor: { column: m.valorCentavos },
    criadoEm: { column: m.criadoEm },
    atualizadoEm: { column: m.atualizadoEm },
  },
  totals: { valor: m.valorCentavos },
  liveTotals: true,
  // An estorno reads the movement (and its transfer's other leg), then writes once.
  readFirstWrites: ["[0-9A-Za-z-]{1,64}/estorno"],
  errors: [
    {
      match: "NOT NULL constraint failed: cash_movements.account_id",
      message: "Conta não encontrada ou inativa. Escolha uma conta ativa.",
      field: "contaId",
    },
    { match: "movimentacao_imutavel", message: "Lançamentos não se editam nem se excluem: faça o estorno.", status: 409 },
  ],
  triggers: CASH_MOVEMENT_TRIGGERS,
  relations: [
    { column: m.contaId, target: "contas-financeiras", field: "contaId", message: "Conta não encontrada. Escolha uma conta cadastrada." },
  ],
  writeCondition() {
    return { where: sql`0`, message: "Lançamentos não se editam nem se excluem: para desfazer, faça o estorno." };
  },
  example: (related) => ({
    contaId: related("contas-financeiras"),
    tipo: "saida",
    valorCentavos: 4590,
    descricao: "Tarifa mensal do banco",
    forma: "boleto",
    ocorridoEm: "2026-11-20T10:00:00-03:00",
  }),
};
