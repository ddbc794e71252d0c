import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/property-drafts.$id";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { DraftForm } from "../../components/real-estate/draft-form.tsx";
import { saveThenRefreshShare, useShareBusiness } from "../../components/real-estate/share-after-save.ts";
import { PageHeader } from "../../components/ui/card.tsx";
import { titleMeta } from "../../lib/title.ts";
import type { DraftValues } from "../../lib/draft-store.ts";
import { type ChecklistItem, type ImovelRow, imovelDefinition } from "../../../shared/resources/imoveis.ts";
import { readForm } from "../../server/forms.server.ts";
import { propertyFormData, propertyFormValues } from "../../server/real-estate/properties.server.ts";
import { guard } from "../../server/resources.server.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { DraftConflict } from "../../../worker/services/real-estate/draft-conflict.ts";
import { publishDraft, readDraftState, saveDraft } from "../../../worker/services/real-estate/properties.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";

export const meta: Route.MetaFunction = () => titleMeta("Rascunho de Imóvel");

// The fields come from the loader and the schema loads lazily: this chunk carries no zod (ADR 013).
const loadSchema = () => import("../../../shared/resources/imoveis.ts").then((m) => m.propertySchema);

/** A draft's status moves only by publishing. */
const DRAFT_FIELDS = imovelDefinition.fields.filter((f) => f.name !== "status");

export async function loader(args: Route.LoaderArgs) {
  const { actor } = guard(args, imovelDefinition, "update");
  // One round trip: the draft, its relation options and the team.
  const { row, relations, selectOptions } = await propertyFormData(args, args.params.id);
  const found = row as ImovelRow;
  if (found.status !== "rascunho") throw redirect(`/properties/${found.id}`);
  const state = readDraftState(found.rascunhoEstado);
  // What was typed but is not valid yet is shown as typed, with its message.
  const values: DraftValues = { ...(propertyFormValues(found, timeZoneOf(actor.timeZone)) as DraftValues) };
  for (const [k, v] of Object.entries(state.values)) if (typeof v === "string") values[k] = v;
  return {
    id: found.id,
    userId: actor.userId,
    codigo: found.codigo,
    atualizadoEm: found.atualizadoEm,
    fields: DRAFT_FIELDS,
    values,
    errors: state.errors,
    relations,
    selectOptions,
  };
}

/** "Publicar": saves the form as it is (the last autosave may not have gone), then publishes. */
export async function action(args: Route.ActionArgs) {
  const { ctx, actor } = guard(args, imovelDefinition, "update");
  const id = args.params.id;
  const form = await readForm(args.request);
  const body: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string") body[k] = v;
  try {
    const saved = await saveDraft(ctx, actor, id, body);
    const missing: ChecklistItem[] = await publishDraft(ctx, actor, id);
    if (!missing.length) throw redirect(`/properties/${id}`);
    return { missing, error: null, conflict: null, savedVersion: saved.atualizadoEm };
  } catch (error) {
    // Saved elsewhere since this form's version: nothing written, the person chooses (ADR 037).
    if (error instanceof DraftConflict) {
      const { message, versao, por, campos } = error;
      return { missing: null, error: null, conflict: { message, versao, por, campos }, savedVersion: null };
    }
    if (error instanceof DomainError && error.status === 409) throw redirect(`/properties/${id}`);
    if (error instanceof DomainError && error.status !== 404 && error.status !== 403) {
      return { missing: null, error: error.message, conflict: null, savedVersion: null };
    }
    // Not found (or another organização's) and forbidden: their own status with the pt-BR message, never a 500.
    if (error instanceof DomainError) throw data(error.message, { status: error.status });
    throw error;
  }
}

// Published (the redirect): the share image is drawn with the listing's price and title.
export async function clientAction({ serverAction, params }: Route.ClientActionArgs) {
  return saveThenRefreshShare(serverAction, params.id);
}

export default function PropertyDraft({ loaderData, actionData }: Route.ComponentProps) {
  useShareBusiness();
  return (
    <>
      <nav aria-label="Você está em" className="mb-2 text-sm">
        <Link to="/property-drafts" className="text-accent hover:underline">
          Rascunhos de Imóveis
        </Link>
      </nav>
      <PageHeader
        title={`Rascunho ${loaderData.codigo}`}
        description="Tudo é salvo enquanto você digita, mesmo sem internet. Publique quando tiver o que o anúncio precisa."
      />
      <DraftForm
        propertyId={loaderData.id}
        userId={loaderData.userId}
        fields={loaderData.fields}
        loadSchema={loadSchema}
        values={loaderData.values}
        serverErrors={loaderData.errors}
        atualizadoEm={loaderData.atualizadoEm}
        selectOptions={loaderData.selectOptions}
        relations={loaderData.relations}
        missing={actionData?.missing ?? null}
        error={actionData?.error ?? null}
        conflict={actionData?.conflict ?? null}
        savedVersion={actionData?.savedVersion ?? null}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary back={{ listTitle: "Rascunhos de Imóveis", basePath: "/property-drafts" }} />;
}
