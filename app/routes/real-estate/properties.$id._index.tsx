import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/properties.$id._index";
import { ResourceDetail, Timeline } from "../../components/data/detail.tsx";
import { buildDetailView } from "../../components/data/view.server.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { formatDateTime } from "../../../shared/format.ts";
import { FEATURE_OPTIONS, imovelDefinition, PROPERTY_STATUS_OPTIONS } from "../../../shared/resources/imoveis.ts";
import { optionLabel } from "../../../shared/resources/schema-helpers.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { guard, screenPermissions } from "../../server/resources.server.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { changeStatus, propertyData } from "../../../worker/services/real-estate/properties.ts";

/** The "Dados" tab: every fact, the status with its history, and the status change with a reason. */

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, imovelDefinition, "read");
  // One round trip: the property and its status history.
  const data = await propertyData(ctx, actor, args.params.id);
  if (!data) throw new Response("Imóvel não encontrado.", { status: 404 });
  const { property, history } = data;
  const features = property.caracteristicas.map((f) => optionLabel(FEATURE_OPTIONS, f));
  return {
    view: buildDetailView(imovelDefinition, property, {
      proprietarioId: property.proprietarioNome
        ? { kind: "link", text: property.proprietarioNome, href: `/clients/${property.proprietarioId}` }
        : { kind: "empty" },
      empreendimentoId: property.empreendimentoNome
        ? { kind: "link", text: property.empreendimentoNome, href: `/companies/${property.empreendimentoId}` }
        : { kind: "empty" },
      captadorId: property.captadorNome ? { kind: "text", text: property.captadorNome } : { kind: "empty" },
      corretorId: property.corretorNome ? { kind: "text", text: property.corretorNome } : { kind: "empty" },
    }),
    features,
    status: property.status,
    history: history.map((h) => ({
      id: h.id,
      when: formatDateTime(h.em),
      title: h.de
        ? `${optionLabel(PROPERTY_STATUS_OPTIONS, h.de)} → ${optionLabel(PROPERTY_STATUS_OPTIONS, h.para)}`
        : `Cadastrado como ${optionLabel(PROPERTY_STATUS_OPTIONS, h.para)}`,
      description: [h.motivo, h.porNome ? `por ${h.porNome}` : ""].filter(Boolean).join(" — "),
    })),
    // The statuses it may move to come from here: the option lists stay out of the browser chunk (with zod, ADR 029).
    choices: PROPERTY_STATUS_OPTIONS.filter((o) => o.value !== "rascunho" && o.value !== property.status),
    canUpdate: screenPermissions(args, imovelDefinition).canUpdate,
  };
}

export async function action(args: Route.ActionArgs) {
  const { ctx, actor } = guard(args, imovelDefinition, "update");
  const form = await readForm(args.request);
  if (form.get("intent") !== "status") return unknownIntent({ ok: false });
  try {
    await changeStatus(ctx, actor, args.params.id, form.get("status"), form.get("motivo") ?? undefined);
    return { error: null, ok: true };
  } catch (error) {
    if (error instanceof DomainError) {
      if (error.status === 404) throw new Response(error.message, { status: 404 });
      return { error: error.message, ok: false };
    }
    throw error;
  }
}

export default function ImovelDados({ loaderData, actionData }: Route.ComponentProps) {
  const { view, features, status, history, choices, canUpdate } = loaderData;
  const saving = useNavigation().state === "submitting";
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="space-y-6">
        <ResourceDetail view={view} />
        <Card title="Características">
          {features.length ? (
            <ul className="flex flex-wrap gap-2 text-sm">
              {features.map((f) => (
                <li key={f} className="badge badge-neutral">
                  {f}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-fg-soft">Nenhuma característica marcada.</p>
          )}
        </Card>
      </div>
      <div className="space-y-6">
        {canUpdate && status !== "rascunho" ? (
          <Card title="Mudar status">
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="status" />
              {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
              {actionData?.ok ? (
                <p role="status" className="text-sm text-accent">
                  Status atualizado.
                </p>
              ) : null}
              <div>
                <label htmlFor="novo-status" className="mb-1 block text-sm font-semibold">
                  Novo status
                </label>
                <select id="novo-status" name="status" required className="input w-full">
                  {choices.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="motivo-status" className="mb-1 block text-sm font-semibold">
                  Motivo (opcional)
                </label>
                <textarea id="motivo-status" name="motivo" maxLength={300} rows={2} className="input w-full" />
              </div>
              <Button type="submit" busy={saving}>
                Mudar status
              </Button>
            </Form>
          </Card>
        ) : null}
        <Card title="Histórico de status">
          <Timeline entries={history} empty="Sem mudanças de status ainda." />
        </Card>
      </div>
    </div>
  );
}
