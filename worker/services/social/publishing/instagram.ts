import { explainContainerStatus, explainMetaError } from "../../../../shared/social/meta-errors.ts";
import { MetaApiError } from "../../../integrations/meta/graph.ts";
import type { AccountCredentials } from "../account-credentials.ts";
import { recordIds, renewClaim } from "./claim.ts";
import { meta, type PublishingContext } from "./context.ts";
import { actOn, type Guarded, guarded, holdForApproval, ownProblem, QUOTA_HOLD_MS } from "./guard.ts";
import type { Publication } from "./load.ts";
import { metaImages } from "./media.ts";
import { holdPublication, markPublished } from "./outcomes.ts";

/**
 * Instagram's publishing (ADR 047): the daily quota read from Meta, a container (one image, or a
 * carousel's children and parent) whose ids are recorded as they arrive, its status polled, then
 * `media_publish` — which is never called before the container was looked at: a PUBLISHED
 * container means an earlier answer was lost and the post is already live.
 */

type ContainerStatus = "IN_PROGRESS" | "FINISHED" | "ERROR" | "EXPIRED" | "PUBLISHED";

/** Spent: holds the publication until Meta frees a slot (Meta's documents disagree on the number, so it is read). */
export async function checkQuota(ctx: PublishingContext, pub: Publication): Promise<Guarded<{ usage: number; total: number }>> {
  const { target } = pub;
  const read = await guarded(ctx, target, "cota", false, async (creds) => {
    await renewClaim(ctx, target.orgId, target.id);
    const answer = await meta<{ data?: { quota_usage?: number; config?: { quota_total?: number } }[] }>(ctx, {
      host: creds.host,
      path: `/${creds.externalId}/content_publishing_limit`,
      params: { fields: "quota_usage,config" },
      token: creds.accessToken,
    });
    const row = answer.data?.[0];
    return { usage: row?.quota_usage ?? 0, total: row?.config?.quota_total ?? Number.POSITIVE_INFINITY };
  });
  if (!read.ok || read.value.usage < read.value.total) return read;
  const explanation = explainMetaError({ kind: "meta", status: 400, code: 9, subcode: 2207042 });
  const message = `${explanation.message} (${read.value.usage} de ${read.value.total} publicações usadas nas últimas 24 horas.)`;
  await holdPublication(
    ctx,
    target,
    { step: "cota", explanation: { ...explanation, message } },
    new Date(ctx.now().getTime() + QUOTA_HOLD_MS),
  );
  return { ok: false, stop: "held" };
}

async function createContainer(ctx: PublishingContext, creds: AccountCredentials, params: Record<string, string | boolean | undefined>) {
  const { id } = await meta<{ id: string }>(ctx, {
    host: creds.host,
    method: "POST",
    path: `/${creds.externalId}/media`,
    params,
    token: creds.accessToken,
  });
  return id;
}

/**
 * The container, created once: an id already recorded is kept (its status says whether it is
 * usable); a carousel's children are recorded one by one, so a retry creates only the missing ones.
 * A container whose answer was lost is never published by anyone (it expires in 24 h).
 */
export async function prepareContainer(ctx: PublishingContext, pub: Publication): Promise<Guarded<string>> {
  const { target } = pub;
  if (target.containerId) return { ok: true, value: target.containerId };
  const carousel = pub.images.length > 1;
  const images = await metaImages(ctx, target.orgId, pub.images, carousel, pub.approvedAt);
  if (!images.ok && images.changed) return holdForApproval(ctx, target, "container", images.message);
  if (!images.ok) return actOn(ctx, target, "container", ownProblem(images.message, "midia"));
  return guarded(ctx, target, "container", true, async (creds) => {
    await renewClaim(ctx, target.orgId, target.id);
    const [first] = images.images;
    if (!first) throw new MetaApiError({ kind: "meta", status: 400, code: 100, metaMessage: "no image" });
    if (!carousel) {
      const id = await createContainer(ctx, creds, {
        image_url: first.url,
        caption: pub.caption,
        alt_text: first.alt ?? pub.alt ?? undefined,
      });
      await recordIds(ctx, target.orgId, target.id, { containerId: id });
      return id;
    }
    const children = [...(target.containersFilhos ?? [])];
    for (const image of images.images.slice(children.length)) {
      children.push(await createContainer(ctx, creds, { image_url: image.url, is_carousel_item: true, alt_text: image.alt ?? undefined }));
      await recordIds(ctx, target.orgId, target.id, { containersFilhos: children });
    }
    const id = await createContainer(ctx, creds, { media_type: "CAROUSEL", children: children.join(","), caption: pub.caption });
    await recordIds(ctx, target.orgId, target.id, { containerId: id });
    return id;
  });
}

