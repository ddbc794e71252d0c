import { useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/property-drafts";
import { Pagination } from "../../components/data/data-list.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { titleMeta } from "../../lib/title.ts";
import { formatDateTime } from "../../../shared/format.ts";
import { imovelDefinition, PROPERTY_TYPE_OPTIONS } from "../../../shared/resources/imoveis.ts";
import { parseListQuery } from "../../../shared/resources/query.ts";
import { optionLabel } from "../../../shared/resources/schema-helpers.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { guard, screenPermissions } from "../../server/resources.server.ts";
import { deleteRecords } from "../../../worker/resources/records.ts";
import { type DraftSummary, listDrafts } from "../../../worker/services/real-estate/property-drafts.ts";
import { createDraft } from "../../../worker/services/real-estate/properties.ts";
import { isId } from "../../../shared/id.ts";
import { useTimeZone } from "../../lib/time-zone.ts";

export const meta: Route.MetaFunction = () => titleMeta("Rascunhos de Imóveis");

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, imovelDefinition, "read");
  // `?page=` read as every list reads it (anything but a page number is the first).
  const list = await listDrafts(ctx, actor, parseListQuery(new URL(args.request.url), imovelDefinition).page);
  // Past the last page (drafts published or deleted meanwhile): the last page there is.
  if (list.page > list.pageCount) throw redirect(list.pageCount > 1 ? `/property-drafts?page=${list.pageCount}` : "/property-drafts");
  const can = screenPermissions(args, imovelDefinition);
  const href = (n: number) => (n <= 1 ? "/property-drafts" : `/property-drafts?page=${n}`);
  return {
    ...list,
    // The type's label comes from here: the option lists stay out of the browser chunk (with zod, ADR 029).
    drafts: list.drafts.map((d) => ({ ...d, tipoLabel: optionLabel(PROPERTY_TYPE_OPTIONS, d.tipo) })),
    prevHref: list.page > 1 ? href(list.page - 1) : null,
    nextHref: list.page < list.pageCount ? href(list.page + 1) : null,
    canCreate: can.canCreate,
    canDelete: can.canDelete,
  };
}

/** "Novo rascunho" (created at once, then its form) and deleting one, confirmed. */
export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "novo") {
    const { ctx, actor } = guard(args, imovelDefinition, "create");
    const id = await createDraft(ctx, actor);
    throw redirect(`/property-drafts/${id}`);
  }
  if (intent === "excluir") {
    const { ctx, actor } = guard(args, imovelDefinition, "delete");
    const id = form.get("id");
    if (typeof id !== "string" || !isId(id)) return { error: "Rascunho não encontrado.", deleted: false };
    const count = await deleteRecords(ctx, actor, imovelDefinition.name, [id]);
    return count ? { error: null, deleted: true } : { error: "Rascunho não encontrado.", deleted: false };
  }
  return unknownIntent({ deleted: false });
}

function Progress({ draft }: { draft: DraftSummary }) {
  const pct = Math.round((draft.done / Math.max(draft.total, 1)) * 100);
  return (
    <div className="mt-2">
      <p className="text-xs text-fg-soft">
        {draft.done} de {draft.total} itens para publicar
      </p>
      <div
        role="progressbar"
        aria-label={`Progresso do rascunho ${draft.codigo}`}
        aria-valuemin={0}
        aria-valuemax={draft.total}
        aria-valuenow={draft.done}
        aria-valuetext={`${draft.done} de ${draft.total} itens`}
        className="mt-1 h-2 overflow-hidden rounded-full bg-line"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

function ConfirmDelete({ draft, onClose }: { draft: DraftSummary; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="excluir-rascunho-titulo"
      onCancel={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-line bg-surface p-5 text-fg shadow-xl backdrop:bg-black/40"
    >
      <h2 id="excluir-rascunho-titulo" className="text-lg font-semibold">
        Excluir o rascunho {draft.codigo}?
      </h2>
      <p className="mt-2 text-sm text-fg-soft">{draft.titulo ?? "Sem título"} — ele sai da lista de rascunhos.</p>
      <Form method="post" className="mt-5 flex flex-wrap justify-end gap-2" onSubmit={onClose}>
        <input type="hidden" name="id" value={draft.id} />
        <Button type="button" variant="ghost" onClick={onClose} autoFocus>
          Cancelar
        </Button>
        <Button type="submit" name="intent" value="excluir" variant="danger">
          Excluir rascunho
        </Button>
      </Form>
    </dialog>
  );
}

export default function PropertyDrafts({ loaderData, actionData }: Route.ComponentProps) {
  const { drafts, canCreate, canDelete } = loaderData;
  const zone = useTimeZone();
  const [deleting, setDeleting] = useState<DraftSummary | null>(null);
  const busy = useNavigation().formData?.get("intent") === "novo";
  return (
    <>
      <PageHeader
        title="Rascunhos de Imóveis"
        description="Imóveis em captação: o rascunho é salvo enquanto você digita e vira anúncio quando tem o que precisa."
        actions={
          canCreate ? (
            <Form method="post">
              <Button type="submit" name="intent" value="novo" busy={busy}>
                Novo rascunho
              </Button>
            </Form>
          ) : null
        }
      />
      {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
      {actionData?.deleted ? <Alert tone="success">Rascunho excluído.</Alert> : null}
      {drafts.length === 0 ? (
        <p className="rounded-xl border border-line p-6 text-center text-fg-soft">
          Nenhum rascunho. Comece um na visita, pelo celular: nada se perde se a internet cair.
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Rascunhos">
          {drafts.map((d) => (
            <li key={d.id} className="flex flex-col rounded-xl border border-line bg-surface p-4">
              <Link to={`/property-drafts/${d.id}`} className="font-semibold text-accent hover:underline">
                {d.titulo ?? "Sem título"} <span className="font-mono text-sm text-fg-soft">{d.codigo}</span>
              </Link>
              <p className="text-sm text-fg-soft">
                {[d.tipoLabel, [d.bairro, d.cidade].filter(Boolean).join(", ")].filter(Boolean).join(" · ") ||
                  "Tipo e local ainda não informados"}
              </p>
              <Progress draft={d} />
              <p className="mt-2 text-xs text-fg-soft">Salvo em {formatDateTime(d.atualizadoEm, zone)}</p>
              {canDelete ? (
                <div className="mt-3">
                  <Button type="button" variant="ghost" onClick={() => setDeleting(d)} aria-label={`Excluir o rascunho ${d.codigo}`}>
                    Excluir
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination view={loaderData} />
      {deleting ? <ConfirmDelete draft={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary back={{ listTitle: "Rascunhos de Imóveis", basePath: "/property-drafts" }} />;
}
