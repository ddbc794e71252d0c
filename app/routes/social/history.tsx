import { Link } from "react-router";
import type { Route } from "./+types/history";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { ActiveChips, Badge, EmptyState, KeysetPager, ResultCount, SocialFilters } from "../../components/social/social-list-ui.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { useLiveRevalidation } from "../../lib/live/use-live-events.ts";
import { useTimeZone } from "../../lib/time-zone.ts";
import { titleMeta } from "../../lib/title.ts";
import { POST_ATTEMPT_OUTCOME, SOCIAL_NETWORK } from "../../../shared/enums/social.ts";
import { formatDateTimeIn } from "../../../shared/time-zone.ts";
import { attemptStepLabel } from "../../../shared/social/attempt-steps.ts";
import { CAPTION_PREVIEW, keysetPage, POSTS_RESOURCE, socialListParams } from "../../../shared/social/social-list-query.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { historyFilters, readSocialQuery } from "../../server/social/social-lists.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { listAttempts } from "../../../worker/services/social/history.ts";

export const meta: Route.MetaFunction = () => titleMeta("Histórico");

const BASE = "/historico";

export async function loader(args: Route.LoaderArgs) {
  const signed = requirePermission(args.context, args.request, POSTS_RESOURCE, "read");
  const query = readSocialQuery(args.request, BASE);
  const page = await listAttempts(serviceContext(signed.rc), signed.actor, query);
  const paged = keysetPage(page.rows, query, BASE);
  const exportSearch = socialListParams({ ...query, apos: null, antes: null }).toString();
  return {
    rows: paged.rows.map((r) => ({
      ...r,
      legenda: r.legenda && r.legenda.length > CAPTION_PREVIEW ? `${r.legenda.slice(0, CAPTION_PREVIEW).trimEnd()}…` : r.legenda,
      etapaLabel: attemptStepLabel(r.etapa),
    })),
    total: page.total,
    hasAccounts: page.accounts.length > 0,
    q: query.q,
    filters: historyFilters(BASE, query, page.accounts),
    prevHref: paged.prevHref,
    nextHref: paged.nextHref,
    firstHref: paged.firstHref,
    antigas: query.ordem === "antigas",
    exportHref: can(signed.org.role, POSTS_RESOURCE, "export") ? `${BASE}/exportar${exportSearch ? `?${exportSearch}` : ""}` : null,
  };
}

const outcomeTone = (value: string) => POST_ATTEMPT_OUTCOME.tone(value);

export default function History({ loaderData }: Route.ComponentProps) {
  const { rows, total, filters, q, hasAccounts, exportHref } = loaderData;
  const zone = useTimeZone();
  // A publish attempt changes a network's status: every open history reads again (ADR 043).
  useLiveRevalidation((event) => event.type === "post.status" || (event.type === "record.changed" && event.resource === POSTS_RESOURCE));
  return (
    <>
      <PageHeader
        title="Histórico"
        description="Cada tentativa de publicar, com o resultado e o motivo em português. O código da Meta fica à vista para o suporte."
        actions={
          exportHref ? (
            <a href={exportHref} download className={buttonClass("secondary", "px-3")}>
              Exportar CSV
            </a>
          ) : null
        }
      />
      <SocialFilters
        id="historico"
        q={q}
        searchLabel="Buscar no histórico pela legenda"
        searchPlaceholder="Buscar pela legenda ou #hashtag"
        fields={filters.fields}
        activeCount={filters.activeCount}
        clearHref={filters.clearHref}
      />
      <ActiveChips chips={filters.chips} />
      <ResultCount total={total} singular="tentativa" plural="tentativas" filtered={filters.filtered} feminine />
      {rows.length === 0 ? (
        filters.filtered ? (
          <EmptyState
            title="Nenhuma tentativa com esses filtros"
            action={
              <Link to={filters.clearHref} className={buttonClass("secondary")}>
                Limpar filtros
              </Link>
            }
          >
            Tente outro período, outra conta ou outro resultado.
          </EmptyState>
        ) : hasAccounts ? (
          <EmptyState title="Nenhuma publicação tentada ainda">
            Quando um post aprovado chegar à hora dele, cada tentativa de publicar aparece aqui: se foi ao ar, se vai tentar de novo ou por
            que falhou, com o que fazer.
          </EmptyState>
        ) : (
          <EmptyState
            title="Nenhuma rede conectada"
            action={
              <Link to="/social-connect-simple" className={buttonClass("primary")}>
                Conectar Redes
              </Link>
            }
          >
            Conecte uma Página do Facebook ou uma conta do Instagram para publicar. Cada tentativa de publicação fica registrada aqui.
          </EmptyState>
        )
      ) : (
        <ol className="space-y-3" aria-label="Tentativas de publicação">
          {rows.map((r) => (
            <li key={r.id} className="min-w-0 rounded-xl border border-line bg-surface p-4">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Badge tone={outcomeTone(r.resultado)}>{POST_ATTEMPT_OUTCOME.labels[r.resultado]}</Badge>
                <Badge tone={SOCIAL_NETWORK.tone(r.rede)}>{SOCIAL_NETWORK.labels[r.rede]}</Badge>
                <time dateTime={new Date(r.at).toISOString()} className="ml-auto text-fg-soft tabular-nums">
                  {formatDateTimeIn(r.at, zone)}
                </time>
              </div>
              <p className="mt-2 text-sm break-words">
                {r.postExcluido ? (
                  <span className="text-fg-soft">{r.legenda || "Post sem legenda"} (post excluído)</span>
                ) : (
                  <Link to={`/posts/${r.postId}`} className="font-semibold text-accent hover:underline">
                    {r.legenda || "Post sem legenda"}
                  </Link>
                )}
              </p>
              <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
                <div className="flex min-w-0 gap-1">
                  <dt className="text-fg-soft">Conta:</dt>
                  <dd className="min-w-0 truncate">{r.contaUsuario ? `@${r.contaUsuario.replace(/^@/, "")}` : (r.contaNome ?? "—")}</dd>
                </div>
                <div className="flex min-w-0 gap-1">
                  <dt className="text-fg-soft">Etapa:</dt>
                  <dd className="min-w-0">{r.etapaLabel}</dd>
                </div>
              </dl>
              {r.mensagem ? (
                <p
                  className={`mt-2 rounded-lg px-3 py-2 text-sm break-words ${r.resultado === "falhou" ? "bg-danger-soft" : "bg-accent-soft"}`}
                >
                  {r.mensagem}
                </p>
              ) : null}
              {r.erroCodigo ? (
                <p className="mt-2 text-xs text-fg-soft">
                  Código da Meta: <code className="font-mono text-fg">{r.erroCodigo}</code>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <KeysetPager
        prevHref={loaderData.prevHref}
        nextHref={loaderData.nextHref}
        firstHref={loaderData.firstHref}
        prevLabel={loaderData.antigas ? "Mais antigas" : "Mais recentes"}
        nextLabel={loaderData.antigas ? "Mais recentes" : "Mais antigas"}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary back={{ listTitle: "Histórico", basePath: BASE }} />;
}
