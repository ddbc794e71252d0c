/**
 * Instagram content publishing: containers (one image, or a carousel of 2–10 children) that stay
 * IN_PROGRESS for `containerPolls` reads and then become FINISHED (or ERROR), expire after 24 h
 * unpublished, `media_publish`, and the rolling 24 h `content_publishing_limit`.
 */
import type { GraphContext } from "./graph.ts";
import { json, metaError, pick, type Reply } from "./http.ts";
import { newId, type StandinContainer } from "./state.ts";

const DAY = 86_400_000;
const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
const CAPTION_LIMIT = 2200;

export async function createContainer(ctx: GraphContext, owner: string): Promise<Reply> {
  const { state, params } = ctx;
  const caption = params.caption ?? "";
  if (caption.length > CAPTION_LIMIT) return metaError(400, { code: 100, error_subcode: 2207010, message: "The caption is too long." });
  const isCarouselItem = params.is_carousel_item === "true";
  const base = {
    owner,
    caption: isCarouselItem ? "" : caption,
    createdAt: ctx.now,
    pollsLeft: ctx.containerPolls,
    status: "IN_PROGRESS" as const,
  };
  let container: StandinContainer;
  if (params.media_type === "CAROUSEL") {
    const children = (params.children ?? "")
      .split(",")
      .map((c) => c.trim())
      .filter(Boolean);
    if (children.length < 2 || children.length > 10) {
      return metaError(400, { code: 100, message: "(#100) A carousel needs between 2 and 10 children." });
    }
    const childContainers = children.map((id) => state.containers.get(id));
    if (childContainers.some((c) => !c || c.owner !== owner || !c.isCarouselItem)) {
      return metaError(400, { code: 100, message: "(#100) Every child must be a carousel item container of this account." });
    }
    const failed = childContainers.find((c) => c?.outcome.status === "ERROR");
    container = {
      ...base,
      id: newId(state, "container"),
      mediaType: "CAROUSEL",
      children,
      isCarouselItem: false,
      outcome: failed?.outcome ?? { status: "FINISHED" },
    };
  } else {
    if (params.media_type && params.media_type !== "IMAGE") {
      return metaError(400, { code: 100, message: `(#100) The stand-in publishes images only (media_type ${params.media_type}).` });
    }
    if (!params.image_url) return metaError(400, { code: 100, message: "(#100) The parameter image_url is required" });
    // Like Meta, the image is fetched from its URL when the container is created.
    const image = await ctx.fetchImage(params.image_url);
    if (!image.ok) {
      return metaError(400, {
        code: 9004,
        error_subcode: 2207052,
        message: "Only photo or video can be accepted as media type.",
        error_user_title: "Media download has failed",
        error_user_msg: `The media could not be fetched from this URI: ${params.image_url} (${image.reason ?? "download failed"}). Please check the URI and try again.`,
      });
    }
    const outcome = !/^image\/jpe?g/i.test(image.contentType ?? "")
      ? { status: "ERROR" as const, subcode: "2207026" }
      : (image.bytes ?? 0) > MAX_IMAGE_BYTES
        ? { status: "ERROR" as const, subcode: "2207004" }
        : { status: "FINISHED" as const };
    container = {
      ...base,
      id: newId(state, "container"),
      mediaType: "IMAGE",
      imageUrl: params.image_url,
      children: [],
      isCarouselItem,
      outcome,
      ...(params.alt_text ? { altText: params.alt_text } : {}),
    };
  }
  const fault = ctx.faults.takeContainerFault(ctx.path);
  if (fault) container.outcome = { status: "ERROR", subcode: String(fault.subcode ?? 2207001) };
  state.containers.set(container.id, container);
  return json({ id: container.id });
}

