import type { Route } from "./+types/expense.$id";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { DocumentsSection, documentsOf } from "../../components/documents/documents-section.tsx";
import { SettleablePage } from "../../components/finance/settleable-page.tsx";
import { titleMeta } from "../../lib/title.ts";
import { settleAction, settleablePage } from "../../server/finance-settle.server.ts";
import { guard } from "../../server/resources.server.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { linkedDocuments } from "../../../worker/services/documents/linked-documents.ts";
import { type DespesaRow, despesaDefinition } from "../../../shared/resources/despesas.ts";

/**
 * A despesa's page (/contas/:id): its fields, "Marcar como paga" (account, day, method) and
 * undoing it, and its documents (the boleto, the nota, the comprovante: attached, listed, opened
 * to preview and download) for the roles that read them.
 */
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
  const { ctx, actor } = guard(args, despesaDefinition, "read");
  // Side by side: the bill (404 for another organização's) and its documents (null: the role reads none).
  const [{ row, ...page }, documents] = await Promise.all([
    settleablePage<DespesaRow>(args, despesaDefinition, {
      settledAt: (row) => row.pagaEm,
      doneWord: "Paga",
      // A paid bill is edited or removed once its payment is undone.
      editable: (row) => row.status !== "paga",
    }),
    linkedDocuments(ctx, actor, "despesaId", args.params.id),
  ]);
  return {
    ...page,
    documents,
    canSendDocuments: can(actor.role, "documentos", "create"),
    documentsLabel: `Despesa: ${row.descricao}`,
  };
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
    >
      {loaderData.documents ? (
        <div className="mt-6">
          <DocumentsSection
            preset={{ field: "despesaId", id: loaderData.view.id, label: loaderData.documentsLabel, tipo: "comprovante" }}
            listHref={documentsOf("despesa", loaderData.view.id)}
            canCreate={loaderData.canSendDocuments}
            documents={loaderData.documents}
          />
        </div>
      ) : null}
    </SettleablePage>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