async function readContainer(ctx: PublishingContext, creds: AccountCredentials, id: string) {
  return meta<{ status_code?: ContainerStatus; status?: string }>(ctx, {
    host: creds.host,
    path: `/${id}`,
    params: { fields: "status_code,status" },
    token: creds.accessToken,
  });
}

/** One look at the container: ready, still processing, already published, or failed for good (the row says why). */
export async function pollContainer(
  ctx: PublishingContext,
  pub: Publication,
  containerId: string,
): Promise<Guarded<"FINISHED" | "IN_PROGRESS" | "PUBLISHED">> {
  const { target } = pub;
  const read = await guarded(ctx, target, "status", false, async (creds) => {
    await renewClaim(ctx, target.orgId, target.id);
    return readContainer(ctx, creds, containerId);
  });
  if (!read.ok) return read;
  const code = read.value.status_code;
  if (code === "ERROR" || code === "EXPIRED") {
    return actOn(ctx, target, "status", explainContainerStatus(code, read.value.status), read.value.status);
  }
  return { ok: true, value: code === "FINISHED" || code === "PUBLISHED" ? code : "IN_PROGRESS" };
}

/** The published media's id when the container says PUBLISHED but our answer was lost: the newest media with our caption. */
async function findPublishedMedia(ctx: PublishingContext, creds: AccountCredentials, caption: string): Promise<string | null> {
  const list = await meta<{ data?: { id: string; caption?: string }[] }>(ctx, {
    host: creds.host,
    path: `/${creds.externalId}/media`,
    params: { fields: "id,caption,timestamp", limit: 25 },
    token: creds.accessToken,
  });
  return list.data?.find((m) => (m.caption ?? "") === caption)?.id ?? null;
}

/**
 * `media_publish`, exactly once: a recorded media id means done; otherwise the container is read
 * first (PUBLISHED: an earlier answer was lost, the post is live — recovered, not published again),
 * and after any error from `media_publish` it is read again before the error counts.
 */
export async function publishContainer(ctx: PublishingContext, pub: Publication, containerId: string): Promise<Guarded<string | null>> {
  const { target } = pub;
  if (target.midiaId) {
    await markPublished(ctx, target, { midiaId: target.midiaId }, false);
    return { ok: true, value: target.midiaId };
  }
  return guarded(ctx, target, "publicar", true, async (creds) => {
    await renewClaim(ctx, target.orgId, target.id);
    const recover = async (): Promise<string | null> => {
      const mediaId = await findPublishedMedia(ctx, creds, pub.caption).catch(() => null);
      if (mediaId) await recordIds(ctx, target.orgId, target.id, { midiaId: mediaId });
      await markPublished(ctx, target, mediaId ? { midiaId: mediaId } : {}, true);
      return mediaId;
    };
    if ((await readContainer(ctx, creds, containerId)).status_code === "PUBLISHED") return recover();
    let mediaId: string;
    try {
      ({ id: mediaId } = await meta<{ id: string }>(ctx, {
        host: creds.host,
        method: "POST",
        path: `/${creds.externalId}/media_publish`,
        params: { creation_id: containerId },
        token: creds.accessToken,
      }));
    } catch (error) {
      // "Already published", an ambiguous 4/2207051, a lost answer: the container tells the truth.
      const after = await readContainer(ctx, creds, containerId).catch(() => null);
      if (after?.status_code === "PUBLISHED") return recover();
      throw error;
    }
    await recordIds(ctx, target.orgId, target.id, { midiaId: mediaId });
    await markPublished(ctx, target, { midiaId: mediaId }, false);
    return mediaId;
  });
}