/** Expiry first (24 h unpublished), then one poll's progress. */
function settle(ctx: GraphContext, container: StandinContainer, poll: boolean): void {
  if (container.status !== "PUBLISHED" && container.status !== "EXPIRED" && ctx.now - container.createdAt > DAY) {
    container.status = "EXPIRED";
    return;
  }
  if (!poll || container.status !== "IN_PROGRESS") return;
  if (container.pollsLeft > 0) container.pollsLeft--;
  else container.status = container.outcome.status;
}

export function readContainer(ctx: GraphContext, id: string): Reply {
  const container = ctx.state.containers.get(id) as StandinContainer;
  settle(ctx, container, true);
  const status =
    container.status === "ERROR" && container.outcome.status === "ERROR"
      ? container.outcome.subcode
      : container.status === "EXPIRED"
        ? "Expired: the container was not published within 24 hours."
        : container.status === "PUBLISHED"
          ? "Published"
          : container.status === "FINISHED"
            ? "Finished: Media has been uploaded and it is ready to be published."
            : "In Progress: Media is still being processed.";
  return json(
    pick({ id, status_code: container.status, status, ...(container.mediaId ? { media_id: container.mediaId } : {}) }, ctx.params.fields, [
      "id",
    ]),
  );
}

export function publishContainer(ctx: GraphContext, owner: string): Reply {
  const { state } = ctx;
  const container = state.containers.get(ctx.params.creation_id ?? "");
  if (!container || container.owner !== owner) {
    return metaError(400, {
      code: 100,
      error_subcode: 33,
      type: "GraphMethodException",
      message: `Unsupported post request. creation_id ${ctx.params.creation_id ?? ""} is not a container of this account.`,
    });
  }
  settle(ctx, container, false);
  if (container.status === "PUBLISHED") {
    // A stand-in choice (Meta does not document this answer): say so plainly; the container read shows PUBLISHED.
    return metaError(400, { code: 100, message: `(#100) The container ${container.id} was already published as ${container.mediaId}.` });
  }
  if (container.status !== "FINISHED" || container.isCarouselItem) {
    return metaError(400, {
      code: 9007,
      error_subcode: 2207027,
      message: "Media ID is not available",
      error_user_title: "Media not ready",
      error_user_msg: `The media is not ready for publishing (status_code ${container.status}), please wait for a moment.`,
    });
  }
  const recent = (state.publishes.get(owner) ?? []).filter((t) => ctx.now - t < DAY);
  if (recent.length >= ctx.publishQuota) {
    return metaError(400, {
      code: 9,
      error_subcode: 2207042,
      message: "Application request limit reached",
      error_user_title: "Limite de publicações",
      error_user_msg: "You have reached the maximum number of posts that is allowed for the day.",
    });
  }
  const mediaId = newId(state, "media");
  const firstChild = state.containers.get(container.children[0] ?? "");
  state.media.set(mediaId, {
    id: mediaId,
    owner,
    containerId: container.id,
    caption: container.caption,
    mediaType: container.mediaType === "CAROUSEL" ? "CAROUSEL_ALBUM" : "IMAGE",
    mediaUrl: container.imageUrl ?? firstChild?.imageUrl ?? "",
    timestamp: ctx.now,
    permalink: `${ctx.baseUrl}/_demo/instagram/${mediaId}`,
  });
  container.status = "PUBLISHED";
  container.mediaId = mediaId;
  state.publishes.set(owner, [...recent, ctx.now]);
  return json({ id: mediaId });
}

export function publishingLimit(ctx: GraphContext, owner: string): Reply {
  const usage = (ctx.state.publishes.get(owner) ?? []).filter((t) => ctx.now - t < DAY).length;
  const full = { quota_usage: usage, config: { quota_total: ctx.publishQuota, quota_duration: DAY / 1000 } };
  const fields = ctx.params.fields ?? "quota_usage";
  const row: Record<string, unknown> = {};
  for (const f of fields.split(",").map((x) => x.trim())) if (f in full) row[f] = full[f as keyof typeof full];
  return json({ data: [row] });
}
