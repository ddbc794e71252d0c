/**
 * What Meta sends to an app: webhook POSTs signed with `X-Hub-Signature-256` (HMAC-SHA256 of the raw
 * body with the app secret) and `signed_request` forms for the deauthorize and data-deletion callbacks.
 */
import { createHmac } from "node:crypto";
import type { StandinComment, StandinState } from "./state.ts";

export interface Delivery {
  status: number;
  body: string;
}

export function hubSignature(secret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

export interface WebhookOptions {
  /** Sign with this secret instead of the app's (to test that a wrong signature is refused). */
  secret?: string;
  /** Send without any signature header. */
  unsigned?: boolean;
}

export async function postWebhook(state: StandinState, target: string, payload: unknown, options: WebhookOptions = {}): Promise<Delivery> {
  const raw = JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "demo-meta-standin (não é a Meta)" };
  if (!options.unsigned) {
    const secret = options.secret ?? state.appSecret;
    headers["x-hub-signature-256"] = hubSignature(secret, raw);
    headers["x-hub-signature"] = `sha1=${createHmac("sha1", secret).update(raw).digest("hex")}`;
  }
  const response = await fetch(target, { method: "POST", headers, body: raw, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.text() };
}

/** Meta's `signed_request`: base64url(HMAC-SHA256(payload part)) + "." + base64url(JSON payload). */
export function signedRequest(secret: string, payload: Record<string, unknown>): string {
  const body = Buffer.from(JSON.stringify({ algorithm: "HMAC-SHA256", issued_at: Math.floor(Date.now() / 1000), ...payload })).toString(
    "base64url",
  );
  return `${createHmac("sha256", secret).update(body).digest("base64url")}.${body}`;
}

export async function postSignedRequest(state: StandinState, target: string, payload: Record<string, unknown>): Promise<Delivery> {
  const form = new URLSearchParams({ signed_request: signedRequest(state.appSecret, payload) });
  const response = await fetch(target, { method: "POST", body: form, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.text() };
}

/** The webhook Meta sends for a new comment: Instagram's `comments` field, or the Page `feed` field. */
export function commentPayload(state: StandinState, comment: StandinComment, now: number): unknown {
  const time = Math.floor(now / 1000);
  const media = state.media.get(comment.objectId);
  if (media) {
    return {
      object: "instagram",
      entry: [
        {
          id: media.owner,
          time,
          changes: [
            {
              field: "comments",
              value: {
                id: comment.id,
                text: comment.message,
                from: { id: comment.from.id, username: comment.from.name },
                media: { id: media.id, media_product_type: "FEED" },
              },
            },
          ],
        },
      ],
    };
  }
  const post = state.posts.get(comment.objectId);
  return {
    object: "page",
    entry: [
      {
        id: post?.pageId ?? "",
        time,
        changes: [
          {
            field: "feed",
            value: {
              item: "comment",
              verb: "add",
              comment_id: comment.id,
              post_id: comment.objectId,
              message: comment.message,
              from: comment.from,
              created_time: time,
            },
          },
        ],
      },
    ],
  };
}
