import { eq, isNull } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { posts, postTargets } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { PostApproval, PostStatus } from "../../../shared/enums/social.ts";
import type { PostRow, PostTargetSummary } from "../../../shared/resources/posts.ts";
import { captionProblems, mediaProblem } from "../../../shared/social/caption-rules.ts";
import { applyMove, moveRefusal, type PostCapabilities, type PostCapability, type PostMoveName } from "../../../shared/social/post-status.ts";
import { authorize, can, FORBIDDEN_MESSAGE, ownsRow } from "../../auth/permissions.ts";
import { moduleOf, notFoundMessage } from "../../resources/registry.ts";
import { recordStatement, rowsOf } from "../../resources/records.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";

/**
 * A post's moves made by people (shared/social/post-status.ts): send for approval, approve and
 * schedule, send back, cancel, try again. Each network's publication moves on its own with a
 * conditional status change (a row that moved meanwhile is left alone and the answer says so);
 * "tentar de novo" touches only the failed networks. The jobs' moves (claim, publish, fail) are
 * the publishing piece's.
 */

const NAME = "posts";

/** The moves a person makes, with the permission table's action each needs. */
export const PERSON_MOVES = {
  enviar: "update",
  aprovar: "approve",
  devolver: "approve",
  cancelar: "approve",
  tentar_de_novo: "approve",
} as const satisfies Partial<Record<PostMoveName, "update" | "approve">>;

export type PersonMove = keyof typeof PERSON_MOVES;

export function isPersonMove(value: string): value is PersonMove {
  return Object.hasOwn(PERSON_MOVES, value);
}

/** What the member holds in the machine's terms, from the permission table. */
export function capabilitiesOf(actor: Pick<Actor, "role">): PostCapabilities {
  const caps = new Set<PostCapability>();
  if (can(actor.role, NAME, "create")) caps.add("draft");
  if (can(actor.role, NAME, "approve")) caps.add("approve");
  return caps;
}

/** The post's approval after a move (null: unchanged). */
const APPROVAL_AFTER: Record<PersonMove, PostApproval | null> = {
  enviar: "aguardando_aprovacao",
  aprovar: "aprovado",
  devolver: "rascunho",
  cancelar: null,
  tentar_de_novo: null,
};

/** Which approvals the post may be in for the move (the networks' statuses decide the rest). */
const APPROVAL_BEFORE: Record<PersonMove, readonly PostApproval[]> = {
  enviar: ["rascunho"],
  aprovar: ["rascunho", "aguardando_aprovacao"],
  devolver: ["aguardando_aprovacao", "aprovado"],
  cancelar: ["rascunho", "aguardando_aprovacao", "aprovado"],
  tentar_de_novo: ["aprovado"],
};

/** What a post needs before it can go for approval or out: said in pt-BR, tied to its field. */
export function readinessProblem(row: PostRow, now: Date, move: PersonMove): { message: string; field: string } | null {
  if (!row.redes.length) {
    return { message: "Escolha ao menos uma conta (Página do Facebook ou conta do Instagram) antes de enviar.", field: "contas" };
  }
  const caption = captionProblems(row.legenda)[0];
  if (caption) return { message: caption, field: "legenda" };
  const media = mediaProblem(row.midias.length, row.redes.some((t) => t.rede === "instagram"));
  if (media) return { message: media, field: "midias" };
  if (!row.midias.length && !row.legenda.trim() && !row.link) {
    return { message: "O post está vazio: escreva a legenda, ponha um link ou escolha uma imagem.", field: "legenda" };
  }
  if (move === "aprovar" && row.agendadoPara && Date.parse(row.agendadoPara) < now.getTime() - 60_000) {
    return {
      message: "O horário agendado já passou: escolha outro, ou deixe em branco para publicar assim que aprovar.",
      field: "agendadoPara",
    };
  }
  return null;
}

/** The networks a move changes, each with its new status (the others are left as they are). */
function movedTargets(targets: readonly PostTargetSummary[], move: PersonMove, can: PostCapabilities) {
  const moved: { target: PostTargetSummary; to: PostStatus }[] = [];
  for (const target of targets) {
    const next = applyMove(target.status, move, can);
    if (next.ok) moved.push({ target, to: next.status });
  }
  return moved;
}

