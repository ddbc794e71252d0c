import type { Route } from "./+types/expense.$id";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { SettleablePage } from "../../components/finance/settleable-page.tsx";
import { titleMeta } from "../../lib/title.ts";
import { settleAction, settleablePage } from "../../server/finance-settle.server.ts";
import { type DespesaRow, despesaDefinition } from "../../../shared/resources/despesas.ts";

/** A despesa's page (/contas/:id): its fields, "Marcar como paga" (account, day, method) and undoing it. */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.view.title ?? "Despesa");

const WORDS = {
  action: "Marcar como paga",
  done: "Paga",
  undo: "Desfazer pagamento",
  day: "Data do pagamento",
  account: "Conta de onde saiu",
  undoNote: "O pagamento é estornado em Movimentações (o saldo da conta volta) e a despesa volta a ficar em aberto.",
};

export async function loader(args: Route.LoaderArgs) {
  const { row: _row, ...page } = await settleablePage<DespesaRow>(args, despesaDefinition, {
    settledAt: (row) => row.pagaEm,
    doneWord: "Paga",
    // A paid bill is edited or removed once its payment is undone.
    editable: (row) => row.status !== "paga",
  });
  return page;
}

export async function action(args: Route.ActionArgs) {
  return settleAction(args, despesaDefinition, "despesas", {
    done: "Despesa marcada como paga.",
    undone: "Pagamento desfeito: a despesa voltou a ficar em aberto.",
  });
}

export default function Despesa({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SettleablePage
      data={loaderData}
      actionData={actionData}
      words={WORDS}
      deleteNote="A despesa sai da lista agora (só ela, não as próximas da repetição). Você pode desfazer logo em seguida."
    />
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
