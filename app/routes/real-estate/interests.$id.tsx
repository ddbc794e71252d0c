import { useEffect } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/interests.$id";
import { RecordHeader, ResourceDetail } from "../../components/data/detail.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { buildDetailView } from "../../components/data/view.server.ts";
import { MatchList } from "../../components/real-estate/match-list.tsx";
import { VisitPanel } from "../../components/real-estate/visit-panel.tsx";
import { Toaster } from "../../components/ui/toast.tsx";
import { formatListingPrice } from "../../../shared/real-estate/listing-price.ts";
import { formatPlace, type InteresseRow, interesseDefinition } from "../../../shared/resources/interesses.ts";
import { titleMeta } from "../../lib/title.ts";
import { deleteOne, guard, screenPermissions, takeFlash, toastFor } from "../../server/resources.server.ts";
import { domainFailure, readForm, unknownIntent, keepRetryAfter } from "../../server/forms.server.ts";
import { visitAction, whatsappLink } from "../../server/real-estate/interest-page.server.ts";
import { emailMatchAction } from "../../server/real-estate/property-interests.server.ts";
import { recordStatement, rowsOf } from "../../../worker/resources/records.ts";
import { interestAlertsStatement, markAlertsSeen } from "../../../worker/services/real-estate/match-alerts.ts";
import { propertyMatchesStatement, readPropertyMatches } from "../../../worker/services/real-estate/matching.ts";
import { formChoiceStatements } from "../../../worker/services/real-estate/interests.ts";
import { readVisits, visitsStatement } from "../../../worker/services/real-estate/visits.ts";
import { isId } from "../../../shared/id.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";

export const meta: Route.MetaFunction = () => titleMeta("Interesse em Imóvel");

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, interesseDefinition, "read");
  const id = args.params.id;
  if (!isId(id)) throw new Response("Interesse não encontrado.", { status: 404 });
  // One round trip: the interest, its matches, visits, unseen alerts and the visit form's choices.
  const { mod, statement } = recordStatement(ctx, actor, "interesses", id);
  const choices = formChoiceStatements(ctx, actor);
  const [rows, matches, visits, alerts, team, properties] = await ctx.db.batch([
    statement,
    propertyMatchesStatement(ctx.db, actor, id),
    visitsStatement(ctx, actor, { interestId: id }),
    interestAlertsStatement(ctx, actor, id),
    choices.team,
    choices.properties,
  ]);
  const row = rowsOf(mod, rows)[0] as InteresseRow | undefined;
  if (!row) throw new Response("Interesse não encontrado.", { status: 404 });
  const permissions = screenPermissions(args, interesseDefinition);
  const confirm = permissions.canDelete && new URL(args.request.url).searchParams.has("excluir") ? "excluir" : null;
  const alerted = new Set(alerts.map((a) => a.propertyId));
  return {
    view: buildDetailView(
      interesseDefinition,
      row,
      {
        clienteId: { kind: "link", text: row.clienteNome ?? "Cliente", href: `/clients/${row.clienteId}` },
        imovelId: row.imovelId
          ? { kind: "link", text: row.imovelTitulo ?? "Imóvel", href: `/properties/${row.imovelId}` }
          : { kind: "empty" },
        corretorId: row.corretorNome ? { kind: "text", text: row.corretorNome } : { kind: "empty" },
        locais: row.locais.length ? { kind: "text", text: row.locais.map(formatPlace).join("; ") } : { kind: "empty" },
      },
      timeZoneOf(actor.timeZone),
    ),
    matches: readPropertyMatches(matches).map((m) => ({
      id: m.propertyId,
      title: m.title ?? m.code,
      subtitle: [m.code, m.district, m.city].filter(Boolean).join(" · "),
      price: formatListingPrice(m.price, row.finalidade),
      score: m.score,
      reasons: m.reasons,
      novo: alerted.has(m.propertyId),
      href: `/properties/${m.propertyId}`,
      whatsapp: whatsappLink(
        ctx.origin,
        row.clienteNome ?? "",
        row.clienteWhatsapp,
        m.slug,
        m.title ?? m.code,
        formatListingPrice(m.price, row.finalidade),
      ),
      email: row.clienteEmail ? { interestId: row.id, propertyId: m.propertyId } : null,
    })),
    visits: readVisits(visits),
    alerts: alerts.length,
    choices: { team, properties },
    interestId: row.id,
    permissions,
    confirm,
    toast: toastFor(interesseDefinition, takeFlash(args)),
  };
}

/** A refused submit (429) keeps its Retry-After. */
export const headers = keepRetryAfter;

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "excluir") return deleteOne(args, interesseDefinition, args.params.id);
  if (intent === "visita") return visitAction(args, args.params.id, form);
  if (intent === "email") return emailMatchAction(args, form, { interesseId: args.params.id });
  if (intent === "vistos") {
    const { ctx, actor } = guard(args, interesseDefinition, "read");
    try {
      return { seen: await markAlertsSeen(ctx, actor, args.params.id) };
    } catch (error) {
      return domainFailure(error);
    }
  }
  return unknownIntent();
}

export default function Interesse({ loaderData, actionData }: Route.ComponentProps) {
  const { view, matches, visits, alerts, choices, interestId, permissions, confirm, toast } = loaderData;
  const seen = useFetcher();
  useEffect(() => {
    // Seeing the page marks its new matches seen: a POST after it rendered, never the GET itself.
    if (alerts > 0 && seen.state === "idle" && !seen.data) seen.submit({ intent: "vistos" }, { method: "post" });
  }, [alerts, seen]);
  const error = actionData && "error" in actionData ? (actionData.error as string) : null;
  return (
    <>
      <RecordHeader
        view={view}
        listHref="/property_clients"
        listLabel="Interesses em Imóveis"
        canWrite={permissions.canWrite}
        canEdit={permissions.canUpdate}
        canDelete={permissions.canDelete}
        confirmingDelete={confirm === "excluir"}
        error={error}
        deleteNote="O interesse sai da lista e do quadro agora. Você pode desfazer logo em seguida."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <MatchList
            title={`Imóveis que combinam (${matches.length})`}
            empty="Nenhum imóvel disponível combina com este perfil agora. Quando um imóvel novo ou mais barato combinar, ele aparece aqui e no painel."
            items={matches}
            newAlerts={alerts}
          />
          <ResourceDetail view={view} />
        </div>
        <VisitPanel
          visits={visits}
          team={choices.team}
          pick={{ name: "imovelId", label: "Imóvel", options: choices.properties }}
          canWrite={permissions.canUpdate}
          failure={actionData && "visitErrors" in actionData ? actionData : null}
          action={`/property_clients/${interestId}`}
          show="imovel"
        />
      </div>
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
