import { Form, Link, useActionData, useNavigation } from "react-router";
import { POST_COMMENT_KIND, SOCIAL_NETWORK } from "../../../shared/enums/social.ts";
import { formatDateTime } from "../../../shared/format.ts";
import { CREATE_INTEREST_INTENT, commentAuthor, type PostComment } from "../../../shared/social/post-comments.ts";
import { useLiveRevalidation } from "../../lib/live/use-live-events.ts";
import { useTimeZone } from "../../lib/time-zone.ts";
import { buttonClass } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";

/** What the page's action answers to "Criar interesse" (app/server/social/post-comments.server.ts). */
interface InterestResult {
  interestFor?: string;
  interesseId?: string;
  interesseCriado?: boolean;
  interestError?: string;
}

/** One "Criar interesse" button, posting to the page's action; its outcome is announced beside it. */
function CreateInterestButton({ comment, result, action }: { comment: PostComment; result: InterestResult | undefined; action?: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === CREATE_INTEREST_INTENT &&
    navigation.formData?.get("comentarioId") === comment.id;
  const mine = result?.interestFor === comment.id ? result : undefined;
  return (
    <Form method="post" action={action} className="flex flex-col items-start gap-1 sm:items-end">
      <input type="hidden" name="intent" value={CREATE_INTEREST_INTENT} />
      <input type="hidden" name="comentarioId" value={comment.id} />
      <button
        type="submit"
        className={buttonClass("secondary")}
        disabled={busy}
        aria-label={`Criar interesse para ${commentAuthor(comment)} neste imóvel`}
      >
        {busy ? "Criando…" : "Criar interesse"}
      </button>
      <span role="status" className="text-xs">
        {mine?.interestError ? <span className="text-danger">{mine.interestError}</span> : null}
      </span>
    </Form>
  );
}

/** The outcome line of a comment that has its interest (the last click's words when it was this one). */
function InterestLink({ comment, result }: { comment: PostComment; result: InterestResult | undefined }) {
  const justNow = result?.interestFor === comment.id && result.interesseId === comment.interesseId;
  return (
    <p className="text-sm" role={justNow ? "status" : undefined}>
      {justNow ? (result?.interesseCriado ? "Interesse criado. " : "Este cliente já tinha um interesse aberto neste imóvel. ") : null}
      <Link to={`/property_clients/${comment.interesseId}`} className="font-medium text-accent hover:underline">
        Ver interesse
      </Link>
      {comment.clienteId ? (
        <>
          {" · "}
          <Link to={`/clients/${comment.clienteId}`} className="hover:underline">
            {comment.clienteNome ?? "Ver cliente"}
          </Link>
        </>
      ) : null}
    </p>
  );
}

/**
 * The comments and mentions Meta's webhooks recorded on a post (ADR 046), newest first, read
 * again live when a new one arrives (ADR 043). On a post made from an imóvel, "Criar interesse"
 * turns a comment into an interest in that imóvel with one click; the page's action answers
 * the intent `criar-interesse` with `createInterestAction`.
 */
export function PostComments({
  postId,
  comments,
  canCreateInterest,
  action,
  titleId,
}: {
  postId: string;
  /** The title's id, for a section labelled by it. */
  titleId?: string;
  comments: PostComment[];
  /** The member may create interests and the post came from an imóvel still on file. */
  canCreateInterest: boolean;
  /** Where the button posts (default: the page's own action). */
  action?: string;
}) {
  useLiveRevalidation({ type: "post.comment", postId });
  const zone = useTimeZone();
  const result = useActionData() as InterestResult | undefined;
  const total = comments.length;
  return (
    <Card title={<span id={titleId}>{total ? `Comentários (${total})` : "Comentários"}</span>}>
      {total ? (
        <ul className="divide-y divide-line" aria-label="Comentários do post">
          {comments.map((comment) => (
            <li
              key={comment.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
              data-comment={comment.id}
            >
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                  <span className="font-semibold break-words">{commentAuthor(comment)}</span>
                  <span className={`badge badge-${SOCIAL_NETWORK.tone(comment.rede)}`}>{SOCIAL_NETWORK.label(comment.rede)}</span>
                  {comment.tipo === "mencao" ? <span className="badge badge-neutral">{POST_COMMENT_KIND.label("mencao")}</span> : null}
                  <time dateTime={comment.comentadoEm} className="text-xs text-fg-soft">
                    {formatDateTime(comment.comentadoEm, zone)}
                  </time>
                </p>
                {comment.texto ? (
                  <p className="text-sm break-words whitespace-pre-line">{comment.texto}</p>
                ) : (
                  <p className="text-sm text-fg-soft">Mencionou a conta em um comentário. Abra o post na rede para ler.</p>
                )}
                {comment.interesseId ? <InterestLink comment={comment} result={result} /> : null}
              </div>
              {canCreateInterest && !comment.interesseId && (comment.autorNome || comment.autorUsuario || comment.clienteId) ? (
                <div className="shrink-0">
                  <CreateInterestButton comment={comment} result={result} action={action} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-fg-soft">
          Nenhum comentário ainda. Depois que o post for publicado, os comentários do Facebook e do Instagram aparecem aqui.
        </p>
      )}
    </Card>
  );
}
