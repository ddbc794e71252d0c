import type { AccountCredentials } from "../account-credentials.ts";
import { recordIds, renewClaim } from "./claim.ts";
import { meta, type PublishingContext } from "./context.ts";
import { actOn, type Guarded, guarded, holdForApproval, ownProblem } from "./guard.ts";
import type { Publication } from "./load.ts";
import { hasMarker, withMarker } from "./marker.ts";
import { metaImages } from "./media.ts";
import { markPublished } from "./outcomes.ts";

/**
 * Facebook's publishing (ADR 047): one image → `/{page}/photos`; several → unpublished photos
 * (recorded one by one) and `/{page}/feed` with `attached_media`; none → `/{page}/feed`. Before
 * creating the post, the Page's recent posts are searched for our marker: a post made by an
 * attempt whose answer was lost is found, recorded and never made again.
 */

/** How many of the Page's newest posts the look-up reads (a Page rarely posts more in a retry's time). */
const LOOKUP_LIMIT = 25;

/** Our post among the Page's newest, by its marker. */
export async function findOurPost(ctx: PublishingContext, creds: AccountCredentials, targetId: string): Promise<string | null> {
  const feed = await meta<{ data?: { id: string; message?: string }[] }>(ctx, {
    host: "facebook",
    path: `/${creds.externalId}/published_posts`,
    params: { fields: "id,message", limit: LOOKUP_LIMIT },
    token: creds.accessToken,
  });
  return feed.data?.find((post) => hasMarker(post.message, targetId))?.id ?? null;
}

/** The text as it goes to the Page: caption, the link when the text lacks it, and our marker. */
function textOf(pub: Publication, withLink: boolean): string {
  const link = withLink && pub.link && !pub.caption.includes(pub.link) ? `${pub.caption ? "\n\n" : ""}${pub.link}` : "";
  return withMarker(`${pub.caption}${link}`, pub.target.id);
}

export async function publishFacebook(ctx: PublishingContext, pub: Publication): Promise<Guarded<string>> {
  const { target } = pub;
  if (target.postExternoId) {
    await markPublished(ctx, target, { postExternoId: target.postExternoId }, false);
    return { ok: true, value: target.postExternoId };
  }
  const images = await metaImages(ctx, target.orgId, pub.images, false, pub.approvedAt);
  if (!images.ok && images.changed) return holdForApproval(ctx, target, "facebook", images.message);
  if (!images.ok) return actOn(ctx, target, "facebook", ownProblem(images.message, "midia"));
  return guarded(ctx, target, "facebook", true, async (creds) => {
    await renewClaim(ctx, target.orgId, target.id);
    const found = await findOurPost(ctx, creds, target.id);
    if (found) {
      await recordIds(ctx, target.orgId, target.id, { postExternoId: found });
      await markPublished(ctx, target, { postExternoId: found }, true);
      return found;
    }
    const page = `/${creds.externalId}`;
    const post = (path: string, params: Record<string, string | boolean | undefined>) =>
      meta<{ id: string; post_id?: string }>(ctx, {
        host: "facebook",
        method: "POST",
        path: `${page}${path}`,
        params,
        token: creds.accessToken,
      });
    let postId: string;
    const [single] = images.images;
    if (images.images.length === 0) {
      postId = (await post("/feed", { message: withMarker(pub.caption, target.id), link: pub.link ?? undefined })).id;
    } else if (images.images.length === 1 && single) {
      const answer = await post("/photos", { url: single.url, caption: textOf(pub, true), alt_text_custom: single.alt ?? undefined });
      postId = answer.post_id ?? answer.id;
    } else {
      const photos = [...(target.containersFilhos ?? [])];
      for (const image of images.images.slice(photos.length)) {
        photos.push((await post("/photos", { url: image.url, published: false, alt_text_custom: image.alt ?? undefined })).id);
        await recordIds(ctx, target.orgId, target.id, { containersFilhos: photos });
      }
      const attached = Object.fromEntries(photos.map((id, i) => [`attached_media[${i}]`, JSON.stringify({ media_fbid: id })]));
      postId = (await post("/feed", { message: textOf(pub, true), ...attached })).id;
    }
    await recordIds(ctx, target.orgId, target.id, { postExternoId: postId });
    await markPublished(ctx, target, { postExternoId: postId }, false);
    return postId;
  });
}

/** Whether the post already went out (for onFailure, before it marks anything failed). */
export async function facebookLookup(ctx: PublishingContext, creds: AccountCredentials, pub: Publication): Promise<string | null> {
  return pub.target.postExternoId ?? findOurPost(ctx, creds, pub.target.id);
}
