import { z } from "zod";
import { FINANCE_ACCOUNT_KIND, type FinanceAccountKind } from "../finance/enums.ts";
import { MAX_MOVEMENT_CENTAVOS } from "../finance/movement-rules.ts";
import { formatBRL } from "../format.ts";
import { FINANCE } from "../permissions.ts";
import { checkbox, optional, optionalString, requiredString } from "../validation.ts";
import { moneyCentavos } from "../validation.ts";
import { auditColumns } from "./address.ts";
import { moneyColumn } from "./columns.ts";
import { requiredOption, unflatten } from "./schema-helpers.ts";
import type { ColumnDef, FieldDef, ResourceDefinition } from "./types.ts";

/**
 * Contas financeiras (ADR 072): where money sits — caixa, banco, cartão a receber… No balance is
 * stored: `saldoCentavos` is the ledger's sum, read with the row. The opening balance typed when
 * creating one becomes a "saldo inicial" movement. Client-safe.
 */

export interface ContaFinanceiraRow {
  id: string;
  nome: string;
  tipo: FinanceAccountKind;
  ativo: boolean;
  observacoes: string | null;
  /** Σ of the account's movements (the ledger), centavos. */
  saldoCentavos: number;
  criadoEm: string;
  atualizadoEm: string;
  criadoPor: string | null;
  criadoPorNome: string | null;
  atualizadoPor: string | null;
  atualizadoPorNome: string | null;
}

/** Signed: an overdrawn bank account opens negative. "-1.234,56" is typed as such. */
const openingBalance = optional(moneyCentavos("Saldo inicial", { min: -MAX_MOVEMENT_CENTAVOS, max: MAX_MOVEMENT_CENTAVOS }));

export const contaFinanceiraSchema = z.preprocess(
  unflatten,
  z.object({
    nome: requiredString("Nome", { max: 60 }),
    tipo: requiredOption("Tipo", FINANCE_ACCOUNT_KIND),
    ativo: checkbox({ absent: true }),
    saldoInicialCentavos: openingBalance,
    observacoes: optionalString("Observações", { max: 500, multiline: true }),
  }),
);

export type ContaFinanceiraInput = z.output<typeof contaFinanceiraSchema>;

export const contaFinanceiraColumns: readonly ColumnDef<ContaFinanceiraRow>[] = [
  { key: "nome", label: "Nome", text: (r) => r.nome, sort: "text", defaultVisible: true },
  {
    key: "tipo",
    label: "Tipo",
    text: (r) => FINANCE_ACCOUNT_KIND.label(r.tipo),
    cell: { kind: "badge", tone: (r) => FINANCE_ACCOUNT_KIND.tone(r.tipo) },
    filter: { type: "multi-enum", options: FINANCE_ACCOUNT_KIND.options },
    defaultVisible: true,
  },
  moneyColumn<ContaFinanceiraRow>("saldo", "Saldo atual", (r) => r.saldoCentavos),
  {
    key: "ativo",
    label: "Ativa",
    text: (r) => (r.ativo ? "Sim" : "Não"),
    defaultVisible: true,
  },
  ...auditColumns<ContaFinanceiraRow>(true),
];

export const contaFinanceiraFields: readonly FieldDef[] = [
  { name: "nome", label: "Nome", kind: "text", required: true, section: "Conta", hint: "Ex.: Caixa da loja, Banco do Brasil, Stone." },
  { name: "tipo", label: "Tipo", kind: "select", required: true, options: FINANCE_ACCOUNT_KIND.options, section: "Conta" },
  {
    name: "saldoInicialCentavos",
    label: "Saldo inicial",
    kind: "money",
    section: "Conta",
    hint: "Só ao criar: quanto já havia na conta (vira um lançamento de saldo inicial em Movimentações).",
  },
  { name: "ativo", label: "Conta ativa (recebe lançamentos)", kind: "checkbox", section: "Conta" },
  { name: "observacoes", label: "Observações", kind: "textarea", section: "Observações" },
];

export const contaFinanceiraDefinition: ResourceDefinition<ContaFinanceiraRow, ContaFinanceiraInput> = {
  name: "contas-financeiras",
  basePath: "/movimentacoes/contas",
  api: "contas-financeiras",
  access: FINANCE,
  labels: {
    singular: "conta",
    plural: "contas",
    listTitle: "Contas financeiras",
    newTitle: "Nova Conta",
    editTitle: "Editar Conta",
    newButton: "Nova conta",
    empty: "Nenhuma conta financeira.",
    emptyHint: "Cadastre o caixa, o banco e a maquininha para acompanhar o saldo de cada um.",
    searchPlaceholder: "Buscar conta",
    deleted: "Conta excluída.",
    restored: "Conta restaurada.",
  },
  columns: contaFinanceiraColumns,
  fields: contaFinanceiraFields,
  schema: contaFinanceiraSchema,
  defaultSort: { key: "nome", dir: "asc" },
  pageSize: 25,
  subtitle: (row) =>
    [FINANCE_ACCOUNT_KIND.label(row.tipo), `Saldo ${formatBRL(row.saldoCentavos)}`, row.ativo ? "" : "Inativa"].filter(Boolean).join(" · "),
  title: (row) => row.nome,
  screens: {
    plain: ["list", "create", "edit", "detail", "export"],
    listDescription: "Onde o dinheiro do negócio fica: caixa, banco, cartão a receber. O saldo é a soma das movimentações.",
    newDescription: "Uma conta nova (outro banco, uma carteira digital). O saldo inicial vira um lançamento.",
    submitLabel: "Salvar conta",
    formId: "form-conta-financeira",
    newValues: { tipo: "banco", ativo: true },
    detail: {
      note: (row) => ["Saldo atual: ", { figure: formatBRL(row.saldoCentavos) }, ". Uma conta com lançamentos não se exclui: desative-a."],
      deleteNote: "Só contas sem lançamentos podem ser excluídas; as demais, desative.",
    },
  },
  nav: { group: "Financeiro", order: 50 },
};
