import { Link } from "react-router";
import type { Route } from "./+types/published-posts";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { ActiveChips, Badge, EmptyState, KeysetPager, ResultCount, SocialFilters } from "../../components/social/social-list-ui.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { useLiveRevalidation } from "../../lib/live/use-live-events.ts";
import { useTimeZone } from "../../lib/time-zone.ts";
import { titleMeta } from "../../lib/title.ts";
import { formatNumber } from "../../../shared/format.ts";
import { SOCIAL_ACCOUNT_STATUS, SOCIAL_NETWORK, type SocialNetwork } from "../../../shared/enums/social.ts";
import { photoUrl } from "../../../shared/real-estate/photo-url.ts";
import { formatDateTimeIn } from "../../../shared/time-zone.ts";
import { CAPTION_PREVIEW, keysetPage, POSTS_RESOURCE } from "../../../shared/social/social-list-query.ts";
import { normalizePath, requirePermission } from "../../server/guards.server.ts";
import { publishedFilters, readSocialQuery } from "../../server/social/social-lists.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { listPublished } from "../../../worker/services/social/published-posts.ts";

/** One module, two screens: /facebook-posts and /instagram-posts (the path says which network). */
const SCREENS = {
  "/facebook-posts": { network: "facebook", title: "Posts do Facebook", where: "na Página", open: "Ver no Facebook" },
  "/instagram-posts": { network: "instagram", title: "Posts do Instagram", where: "no perfil", open: "Ver no Instagram" },
} as const satisfies Record<string, { network: SocialNetwork; title: string; where: string; open: string }>;
type ScreenPath = keyof typeof SCREENS;

function screenOf(request: Request): ScreenPath {
  const path = normalizePath(new URL(request.url).pathname);
  return path === "/instagram-posts" ? "/instagram-posts" : "/facebook-posts";
}

export const meta: Route.MetaFunction = ({ location }) =>
  titleMeta(location.pathname.startsWith("/instagram-posts") ? SCREENS["/instagram-posts"].title : SCREENS["/facebook-posts"].title);

export async function loader(args: Route.LoaderArgs) {
  const signed = requirePermission(args.context, args.request, POSTS_RESOURCE, "read");
  const basePath = screenOf(args.request);
  const screen = SCREENS[basePath];
  const query = readSocialQuery(args.request, basePath);
  const page = await listPublished(serviceContext(signed.rc), signed.actor, screen.network, query);
  const paged = keysetPage(page.rows, query, basePath);
  return {
    basePath,
    screen,
    rows: paged.rows.map((r) => ({
      ...r,
      legenda: r.legenda.length > CAPTION_PREVIEW ? `${r.legenda.slice(0, CAPTION_PREVIEW).trimEnd()}…` : r.legenda,
      imagem: r.imagemChave ? photoUrl(r.imagemChave, 320) : null,
    })),
    total: page.total,
    accounts: page.accounts,
    ownOnly: page.ownOnly,
    q: query.q,
    filters: publishedFilters(basePath, query, page.accounts, page.ownOnly),
    antigas: query.ordem === "antigas",
    prevHref: paged.prevHref,
    nextHref: paged.nextHref,
    firstHref: paged.firstHref,
  };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function Metric({ label, value }: { label: string; value: number | null }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-soft">{label}</dt>
      <dd className="font-semibold tabular-nums">{value === null ? "—" : formatNumber(value)}</dd>
    </div>
  );
}

function PostCard({ row, network, openLabel, zone }: { row: Row; network: SocialNetwork; openLabel: string; zone: string }) {
  return (
    <li className="flex min-w-0 gap-3 rounded-xl border border-line bg-surface p-4">
      {row.imagem ? (
        <img
          src={row.imagem}
          alt=""
          loading="lazy"
          decoding="async"
          width={72}
          height={72}
          className="size-18 shrink-0 rounded-lg object-cover"
        />
      ) : null}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone="green">Publicado</Badge>
          <Badge tone={row.origem === "alicerce" ? "blue" : "neutral"}>
            {row.origem === "alicerce" ? "Feito no Alicerce" : "Fora do Alicerce"}
          </Badge>
          <time dateTime={new Date(row.at).toISOString()} className="ml-auto text-fg-soft tabular-nums">
            {formatDateTimeIn(row.at, zone)}
          </time>
        </div>
        <p className="mt-2 text-sm break-words">
          {row.postId ? (
            <Link to={`/posts/${row.postId}`} className="font-semibold text-accent hover:underline">
              {row.legenda || "Post sem legenda"}
            </Link>
          ) : (
            row.legenda || <span className="text-fg-soft">Post sem legenda</span>
          )}
        </p>
        {row.contaNome ? <p className="mt-1 truncate text-xs text-fg-soft">{row.contaNome}</p> : null}
        <dl className="mt-3 grid grid-cols-3 gap-2 text-sm sm:grid-cols-5">
          <Metric label="Alcance" value={row.alcance} />
          <Metric label="Curtidas" value={row.curtidas} />
          <Metric label="Comentários" value={row.comentarios} />
          <Metric label="Compartilh." value={row.compartilhamentos} />
          {network === "instagram" ? <Metric label="Salvos" value={row.salvamentos} /> : null}
        </dl>
        <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          {row.permalink ? (
            <a href={row.permalink} target="_blank" rel="noopener noreferrer" className="font-semibold text-accent hover:underline">
              {openLabel} <span aria-hidden="true">↗</span>
              <span className="sr-only"> (abre em outra aba)</span>
            </a>
          ) : (
            <span className="text-fg-soft">Link ainda não lido da Meta</span>
          )}
          <span className="text-xs text-fg-soft">
            {row.metricasEm ? `Métricas de ${formatDateTimeIn(row.metricasEm, zone)}` : "Métricas ainda não lidas"}
          </span>
        </div>
      </div>
    </li>
  );
}

