import { data, Link, useActionData } from "react-router";
import type { Route } from "./+types/clients.$id";
import { ConfirmPanel, RecordHeader, ResourceDetail } from "../../components/data/detail.tsx";
import { ClientTimeline, type TimelineEntryView, TimelineSummary } from "../../components/customers/client-timeline.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { dangerGhostClass } from "../../components/data/styles.ts";
import { buildDetailView } from "../../components/data/view.server.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Toaster } from "../../components/ui/toast.tsx";
import { formatDateTime } from "../../../shared/format.ts";
import { titleMeta } from "../../lib/title.ts";
import { clientDefinition } from "../../../shared/resources/clients.ts";
import { deleteOne, eraseOne, erasureNeedsPassword, guard, screenPermissions, takeFlash, toastFor } from "../../server/resources.server.ts";
import { REAUTH_HINT, ReauthField } from "../../components/account/reauth-field.tsx";
import { readForm, unknownIntent, keepRetryAfter } from "../../server/forms.server.ts";
import { requireOrg } from "../../server/guards.server.ts";
import { loadClientTimeline } from "../../../worker/services/customers/timeline.ts";
import { answerLeadMatch } from "../../server/customers/lead-match.server.ts";
import { isId } from "../../../shared/id.ts";
import { can, mayActOn, permissionsFor, reachFor } from "../../../worker/auth/permissions.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { DocumentsSection, documentsOf } from "../../components/documents/documents-section.tsx";

export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.view.title ?? "Cliente");

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, clientDefinition, "read");
  // One round trip: the client and every timeline source (interests, visits, imóveis, leads…) in one batch.
  const found = isId(args.params.id) ? await loadClientTimeline(ctx, actor, args.params.id) : null;
  if (!found) throw data("Cliente não encontrado.", { status: 404 });
  const { row, events, counts } = found;
  const permissions = screenPermissions(args, clientDefinition);
  const url = new URL(args.request.url);
  const confirm =
    permissions.canDelete && url.searchParams.has("excluir")
      ? "excluir"
      : permissions.canManage && url.searchParams.has("apagar")
        ? "apagar"
        : null;
  const view = buildDetailView(
    clientDefinition,
    row,
    {
      empresaId: row.empresaId
        ? { kind: "link", text: row.empresaNome ?? "Empresa", href: `/companies/${row.empresaId}` }
        : { kind: "empty" },
    },
    timeZoneOf(actor.timeZone),
  );
  const timeline: TimelineEntryView[] = events.map((e) => ({
    id: e.id,
    at: e.at,
    when: formatDateTime(e.at, timeZoneOf(actor.timeZone)),
    title: e.title,
    description: [e.description, e.by ? `Por ${e.by}.` : null].filter(Boolean).join(" ") || null,
    href: e.href,
    badge: e.badge ?? null,
    match: e.match ?? null,
  }));
  // Erasing needs a recent password: the dialog asks for it when the last one is too old.
  const reauth = confirm === "apagar" && erasureNeedsPassword(args);
  // "+ Novo interesse" for who may open one (the interest form preselects this client).
  const canAddInterest = can(actor.role, "interesses", "create");
  // A corretor edits only the clients they registered; deciding a lead's match moves it between any two clients.
  const canEdit = mayActOn(actor, clientDefinition.name, "update", row as unknown as Record<string, unknown>);
  const canDecide = reachFor(actor, clientDefinition.name, "update") === "any";
  // Documentos (ADR 074): the upload with this client preselected, for the roles the table lets in.
  const documents = permissionsFor(actor.role, "documentos");
  return {
    view,
    documents: { canRead: documents.canRead, canCreate: documents.canCreate },
    timeline,
    counts,
    canAddInterest,
    canEdit,
    canDecide,
    permissions,
    confirm,
    reauth,
    toast: toastFor(clientDefinition, takeFlash(args)),
  };
}

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action(args: Route.ActionArgs) {
  // Every action here writes: who may not delete gets the answer before their form is even read.
  requireOrg(args.context, args.request);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "excluir") return deleteOne(args, clientDefinition, args.params.id);
  if (intent === "apagar") return eraseOne(args, clientDefinition, args.params.id, form.get("confirmacao"), form.get("senha"));
  if (intent === "confirmar-lead" || intent === "recusar-lead") return answerLeadMatch(args, intent, form.get("lead"), args.params.id);
  return unknownIntent();
}

