import type { Route } from "./+types/receivable.$id";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { SettleablePage } from "../../components/finance/settleable-page.tsx";
import { titleMeta } from "../../lib/title.ts";
import { settleAction, settleablePage } from "../../server/finance-settle.server.ts";
import { type ReceitaRow, receitaDefinition } from "../../../shared/resources/receitas.ts";

/** A receita's page (/receitas/:id): its fields, "Marcar como recebida" (account, day, method) and undoing it. */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.view.title ?? "Receita");

const WORDS = {
  action: "Marcar como recebida",
  done: "Recebida",
  undo: "Desfazer recebimento",
  day: "Data do recebimento",
  account: "Conta onde entrou",
  undoNote: "O recebimento é estornado em Movimentações (o saldo da conta volta) e a receita volta a ficar em aberto.",
};

export async function loader(args: Route.LoaderArgs) {
  const { row: _row, ...page } = await settleablePage<ReceitaRow>(args, receitaDefinition, {
    settledAt: (row) => row.recebidaEm,
    doneWord: "Recebida",
    // A sale's installment changes with the sale (cancel it there); a received one once undone.
    editable: (row) => row.status === "aberta" && row.vendaId === null,
  });
  return page;
}

export async function action(args: Route.ActionArgs) {
  return settleAction(args, receitaDefinition, "receitas", {
    done: "Receita marcada como recebida.",
    undone: "Recebimento desfeito: a receita voltou a ficar em aberto.",
  });
}

export default function Receita({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SettleablePage
      data={loaderData}
      actionData={actionData}
      words={WORDS}
      deleteNote="A receita sai da lista agora. Você pode desfazer logo em seguida."
    />
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
