import { eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { postTargets, socialAccounts } from "../../../../db/schema/index.ts";
import { orgScope } from "../../../../db/tenant.ts";
import type { PostAttemptOutcome, PostStatus } from "../../../../shared/enums/social.ts";
import type { MetaErrorExplanation } from "../../../../shared/social/meta-errors.ts";
import { publishLive } from "../../../live/publish.ts";
import { heldBy } from "./claim.ts";
import type { PublishingContext } from "./context.ts";
import type { TargetRow } from "./load.ts";

/**
 * How a publication's attempt ends (ADR 047). Each writes the status change and its history row
 * (`post_attempts`: outcome, step, pt-BR message, raw code) in one batch, the row inserted only
 * when the change happened (the run still held the claim); then tells open pages (ADR 043).
 */

export interface AttemptNote {
  step: string;
  explanation?: MetaErrorExplanation | undefined;
  /** Meta's own text, kept raw. */
  metaRaw?: string | undefined;
  /** A message when there is no Meta error (a hold, a recovery). */
  message?: string | undefined;
}

/** The history row, inserted only when `happened` holds after the batch's change. */
function attemptRow(ctx: PublishingContext, target: TargetRow, outcome: PostAttemptOutcome, note: AttemptNote, happened: SQL) {
  const at = ctx.now().getTime();
  const message = note.explanation?.message ?? note.message ?? null;
  return ctx.db.run(sql`insert into post_attempts (id, org_id, post_id, target_id, network, account_id, run_id, step, outcome, message, error_code, error_raw, started_at, finished_at)
    select ${crypto.randomUUID()}, ${target.orgId}, ${target.postId}, ${target.id}, ${target.rede}, ${target.contaId}, ${ctx.runId},
      ${note.step}, ${outcome}, ${message}, ${note.explanation?.rawCode ?? null}, ${note.metaRaw?.slice(0, 500) ?? null}, ${at}, ${at}
    where ${happened}`);
}

/** Did this batch's change land: the row now says what we wrote, at our instant. */
function landed(target: TargetRow, status: PostStatus, at: number): SQL {
  return sql`exists (select 1 from post_targets t where t.org_id = ${target.orgId} and t.id = ${target.id} and t.status = ${status} and t.updated_at = ${at})`;
}

async function run(ctx: PublishingContext, statements: BatchItem<"sqlite">[]): Promise<unknown[]> {
  return (await ctx.db.batch(statements as unknown as [BatchItem<"sqlite">])) as unknown[];
}

function tell(ctx: PublishingContext, target: TargetRow, status: PostStatus): void {
  publishLive(ctx, target.orgId, { type: "post.status", postId: target.postId, network: target.rede, status });
}

/** Live on the network: publicado, with the ids and when. `recovered`: found by a look-up, not by our own answer. */
export async function markPublished(
  ctx: PublishingContext,
  target: TargetRow,
  ids: Partial<Pick<TargetRow, "midiaId" | "postExternoId" | "containerId">>,
  recovered: boolean,
): Promise<boolean> {
  const at = ctx.now();
  const [rows] = await run(ctx, [
    ctx.db
      .update(postTargets)
      .set({ ...ids, status: "publicado", publicadoEm: at, atualizadoEm: at, erroCodigo: null, erroMensagem: null, retidoAte: null })
      .where(orgScope(ctx.db, target.orgId).where(postTargets, ...heldBy(target.id, ctx.runId)))
      .returning({ id: postTargets.id }),
    attemptRow(
      ctx,
      target,
      recovered ? "recuperado" : "publicado",
      {
        step: "publicar",
        message: recovered
          ? "A resposta da Meta se perdeu, mas o post já estava publicado: conferimos e registramos, sem publicar de novo."
          : undefined,
      },
      landed(target, "publicado", at.getTime()),
    ),
  ]);
  const done = (rows as unknown[]).length > 0;
  if (done) tell(ctx, target, "publicado");
  return done;
}

/** Falhou, with the reason and what to do. */
export async function markFailed(ctx: PublishingContext, target: TargetRow, note: AttemptNote): Promise<boolean> {
  const at = ctx.now();
  const message = note.explanation?.message ?? note.message ?? "A publicação falhou.";
  const [rows] = await run(ctx, [
    ctx.db
      .update(postTargets)
      .set({ status: "falhou", erroCodigo: note.explanation?.rawCode ?? null, erroMensagem: message, atualizadoEm: at })
      .where(orgScope(ctx.db, target.orgId).where(postTargets, ...heldBy(target.id, ctx.runId)))
      .returning({ id: postTargets.id }),
    attemptRow(ctx, target, "falhou", { ...note, message }, landed(target, "falhou", at.getTime())),
  ]);
  const done = (rows as unknown[]).length > 0;
  if (done) tell(ctx, target, "falhou");
  return done;
}

/** A transient failure: the reason on the row (the page shows why it is late) and a history row; the job retries. */
export async function noteRetry(ctx: PublishingContext, target: TargetRow, note: AttemptNote): Promise<void> {
  const at = ctx.now();
  await run(ctx, [
    ctx.db
      .update(postTargets)
      .set({
        erroCodigo: note.explanation?.rawCode ?? null,
        erroMensagem: note.explanation?.message ?? note.message ?? null,
        tentativas: sql`${postTargets.tentativas} + 1`,
        reivindicadoEm: at,
      })
      .where(orgScope(ctx.db, target.orgId).where(postTargets, ...heldBy(target.id, ctx.runId))),
    attemptRow(
      ctx,
      target,
      "repetir",
      note,
      sql`exists (select 1 from post_targets t where t.org_id = ${target.orgId} and t.id = ${target.id} and t.status = 'publicando' and t.claim_run_id = ${ctx.runId})`,
    ),
  ]);
}

/** Back to agendado with the reason shown, the claim released; the sweep takes it again after `until`. */
export async function holdPublication(ctx: PublishingContext, target: TargetRow, note: AttemptNote, until: Date | null): Promise<boolean> {
  const at = ctx.now();
  const [rows] = await run(ctx, [
    ctx.db
      .update(postTargets)
      .set({
        status: "agendado",
        reivindicadoPor: null,
        retidoAte: until,
        erroCodigo: note.explanation?.rawCode ?? null,
        erroMensagem: note.explanation?.message ?? note.message ?? null,
        atualizadoEm: at,
      })
      .where(orgScope(ctx.db, target.orgId).where(postTargets, ...heldBy(target.id, ctx.runId)))
      .returning({ id: postTargets.id }),
    attemptRow(ctx, target, "retido", note, landed(target, "agendado", at.getTime())),
  ]);
  const done = (rows as unknown[]).length > 0;
  if (done) tell(ctx, target, "agendado");
  return done;
}

/**
 * An image is not the one approved (ADR 047 amendment): nothing goes to Meta. This publication
 * leaves the queue for `aguardando_aprovacao` with the reason, and so do the post (its approval
 * is undone) and its other networks still waiting to go, in one batch that runs only while this
 * run holds the claim. The way out is a new approval: its new time approves the files as they are then.
 */
export async function holdForApproval(ctx: PublishingContext, target: TargetRow, note: AttemptNote & { code: string }): Promise<boolean> {
  const at = ctx.now();
  const message = note.message ?? "Uma imagem mudou depois da aprovação: aprove o post de novo.";
  const happened = landed(target, "aguardando_aprovacao", at.getTime());
  const [rows] = await run(ctx, [
    ctx.db
      .update(postTargets)
      .set({
        status: "aguardando_aprovacao",
        reivindicadoPor: null,
        retidoAte: null,
        erroCodigo: note.code,
        erroMensagem: message,
        atualizadoEm: at,
      })
      .where(orgScope(ctx.db, target.orgId).where(postTargets, ...heldBy(target.id, ctx.runId)))
      .returning({ id: postTargets.id }),
    attemptRow(ctx, target, "retido", { ...note, message, explanation: { action: "fail", message, rawCode: note.code } }, happened),
    ctx.db.run(sql`update posts set approval = 'aguardando_aprovacao', approved_by = null, approved_at = null, updated_at = ${at.getTime()}
      where org_id = ${target.orgId} and id = ${target.postId} and approval = 'aprovado' and ${happened}`),
    ctx.db.run(sql`update post_targets set status = 'aguardando_aprovacao', error_code = ${note.code}, error_message = ${message}, updated_at = ${at.getTime()}
      where org_id = ${target.orgId} and post_id = ${target.postId} and status = 'agendado' and ${happened}`),
  ]);
  const done = (rows as unknown[]).length > 0;
  if (done) {
    tell(ctx, target, "aguardando_aprovacao");
    publishLive(ctx, target.orgId, { type: "record.changed", resource: "posts", action: "updated" });
  }
  return done;
}

/**
 * A revoked or expired token (190): the account and its login go to "reconectar" with the reason
 * at once, this publication is held, and so is every other scheduled one of the account (they
 * stay agendado with the reason shown, instead of failing one by one).
 */
export async function holdAccount(ctx: PublishingContext, target: TargetRow, note: AttemptNote): Promise<void> {
  const at = ctx.now();
  const reason = note.explanation?.message ?? note.message ?? "Reconecte a conta em Conectar Redes.";
  const code = note.explanation?.rawCode ?? null;
  const held = await holdPublication(ctx, target, note, null);
  const [account] = await run(ctx, [
    ctx.db
      .update(socialAccounts)
      .set({ status: "reconectar", motivoStatus: reason, atualizadoEm: at })
      .where(orgScope(ctx.db, target.orgId).where(socialAccounts, eq(socialAccounts.id, target.contaId)))
      .returning({ conexaoId: socialAccounts.conexaoId }),
    ctx.db.run(sql`update social_connections set status = 'reconectar', status_reason = ${reason}, updated_at = ${at.getTime()}
      where org_id = ${target.orgId} and status = 'ativa'
        and id = (select a.connection_id from social_accounts a where a.org_id = ${target.orgId} and a.id = ${target.contaId})`),
    ctx.db
      .update(postTargets)
      .set({ erroCodigo: code, erroMensagem: reason })
      .where(
        orgScope(ctx.db, target.orgId).where(postTargets, eq(postTargets.contaId, target.contaId), eq(postTargets.status, "agendado")),
      ),
  ]);
  if (held || (account as unknown[]).length)
    publishLive(ctx, target.orgId, { type: "record.changed", resource: "posts", action: "updated" });
}

/**
 * Once an account is connected again, its held publications lose the "reconecte" reason (the
 * connect flow calls this; the sweep then sends the due ones out within a minute).
 */
export async function releaseAccountHolds(ctx: Pick<PublishingContext, "db">, orgId: string, accountId: string): Promise<void> {
  await ctx.db
    .update(postTargets)
    .set({ erroCodigo: null, erroMensagem: null })
    .where(
      orgScope(ctx.db, orgId).where(
        postTargets,
        eq(postTargets.contaId, accountId),
        eq(postTargets.status, "agendado"),
        sql`(${postTargets.erroCodigo} in ('190', '102') or ${postTargets.erroCodigo} like '190/%' or ${postTargets.erroCodigo} like '102/%')`,
      ),
    );
}
