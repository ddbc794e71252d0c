/** The Graph API routes of both hosts (graph.facebook.com and graph.instagram.com). */
import type { FaultBook } from "./faults.ts";
import { json, metaError, pick, type Reply } from "./http.ts";
import { facebookToken, instagramLongToken, LONG_SECONDS, pageTokenExpiry } from "./oauth.ts";
import { authenticate, canPostToPage, canPublishInstagram, canReach, type Host, ownerOf, unknownObject } from "./permissions.ts";
import { createContainer, publishContainer, readContainer, publishingLimit } from "./instagram.ts";
import { issueToken, newId, type StandinState, type StandinToken } from "./state.ts";

export interface ImageCheck {
  ok: boolean;
  contentType?: string;
  bytes?: number;
  reason?: string;
}

export interface GraphContext {
  state: StandinState;
  faults: FaultBook;
  host: Host;
  method: string;
  /** The path as requested, after the host prefix (for fault matching and errors). */
  path: string;
  segments: string[];
  params: Record<string, string>;
  token: string | undefined;
  now: number;
  /** Base URL of this stand-in (permalinks point at it, never at instagram.com). */
  baseUrl: string;
  fetchImage(url: string): Promise<ImageCheck>;
  containerPolls: number;
  publishQuota: number;
}

export async function handleGraph(ctx: GraphContext): Promise<Reply> {
  const { state, segments, method, params, now } = ctx;
  const [node = "", edge, extra] = segments;
  if (extra !== undefined) return unknownPath(ctx);
  // Token endpoints authenticate with the app secret, not a user token.
  if (ctx.host === "facebook" && node === "oauth" && edge === "access_token") return facebookToken(state, params, now);
  if (ctx.host === "instagram" && edge === undefined && (node === "access_token" || node === "refresh_access_token")) {
    return instagramLongToken(state, { ...params, access_token: ctx.token ?? "" }, now, node === "refresh_access_token");
  }
  if (node === "debug_token") return debugToken(ctx);
  const auth = authenticate(state, ctx.host, ctx.token, now);
  if ("status" in auth) return auth;
  if (node === "me") return me(ctx, auth, edge);
  if (!canReach(state, auth, node)) return unknownObject(node, method);
  if (edge === undefined) return method === "GET" ? readObject(ctx, node) : unknownPath(ctx);
  const owner = ownerOf(state, node) ?? {};
  const route = `${method} ${edge}`;
  if (owner.instagram === node) {
    if (route === "POST media") return canPublishInstagram(auth) ?? createContainer(ctx, node);
    if (route === "GET media") return listMedia(ctx, node);
    if (route === "POST media_publish") return canPublishInstagram(auth) ?? publishContainer(ctx, node);
    if (route === "GET content_publishing_limit") return publishingLimit(ctx, node);
  }
  if (owner.page === node && state.pages.some((p) => p.id === node)) {
    if (route === "POST photos") return canPostToPage(state, auth, node) ?? postPhoto(ctx, node);
    if (route === "POST feed") return canPostToPage(state, auth, node) ?? postFeed(ctx, node);
    if (route === "GET feed" || route === "GET published_posts") return listPosts(ctx, node);
  }
  if (route === "GET insights") return insights(ctx, node);
  if (route === "GET comments") return listComments(ctx, node);
  if (route === "POST comments") return addComment(ctx, node, auth);
  return unknownPath(ctx);
}

function unknownPath(ctx: GraphContext): Reply {
  return metaError(400, { code: 2500, message: `Unknown path components: ${ctx.path}` });
}

export function metaTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "+0000");
}

