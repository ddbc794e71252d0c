import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/drafts";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { NetworkStatuses } from "../../components/social/network-status.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { useLiveRevalidation } from "../../lib/live/use-live-events.ts";
import { titleMeta } from "../../lib/title.ts";
import { POST_APPROVAL } from "../../../shared/enums/social.ts";
import { formatDateTime } from "../../../shared/format.ts";
import { photoUrl, publishImageUrl } from "../../../shared/real-estate/photo-url.ts";
import { captionPreview, type PostRow, postDefinition } from "../../../shared/resources/posts.ts";
import { POST_MOVES } from "../../../shared/social/post-status.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { readForm } from "../../server/forms.server.ts";
import { guard } from "../../server/resources.server.ts";
import { doneMessage, postMoveAction } from "../../server/social/posts.server.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { listRecords } from "../../../worker/resources/records.ts";
import { movesAvailable } from "../../../worker/services/social/posts.ts";

/**
 * Rascunhos (issue 19): the posts still in the works — waiting for approval first, then drafts —
 * with "Aprovar e agendar" and "Devolver para rascunho" right on each card for owner and admin,
 * and "Enviar para aprovação" for whoever wrote it. A drafter sees what the permission table lets
 * them read (a corretor, their own). Revalidates live (ADR 043).
 */
export const meta: Route.MetaFunction = () => titleMeta("Rascunhos");

/** The moves a card offers (editing and cancelling are on the post's page). */
const CARD_MOVES = new Set(["enviar", "aprovar", "devolver"]);

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, postDefinition, "read");
  const zone = timeZoneOf(actor.timeZone);
  const result = await listRecords(ctx, actor, postDefinition.name, {
    q: "",
    sort: "atualizadoEm",
    dir: "desc",
    page: 1,
    after: null,
    filters: { aprovacao: ["aguardando_aprovacao", "rascunho"] },
    columns: null,
  });
  const rows = result.rows as unknown as PostRow[];
  const card = (row: PostRow) => ({
    id: row.id,
    caption: captionPreview(row.legenda, 120),
    // What is approved here is what Meta gets: the cover's publishing JPEG (ADR 047 amendment), its display size as the fallback.
    thumb: row.capaChave ? { src: publishImageUrl(row.capaChave), fallback: photoUrl(row.capaChave, 320) } : null,
    images: row.midias.length,
    redes: row.redes,
    // Why a post came back (an image changed after its approval, ADR 047 amendment): said before approving again.
    reason: row.redes.find((t) => t.status === "aguardando_aprovacao" && t.erroMensagem)?.erroMensagem ?? null,
    property: row.imovelNome,
    by: row.criadoPorNome,
    when: row.agendadoPara ? formatDateTime(row.agendadoPara, zone) : null,
    updated: formatDateTime(row.atualizadoEm, zone),
    moves: movesAvailable(actor, row)
      .filter((m) => CARD_MOVES.has(m))
      .map((move) => ({ move, label: POST_MOVES[move].label ?? move })),
  });
  return {
    waiting: rows.filter((r) => r.aprovacao === "aguardando_aprovacao").map(card),
    drafts: rows.filter((r) => r.aprovacao === "rascunho").map(card),
    more: Math.max(0, result.total - rows.length),
    canCreate: can(actor.role, postDefinition.name, "create"),
    approver: can(actor.role, postDefinition.name, "approve"),
    done: doneMessage(new URL(args.request.url)),
    waitingLabel: POST_APPROVAL.label("aguardando_aprovacao"),
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const id = String(form.get("id") ?? "");
  return postMoveAction(args, form, id, (done) => `/rascunhos?feito=${done}`);
}

type Card = Route.ComponentProps["loaderData"]["drafts"][number];

