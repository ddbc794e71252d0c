import { defineEnum } from "../define-enum.ts";

/** Social publishing's lists (issue 19): networks, connected accounts, posts and each network's publication. */

/** The networks a post goes to (Meta's two). */
export const SOCIAL_NETWORK = defineEnum({
  facebook: { label: "Facebook", tone: "blue" },
  instagram: { label: "Instagram", tone: "purple" },
});
export const SOCIAL_NETWORKS = SOCIAL_NETWORK.values;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** A connected account's health: "reconectar" holds its posts instead of failing them one by one. */
export const SOCIAL_ACCOUNT_STATUS = defineEnum({
  ativa: { label: "Conectada", tone: "green" },
  reconectar: { label: "Reconectar", tone: "yellow" },
  desconectada: { label: "Desconectada", tone: "neutral" },
});
export const SOCIAL_ACCOUNT_STATUSES = SOCIAL_ACCOUNT_STATUS.values;
export type SocialAccountStatus = (typeof SOCIAL_ACCOUNT_STATUSES)[number];

/**
 * A post's publication on one network (one `post_targets` row): each network moves on its own,
 * so one failing never touches the other. The moves are shared/social/post-status.ts.
 */
export const POST_STATUS = defineEnum({
  rascunho: { label: "Rascunho", tone: "neutral" },
  aguardando_aprovacao: { label: "Aguardando aprovação", tone: "yellow" },
  agendado: { label: "Agendado", tone: "blue" },
  publicando: { label: "Publicando", tone: "purple" },
  publicado: { label: "Publicado", tone: "green" },
  falhou: { label: "Falhou", tone: "red" },
  cancelado: { label: "Cancelado", tone: "neutral" },
});
export const POST_STATUSES = POST_STATUS.values;
export type PostStatus = (typeof POST_STATUSES)[number];

/** The post's approval: staff and professionals draft and send; owner and admin approve (and schedule). */
export const POST_APPROVAL = defineEnum({
  rascunho: { label: "Rascunho", tone: "neutral" },
  aguardando_aprovacao: { label: "Aguardando aprovação", tone: "yellow" },
  aprovado: { label: "Aprovado", tone: "green" },
});
export const POST_APPROVALS = POST_APPROVAL.values;
export type PostApproval = (typeof POST_APPROVALS)[number];

/** Where a post came from: the record it was made from (shared/social/post-origins.ts). */
export const POST_ORIGIN = defineEnum({
  imovel: { label: "Imóvel" },
  produto: { label: "Produto" },
  servico: { label: "Serviço" },
});
export const POST_ORIGINS = POST_ORIGIN.values;
export type PostOrigin = (typeof POST_ORIGINS)[number];

/**
 * How an account was connected: Facebook Login for Business (Pages and their linked Instagram
 * accounts, graph.facebook.com), Instagram Login (graph.instagram.com, no Page), or the local
 * demo stand-in (`npm start` without a Meta app; production refuses it).
 */
export const SOCIAL_CONNECTION_KIND = defineEnum({
  facebook_login: { label: "Login do Facebook" },
  instagram_login: { label: "Login do Instagram" },
});
export const SOCIAL_CONNECTION_KINDS = SOCIAL_CONNECTION_KIND.values;
export type SocialConnectionKind = (typeof SOCIAL_CONNECTION_KINDS)[number];

/** One publish attempt's outcome, as the history shows it. */
export const POST_ATTEMPT_OUTCOME = defineEnum({
  publicado: { label: "Publicado", tone: "green" },
  falhou: { label: "Falhou", tone: "red" },
  /** A transient failure: the job tries again (with backoff). */
  repetir: { label: "Nova tentativa", tone: "yellow" },
  /** Held without failing: account to reconnect, daily quota spent. */
  retido: { label: "Retido", tone: "yellow" },
  /** Found already live when looked up (an answer lost after Meta did the work). */
  recuperado: { label: "Já estava publicado", tone: "green" },
});
export const POST_ATTEMPT_OUTCOMES = POST_ATTEMPT_OUTCOME.values;
export type PostAttemptOutcome = (typeof POST_ATTEMPT_OUTCOMES)[number];

/** What Meta told us about one of our posts (webhooks): a comment, or a mention of the account in one. */
export const POST_COMMENT_KIND = defineEnum({
  comentario: { label: "Comentário" },
  mencao: { label: "Menção" },
});
export const POST_COMMENT_KINDS = POST_COMMENT_KIND.values;
export type PostCommentKind = (typeof POST_COMMENT_KINDS)[number];
