import { Link, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/properties.$id";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { ListingShareActions } from "../../components/real-estate/listing-share.tsx";
import { PROPERTY_TABS } from "../../components/real-estate/property-tabs.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { titleMeta } from "../../lib/title.ts";
import { imovelDefinition } from "../../../shared/resources/imoveis.ts";
import { postDefinition } from "../../../shared/resources/posts.ts";
import { PROPERTY_STATUS } from "../../../shared/enums/real-estate.ts";
import { formatListingPrice } from "../../../shared/real-estate/listing-price.ts";
import { listingShare } from "../../../shared/real-estate/public-page.ts";
import { guard, screenPermissions } from "../../server/resources.server.ts";
import { propertyHeader } from "../../../worker/services/real-estate/properties.ts";

export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.header.titulo ?? "Imóvel");

/** The tabs whose route files exist (other tabs are added by their own route lines). */
const registered = (to: string) => to === "" || import.meta.glob("./properties.$id.*.tsx", { eager: false })[`./properties.$id.${to}.tsx`];

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, imovelDefinition, "read");
  // Light on purpose: the title bar and counts; each tab loads its own data.
  const header = await propertyHeader(ctx, actor, args.params.id);
  if (!header) throw new Response("Imóvel não encontrado.", { status: 404 });
  // The badge's text and colour come formatted: the component imports no resource module (no zod in the chunk).
  const badge = { label: PROPERTY_STATUS.label(header.status), tone: PROPERTY_STATUS.tone(header.status) };
  const title = header.titulo ?? `Imóvel ${header.codigo}`;
  const share = listingShare(ctx.origin, {
    slug: header.slug,
    status: header.status,
    title,
    price: formatListingPrice(header.precoCentavos, header.finalidade),
  });
  return {
    header,
    badge,
    share,
    canEdit: screenPermissions(args, imovelDefinition).canUpdate,
    // "Criar post": a post starts with the imóvel's photos, title, price and public link (issue 19).
    canPost: screenPermissions(args, postDefinition).canCreate,
  };
}

export default function ImovelLayout({ loaderData }: Route.ComponentProps) {
  const { header, badge, share, canEdit, canPost } = loaderData;
  const base = `/properties/${header.id}`;
  const tabs = PROPERTY_TABS.filter((t) => registered(t.to));
  return (
    <>
      <nav aria-label="Você está em" className="mb-2 text-sm">
        <Link to="/properties" className="text-accent hover:underline">
          Imóveis
        </Link>
      </nav>
      <header className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words">{header.titulo ?? `Imóvel ${header.codigo}`}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-fg-soft">
            <span className="font-mono">{header.codigo}</span>
            <span className={`badge badge-${badge.tone}`}>{badge.label}</span>
            {share.price ? <span className="font-semibold text-fg tabular-nums">{share.price}</span> : null}
            <span data-testid="property-counts">
              {[
                `${header.fotos} ${header.fotos === 1 ? "foto" : "fotos"}`,
                header.interesses === null ? "" : `${header.interesses} ${header.interesses === 1 ? "interesse" : "interesses"}`,
                `${header.visitas} ${header.visitas === 1 ? "visita" : "visitas"}`,
              ]
                .filter(Boolean)
                .join(" · ")}
            </span>
          </p>
        </div>
        <div className="flex min-w-0 flex-wrap items-start gap-2">
          {share.unavailable ? null : <ListingShareActions share={share} />}
          {canPost ? (
            <>
              <Link to={`/gerar-postagem?imovel=${header.id}`} className={buttonClass("secondary")}>
                Gerar post
              </Link>
              <Link to={`/posts/create?imovel=${header.id}`} className={buttonClass("ghost")}>
                Criar post
              </Link>
            </>
          ) : null}
          {canEdit ? (
            <Link to={header.status === "rascunho" ? `/property-drafts/${header.id}` : `${base}/edit`} className={buttonClass("secondary")}>
              {header.status === "rascunho" ? "Continuar rascunho" : "Editar"}
            </Link>
          ) : null}
        </div>
        {share.unavailable ? (
          <div className="w-full">
            <ListingShareActions share={share} />
          </div>
        ) : null}
      </header>
      <nav aria-label="Seções do imóvel" className="mb-6 flex gap-1 overflow-x-auto border-b border-line">
        {tabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to ? `${base}/${tab.to}` : base}
            end
            className={({ isActive }) =>
              `-mb-px border-b-2 px-3 py-2 text-sm font-semibold whitespace-nowrap ${isActive ? "border-accent text-accent" : "border-transparent text-fg-soft hover:text-fg"}`
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
