import type { Route } from "./+types/expense.$id";
import { SettlePanel } from "../../components/finance/settle-panel.tsx";
import { RecordHeader, ResourceDetail } from "../../components/data/detail.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { buildDetailView } from "../../components/data/view.server.ts";
import { Toaster } from "../../components/ui/toast.tsx";
import { titleMeta } from "../../lib/title.ts";
import { settleAction, settleState } from "../../server/finance-settle.server.ts";
import { orgTimeZone } from "../../server/guards.server.ts";
import { loadRecord, screenPermissions, takeFlash, toastFor } from "../../server/resources.server.ts";
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
  const def = despesaDefinition;
  const row = await loadRecord<DespesaRow>(args, def, args.params.id);
  const permissions = screenPermissions(args, def);
  const zone = orgTimeZone(args.context, args.request);
  return {
    view: buildDetailView(def, row, {}, zone),
    permissions,
    confirm: permissions.canDelete && new URL(args.request.url).searchParams.has("excluir") ? "excluir" : null,
    settle: await settleState(args, def, row, row.pagaEm, "Paga"),
    selfHref: `${def.basePath}/${row.id}`,
    // The component reads these, not the definition: the page's client bundle stays free of zod.
    listHref: def.basePath,
    listLabel: def.labels.listTitle,
    toast: toastFor(def, takeFlash(args)),
  };
}

export async function action(args: Route.ActionArgs) {
  return settleAction(args, despesaDefinition, "despesas", {
    done: "Despesa marcada como paga.",
    undone: "Pagamento desfeito: a despesa voltou a ficar em aberto.",
  });
}

export default function Despesa({ loaderData, actionData }: Route.ComponentProps) {
  const { view, permissions, confirm, settle, selfHref } = loaderData;
  const error = actionData && "error" in actionData ? (actionData.error as string) : null;
  const toast = actionData && "toast" in actionData ? actionData.toast : loaderData.toast;
  const paid = settle.status === "paga";
  return (
    <>
      <RecordHeader
        view={view}
        listHref={loaderData.listHref}
        listLabel={loaderData.listLabel}
        canWrite={permissions.canWrite}
        canEdit={permissions.canUpdate && !paid}
        canDelete={permissions.canDelete && !paid}
        confirmingDelete={confirm === "excluir"}
        error={confirm === "excluir" ? error : null}
        deleteNote="A despesa sai da lista agora (só ela, não as próximas da repetição). Você pode desfazer logo em seguida."
      />
      <div className="mb-6">
        <SettlePanel state={{ ...settle, error: confirm === "excluir" ? null : error }} words={WORDS} selfHref={selfHref} />
      </div>
      <ResourceDetail view={view} />
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
