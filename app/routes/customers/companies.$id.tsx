import { Link } from "react-router";
import type { Route } from "./+types/companies.$id";
import { RecordHeader, ResourceDetail } from "../../components/data/detail.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { buildDetailView } from "../../components/data/view.server.ts";
import { Card } from "../../components/ui/card.tsx";
import { Toaster } from "../../components/ui/toast.tsx";
import { formatPhoneBR } from "../../../shared/documents.ts";
import { titleMeta } from "../../lib/title.ts";
import { companyDefinition } from "../../../shared/resources/companies.ts";
import { deleteOne, guard, screenPermissions, takeFlash, toastFor } from "../../server/resources.server.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { companyWithClients } from "../../../worker/services/customers/companies.ts";
import { isId } from "../../../shared/id.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { DocumentsSection, documentsOf } from "../../components/documents/documents-section.tsx";
import { permissionsFor } from "../../../worker/auth/permissions.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.view.title ?? "Empresa");

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, companyDefinition, "read");
  // One round trip: the company and its clients in one batch.
  const found = isId(args.params.id) ? await companyWithClients(ctx, actor, args.params.id) : null;
  if (!found) throw new Response("Empresa não encontrada.", { status: 404 });
  const { company: row, clients: linked } = found;
  const permissions = screenPermissions(args, companyDefinition);
  const confirm = permissions.canWrite && new URL(args.request.url).searchParams.has("excluir") ? "excluir" : null;
  return {
    view: buildDetailView(companyDefinition, row, {}, timeZoneOf(actor.timeZone)),
    clients: linked.map((c) => ({
      id: c.id,
      name: c.nome,
      contact: [c.telefonePrincipal ? formatPhoneBR(c.telefonePrincipal) : "", c.email ?? ""].filter(Boolean).join(" · "),
    })),
    permissions,
    // Documentos (ADR 074): the upload with this empresa preselected, for the roles the table lets in.
    documents: (({ canRead, canCreate }) => ({ canRead, canCreate }))(permissionsFor(actor.role, "documentos")),
    confirm,
    toast: toastFor(companyDefinition, takeFlash(args)),
  };
}

export async function action(args: Route.ActionArgs) {
  // Every action here deletes: who may not gets the answer before their form is even read.
  guard(args, companyDefinition, "delete");
  const form = await readForm(args.request);
  if (form.get("intent") === "excluir") return deleteOne(args, companyDefinition, args.params.id);
  return unknownIntent();
}

export default function Company({ loaderData, actionData }: Route.ComponentProps) {
  const { view, clients, permissions, documents, confirm, toast } = loaderData;
  return (
    <>
      <RecordHeader
        view={view}
        listHref="/companies"
        listLabel="Empresas"
        canWrite={permissions.canWrite}
        confirmingDelete={confirm === "excluir"}
        error={actionData && "error" in actionData ? actionData.error : null}
        deleteNote="A empresa sai da lista agora. Os clientes ligados a ela continuam cadastrados. Você pode desfazer logo em seguida."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <ResourceDetail view={view} />
        <Card
          title={`Clientes ligados (${clients.length})`}
          actions={
            permissions.canWrite ? (
              <Link
                to={`/clients/create?empresa=${encodeURIComponent(view.id)}`}
                className="text-sm font-semibold text-accent hover:underline"
              >
                + Novo cliente
              </Link>
            ) : undefined
          }
        >
          {clients.length ? (
            <ul className="divide-y divide-line">
              {clients.map((c) => (
                <li key={c.id} className="py-2">
                  <Link to={`/clients/${c.id}`} className="font-semibold hover:text-accent hover:underline">
                    {c.name}
                  </Link>
                  {c.contact ? <p className="text-xs text-fg-soft tabular-nums">{c.contact}</p> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-fg-soft">Nenhum cliente ligado a esta empresa. Escolha a empresa no cadastro do cliente.</p>
          )}
        </Card>
        {documents.canRead ? (
          <div className="lg:col-start-2">
            <DocumentsSection
              preset={{ field: "empresaId", id: view.id, label: `Empresa: ${view.title}` }}
              listHref={documentsOf("empresa", view.id)}
              canCreate={documents.canCreate}
            />
          </div>
        ) : null}
      </div>
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
