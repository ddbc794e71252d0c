import { eq, sql } from "drizzle-orm";
import { postTargets } from "../../../../db/schema/index.ts";
import { orgScope } from "../../../../db/tenant.ts";
import { explainMetaError } from "../../../../shared/social/meta-errors.ts";
import { MetaApiError } from "../../../integrations/meta/graph.ts";
import { accountCredentials } from "../account-credentials.ts";
import { meta, type PublishingContext } from "./context.ts";
import type { TargetRow } from "./load.ts";

/**
 * What follows a publication (ADR 047): the permalink and the optional first comment. Neither ever
 * touches the status: a post that is live stays publicado whatever these reads and writes do.
 */

/** The network's own link to the post; null when Meta did not give it (the post stays publicado). */
export async function readPermalink(ctx: PublishingContext, target: TargetRow): Promise<string | null> {
  const objectId = target.rede === "instagram" ? target.midiaId : target.postExternoId;
  if (!objectId) return null;
  try {
    const creds = await accountCredentials(ctx.db, ctx.config, target.orgId, target.contaId);
    const field = target.rede === "instagram" ? "permalink" : "permalink_url";
    const answer = await meta<Record<string, unknown>>(ctx, {
      host: creds.host,
      path: `/${objectId}`,
      params: { fields: field },
      token: creds.accessToken,
    });
    const link = typeof answer[field] === "string" ? (answer[field] as string) : null;
    if (link) {
      await ctx.db
        .update(postTargets)
        .set({ permalink: link })
        .where(orgScope(ctx.db, target.orgId).where(postTargets, eq(postTargets.id, target.id), eq(postTargets.status, "publicado")));
    }
    return link;
  } catch (error) {
    console.warn(`[publicação] link do post não lido (${target.id}): ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

/**
 * The first comment, tried once (a retry could comment twice): a failure is written to the history
 * as what it is — the post is live, the comment did not go — and the status stays publicado.
 */
export async function postFirstComment(ctx: PublishingContext, target: TargetRow, message: string | null): Promise<boolean> {
  const objectId = target.rede === "instagram" ? target.midiaId : target.postExternoId;
  if (!message?.trim() || !objectId) return false;
  try {
    const creds = await accountCredentials(ctx.db, ctx.config, target.orgId, target.contaId);
    await meta(ctx, { host: creds.host, method: "POST", path: `/${objectId}/comments`, params: { message }, token: creds.accessToken });
    return true;
  } catch (error) {
    const explained = error instanceof MetaApiError ? explainMetaError(error.fields, { network: target.rede, write: true }) : null;
    const at = ctx.now().getTime();
    await ctx.db.run(sql`insert into post_attempts (id, org_id, post_id, target_id, network, account_id, run_id, step, outcome, message, error_code, error_raw, started_at, finished_at)
      values (${crypto.randomUUID()}, ${target.orgId}, ${target.postId}, ${target.id}, ${target.rede}, ${target.contaId}, ${ctx.runId}, 'comentario', 'falhou',
        ${`O post foi publicado, mas o primeiro comentário não entrou: ${explained?.message ?? "erro ao falar com a Meta."} Você pode comentar direto na rede.`},
        ${explained?.rawCode ?? null}, ${error instanceof MetaApiError ? (error.fields.metaMessage ?? null) : null}, ${at}, ${at})`);
    return false;
  }
}