export default function PublishedPosts({ loaderData }: Route.ComponentProps) {
  const { screen, rows, total, accounts, filters, q, ownOnly, basePath } = loaderData;
  const zone = useTimeZone();
  useLiveRevalidation(
    (event) =>
      (event.type === "post.status" && event.network === screen.network) ||
      (event.type === "record.changed" && event.resource === POSTS_RESOURCE),
  );
  const description = ownOnly
    ? `Os seus posts publicados ${screen.where}, com alcance, curtidas e comentários lidos da Meta todo dia.`
    : `O que foi publicado ${screen.where} — pelo Alicerce e fora dele — com alcance, curtidas e comentários lidos da Meta todo dia.`;
  if (accounts.length === 0) {
    return (
      <>
        <PageHeader title={screen.title} description={description} />
        <EmptyState
          title={`Nenhuma conta do ${SOCIAL_NETWORK.labels[screen.network]} conectada`}
          action={
            <Link to="/social-connect-simple" className={buttonClass("primary")}>
              Conectar Redes
            </Link>
          }
        >
          {screen.network === "instagram"
            ? "Conecte a conta profissional do Instagram da empresa para ver aqui os posts publicados, com alcance, curtidas e comentários."
            : "Conecte a Página do Facebook da empresa para ver aqui os posts publicados, com alcance, curtidas e comentários."}
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <PageHeader title={screen.title} description={description} />
      <ul className="mb-4 grid gap-2 sm:grid-cols-2" aria-label="Contas">
        {accounts.map((a) => (
          <li key={a.id} className="min-w-0 rounded-xl border border-line bg-surface p-3 text-sm">
            <div className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 truncate font-semibold">{a.usuario ? `@${a.usuario.replace(/^@/, "")}` : a.nome}</span>
              <Badge tone={SOCIAL_ACCOUNT_STATUS.tone(a.status)}>{SOCIAL_ACCOUNT_STATUS.labels[a.status]}</Badge>
            </div>
            {a.status === "reconectar" ? (
              <p className="mt-1 text-fg-soft">
                {a.motivoStatus ?? "A conta precisa ser reconectada."}{" "}
                <Link to="/social-connect-simple" className="font-semibold text-accent hover:underline">
                  Reconectar
                </Link>
              </p>
            ) : a.erroMensagem ? (
              <p className="mt-1 text-fg-soft">
                {a.erroMensagem} <span className="text-xs">(código {a.erroCodigo})</span>
              </p>
            ) : (
              <p className="mt-1 text-fg-soft">
                {a.lidoEm ? `Métricas lidas em ${formatDateTimeIn(a.lidoEm, zone)}.` : "As métricas são lidas todo dia às 6h."}
              </p>
            )}
          </li>
        ))}
      </ul>
      <SocialFilters
        id={basePath.slice(1)}
        q={q}
        searchLabel={`Buscar nos ${screen.title.toLowerCase()} pela legenda`}
        searchPlaceholder="Buscar pela legenda"
        fields={filters.fields}
        activeCount={filters.activeCount}
        clearHref={filters.clearHref}
      />
      <ActiveChips chips={filters.chips} />
      <ResultCount total={total} singular="post" plural="posts" filtered={filters.filtered} feminine={false} />
      {rows.length === 0 ? (
        filters.filtered ? (
          <EmptyState
            title="Nenhum post com esses filtros"
            action={
              <Link to={filters.clearHref} className={buttonClass("secondary")}>
                Limpar filtros
              </Link>
            }
          >
            Tente outro período ou outra conta.
          </EmptyState>
        ) : (
          <EmptyState title="Nenhum post publicado ainda">
            {ownOnly
              ? "Quando um post seu for publicado, ele aparece aqui com o link e as métricas."
              : "Os posts publicados pelo Alicerce aparecem aqui assim que vão ao ar; os feitos direto na rede aparecem depois da leitura diária das métricas."}
          </EmptyState>
        )
      ) : (
        <ul className="space-y-3" aria-label={screen.title}>
          {rows.map((row) => (
            <PostCard key={row.id} row={row} network={screen.network} openLabel={screen.open} zone={zone} />
          ))}
        </ul>
      )}
      <KeysetPager
        prevHref={loaderData.prevHref}
        nextHref={loaderData.nextHref}
        firstHref={loaderData.firstHref}
        prevLabel={loaderData.antigas ? "Mais antigos" : "Mais recentes"}
        nextLabel={loaderData.antigas ? "Mais recentes" : "Mais antigos"}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