function me(ctx: GraphContext, token: StandinToken, edge: string | undefined): Reply {
  const { state, params, method } = ctx;
  if (edge === undefined && method === "GET") {
    if (token.kind === "fb-page") {
      const page = state.pages.find((p) => p.id === token.subject);
      return json(pick({ id: page?.id, name: page?.name }, params.fields, ["name"]));
    }
    if (token.kind.startsWith("ig-")) {
      const ig = state.instagram.find((i) => i.id === token.subject);
      const profile = { id: ig?.id, user_id: ig?.id, username: ig?.username, name: ig?.name, account_type: "BUSINESS" };
      return json(pick(profile, params.fields, ["user_id", "username"]));
    }
    return json(pick({ id: state.user.id, name: state.user.name }, params.fields, ["name"]));
  }
  if (edge === "permissions" && method === "GET") {
    const data = [
      ...token.granted.map((permission) => ({ permission, status: "granted" })),
      ...token.declined.map((permission) => ({ permission, status: "declined" })),
    ];
    return json({ data });
  }
  if (edge === "permissions" && method === "DELETE") {
    // The person removes the app: every token of that person stops working (Meta then calls deauthorize).
    for (const t of state.tokens.values()) if (!t.kind.startsWith("ig-") === !token.kind.startsWith("ig-")) t.revoked = true;
    return json({ success: true });
  }
  if (edge === "accounts" && method === "GET" && token.kind.startsWith("fb-user")) {
    const longLived = token.kind === "fb-user-long";
    const data = state.pages.map((page) => {
      const pageToken = issueToken(state, {
        kind: "fb-page",
        subject: page.id,
        granted: token.granted,
        declined: token.declined,
        expiresAt: pageTokenExpiry(token.expiresAt, longLived, ctx.now),
      });
      const ig = state.instagram.find((i) => i.id === page.instagramId);
      const full = {
        id: page.id,
        name: page.name,
        category: page.category,
        access_token: pageToken.token,
        tasks: page.tasks,
        ...(ig ? { instagram_business_account: { id: ig.id, username: ig.username } } : {}),
      };
      return pick(full, ctx.params.fields, ["name", "access_token", "category", "tasks"]);
    });
    return json({ data, paging: { cursors: { before: "demo_before", after: "demo_after" } } });
  }
  return unknownPath(ctx);
}

function debugToken(ctx: GraphContext): Reply {
  const { state, params, now } = ctx;
  // Meta wants an app token ("app_id|app_secret") or a valid user token to inspect another token.
  if (ctx.token !== `${state.appId}|${state.appSecret}` && !state.tokens.has(ctx.token ?? "")) {
    return metaError(400, { code: 190, message: "Invalid OAuth access token - Cannot parse access token" });
  }
  const input = state.tokens.get(params.input_token ?? "");
  if (!input) return json({ data: { is_valid: false, error: { code: 190, message: "Invalid OAuth access token." } } });
  const expired = input.expiresAt !== null && input.expiresAt < now;
  return json({
    data: {
      app_id: state.appId,
      type: input.kind === "fb-page" ? "PAGE" : "USER",
      application: "Alicerce (demonstração)",
      is_valid: !input.revoked && !expired,
      expires_at: input.expiresAt === null ? 0 : Math.floor(input.expiresAt / 1000),
      data_access_expires_at: Math.floor((now + LONG_SECONDS * 1000 * 1.5) / 1000),
      scopes: input.granted,
      user_id: input.kind === "fb-page" ? state.user.id : input.subject,
      ...(input.kind === "fb-page" ? { profile_id: input.subject } : {}),
    },
  });
}

function readObject(ctx: GraphContext, id: string): Reply {
  const { state, params } = ctx;
  const page = state.pages.find((p) => p.id === id);
  if (page) {
    const ig = state.instagram.find((i) => i.id === page.instagramId);
    const full = {
      id,
      name: page.name,
      category: page.category,
      ...(ig ? { instagram_business_account: { id: ig.id, username: ig.username } } : {}),
    };
    return json(pick(full, params.fields, ["name"]));
  }
  const ig = state.instagram.find((i) => i.id === id);
  if (ig) {
    const count = [...state.media.values()].filter((m) => m.owner === id).length;
    const full = { id, username: ig.username, name: ig.name, media_count: count, followers_count: 1200 };
    return json(pick(full, params.fields, ["username"]));
  }
  if (state.containers.has(id)) return readContainer(ctx, id);
  const media = state.media.get(id);
  if (media) return json(pick(mediaFields(ctx, media.id), params.fields, ["id"]));
  const post = state.posts.get(id);
  if (post) return json(pick(postFields(ctx, post.id), params.fields, ["created_time", "message"]));
  const photo = state.photos.get(id);
  if (photo)
    return json(
      pick({ id, name: photo.caption, link: photo.url, ...(photo.postId ? { page_story_id: photo.postId } : {}) }, params.fields, ["name"]),
    );
  const comment = state.comments.get(id);
  if (comment) return json(pick({ id, message: comment.message, text: comment.message, from: comment.from }, params.fields, ["message"]));
  return unknownObject(id, "GET");
}

