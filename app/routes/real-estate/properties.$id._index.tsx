import { Form, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/properties.$id._index";
import { ConfirmPanel, ResourceDetail, Timeline } from "../../components/data/detail.tsx";
import { TextareaField } from "../../components/data/form-fields.tsx";
import { SelectField } from "../../components/ui/form.tsx";
import { PROPERTY_STATUSES, type PropertyStatus } from "../../../shared/enums.ts";
import { publicState } from "../../../shared/real-estate/public-page.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { formatDateTime } from "../../../shared/format.ts";
import { imovelDefinition, PROPERTY_STATUS_OPTIONS } from "../../../shared/resources/imoveis.ts";
import { propertyDataView } from "../../server/real-estate/property-data.server.ts";
import { optionLabel } from "../../../shared/resources/schema-helpers.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { guard, screenPermissions } from "../../server/resources.server.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { changeStatus, propertyData } from "../../../worker/services/real-estate/properties.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { DocumentsSection, documentsOf } from "../../components/documents/documents-section.tsx";
import { permissionsFor } from "../../../worker/auth/permissions.ts";

/** The "Dados" tab: every fact, the status with its history, and the status change with a reason. */

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, imovelDefinition, "read");
  // One round trip: the property and its status history.
  const data = await propertyData(ctx, actor, args.params.id);
  if (!data) throw new Response("Imóvel não encontrado.", { status: 404 });
  const { property, history } = data;
  const { view, featureGroups, cover } = propertyDataView(
    property,
    {
      proprietarioId: property.proprietarioNome
        ? { kind: "link", text: property.proprietarioNome, href: `/clients/${property.proprietarioId}` }
        : { kind: "empty" },
      empreendimentoId: property.empreendimentoNome
        ? { kind: "link", text: property.empreendimentoNome, href: `/companies/${property.empreendimentoId}` }
        : { kind: "empty" },
      captadorId: property.captadorNome ? { kind: "text", text: property.captadorNome } : { kind: "empty" },
      corretorId: property.corretorNome ? { kind: "text", text: property.corretorNome } : { kind: "empty" },
    },
    timeZoneOf(actor.timeZone),
  );
  return {
    view,
    featureGroups,
    cover,
    status: property.status,
    statusLabel: optionLabel(PROPERTY_STATUS_OPTIONS, property.status),
    history: history.map((h) => ({
      id: h.id,
      when: formatDateTime(h.em, timeZoneOf(actor.timeZone)),
      title: h.de
        ? `${optionLabel(PROPERTY_STATUS_OPTIONS, h.de)} → ${optionLabel(PROPERTY_STATUS_OPTIONS, h.para)}`
        : `Cadastrado como ${optionLabel(PROPERTY_STATUS_OPTIONS, h.para)}`,
      description: [h.motivo, h.porNome ? `por ${h.porNome}` : ""].filter(Boolean).join(" — "),
    })),
    // The statuses it may move to come from here: the option lists stay out of the browser chunk (with zod, ADR 029).
    choices: PROPERTY_STATUS_OPTIONS.filter((o) => o.value !== "rascunho" && o.value !== property.status),
    canUpdate: screenPermissions(args, imovelDefinition).canUpdate,
    // Documentos (ADR 074): matrículas, laudos, contratos of this imóvel, for the roles the table lets in.
    documents: (({ canRead, canCreate }) => ({ canRead, canCreate }))(permissionsFor(actor.role, "documentos")),
  };
}

export async function action(args: Route.ActionArgs) {
  const { ctx, actor } = guard(args, imovelDefinition, "update");
  const form = await readForm(args.request);
  if (form.get("intent") !== "status") return unknownIntent({ ok: false });
  const status = form.get("status");
  const motivo = form.get("motivo");
  // Sold, rented or inactive takes the public page down and stops matching: asked once more first.
  if (typeof status === "string" && takesPageDown(status) && form.get("confirmado") !== "1") {
    return {
      error: null,
      ok: false,
      confirm: {
        status,
        label: optionLabel(PROPERTY_STATUS_OPTIONS, status),
        motivo: typeof motivo === "string" ? motivo : "",
      },
    };
  }
  try {
    await changeStatus(ctx, actor, args.params.id, status, motivo ?? undefined);
    return { error: null, ok: true };
  } catch (error) {
    if (error instanceof DomainError) {
      if (error.status === 404) throw new Response(error.message, { status: 404 });
      return { error: error.message, ok: false };
    }
    throw error;
  }
}

