import type { PostCommentKind, SocialNetwork } from "../enums/social.ts";

/**
 * A comment or mention Meta's webhooks recorded on one of our posts, as the post's page and the
 * API show it (ADR 046). Client-safe: the page's component reads it, the server fills it.
 */
export interface PostComment {
  id: string;
  rede: SocialNetwork;
  tipo: PostCommentKind;
  autorNome: string | null;
  /** Instagram's username, without the @. */
  autorUsuario: string | null;
  /** Null for a mention, whose text Meta does not send. */
  texto: string | null;
  comentadoEm: string;
  clienteId: string | null;
  clienteNome: string | null;
  /** The interest "Criar interesse" made or found (null: none yet, or it was deleted). */
  interesseId: string | null;
}

export interface PostComments {
  /** The imóvel the post came from, when it is still on file: "Criar interesse" needs it. */
  imovelId: string | null;
  comentarios: PostComment[];
}

/** The form intent the post's page answers with "Criar interesse". */
export const CREATE_INTEREST_INTENT = "criar-interesse";

/** Who wrote it, as the screen names them: the Facebook name, else @username. */
export function commentAuthor(comment: Pick<PostComment, "autorNome" | "autorUsuario" | "tipo">): string {
  if (comment.autorNome) return comment.autorNome;
  if (comment.autorUsuario) return `@${comment.autorUsuario}`;
  return comment.tipo === "mencao" ? "Menção à conta" : "Pessoa sem nome";
}