function PostCard({ post, busy }: { post: Card; busy: boolean }) {
  return (
    <li className="flex min-w-0 flex-col gap-3 rounded-xl border border-line bg-surface p-4 shadow-sm">
      <div className="flex min-w-0 gap-3">
        {post.thumb ? (
          <img
            src={post.thumb.src}
            onError={(event) => {
              if (post.thumb && event.currentTarget.src !== new URL(post.thumb.fallback, location.href).href)
                event.currentTarget.src = post.thumb.fallback;
            }}
            alt=""
            className="h-16 w-20 shrink-0 rounded-lg object-cover"
            loading="lazy"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex h-16 w-20 shrink-0 items-center justify-center rounded-lg bg-black/5 text-xs text-fg-soft"
          >
            Sem imagem
          </span>
        )}
        <div className="min-w-0">
          <Link to={`/posts/${post.id}`} className="font-semibold break-words text-accent hover:underline">
            {post.caption}
          </Link>
          <p className="mt-1 text-xs text-fg-soft">
            {[
              post.property,
              post.by ? `por ${post.by}` : null,
              post.images ? `${post.images} ${post.images === 1 ? "imagem" : "imagens"}` : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
        </div>
      </div>
      <NetworkStatuses redes={post.redes} />
      {post.reason ? (
        <p className="text-sm break-words">
          <span className="font-semibold">Voltou para aprovação: </span>
          {post.reason}
        </p>
      ) : null}
      <p className="text-xs text-fg-soft">
        {post.when ? `Sai em ${post.when}` : "Sai assim que for aprovado"} · atualizado em {post.updated}
      </p>
      {post.moves.length ? (
        <div className="flex flex-wrap gap-2">
          {post.moves.map((m) => (
            <Form method="post" key={m.move}>
              <input type="hidden" name="id" value={post.id} />
              <input type="hidden" name="intent" value={m.move} />
              <Button
                type="submit"
                variant={m.move === "devolver" ? "ghost" : "primary"}
                busy={busy}
                aria-label={`${m.label}: ${post.caption}`}
              >
                {m.label}
              </Button>
            </Form>
          ))}
        </div>
      ) : null}
    </li>
  );
}

export default function Drafts({ loaderData, actionData }: Route.ComponentProps) {
  const { waiting, drafts, more, canCreate, approver, done } = loaderData;
  const busy = useNavigation().state === "submitting";
  // A post sent, approved or edited on another page of the organização shows here at once.
  useLiveRevalidation((event) => (event.type === "record.changed" && event.resource === "posts") || event.type === "post.status");
  return (
    <>
      <PageHeader
        title="Rascunhos"
        description={
          approver
            ? "Posts esperando a sua aprovação e os rascunhos da equipe. Aprove para agendar, ou devolva para ajustar."
            : "Seus posts em andamento. Envie para aprovação quando estiverem prontos."
        }
        actions={
          canCreate ? (
            <Link to="/posts/create" className={buttonClass("primary")}>
              Novo post
            </Link>
          ) : null
        }
      />
      <div className="space-y-6">
        {done ? <Alert tone="success">{done}</Alert> : null}
        {actionData && "error" in actionData ? <Alert tone="error">{actionData.error}</Alert> : null}
        <section aria-labelledby="aguardando-titulo" className="space-y-3">
          <h2 id="aguardando-titulo" className="text-lg font-semibold">
            {loaderData.waitingLabel} <span className="text-fg-soft tabular-nums">({waiting.length})</span>
          </h2>
          {waiting.length ? (
            <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
              {waiting.map((post) => (
                <PostCard key={post.id} post={post} busy={busy} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-fg-soft">Nada esperando aprovação.</p>
          )}
        </section>
        <section aria-labelledby="rascunhos-titulo" className="space-y-3">
          <h2 id="rascunhos-titulo" className="text-lg font-semibold">
            Rascunhos <span className="text-fg-soft tabular-nums">({drafts.length})</span>
          </h2>
          {drafts.length ? (
            <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
              {drafts.map((post) => (
                <PostCard key={post.id} post={post} busy={busy} />
              ))}
            </ul>
          ) : (
            <p className="text-sm text-fg-soft">
              Nenhum rascunho. Comece um post em “Novo post”, ou em “Criar post” na página de um imóvel.
            </p>
          )}
        </section>
        {more ? (
          <p className="text-sm">
            E mais {more} em{" "}
            <Link to="/posts?f.aprovacao=rascunho&f.aprovacao=aguardando_aprovacao" className="font-semibold text-accent underline">
              Posts
            </Link>
            .
          </p>
        ) : null}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
