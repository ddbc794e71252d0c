import type { Route } from "./+types/properties";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { ResourceListPage } from "../../components/data/list-page.tsx";
import type { ListView } from "../../components/data/types.ts";
import { PropertyCard } from "../../components/real-estate/property-card.tsx";
import { CardsPager, ListViewToggle, type PropertyListMode } from "../../components/real-estate/property-card-toggle.tsx";
import { titleMeta } from "../../lib/title.ts";
import { imovelDefinition } from "../../../shared/resources/imoveis.ts";
import { guard, listAction, listLoader } from "../../server/resources.server.ts";
import { bairroChoices } from "../../server/real-estate/places.server.ts";
import { rowShare, teamSelectOptions } from "../../server/real-estate/properties.server.ts";
import { ListingShareMenu } from "../../components/real-estate/listing-share.tsx";
import { keepParam } from "../../server/list-view-param.ts";

export const meta: Route.MetaFunction = () => titleMeta("Imóveis");

/** Rascunhos have their own screen: without a status filter, the list shows every other status. */
const LISTED = ["disponivel", "reservado", "vendido", "alugado", "inativo"];
/** What a card shows: the cover (código's image cell), title, price, kind, place, facts, status. */
const CARD_COLUMNS = new Set(["codigo", "nome", "tipo", "bairro", "cidade", "preco", "quartos", "vagas", "area", "status"]);

/** `?view=cards|table`; without it, cards on a phone (client hints or the user agent say so). */
function modeOf(request: Request, url: URL): PropertyListMode {
  const asked = url.searchParams.get("view");
  if (asked === "cards" || asked === "table") return asked;
  const mobile = request.headers.get("sec-ch-ua-mobile") === "?1" || /Mobi|Android|iPhone/i.test(request.headers.get("user-agent") ?? "");
  return mobile ? "cards" : "table";
}

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, imovelDefinition, "read");
  const [team, bairros] = await Promise.all([teamSelectOptions(args).then((o) => o.corretorId ?? []), bairroChoices(ctx, actor)]);
  const url = new URL(args.request.url);
  const mode = modeOf(args.request, url);
  // The corretor filter names the team (users are not a resource, so the options come from here);
  // the Bairro filter picks among the bairros of the organização's imóveis (no typo finds nothing).
  const columns = imovelDefinition.columns.map((c) => {
    if (c.key === "corretor") return { ...c, filter: { type: "enum" as const, options: team } };
    if (c.key === "bairro") return { ...c, filter: { type: "text" as const, options: bairros } };
    return c;
  });
  const def = {
    ...imovelDefinition,
    // Cards read their facts from the row's cells: those columns, whatever the table shows.
    columns: mode === "cards" ? columns.map((c) => ({ ...c, defaultVisible: CARD_COLUMNS.has(c.key) })) : columns,
  };
  if (mode === "cards") url.searchParams.delete("cols");
  const explicit = url.searchParams.has("view");
  url.searchParams.delete("view");
  const defaultStatus = !url.searchParams.has("f.status");
  if (defaultStatus) for (const s of LISTED) url.searchParams.append("f.status", s);
  // Each card and row carries its public link ("Ver página pública", "Copiar link", "Compartilhar").
  const result = await listLoader({ ...args, request: new Request(url, args.request) }, def, rowShare(ctx.origin));
  let view: ListView = defaultStatus
    ? { ...result.view, activeFilters: result.view.activeFilters.filter((f) => f.key !== "status") }
    : result.view;
  // Every link of the list (pages, filters, sort) keeps the chosen view.
  if (explicit) view = keepParam(view, "view", mode);
  return { ...result, view, mode };
}

export async function action(args: Route.ActionArgs) {
  return listAction(args, imovelDefinition);
}

export default function Imoveis({ loaderData, actionData }: Route.ComponentProps) {
  const { view, mode, rowData } = loaderData;
  return (
    <div data-list-mode={mode}>
      <ListViewToggle mode={mode} selfHref={view.selfHref} />
      <ResourceListPage
        {...loaderData}
        // In cards mode the pager goes under the cards (the list's own, above them, is left out).
        view={mode === "cards" ? { ...view, pageCount: 1 } : view}
        error={actionData?.error}
        description="Os imóveis da sua carteira. Rascunhos ficam em Rascunhos de Imóveis até serem publicados."
        rowActions={
          mode === "table"
            ? (row) => {
                const share = rowData[row.id];
                return share ? <ListingShareMenu share={share} label={row.title} /> : null;
              }
            : undefined
        }
      />
      {mode === "cards" && view.rows.length > 0 ? (
        <ul aria-label="Imóveis em cartões" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {view.rows.map((row) => (
            <PropertyCard key={row.id} row={row} share={rowData[row.id]} />
          ))}
        </ul>
      ) : null}
      {mode === "cards" ? (
        <CardsPager page={view.page} pageCount={view.pageCount} prevHref={view.prevHref} nextHref={view.nextHref} />
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
