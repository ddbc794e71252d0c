import { eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { posts } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { PostApproval } from "../../../shared/enums/social.ts";
import type { PostRow } from "../../../shared/resources/posts.ts";
import { captionProblems, mediaProblem } from "../../../shared/social/caption-rules.ts";
import {
  moveRefusal,
  POST_MOVES,
  type PostCapabilities,
  type PostCapability,
  type PostMoveName,
} from "../../../shared/social/post-status.ts";
import { authorize, can, FORBIDDEN_MESSAGE, ownsRow } from "../../auth/permissions.ts";
import { recordChanged } from "../../live/record-changed.ts";
import { moduleOf, notFoundMessage } from "../../resources/registry.ts";
import { recordStatement, rowsOf } from "../../resources/records.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { schedulePublicationsLater } from "./publishing/schedule.ts";

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
  const media = mediaProblem(
    row.midias.length,
    row.redes.some((t) => t.rede === "instagram"),
  );
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

/** SQL of what `readinessProblem` checks (the caption's rules hold already: a save validates them). */
function readySql(orgId: string, move: PersonMove, now: Date): SQL {
  const targets = sql`select 1 from post_targets r where r.org_id = ${orgId} and r.post_id = ${posts.id}`;
  const media = sql`select 1 from post_media r where r.org_id = ${orgId} and r.post_id = ${posts.id}`;
  const time = move === "aprovar" ? sql` and (${posts.agendadoPara} is null or ${posts.agendadoPara} >= ${now.getTime() - 60_000})` : sql``;
  return sql`exists (${targets}) and (not exists (${targets} and r.network = 'instagram') or exists (${media}))
    and (${posts.legenda} <> '' or ${posts.link} is not null or exists (${media}))${time}`;
}

const inList = (values: readonly string[]) => sql.raw(`(${values.map((v) => `'${v}'`).join(", ")})`);

/**
 * Makes a person's move on a post and answers the post as it is now, in one round trip: the
 * post's change carries every rule (approval, reach, readiness, a network able to move) as its
 * condition, and each network's conditional status change runs only when it happened. When it
 * did not, the post as read before says why: 403 (a drafter's move on someone else's post), 404,
 * 409 (no network can make the move, with the reason) or 422 (not ready, with the field).
 */
export async function movePost(ctx: ServiceContext, actor: Actor, id: string, move: PersonMove): Promise<PostRow> {
  const action = PERSON_MOVES[move];
  const reach = authorize(actor, NAME, action);
  const owner = reach === "own" ? eq(posts.criadoPor, actor.userId) : undefined;
  const mod = moduleOf(NAME);
  const caps = capabilitiesOf(actor);
  const rule = POST_MOVES[move];
  const scope = orgScope(ctx.db, actor.orgId);
  const now = ctx.now;
  const before = recordStatement(ctx, actor, NAME, id).statement;
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
    .where(
      scope.where(
        posts,
        eq(posts.id, id),
        isNull(posts.excluidoEm),
        owner,
        inArray(posts.aprovacao, [...APPROVAL_BEFORE[move]]),
        sql`exists (select 1 from post_targets m where m.org_id = ${actor.orgId} and m.post_id = ${posts.id} and m.status in ${inList(rule.from)})`,
        move === "enviar" || move === "aprovar" ? readySql(actor.orgId, move, now) : undefined,
      ),
    );
  const written = sql`exists (select 1 from posts p where p.org_id = ${actor.orgId} and p.id = ${id} and p.updated_at = ${now.getTime()} and p.updated_by = ${actor.userId})`;
  // Approved without a time, or retried after its time: it goes now.
  const goesNow = move === "aprovar" || move === "tentar_de_novo";
  // A failed publication starts over: its container (failed or expired) is not reused; the history keeps the error.
  // Approved again (e.g. after a hold for a changed image): the hold's reason goes with the new approval.
  const fresh =
    move === "tentar_de_novo"
      ? sql`, container_id = null, child_container_ids = null, error_code = null, error_message = null`
      : move === "aprovar"
        ? sql`, error_code = null, error_message = null`
        : sql``;
  const targetWrite = ctx.db.run(
    sql`update post_targets set status = ${rule.to}, updated_at = ${now.getTime()}${fresh}${
      goesNow
        ? sql`, scheduled_at = max(coalesce((select p.scheduled_at from posts p where p.org_id = ${actor.orgId} and p.id = ${id}), 0), ${now.getTime()})`
        : sql``
    } where org_id = ${actor.orgId} and post_id = ${id} and status in ${inList(rule.from)} and ${written}`,
  );
  const after = recordStatement(ctx, actor, NAME, id).statement;
  const results = (await ctx.db.batch([before, postWrite, targetWrite, after] as unknown as [BatchItem<"sqlite">])) as unknown[];
  const [row] = rowsOf(mod, results[0] as { j: string }[]) as unknown as PostRow[];
  const [changed] = rowsOf(mod, results[3] as { j: string }[]) as unknown as PostRow[];
  if ((results[1] as { rowsAffected: number }).rowsAffected && changed) {
    // Every open page of the organização sees the new statuses without a reload (ADR 043).
    recordChanged(ctx, actor, mod, "updated", [id]);
    // Approved, retried, sent back or cancelled: the publishing runs follow (ADR 047).
    schedulePublicationsLater(ctx, actor.orgId, [id]);
    return changed;
  }
  throw refusal(row, actor, reach, move, caps, now);
}

/** Why the move did not happen, from the post as it was. */
function refusal(
  row: PostRow | undefined,
  actor: Actor,
  reach: "any" | "own",
  move: PersonMove,
  caps: PostCapabilities,
  now: Date,
): DomainError {
  if (!row) return new DomainError(notFoundMessage(moduleOf(NAME)), 404);
  if (reach === "own" && !ownsRow(actor, NAME, row as unknown as Record<string, unknown>)) return new DomainError(FORBIDDEN_MESSAGE, 403);
  if (!APPROVAL_BEFORE[move].includes(row.aprovacao)) return new DomainError(approvalRefusal(row.aprovacao, move), 409);
  if (move === "enviar" || move === "aprovar") {
    const problem = readinessProblem(row, now, move);
    if (problem) return new DomainError(problem.message, 422, problem.field);
  }
  const first = row.redes.find((t) => moveRefusal(t.status, move, caps) === null) ?? row.redes[0];
  const reason = first ? moveRefusal(first.status, move, caps) : null;
  return new DomainError(reason ?? "O post mudou enquanto você agia. Recarregue a página e confira.", 409);
}

function approvalRefusal(approval: PostApproval, move: PersonMove): string {
  if (move === "enviar") return "Este post já foi enviado para aprovação.";
  if (move === "aprovar") return "Este post já foi aprovado.";
  if (move === "tentar_de_novo") return "Nada falhou neste post: não há o que tentar de novo.";
  return approval === "rascunho" ? "Este post ainda é um rascunho." : "Este post não pode mais mudar assim.";
}

/**
 * The moves a member may make on a post as it is now (the buttons its page and Rascunhos show):
 * the permission table's action, their reach, the post's approval and a network able to move.
 */
export function movesAvailable(actor: Pick<Actor, "role" | "userId">, row: PostRow): PersonMove[] {
  const caps = capabilitiesOf(actor);
  return (Object.keys(PERSON_MOVES) as PersonMove[]).filter((move) => {
    const reach = can(actor.role, NAME, PERSON_MOVES[move]);
    if (!reach) return false;
    if (PERSON_MOVES[move] === "update" && !can(actor.role, NAME, "approve") && row.criadoPor !== actor.userId) return false;
    if (!APPROVAL_BEFORE[move].includes(row.aprovacao)) return false;
    return row.redes.some((t) => moveRefusal(t.status, move, caps) === null);
  });
}
