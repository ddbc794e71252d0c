import { z } from "zod";
import type { PostCommentKind, SocialNetwork } from "../../../shared/enums.ts";

/**
 * What a Meta webhook delivery says, read into the few changes Alicerce acts on (ADR 046).
 * Pure: no database. Anything else (other objects, fields, verbs) is acknowledged and ignored.
 *
 * - Instagram `comments` (a comment on the account's media) and `mentions` (the account
 *   @mentioned in a comment on a media: Meta sends ids only, no text);
 * - Page `feed` with `item: "comment"` (`add`, `edited`, `remove`) and Page `mention` in a comment;
 * - `permissions` (Facebook Login): a permission the person revoked, with the Pages or accounts
 *   it was revoked for (`target_ids`, when Meta says).
 */

const metaId = z.union([z.string().min(1).max(100), z.number().int().nonnegative()]).transform(String);
const shortText = z.string().max(10_000);

/** Meta batches up to 1,000 entries in theory; in practice a few. Past these a delivery is refused (400), never read. */
export const MAX_ENTRIES = 100;
export const MAX_CHANGES_PER_ENTRY = 100;

const deliverySchema = z.object({
  object: z.string().max(50),
  entry: z.array(
    z.object({
      id: metaId,
      time: z.number().optional(),
      changes: z.array(z.object({ field: z.string().max(100), value: z.unknown() })).optional(),
    }),
  ),
});

/** True when a body has more entries, or an entry more changes, than a delivery may carry (checked before anything is read). */
export function exceedsDeliveryCaps(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const entry = (body as { entry?: unknown }).entry;
  if (!Array.isArray(entry)) return false;
  if (entry.length > MAX_ENTRIES) return true;
  return entry.some((e) => {
    const changes = typeof e === "object" && e !== null ? (e as { changes?: unknown }).changes : undefined;
    return Array.isArray(changes) && changes.length > MAX_CHANGES_PER_ENTRY;
  });
}

export type MetaChange =
  | {
      kind: "comment";
      network: SocialNetwork;
      /** The Page or Instagram account (the entry's id). */
      accountId: string;
      /** Our post at Meta: the Instagram media id or the Facebook post id. */
      objectId: string;
      commentId: string;
      tipo: PostCommentKind;
      authorId: string | null;
      authorName: string | null;
      authorUsername: string | null;
      text: string | null;
      at: Date;
    }
  | { kind: "comment-edited"; network: SocialNetwork; accountId: string; commentId: string; text: string }
  | { kind: "comment-removed"; network: SocialNetwork; accountId: string; commentId: string }
  | { kind: "revoked"; metaUserId: string; permission: string; targetIds: string[] };

/** One change of a delivery: what it means (null: ignored) and the digest that makes it once-only. */
export interface ReadChange {
  digest: string;
  change: MetaChange | null;
}

/** Permissions without which Alicerce cannot publish, read comments or insights: revoking one needs a reconnection. */
export const NEEDED_PERMISSIONS: ReadonlySet<string> = new Set([
  "pages_show_list",
  "pages_read_engagement",
  "pages_manage_posts",
  "pages_manage_engagement",
  "pages_read_user_content",
  "read_insights",
  "business_management",
  "instagram_basic",
  "instagram_content_publish",
  "instagram_manage_comments",
  "instagram_manage_insights",
  "instagram_business_basic",
  "instagram_business_content_publish",
  "instagram_business_manage_comments",
]);

const instagramComment = z.object({
  id: metaId,
  text: shortText.optional(),
  from: z.object({ id: metaId.optional(), username: z.string().max(200).optional() }).optional(),
  media: z.object({ id: metaId }),
});
const instagramMention = z.object({ media_id: metaId, comment_id: metaId });
const pageComment = z.object({
  item: z.literal("comment"),
  verb: z.string().max(20),
  comment_id: metaId,
  post_id: metaId,
  message: shortText.optional(),
  from: z.object({ id: metaId.optional(), name: z.string().max(200).optional() }).optional(),
  created_time: z.union([z.number(), z.string().max(40)]).optional(),
});
const pageMention = z.object({
  item: z.literal("comment"),
  verb: z.literal("add"),
  comment_id: metaId,
  post_id: metaId,
  message: shortText.optional(),
  sender_id: metaId.optional(),
  sender_name: z.string().max(200).optional(),
});
const permissionChange = z.object({ verb: z.string().max(20), target_ids: z.array(metaId).max(1000).optional() });

