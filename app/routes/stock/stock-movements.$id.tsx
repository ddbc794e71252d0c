import type { Route } from "./+types/stock-movements.$id";
import { RecordHeader, ResourceDetail } from "../../components/data/detail.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { buildDetailView } from "../../components/data/view.server.ts";
import { Toaster } from "../../components/ui/toast.tsx";
import { formatBRL, formatDateTime } from "../../../shared/format.ts";
import {
  formatSignedQuantity,
  type MovimentacaoProdutoRow,
  movimentacaoProdutoDefinition,
} from "../../../shared/resources/movimentacoes-produtos.ts";
import { titleMeta } from "../../lib/title.ts";
import { deleteOne, guard, loadRecord, screenPermissions, takeFlash, toastFor } from "../../server/resources.server.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.view.title ?? "Movimentação");

export async function loader(args: Route.LoaderArgs) {
  const row = await loadRecord<MovimentacaoProdutoRow>(args, movimentacaoProdutoDefinition, args.params.id);
  const permissions = screenPermissions(args, movimentacaoProdutoDefinition);
  const confirm = permissions.canDelete && new URL(args.request.url).searchParams.has("excluir") ? "excluir" : null;
  const view = buildDetailView(movimentacaoProdutoDefinition, row, {
    produtoId: row.produtoNome
      ? { kind: "link", text: `${row.produtoNome} (${row.produtoSku})`, href: `/produtos/${row.produtoId}` }
      : { kind: "text", text: "Produto excluído" },
    quantidade: { kind: "text", text: formatSignedQuantity(row.quantidade, row.produtoUnidade), numeric: true },
    custoUnitarioCentavos: { kind: "text", text: formatBRL(row.custoUnitarioCentavos ?? 0), numeric: true },
    ocorridoEm: { kind: "text", text: formatDateTime(row.ocorridoEm) },
  });
  return {
    view,
    permissions,
    confirm,
    valor: formatBRL(row.valorCentavos),
    toast: toastFor(movimentacaoProdutoDefinition, takeFlash(args)),
  };
}

export async function action(args: Route.ActionArgs) {
  // Deleting a ledger entry is a manager's correction: refused before the form is read.
  guard(args, movimentacaoProdutoDefinition, "delete");
  const form = await readForm(args.request);
  if (form.get("intent") === "excluir") return deleteOne(args, movimentacaoProdutoDefinition, args.params.id);
  return unknownIntent();
}

export default function Movimentacao({ loaderData, actionData }: Route.ComponentProps) {
  const { view, permissions, confirm, valor, toast } = loaderData;
  return (
    <>
      <RecordHeader
        view={view}
        listHref="/movimentacao-produtos"
        listLabel="Movimentações de produtos"
        canWrite={permissions.canWrite}
        canEdit={false}
        canDelete={permissions.canDelete}
        confirmingDelete={confirm === "excluir"}
        error={actionData && "error" in actionData ? actionData.error : null}
        deleteNote="A movimentação sai do razão e o estoque do produto volta ao que era sem ela. Você pode desfazer logo em seguida."
      />
      <p className="mb-4 text-sm text-fg-soft">
        Valor da movimentação: <strong className="tabular-nums text-fg">{valor}</strong>. Movimentações não se editam: para corrigir,
        registre um ajuste.
      </p>
      <ResourceDetail view={view} />
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
