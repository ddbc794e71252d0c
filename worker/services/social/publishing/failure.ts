import { sql } from "drizzle-orm";
import { publishLive } from "../../../live/publish.ts";
import { accountCredentials } from "../account-credentials.ts";
import { recordIds } from "./claim.ts";
import { meta, type PublishingContext } from "./context.ts";
import { facebookLookup } from "./facebook.ts";
import { loadPublication, type Publication } from "./load.ts";
import { markFailed, markPublished, noteRetry } from "./outcomes.ts";
import type { PublishData } from "./publish.ts";

/**
 * After the last retry (the job's onFailure): the publication is marked falhou with the reason —
 * but only after looking at Meta, since a post whose last answer was lost may be live (then it is
 * publicado, recovered). A run that never claimed it fails it only if nothing changed since.
 */

/** Whether the publication is live at Meta: the id found, null when not, undefined when Meta could not tell. */
async function lookUp(ctx: PublishingContext, pub: Publication): Promise<{ id: string | null } | null> {
  const { target } = pub;
  try {
    const creds = await accountCredentials(ctx.db, ctx.config, target.orgId, target.contaId);
    if (target.rede === "facebook") return { id: await facebookLookup(ctx, creds, pub) };
    if (target.midiaId) return { id: target.midiaId };
    if (!target.containerId) return { id: null };
    const container = await meta<{ status_code?: string }>(ctx, {
      host: creds.host,
      path: `/${target.containerId}`,
      params: { fields: "status_code" },
      token: creds.accessToken,
    });
    return container.status_code === "PUBLISHED" ? { id: target.containerId } : { id: null };
  } catch {
    return null;
  }
}

export async function failPublication(ctx: PublishingContext, data: PublishData, errorMessage: string): Promise<string> {
  const pub = await loadPublication(ctx, data.orgId, data.targetId);
  if (!pub) return "gone";
  const { target } = pub;
  if (target.status === "publicando" && target.reivindicadoPor === ctx.runId) {
    const live = await lookUp(ctx, pub);
    if (live?.id) {
      const ids = target.rede === "facebook" ? { postExternoId: live.id } : target.midiaId ? { midiaId: target.midiaId } : {};
      await recordIds(ctx, target.orgId, target.id, ids).catch(() => {});
      await markPublished(ctx, target, ids, true);
      return "recovered";
    }
    const reason = target.erroMensagem ?? `A publicação falhou depois de várias tentativas (${errorMessage.slice(0, 200)}).`;
    if (live === null) {
      // Meta could not be asked: it may be live. Never marked failed on a guess — the claim stays,
      // goes stale, and the sweep's run looks again before doing anything.
      await noteRetry(ctx, target, {
        step: "falha",
        explanation: {
          action: "check",
          rawCode: target.erroCodigo ?? "alicerce",
          message: `${reason} Não conseguimos confirmar na Meta se o post saiu: conferimos de novo mais tarde, antes de qualquer nova tentativa.`,
        },
      });
      return "unsure";
    }
    await markFailed(ctx, target, {
      step: "falha",
      explanation: {
        action: "fail",
        rawCode: target.erroCodigo ?? "alicerce",
        message: `${reason} Depois de várias tentativas, desistimos: use Tentar de novo quando quiser.`,
      },
    });
    return "failed";
  }
  if (target.status === "agendado" && target.reivindicadoPor === null && target.atualizadoEm.getTime() === data.version) {
    // Never claimed (the database or the token failed before): the reason is the error itself.
    const at = ctx.now().getTime();
    const message = `A publicação não pôde começar (${errorMessage.slice(0, 200)}). Use Tentar de novo.`;
    const [rows] = (await ctx.db.batch([
      ctx.db.run(sql`update post_targets set status = 'falhou', error_message = ${message}, error_code = 'alicerce', updated_at = ${at}
        where org_id = ${target.orgId} and id = ${target.id} and status = 'agendado' and claim_run_id is null and updated_at = ${data.version}`),
      ctx.db.run(sql`insert into post_attempts (id, org_id, post_id, target_id, network, account_id, run_id, step, outcome, message, error_code, started_at, finished_at)
        select ${crypto.randomUUID()}, ${target.orgId}, ${target.postId}, ${target.id}, ${target.rede}, ${target.contaId}, ${ctx.runId}, 'reivindicar', 'falhou', ${message}, 'alicerce', ${at}, ${at}
        where exists (select 1 from post_targets t where t.org_id = ${target.orgId} and t.id = ${target.id} and t.status = 'falhou' and t.updated_at = ${at})`),
    ])) as unknown as [{ rowsAffected: number }];
    if (rows.rowsAffected)
      publishLive(ctx, target.orgId, { type: "post.status", postId: target.postId, network: target.rede, status: "falhou" });
    return rows.rowsAffected ? "failed" : "unchanged";
  }
  return "unchanged";
}