export default function Client({ loaderData }: Route.ComponentProps) {
  const { view, documents, timeline, counts, canAddInterest, canEdit, canDecide, permissions, confirm, reauth, toast } = loaderData;
  const result = useActionData<typeof action>();
  const failure = result && "error" in result ? result : undefined;
  // A refusal names its field; an unknown intent has none and shows under the confirmation.
  const confirmationError = failure && (!("field" in failure) || failure.field === "confirmacao") ? failure.error : undefined;
  const passwordError = failure && "field" in failure && failure.field === "senha" ? failure.error : undefined;
  const base = `/clients/${view.id}`;
  return (
    <>
      <RecordHeader
        view={view}
        listHref="/clients"
        listLabel="Clientes"
        canWrite={permissions.canWrite}
        canEdit={canEdit}
        canDelete={permissions.canDelete}
        confirmingDelete={confirm === "excluir"}
        deleteNote="O cliente sai da lista agora. Você pode desfazer logo em seguida."
      />
      {confirm === "apagar" ? (
        <ConfirmPanel
          title={`Apagar os dados pessoais de ${view.title}?`}
          cancelHref={base}
          intent="apagar"
          confirmLabel="Apagar dados pessoais"
          fields={
            <div className="max-w-xs space-y-4">
              <div className="space-y-1.5">
                <label htmlFor="confirmacao-apagar" className="block text-sm font-medium">
                  Digite APAGAR para confirmar
                </label>
                <input
                  id="confirmacao-apagar"
                  name="confirmacao"
                  autoComplete="off"
                  required
                  aria-invalid={confirmationError ? true : undefined}
                  aria-describedby={confirmationError ? "confirmacao-apagar-erro" : undefined}
                  className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-sm focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none aria-[invalid=true]:border-danger"
                />
                {confirmationError ? (
                  <p id="confirmacao-apagar-erro" className="text-sm text-danger">
                    {confirmationError}
                  </p>
                ) : null}
              </div>
              {reauth || passwordError ? <ReauthField error={passwordError} hint={REAUTH_HINT} /> : null}
            </div>
          }
        >
          <p>
            Atende a um pedido do titular (LGPD): o cadastro e todos os dados pessoais dele são apagados de vez.{" "}
            <strong>Não dá para desfazer.</strong>
          </p>
          <p>
            Se precisar entregar uma cópia ao titular,{" "}
            <a href={`${base}/dados`} download className="font-semibold text-accent underline">
              baixe os dados antes
            </a>
            .
          </p>
        </ConfirmPanel>
      ) : null}
      {failure && !("field" in failure) && confirm !== "apagar" ? (
        <p role="alert" className="mb-4 rounded-lg border border-danger bg-danger-soft px-3 py-2 text-sm text-danger">
          {failure.error}
        </p>
      ) : null}
      <div className="mb-6">
        <TimelineSummary counts={counts} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0 space-y-6">
          <Card
            title="Linha do tempo"
            actions={
              canAddInterest ? (
                <Link
                  to={`/property_clients/create?cliente=${encodeURIComponent(view.id)}`}
                  className="text-sm font-semibold text-accent hover:underline"
                >
                  + Novo interesse
                </Link>
              ) : undefined
            }
          >
            <ClientTimeline entries={timeline} clientId={view.id} canDecide={canDecide} />
          </Card>
        </div>
        <div className="min-w-0 space-y-6">
          <ResourceDetail view={view} />
          {documents.canRead ? (
            <DocumentsSection
              preset={{ field: "clienteId", id: view.id, label: `Cliente: ${view.title}` }}
              listHref={documentsOf("cliente", view.id)}
              canCreate={documents.canCreate}
            />
          ) : null}
          {permissions.canManage ? (
            <Card title="LGPD">
              <p className="mb-3 text-sm text-fg-soft">Pedidos do titular sobre os dados pessoais dele.</p>
              <div className="flex flex-col gap-2">
                <a href={`${base}/dados`} download className={buttonClass("secondary")}>
                  Exportar dados (LGPD)
                </a>
                <Link to={`${base}?apagar=1`} preventScrollReset className={dangerGhostClass}>
                  Apagar dados pessoais (LGPD)
                </Link>
              </div>
            </Card>
          ) : null}
        </div>
      </div>
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
