import { lazy, Suspense } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/post";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { NetworkStatuses } from "../../components/social/network-status.tsx";
import { PostComments } from "../../components/social/post-comments.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Toaster } from "../../components/ui/toast.tsx";
import { useLiveRevalidation } from "../../lib/live/use-live-events.ts";
import { titleMeta } from "../../lib/title.ts";
import { POST_APPROVAL, POST_STATUS, SOCIAL_NETWORK } from "../../../shared/enums/social.ts";
import { formatDateTime } from "../../../shared/format.ts";
import { POST_MOVES } from "../../../shared/social/post-status.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { postDefinition } from "../../../shared/resources/posts.ts";
import { readForm } from "../../server/forms.server.ts";
import { deleteOne, guard, takeFlash, toastFor } from "../../server/resources.server.ts";
import { createInterestAction, NO_COMMENTS, type PostCommentsData, postCommentsSlot } from "../../server/social/post-comments.server.ts";
import { doneMessage, postMoveAction } from "../../server/social/posts.server.ts";
import { CREATE_INTEREST_INTENT } from "../../../shared/social/post-comments.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { postEditorData } from "../../../worker/services/social/post-editor.ts";
import { movesAvailable } from "../../../worker/services/social/posts.ts";
import { isId } from "../../../shared/id.ts";

/**
 * A post's page (issue 19): what it says and shows, each network's status with its pt-BR error and
 * "Tentar de novo" for the failed one only, the live post's link once published, the moves the
 * member's role has, and the comments Meta's webhooks recorded (ADR 046) with "Criar interesse".
 * Revalidates live (ADR 043).
 */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.title ?? "Post");

const Preview = lazy(() => import("../../components/social/post-preview.tsx"));

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, postDefinition, "read");
  const id = args.params.id;
  if (!isId(id)) throw new Response("Post não encontrado.", { status: 404 });
  // The comments ride in the same batch: the page is one round trip.
  const comments = postCommentsSlot(args, id);
  const { row, accounts, photos, uploads, extra } = await postEditorData(ctx, actor, { postId: id, extra: comments.statements });
  if (!row) throw new Response("Post não encontrado.", { status: 404 });
  const [commentPost, commentRows] = extra as [Record<string, unknown>[], Record<string, unknown>[]];
  const zone = timeZoneOf(actor.timeZone);
  const byId = new Map([...photos, ...uploads].map((p) => [p.id, p]));
  // Each image described by its alt text as it will go (a single image: the post's).
  const altOf = (i: number): string | null => (row.midias.length === 1 ? row.textoAlternativo : null) ?? row.textosAlternativos[i] ?? null;
  const gone = row.redes.some((t) => t.status === "publicando" || t.status === "publicado");
  const approver = can(actor.role, "posts", "approve");
  const mine = row.criadoPor === actor.userId;
  const account = (rede: string) => accounts.find((a) => row.redes.some((t) => t.rede === rede && t.contaId === a.id)) ?? null;
  const instagram = account("instagram");
  const facebook = account("facebook");
  return {
    title: postDefinition.title(row),
    id: row.id,
    legenda: row.legenda,
    link: row.link ?? "",
    primeiroComentario: row.primeiroComentario,
    textoAlternativo: row.textoAlternativo,
    approval: { label: POST_APPROVAL.label(row.aprovacao), tone: POST_APPROVAL.tone(row.aprovacao) },
    when: row.agendadoPara ? formatDateTime(row.agendadoPara, zone) : null,
    approvedAt: row.aprovadoEm ? formatDateTime(row.aprovadoEm, zone) : null,
    createdBy: row.criadoPorNome,
    property: row.imovelId && row.imovelNome ? { id: row.imovelId, title: row.imovelNome } : null,
    redes: row.redes.map((t) => ({
      ...t,
      label: SOCIAL_NETWORK.label(t.rede),
      statusLabel: POST_STATUS.label(t.status),
      publishedAt: t.publicadoEm ? formatDateTime(t.publicadoEm, zone) : null,
    })),
    images: row.midias.flatMap((m, i) => {
      const image = byId.get(m);
      return image ? [{ ...image, legenda: altOf(i) ?? image.legenda }] : [];
    }),
    missingImages: row.midias.filter((m) => !byId.has(m)).length,
    instagram: instagram ? { nome: instagram.nome, usuario: instagram.usuario } : null,
    facebook: facebook ? { nome: facebook.nome } : null,
    moves: movesAvailable(actor, row).map((move) => ({ move, label: POST_MOVES[move].label ?? move })),
    canEdit: !gone && (approver || (mine && row.aprovacao === "rascunho")) && can(actor.role, "posts", "update"),
    canDelete: !gone && (approver || (mine && row.aprovacao === "rascunho")) && can(actor.role, "posts", "delete"),
    comments: (comments.read(commentPost, commentRows) ?? NO_COMMENTS) satisfies PostCommentsData,
    done: doneMessage(new URL(args.request.url)),
    toast: toastFor(postDefinition, takeFlash(args)),
  };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const id = args.params.id;
  if (form.get("intent") === CREATE_INTEREST_INTENT) return createInterestAction(args, form, id);
  if (form.get("intent") === "excluir") {
    guard(args, postDefinition, "delete");
    return deleteOne(args, postDefinition, id);
  }
  return postMoveAction(args, form, id, (done) => `/posts/${id}?feito=${done}`);
}

