import { eq, type SQL, sql } from "drizzle-orm";
import { postTargets } from "../../../../db/schema/index.ts";
import { orgScope } from "../../../../db/tenant.ts";
import type { PublishingContext } from "./context.ts";
import type { TargetRow } from "./load.ts";

/**
 * The claim (ADR 047): a publication is taken by one run with a conditional status change before
 * anything is asked of Meta, and every later write of that run is conditional on still holding it
 * (`claim_run_id` is the fencing token). A claim renewed at each step goes stale only when its run
 * is gone; then the sweep starts a run that takes it over and looks up what exists first.
 */

/**
 * A claim older than this is its dead run's: longer than any wait between two steps of a live run
 * (the retries' backoff tops at 1 h on the local runner; Inngest's is shorter at our retry count).
 */
export const CLAIM_STALE_MS = 90 * 60_000;

/** Why a run did not get the publication. */
export type ClaimRefusal = "gone" | "published" | "changed" | "held" | "busy" | "not-due";

export class ClaimLostError extends Error {
  override name = "ClaimLostError";
}

/** "This run holds the publication": the condition of every write after the claim (with the org's scope). */
export function heldBy(targetId: string, runId: string): SQL[] {
  return [eq(postTargets.id, targetId), eq(postTargets.status, "publicando"), eq(postTargets.reivindicadoPor, runId)];
}

/**
 * Takes the publication for `runId`: agendado (due, not held, its account connected, unchanged
 * since the run was dispatched — `version` is the row's updated_at then) and unclaimed or claimed
 * by a dead run; or publicando under this run's own claim (a step retried) or a stale one.
 */
export async function claimPublication(
  ctx: PublishingContext,
  orgId: string,
  targetId: string,
  version: number,
): Promise<{ ok: true; target: TargetRow } | { ok: false; why: ClaimRefusal }> {
  const now = ctx.now().getTime();
  const stale = now - CLAIM_STALE_MS;
  const rows = await ctx.db
    .update(postTargets)
    .set({
      status: "publicando",
      reivindicadoPor: ctx.runId,
      reivindicadoEm: new Date(now),
      retidoAte: null,
      erroCodigo: null,
      erroMensagem: null,
      atualizadoEm: new Date(now),
    })
    .where(
      orgScope(ctx.db, orgId).where(
        postTargets,
        eq(postTargets.id, targetId),
        sql`exists (select 1 from social_accounts a where a.org_id = ${orgId} and a.id = ${postTargets.contaId} and a.status = 'ativa')`,
        sql`exists (select 1 from posts p where p.org_id = ${orgId} and p.id = ${postTargets.postId} and p.deleted_at is null)`,
        sql`(
          (${postTargets.status} = 'agendado' and ${postTargets.atualizadoEm} = ${version}
            and coalesce(${postTargets.agendadoPara}, 0) <= ${now} and coalesce(${postTargets.retidoAte}, 0) <= ${now}
            and (${postTargets.reivindicadoPor} is null or ${postTargets.reivindicadoEm} < ${stale}))
          or (${postTargets.status} = 'publicando' and (${postTargets.reivindicadoPor} = ${ctx.runId} or ${postTargets.reivindicadoEm} < ${stale}))
        )`,
      ),
    )
    .returning();
  const target = rows[0];
  if (target) return { ok: true, target };
  const [row] = await ctx.db
    .select({
      status: postTargets.status,
      atualizadoEm: postTargets.atualizadoEm,
      agendadoPara: postTargets.agendadoPara,
      retidoAte: postTargets.retidoAte,
      conta: sql<string>`(select a.status from social_accounts a where a.org_id = ${orgId} and a.id = ${postTargets.contaId})`,
      excluido: sql<number>`exists (select 1 from posts p where p.org_id = ${orgId} and p.id = ${postTargets.postId} and p.deleted_at is not null)`,
    })
    .from(postTargets)
    .where(orgScope(ctx.db, orgId).where(postTargets, eq(postTargets.id, targetId)));
  if (!row) return { ok: false, why: "gone" };
  if (row.status === "publicado") return { ok: false, why: "published" };
  if (row.status === "publicando") return { ok: false, why: "busy" };
  if (row.status !== "agendado" || row.atualizadoEm.getTime() !== version) return { ok: false, why: "changed" };
  // A deleted post's publication waits like a held one: restored, the sweep sends it.
  if (row.conta !== "ativa" || row.excluido || (row.retidoAte && row.retidoAte.getTime() > now)) return { ok: false, why: "held" };
  return { ok: false, why: "not-due" };
}

/** Renews the claim before a call to Meta; throws ClaimLostError when the run no longer holds it. */
export async function renewClaim(ctx: PublishingContext, orgId: string, targetId: string): Promise<void> {
  const rows = await ctx.db
    .update(postTargets)
    .set({ reivindicadoEm: ctx.now() })
    .where(orgScope(ctx.db, orgId).where(postTargets, ...heldBy(targetId, ctx.runId)))
    .returning({ id: postTargets.id });
  if (rows.length === 0) throw new ClaimLostError("outra execução tomou esta publicação");
}

/** Records ids Meta returned, in the step that received them; throws ClaimLostError when not held. */
export async function recordIds(
  ctx: PublishingContext,
  orgId: string,
  targetId: string,
  ids: Partial<Pick<TargetRow, "containerId" | "containersFilhos" | "midiaId" | "postExternoId" | "permalink">>,
): Promise<void> {
  const rows = await ctx.db
    .update(postTargets)
    .set({ ...ids, reivindicadoEm: ctx.now() })
    .where(orgScope(ctx.db, orgId).where(postTargets, ...heldBy(targetId, ctx.runId)))
    .returning({ id: postTargets.id });
  if (rows.length === 0) throw new ClaimLostError("outra execução tomou esta publicação");
}
