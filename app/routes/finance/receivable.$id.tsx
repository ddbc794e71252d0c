import type { Route } from "./+types/receivable.$id";
import { SettlePanel } from "../../components/finance/settle-panel.tsx";
import { RecordHeader, ResourceDetail } from "../../components/data/detail.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { buildDetailView } from "../../components/data/view.server.ts";
import { Toaster } from "../../components/ui/toast.tsx";
import { titleMeta } from "../../lib/title.ts";
import { settleAction, settleState } from "../../server/finance-settle.server.ts";
import { orgTimeZone } from "../../server/guards.server.ts";
import { loadRecord, screenPermissions, takeFlash, toastFor } from "../../server/resources.server.ts";
import { type ReceitaRow, receitaDefinition } from "../../../shared/resources/receitas.ts";

/** A despesa's page (/receitas/:id): its fields, "Marcar como recebida" (account, day, method) and undoing it. */
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
  const def = receitaDefinition;
  const row = await loadRecord<ReceitaRow>(args, def, args.params.id);
  const permissions = screenPermissions(args, def);
  const zone = orgTimeZone(args.context, args.request);
  return {
    view: buildDetailView(def, row, {}, zone),
    permissions,
    confirm: permissions.canDelete && new URL(args.request.url).searchParams.has("excluir") ? "excluir" : null,
    settle: await settleState(args, def, row, row.recebidaEm, "Recebida"),
    selfHref: `${def.basePath}/${row.id}`,
    // The component reads these, not the definition: the page's client bundle stays free of zod.
    listHref: def.basePath,
    listLabel: def.labels.listTitle,
    // A sale's installment changes with the sale (cancel it there).
    fromSale: row.vendaId !== null,
    toast: toastFor(def, takeFlash(args)),
  };
}

export async function action(args: Route.ActionArgs) {
  return settleAction(args, receitaDefinition, "receitas", {
    done: "Receita marcada como recebida.",
    undone: "Recebimento desfeito: a receita voltou a ficar em aberto.",
  });
}

export default function Receita({ loaderData, actionData }: Route.ComponentProps) {
  const { view, permissions, confirm, settle, selfHref } = loaderData;
  const error = actionData && "error" in actionData ? (actionData.error as string) : null;
  const toast = actionData && "toast" in actionData ? actionData.toast : loaderData.toast;
  const paid = settle.status !== "aberta";
  return (
    <>
      <RecordHeader
        view={view}
        listHref={loaderData.listHref}
        listLabel={loaderData.listLabel}
        canWrite={permissions.canWrite}
        canEdit={permissions.canUpdate && !paid && !loaderData.fromSale}
        canDelete={permissions.canDelete && !paid && !loaderData.fromSale}
        confirmingDelete={confirm === "excluir"}
        error={confirm === "excluir" ? error : null}
        deleteNote="A receita sai da lista agora. Você pode desfazer logo em seguida."
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