function commentCount(state: StandinState, id: string): number {
  return [...state.comments.values()].filter((c) => c.objectId === id).length;
}

function mediaFields(ctx: GraphContext, id: string): Record<string, unknown> {
  const media = ctx.state.media.get(id);
  if (!media) return {};
  return {
    id,
    caption: media.caption,
    media_type: media.mediaType,
    media_product_type: "FEED",
    media_url: media.mediaUrl,
    permalink: media.permalink,
    timestamp: metaTime(media.timestamp),
    like_count: media.metrics?.likes ?? metricValue(id, "likes"),
    comments_count: commentCount(ctx.state, id) + (media.metrics?.comments ?? 0),
    username: ctx.state.instagram.find((i) => i.id === media.owner)?.username,
  };
}

function postFields(ctx: GraphContext, id: string): Record<string, unknown> {
  const post = ctx.state.posts.get(id);
  if (!post) return {};
  return {
    id,
    message: post.message,
    created_time: metaTime(post.createdAt),
    permalink_url: `${ctx.baseUrl}/_demo/posts/${id}`,
    is_published: post.published,
    ...(post.link ? { link: post.link } : {}),
    // As Meta answers `reactions.summary(total_count).limit(0)`, `comments.summary(…)` and `shares`.
    // An adopted post answers its own numbers (likes are its reactions).
    reactions: { data: [], summary: { total_count: post.metrics?.likes ?? metricValue(id, "reactions") } },
    comments: { data: [], summary: { total_count: insightValue(ctx, id, "comments") } },
    shares: { count: post.metrics?.shares ?? metricValue(id, "shares") % 40 },
  };
}

function page<T>(items: T[], params: Record<string, string>): { data: T[]; paging?: unknown } {
  const limit = Math.min(Math.max(Number(params.limit) || 25, 1), 100);
  const start = Number(params.after?.replace(/^demo_/, "")) || 0;
  const data = items.slice(start, start + limit);
  const next = start + limit < items.length ? `demo_${start + limit}` : undefined;
  return { data, paging: { cursors: { before: `demo_${start}`, ...(next ? { after: next } : {}) } } };
}

function listMedia(ctx: GraphContext, owner: string): Reply {
  const items = [...ctx.state.media.values()].filter((m) => m.owner === owner).sort((a, b) => b.timestamp - a.timestamp);
  return json(
    page(
      items.map((m) => pick(mediaFields(ctx, m.id), ctx.params.fields, ["id"])),
      ctx.params,
    ),
  );
}

function listPosts(ctx: GraphContext, pageId: string): Reply {
  const items = [...ctx.state.posts.values()].filter((p) => p.pageId === pageId && p.published).sort((a, b) => b.createdAt - a.createdAt);
  return json(
    page(
      items.map((p) => pick(postFields(ctx, p.id), ctx.params.fields, ["created_time", "message"])),
      ctx.params,
    ),
  );
}

async function postPhoto(ctx: GraphContext, pageId: string): Promise<Reply> {
  const { state, params } = ctx;
  if (!params.url) return metaError(400, { code: 324, message: "(#324) Requires upload file" });
  const image = await ctx.fetchImage(params.url);
  if (!image.ok)
    return metaError(400, { code: 324, message: `(#324) Missing or invalid image file (${image.reason ?? "download failed"})` });
  const published = params.published !== "false";
  const id = newId(state, "photo");
  const caption = params.caption ?? params.message ?? "";
  const photo = { id, pageId, url: params.url, caption, published };
  state.photos.set(id, photo);
  if (!published) return json({ id });
  const postId = `${pageId}_${state.nextId++}`;
  state.posts.set(postId, { id: postId, pageId, message: caption, photoIds: [id], createdAt: ctx.now, published: true });
  state.photos.set(id, { ...photo, postId });
  return json({ id, post_id: postId });
}