/** A network's status: why it failed (with the one retry, that network alone) or why it waits. */
function NetworkCard({ t, canRetry }: { t: Route.ComponentProps["loaderData"]["redes"][number]; canRetry: boolean }) {
  return (
    <li className="space-y-2 rounded-lg border border-line p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 text-sm">
          <span className="font-semibold">{t.label}</span>
          {t.contaNome ? <span className="text-fg-soft"> · {t.contaNome}</span> : null}
        </p>
        <span className={`badge badge-${POST_STATUS.tone(t.status)}`}>{t.statusLabel}</span>
      </div>
      {t.status === "falhou" ? (
        <div className="space-y-2">
          <p role="alert" className="text-sm text-danger break-words">
            {t.erroMensagem ?? "A publicação falhou."}
            {t.erroCodigo ? <span className="text-fg-soft"> (código {t.erroCodigo})</span> : null}
          </p>
          {canRetry ? (
            <Form method="post">
              <input type="hidden" name="intent" value="tentar_de_novo" />
              <Button type="submit" variant="secondary">
                Tentar de novo no {t.label}
              </Button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {/* Held (an account to reconnect, the daily quota; an image changed after approval, back waiting for it): the reason it waits. */}
      {(t.status === "agendado" || t.status === "aguardando_aprovacao") && t.erroMensagem ? (
        <p className="text-sm break-words">
          <span className="font-semibold">Em espera: </span>
          {t.erroMensagem}
          {t.erroCodigo ? <span className="text-fg-soft"> (código {t.erroCodigo})</span> : null}
        </p>
      ) : null}
      {t.status === "publicado" ? (
        <p className="text-sm">
          {t.publishedAt ? <span className="text-fg-soft">Publicado em {t.publishedAt}. </span> : null}
          {t.permalink ? (
            <a href={t.permalink} target="_blank" rel="noopener noreferrer" className="font-semibold text-accent underline">
              Ver no {t.label}
            </a>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

export default function PostPage({ loaderData, actionData }: Route.ComponentProps) {
  const p = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // A network's status changes as it publishes (the jobs) or as someone else moves it.
  useLiveRevalidation(
    (event) =>
      (event.type === "post.status" && event.postId === p.id) ||
      (event.type === "record.changed" && event.resource === "posts" && (!event.ids || event.ids.includes(p.id))),
  );
  const retry = p.moves.some((m) => m.move === "tentar_de_novo");
  const moves = p.moves.filter((m) => m.move !== "tentar_de_novo");
  return (
    <>
      <nav aria-label="Você está em" className="mb-2 text-sm">
        <Link to="/rascunhos" className="text-accent hover:underline">
          Rascunhos
        </Link>
        <span className="text-fg-soft"> · </span>
        <Link to="/posts" className="text-accent hover:underline">
          Posts
        </Link>
      </nav>
      <header className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words">{p.title}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-fg-soft">
            <span className={`badge badge-${p.approval.tone}`}>{p.approval.label}</span>
            <span>{p.when ? `Sai em ${p.when}` : "Sai assim que for aprovado"}</span>
            {p.createdBy ? <span>· por {p.createdBy}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {p.canEdit ? (
            <Link to={`/posts/${p.id}/edit`} className={buttonClass("secondary")}>
              Editar
            </Link>
          ) : null}
          {moves.map((m) => (
            <Form method="post" key={m.move}>
              <input type="hidden" name="intent" value={m.move} />
              <Button type="submit" variant={m.move === "cancelar" || m.move === "devolver" ? "ghost" : "primary"} busy={busy}>
                {m.label}
              </Button>
            </Form>
          ))}
          {p.canDelete ? (
            <Form
              method="post"
              onSubmit={(e) => (window.confirm("Excluir este post? Você pode desfazer logo em seguida.") ? undefined : e.preventDefault())}
            >
              <input type="hidden" name="intent" value="excluir" />
              <Button type="submit" variant="danger" busy={busy}>
                Excluir
              </Button>
            </Form>
          ) : null}
        </div>
      </header>
      <div className="space-y-4">
        {p.done ? <Alert tone="success">{p.done}</Alert> : null}
        {actionData && "error" in actionData ? <Alert tone="error">{actionData.error}</Alert> : null}
        <Card title="Redes">
          {p.redes.length ? (
            <ul className="grid gap-3 sm:grid-cols-2">
              {p.redes.map((t) => (
                <NetworkCard key={t.id} t={t} canRetry={retry} />
              ))}
            </ul>
          ) : (
            <div className="space-y-2">
              <NetworkStatuses redes={[]} />
              <p className="text-sm text-fg-soft">
                Escolha uma Página do Facebook ou uma conta do Instagram ao editar. Sem conta conectada? Conecte em{" "}
                <Link to="/social-connect-simple" className="font-semibold text-accent underline">
                  Conectar Redes
                </Link>
                .
              </p>
            </div>
          )}
        </Card>
        <div className="grid gap-4 lg:grid-cols-2">
          <Card title="Conteúdo">
            <dl className="space-y-3 text-sm">
              <div>
                <dt className="font-medium text-fg-soft">Legenda</dt>
                <dd className="break-words whitespace-pre-line">{p.legenda || "(sem legenda)"}</dd>
              </div>
              {p.link ? (
                <div>
                  <dt className="font-medium text-fg-soft">Link</dt>
                  <dd className="break-all">
                    <a href={p.link} target="_blank" rel="noopener noreferrer" className="text-accent underline">
                      {p.link}
                    </a>
                  </dd>
                </div>
              ) : null}
              {p.primeiroComentario ? (
                <div>
                  <dt className="font-medium text-fg-soft">Primeiro comentário</dt>
                  <dd className="break-words whitespace-pre-line">{p.primeiroComentario}</dd>
                </div>
              ) : null}
              {p.textoAlternativo ? (
                <div>
                  <dt className="font-medium text-fg-soft">Texto alternativo</dt>
                  <dd className="break-words">{p.textoAlternativo}</dd>
                </div>
              ) : null}
              {p.property ? (
                <div>
                  <dt className="font-medium text-fg-soft">Imóvel</dt>
                  <dd>
                    <Link to={`/properties/${p.property.id}`} className="text-accent underline">
                      {p.property.title}
                    </Link>
                  </dd>
                </div>
              ) : null}
              <div>
                <dt className="font-medium text-fg-soft">Imagens</dt>
                <dd>
                  {p.images.length + p.missingImages === 0
                    ? "Nenhuma"
                    : `${p.images.length + p.missingImages} ${p.images.length + p.missingImages === 1 ? "imagem" : "imagens (carrossel)"}`}
                </dd>
              </div>
              {p.approvedAt ? (
                <div>
                  <dt className="font-medium text-fg-soft">Aprovado em</dt>
                  <dd>{p.approvedAt}</dd>
                </div>
              ) : null}
            </dl>
          </Card>
          <Card title="Prévia">
            <Suspense fallback={<p className="text-sm text-fg-soft">Carregando a prévia…</p>}>
              <Preview legenda={p.legenda} link={p.link} images={p.images} instagram={p.instagram} facebook={p.facebook} />
            </Suspense>
          </Card>
        </div>
        <section id="comentarios" aria-labelledby="comentarios-titulo" data-slot="comentarios">
          <PostComments
            postId={p.id}
            titleId="comentarios-titulo"
            comments={p.comments.comentarios}
            canCreateInterest={p.comments.canCreateInterest}
          />
        </section>
      </div>
      <Toaster toast={p.toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