/**
 * Makes a person's move on a post and answers the post as it is now. 403 when the table refuses
 * (or a drafter's move on someone else's post), 404 when it is not found, 409 when no network
 * can make the move (with the reason), 422 when the post is not ready (with the field).
 */
export async function movePost(ctx: ServiceContext, actor: Actor, id: string, move: PersonMove): Promise<PostRow> {
  const action = PERSON_MOVES[move];
  const reach = authorize(actor, NAME, action);
  const mod = moduleOf(NAME);
  const { statement } = recordStatement(ctx, actor, NAME, id);
  const [row] = rowsOf(mod, await statement) as unknown as PostRow[];
  if (!row) throw new DomainError(notFoundMessage(mod), 404);
  if (reach === "own" && !ownsRow(actor, NAME, row as unknown as Record<string, unknown>)) throw new DomainError(FORBIDDEN_MESSAGE, 403);

  const caps = capabilitiesOf(actor);
  if (!APPROVAL_BEFORE[move].includes(row.aprovacao)) throw new DomainError(approvalRefusal(row.aprovacao, move), 409);
  if (move === "enviar" || move === "aprovar") {
    const problem = readinessProblem(row, ctx.now, move);
    if (problem) throw new DomainError(problem.message, 422, problem.field);
  }
  const moved = movedTargets(row.redes, move, caps);
  if (!moved.length) {
    const first = row.redes[0];
    throw new DomainError((first && moveRefusal(first.status, move, caps)) || approvalRefusal(row.aprovacao, move), 409);
  }

  const scope = orgScope(ctx.db, actor.orgId);
  const now = ctx.now;
  // Approved without a time, or retried after its time: it goes now.
  const goesAt = move === "aprovar" || move === "tentar_de_novo" ? new Date(Math.max(Date.parse(row.agendadoPara ?? "") || 0, now.getTime())) : null;
  const writes: BatchItem<"sqlite">[] = moved.map(({ target, to }) =>
    ctx.db
      .update(postTargets)
      .set({ status: to, atualizadoEm: now, ...(goesAt && to === "agendado" ? { agendadoPara: goesAt } : {}) })
      .where(scope.where(postTargets, eq(postTargets.id, target.id), eq(postTargets.postId, id), eq(postTargets.status, target.status))),
  );
  const approval = APPROVAL_AFTER[move];
  const postWrite = ctx.db
    .update(posts)
    .set({
      ...(approval ? { aprovacao: approval } : {}),
      ...(move === "aprovar" ? { aprovadoPor: actor.userId, aprovadoEm: now } : {}),
      ...(move === "devolver" ? { aprovadoPor: null, aprovadoEm: null } : {}),
      atualizadoEm: now,
      atualizadoPor: actor.userId,
    })
    .where(scope.where(posts, eq(posts.id, id), isNull(posts.excluidoEm), eq(posts.aprovacao, row.aprovacao)));
  const results = (await ctx.db.batch([postWrite, ...writes, statement] as unknown as [BatchItem<"sqlite">])) as unknown[];
  const changed = results.slice(0, 1 + writes.length).map((r) => (r as { rowsAffected: number }).rowsAffected);
  const [after] = rowsOf(mod, results.at(-1) as { j: string }[]) as unknown as PostRow[];
  if (changed.some((n) => n === 0) || !after) {
    throw new DomainError("O post mudou enquanto você agia. Recarregue a página e confira.", 409);
  }
  return after;
}

function approvalRefusal(approval: PostApproval, move: PersonMove): string {
  if (move === "enviar") return "Este post já foi enviado para aprovação.";
  if (move === "aprovar") return "Este post já foi aprovado.";
  if (move === "tentar_de_novo") return "Nada falhou neste post: não há o que tentar de novo.";
  return approval === "rascunho" ? "Este post ainda é um rascunho." : "Este post não pode mais mudar assim.";
}