/** `attached_media` as Meta takes it: `attached_media[0]={"media_fbid":"…"}` fields or a JSON array. */
function attachedMedia(params: Record<string, string>): string[] | null {
  const raw = params.attached_media
    ? [params.attached_media]
    : Object.entries(params)
        .filter(([k]) => /^attached_media\[\d+\]$/.test(k))
        .sort(([a], [b]) => Number(a.slice(15, -1)) - Number(b.slice(15, -1)))
        .map(([, v]) => v);
  const ids: string[] = [];
  try {
    for (const entry of raw) {
      const parsed = JSON.parse(entry) as unknown;
      for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
        const id = (item as { media_fbid?: unknown }).media_fbid;
        if (typeof id !== "string") return null;
        ids.push(id);
      }
    }
  } catch {
    return null;
  }
  return ids;
}

function postFeed(ctx: GraphContext, pageId: string): Reply {
  const { state, params } = ctx;
  const photoIds = attachedMedia(params);
  if (photoIds === null) return metaError(400, { code: 100, message: "(#100) param attached_media must be an array of {media_fbid}" });
  for (const id of photoIds) {
    const photo = state.photos.get(id);
    if (!photo || photo.pageId !== pageId || photo.published || photo.postId) {
      return metaError(400, { code: 100, message: `(#100) attached_media ${id} is not an unpublished photo of this Page` });
    }
  }
  if (!params.message && !params.link && photoIds.length === 0)
    return metaError(400, { code: 100, message: "(#100) Missing message or attachment" });
  const id = `${pageId}_${state.nextId++}`;
  const published = params.published !== "false";
  state.posts.set(id, {
    id,
    pageId,
    message: params.message ?? "",
    photoIds,
    createdAt: ctx.now,
    published,
    ...(params.link ? { link: params.link } : {}),
  });
  for (const photoId of photoIds) {
    const photo = state.photos.get(photoId);
    if (photo) state.photos.set(photoId, { ...photo, postId: id });
  }
  return json({ id });
}

/** Stable made-up numbers, so a demo's metrics do not jump between reads. */
export function metricValue(id: string, metric: string): number {
  let hash = 7;
  for (const c of `${id}:${metric}`) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return 10 + (hash % 490);
}

/** An adopted object's own number for `name` (comments add the real ones), or a made-up stable one. */
function insightValue(ctx: GraphContext, id: string, name: string): number {
  const fixed = (ctx.state.media.get(id) ?? ctx.state.posts.get(id))?.metrics;
  if (name === "comments") return commentCount(ctx.state, id) + (fixed?.comments ?? 0);
  return fixed?.[name] ?? metricValue(id, name);
}

function insights(ctx: GraphContext, id: string): Reply {
  const metrics = (ctx.params.metric ?? "").split(",").filter(Boolean);
  if (metrics.length === 0) return metaError(400, { code: 100, message: "(#100) The value must be a valid insights metric" });
  const data = metrics.map((name) => ({
    name,
    period: ctx.params.period ?? "lifetime",
    values: [{ value: insightValue(ctx, id, name) }],
    title: name,
    description: "Métrica de demonstração (não é da Meta).",
    id: `${id}/insights/${name}/lifetime`,
  }));
  return json({ data });
}

function listComments(ctx: GraphContext, id: string): Reply {
  const items = [...ctx.state.comments.values()]
    .filter((c) => c.objectId === id)
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((c) => ({
      id: c.id,
      message: c.message,
      text: c.message,
      from: c.from,
      username: c.from.name,
      created_time: metaTime(c.createdAt),
      timestamp: metaTime(c.createdAt),
    }));
  return json(page(items, ctx.params));
}

function addComment(ctx: GraphContext, id: string, token: StandinToken): Reply {
  const message = ctx.params.message;
  if (!message) return metaError(400, { code: 100, message: "(#100) Missing message" });
  const from =
    token.kind === "fb-page"
      ? { id: token.subject, name: ctx.state.pages.find((p) => p.id === token.subject)?.name ?? "" }
      : { id: token.subject, name: "demo" };
  const comment = { id: newId(ctx.state, "comment"), objectId: id, message, from, createdAt: ctx.now };
  ctx.state.comments.set(comment.id, comment);
  return json({ id: comment.id });
}