/** Meta's times are Unix seconds (sometimes an ISO text); anything unreadable is the fallback. */
function instant<F extends Date | null>(value: unknown, fallback: F): Date | F {
  if (typeof value === "number" && Number.isFinite(value) && value > 0) return new Date(value < 1e12 ? value * 1000 : value);
  if (typeof value === "string") {
    const parsed = Date.parse(value);
    if (!Number.isNaN(parsed)) return new Date(parsed);
  }
  return fallback;
}

function clip(text: string | undefined | null, max: number): string | null {
  const t = text?.trim();
  return t ? t.slice(0, max) : null;
}

/** The one change a (object, field, value) means for us, or null. */
function meaning(object: string, accountId: string, field: string, value: unknown, at: Date): MetaChange | null {
  if (object === "instagram" && field === "comments") {
    const v = instagramComment.safeParse(value);
    if (!v.success) return null;
    return {
      kind: "comment",
      network: "instagram",
      accountId,
      objectId: v.data.media.id,
      commentId: v.data.id,
      tipo: "comentario",
      authorId: v.data.from?.id ?? null,
      authorName: null,
      authorUsername: clip(v.data.from?.username, 100),
      text: clip(v.data.text, 2200),
      at,
    };
  }
  if (object === "instagram" && field === "mentions") {
    const v = instagramMention.safeParse(value);
    if (!v.success) return null;
    return {
      kind: "comment",
      network: "instagram",
      accountId,
      objectId: v.data.media_id,
      commentId: v.data.comment_id,
      tipo: "mencao",
      authorId: null,
      authorName: null,
      authorUsername: null,
      text: null,
      at,
    };
  }
  if (object === "page" && field === "feed") {
    const v = pageComment.safeParse(value);
    if (!v.success) return null;
    const { verb } = v.data;
    if (verb === "remove") return { kind: "comment-removed", network: "facebook", accountId, commentId: v.data.comment_id };
    if (verb === "edited") {
      const text = clip(v.data.message, 8000);
      return text ? { kind: "comment-edited", network: "facebook", accountId, commentId: v.data.comment_id, text } : null;
    }
    if (verb !== "add") return null;
    return {
      kind: "comment",
      network: "facebook",
      accountId,
      objectId: v.data.post_id,
      commentId: v.data.comment_id,
      tipo: "comentario",
      authorId: v.data.from?.id ?? null,
      authorName: clip(v.data.from?.name, 200),
      authorUsername: null,
      text: clip(v.data.message, 8000),
      at: instant(v.data.created_time, at),
    };
  }
  if (object === "page" && field === "mention") {
    const v = pageMention.safeParse(value);
    if (!v.success) return null;
    return {
      kind: "comment",
      network: "facebook",
      accountId,
      objectId: v.data.post_id,
      commentId: v.data.comment_id,
      tipo: "mencao",
      authorId: v.data.sender_id ?? null,
      authorName: clip(v.data.sender_name, 200),
      authorUsername: null,
      text: clip(v.data.message, 8000),
      at,
    };
  }
  if (object === "permissions" && NEEDED_PERMISSIONS.has(field)) {
    const v = permissionChange.safeParse(value);
    if (!v.success || v.data.verb !== "revoked") return null;
    return { kind: "revoked", metaUserId: accountId, permission: field, targetIds: v.data.target_ids ?? [] };
  }
  return null;
}

async function sha256Hex(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A delivery older than this is acknowledged and ignored (Meta retries for 36 hours): a replay cannot undo a reconnection. */
export const STALE_AFTER_MS = 3 * 24 * 3600_000;

/**
 * Every change of a delivery, with its digest: the signing app's key (`metaAppKey`) then a hash of
 * object, entry id, entry time, field and value (what Meta repeats identically when it retries),
 * so one app's deliveries can never mark another's as seen. An entry without a readable time is
 * treated as stale (acknowledged, ignored): a replay cannot pass for new by dropping it. Null when
 * the body is not a delivery at all; check `exceedsDeliveryCaps` first.
 */
export async function readDelivery(body: unknown, now: Date, appKey: string): Promise<ReadChange[] | null> {
  if (exceedsDeliveryCaps(body)) return null;
  const parsed = deliverySchema.safeParse(body);
  if (!parsed.success) return null;
  const out: ReadChange[] = [];
  const { object } = parsed.data;
  for (const entry of parsed.data.entry) {
    const at = instant(entry.time, null);
    const stale = at === null || now.getTime() - at.getTime() > STALE_AFTER_MS;
    for (const { field, value } of entry.changes ?? []) {
      const hash = await sha256Hex(JSON.stringify([object, entry.id, entry.time ?? null, field, value ?? null]));
      out.push({ digest: `${appKey}:${hash}`, change: stale || at === null ? null : meaning(object, entry.id, field, value, at) });
    }
  }
  return out;
}