/** A status whose property has no public page to send any more (the same rule as `/imovel/…`). */
function takesPageDown(status: string): boolean {
  return (
    (PROPERTY_STATUSES as readonly string[]).includes(status) &&
    status !== "rascunho" &&
    publicState(status as PropertyStatus, false) !== "available"
  );
}

export default function ImovelDados({ loaderData, actionData }: Route.ComponentProps) {
  const { view, featureGroups, cover, status, statusLabel, history, choices, canUpdate, documents } = loaderData;
  const saving = useNavigation().state === "submitting";
  const { pathname } = useLocation();
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : null;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-6">
        {cover ? (
          <img
            src={cover.src}
            srcSet={cover.srcSet}
            sizes="(min-width: 1024px) 66vw, 100vw"
            alt={cover.alt}
            className="aspect-[4/3] w-full rounded-xl border border-line object-cover sm:aspect-[16/9]"
            decoding="async"
          />
        ) : null}
        <ResourceDetail view={view} />
        <Card title="Características">
          {featureGroups.length ? (
            <div className="space-y-4">
              {featureGroups.map((group) => (
                <div key={group.title}>
                  {featureGroups.length > 1 ? (
                    <h3 className="mb-2 text-xs font-semibold tracking-wide text-fg-soft uppercase">{group.title}</h3>
                  ) : null}
                  <ul className="flex flex-wrap gap-2 text-sm" aria-label={`Características (${group.title.toLowerCase()})`}>
                    {group.features.map((f) => (
                      <li key={f} className="badge badge-neutral">
                        {f}
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          ) : (
            <p className="text-sm text-fg-soft">Nenhuma característica marcada.</p>
          )}
        </Card>
      </div>
      <div className="min-w-0 space-y-6">
        {canUpdate && status !== "rascunho" ? (
          <Card title="Mudar status">
            {confirm ? (
              <ConfirmPanel
                title={`Marcar como ${confirm.label}?`}
                cancelHref={pathname}
                intent="status"
                confirmLabel={`Sim, marcar como ${confirm.label}`}
                fields={
                  <>
                    <input type="hidden" name="status" value={confirm.status} />
                    <input type="hidden" name="motivo" value={confirm.motivo} />
                    <input type="hidden" name="confirmado" value="1" />
                  </>
                }
              >
                <p>A página pública deixa de mostrar o imóvel e ele sai das sugestões para os interesses. Dá para voltar depois.</p>
              </ConfirmPanel>
            ) : null}
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="status" />
              {actionData?.error ? <Alert tone="error">{actionData.error}</Alert> : null}
              {actionData?.ok ? (
                <p role="status" className="text-sm text-accent">
                  Status atualizado.
                </p>
              ) : null}
              <p className="text-sm">
                Status atual: <span className="font-semibold">{statusLabel}</span>
              </p>
              {/* Nothing is preselected: a status changes only when someone picks one. */}
              <SelectField
                key={status}
                label="Novo status"
                name="status"
                required
                placeholder="Escolha o novo status"
                options={choices}
                defaultValue=""
              />
              <TextareaField label="Motivo (opcional)" name="motivo" maxLength={300} rows={2} />
              <Button type="submit" busy={saving}>
                Mudar status
              </Button>
            </Form>
          </Card>
        ) : null}
        <Card title="Histórico de status">
          <Timeline entries={history} empty="Sem mudanças de status ainda." />
        </Card>
        {documents.canRead ? (
          <DocumentsSection
            preset={{ field: "imovelId", id: view.id, label: `Imóvel: ${view.title}` }}
            listHref={documentsOf("imovel", view.id)}
            canCreate={documents.canCreate}
          />
        ) : null}
      </div>
    </div>
  );
}
