import { POST_STATUS, type PostStatus } from "../enums/social.ts";

/**
 * A post's publication on one network, as a pure state machine: which moves exist, from which
 * statuses, and who may make them. Each network's row moves on its own (one failing never touches
 * the other). Who is said as a capability, never as a role: `draft` (whoever may create posts,
 * in the permission table), `approve` (the table's approve cell) and `system` (the publishing
 * jobs: only they claim, publish and fail). Client-safe: screens show only the moves allowed.
 */

export type PostCapability = "draft" | "approve" | "system";

export interface PostMove {
  readonly from: readonly PostStatus[];
  readonly to: PostStatus;
  readonly by: PostCapability;
  /** The button's text (moves the jobs make have none). */
  readonly label?: string;
}

export const POST_MOVES = {
  /** A drafter asks an approver to look. */
  enviar: { from: ["rascunho"], to: "aguardando_aprovacao", by: "draft", label: "Enviar para aprovação" },
  /** Approve and schedule (a draft of an approver's own, or one waiting). */
  aprovar: { from: ["rascunho", "aguardando_aprovacao"], to: "agendado", by: "approve", label: "Aprovar e agendar" },
  /** Back to the drafter, to change. */
  devolver: { from: ["aguardando_aprovacao", "agendado"], to: "rascunho", by: "approve", label: "Devolver para rascunho" },
  /** The job takes the publication (a conditional change: two runs never both win). */
  reivindicar: { from: ["agendado"], to: "publicando", by: "system" },
  publicar: { from: ["publicando"], to: "publicado", by: "system" },
  falhar: { from: ["publicando", "agendado"], to: "falhou", by: "system" },
  /** Only the failed network goes back to the queue. */
  tentar_de_novo: { from: ["falhou"], to: "agendado", by: "approve", label: "Tentar de novo" },
  /** Until it goes; a published post is never cancelled nor deleted. */
  cancelar: { from: ["rascunho", "aguardando_aprovacao", "agendado", "falhou"], to: "cancelado", by: "approve", label: "Cancelar" },
} as const satisfies Record<string, PostMove>;

export type PostMoveName = keyof typeof POST_MOVES;
export const POST_MOVE_NAMES = Object.keys(POST_MOVES) as PostMoveName[];

/** What the mover holds. An approver may also draft; the jobs hold `system` alone. */
export type PostCapabilities = ReadonlySet<PostCapability>;

/** Why a move is refused (pt-BR), or null when it is allowed. */
export function moveRefusal(status: PostStatus, move: PostMoveName, can: PostCapabilities): string | null {
  const rule: PostMove = POST_MOVES[move];
  if (!can.has(rule.by)) {
    return rule.by === "system" ? "Só a publicação automática faz essa mudança." : "Só o dono ou um administrador pode fazer isso.";
  }
  if (!rule.from.includes(status)) {
    return `Um post ${POST_STATUS.label(status).toLowerCase()} não pode ${VERB[move]}.`;
  }
  return null;
}

const VERB: Record<PostMoveName, string> = {
  enviar: "ser enviado para aprovação",
  aprovar: "ser aprovado",
  devolver: "voltar para rascunho",
  reivindicar: "começar a publicar",
  publicar: "ser marcado como publicado",
  falhar: "ser marcado como falho",
  tentar_de_novo: "ser tentado de novo",
  cancelar: "ser cancelado",
};

/** The status after the move, or the refusal. */
export function applyMove(
  status: PostStatus,
  move: PostMoveName,
  can: PostCapabilities,
): { ok: true; status: PostStatus } | { ok: false; reason: string } {
  const reason = moveRefusal(status, move, can);
  return reason ? { ok: false, reason } : { ok: true, status: POST_MOVES[move].to };
}

/** The moves a person may make on a status (the buttons a screen shows). */
export function movesFrom(status: PostStatus, can: PostCapabilities): PostMoveName[] {
  return POST_MOVE_NAMES.filter((move) => moveRefusal(status, move, can) === null);
}

/** Statuses in which the post's content may still change (edit until it goes). */
export const EDITABLE_STATUSES: readonly PostStatus[] = ["rascunho", "aguardando_aprovacao", "agendado", "falhou"];

/** No way out: the publication is over. */
export function isFinal(status: PostStatus): boolean {
  return movesFrom(status, new Set<PostCapability>(["draft", "approve", "system"])).length === 0;
}

/** One network's publication, as far as the machine cares. */
export interface TargetState {
  readonly id: string;
  readonly status: PostStatus;
}

/**
 * "Tentar de novo" on a post: only its failed networks go back to `agendado`; every other
 * network's publication is returned untouched (the same object).
 */
export function retryFailed<T extends TargetState>(targets: readonly T[], can: PostCapabilities): T[] {
  return targets.map((t) => {
    const next = applyMove(t.status, "tentar_de_novo", can);
    return next.ok && t.status === "falhou" ? { ...t, status: next.status } : t;
  });
}
