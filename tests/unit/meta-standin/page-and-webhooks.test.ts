import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEMO_INSTAGRAM_ID, DEMO_PAGE_ID, type MetaStandin, startMetaStandin } from "../../../tools/meta-standin/server.ts";
import { facebookLogin, graph, pageTokens } from "./client.ts";

let standin: MetaStandin;
let pageToken: string;
beforeEach(async () => {
  standin = await startMetaStandin({ containerPolls: 0 });
  pageToken = (await pageTokens(standin, (await facebookLogin(standin)).longToken))[DEMO_PAGE_ID] ?? "";
});
afterEach(async () => {
  await standin.close();
});

interface Received {
  headers: IncomingMessage["headers"];
  raw: string;
}

/** A receiver that records what arrives and answers 200. */
async function receiver(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks).toString("utf8") });
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/meta`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Verifies as the Worker will: WebCrypto HMAC-SHA256 of the raw body with the app secret. */
async function hmacHex(secret: string, body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return Buffer.from(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body))).toString("hex");
}

describe("meta stand-in: Facebook Page publishing", () => {
  it("posts a photo, and several unpublished photos attached to one feed post", async () => {
    const single = await graph(standin, "POST", `/${DEMO_PAGE_ID}/photos`, {
      access_token: pageToken,
      url: `${standin.url}/_demo/photo.jpg`,
      caption: "Casa",
    });
    expect(single.body).toEqual({
      id: expect.stringMatching(/^demo_photo_/),
      post_id: expect.stringMatching(new RegExp(`^${DEMO_PAGE_ID}_`)),
    });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const photo = await graph(standin, "POST", `/${DEMO_PAGE_ID}/photos`, {
        access_token: pageToken,
        url: `${standin.url}/_demo/photo.jpg`,
        published: "false",
      });
      expect(photo.body.post_id).toBeUndefined();
      ids.push(String(photo.body.id));
    }
    const form: Record<string, string> = { access_token: pageToken, message: "Duas fotos [alicerce:post-42]" };
    ids.forEach((id, i) => {
      form[`attached_media[${i}]`] = JSON.stringify({ media_fbid: id });
    });
    const post = await graph(standin, "POST", `/${DEMO_PAGE_ID}/feed`, form);
    expect(standin.state.posts.get(String(post.body.id))?.photoIds).toEqual(ids);
    // A photo already attached cannot be attached again.
    expect((await graph(standin, "POST", `/${DEMO_PAGE_ID}/feed`, form)).body.error?.code).toBe(100);
    // The engine finds a post whose answer it lost by its marker in the Page's recent posts.
    const feed = await graph(standin, "GET", `/${DEMO_PAGE_ID}/feed`, {
      access_token: pageToken,
      fields: "id,message,created_time,permalink_url",
      limit: "10",
    });
    expect((feed.body.data as { message: string }[]).map((p) => p.message)).toEqual(["Duas fotos [alicerce:post-42]", "Casa"]);
    const missing = await graph(standin, "POST", `/${DEMO_PAGE_ID}/photos`, {
      access_token: pageToken,
      url: `${standin.url}/_demo/missing.jpg`,
    });
    expect(missing.body.error?.code).toBe(324);
  });
});

describe("meta stand-in: webhooks and signed requests", () => {
  let target: Awaited<ReturnType<typeof receiver>>;
  beforeEach(async () => {
    target = await receiver();
  });
  afterEach(async () => {
    await target.close();
  });

  it("signs a comment webhook with X-Hub-Signature-256 that the app secret verifies", async () => {
    const userToken = (await facebookLogin(standin)).longToken;
    const id = String(
      (
        await graph(standin, "POST", `/${DEMO_INSTAGRAM_ID}/media`, {
          access_token: userToken,
          image_url: `${standin.url}/_demo/photo.jpg`,
        })
      ).body.id,
    );
    await graph(standin, "GET", `/${id}`, { access_token: userToken });
    const mediaId = String(
      (await graph(standin, "POST", `/${DEMO_INSTAGRAM_ID}/media_publish`, { access_token: userToken, creation_id: id })).body.id,
    );
    const comment = standin.addComment(mediaId, "Ainda está disponível?");
    const delivery = await standin.sendWebhook(target.url, standin.commentWebhook(comment));
    expect(delivery).toEqual({ status: 200, body: "ok" });
    const [got] = target.received;
    const body = JSON.parse(got?.raw ?? "{}");
    expect(body).toMatchObject({
      object: "instagram",
      entry: [
        { id: DEMO_INSTAGRAM_ID, changes: [{ field: "comments", value: { text: "Ainda está disponível?", media: { id: mediaId } } }] },
      ],
    });
    expect(got?.headers["x-hub-signature-256"]).toBe(`sha256=${await hmacHex(standin.env.META_APP_SECRET, got?.raw ?? "")}`);
    expect(got?.headers["x-hub-signature-256"]).not.toBe(`sha256=${await hmacHex("another-secret", got?.raw ?? "")}`);
    const comments = await graph(standin, "GET", `/${mediaId}/comments`, { access_token: userToken });
    expect(comments.body.data).toHaveLength(1);

    await standin.sendWebhook(target.url, { object: "page", entry: [] }, { secret: "wrong" });
    expect(target.received[1]?.headers["x-hub-signature-256"]).not.toBe(
      `sha256=${await hmacHex(standin.env.META_APP_SECRET, target.received[1]?.raw ?? "")}`,
    );
    await standin.sendWebhook(target.url, { object: "page", entry: [] }, { unsigned: true });
    expect(target.received[2]?.headers["x-hub-signature-256"]).toBeUndefined();
  });

  it("posts a signed_request (deauthorize, data deletion) that verifies with the app secret", async () => {
    await standin.sendSignedRequest(target.url, { user_id: "demo_user_1" });
    const form = new URLSearchParams(target.received[0]?.raw ?? "");
    const [signature = "", payload = ""] = (form.get("signed_request") ?? "").split(".");
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(standin.env.META_APP_SECRET),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const expected = Buffer.from(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(payload))).toString("base64url");
    expect(signature).toBe(expected);
    expect(JSON.parse(Buffer.from(payload, "base64url").toString("utf8"))).toMatchObject({
      algorithm: "HMAC-SHA256",
      user_id: "demo_user_1",
    });
  });

  it("sends webhooks on request over the control API", async () => {
    const answer = await fetch(`${standin.url}/_control/webhooks`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        target: target.url,
        payload: { object: "permissions", entry: [{ id: "demo_user_1", changed_fields: ["pages_manage_posts"] }] },
      }),
    });
    expect(await answer.json()).toEqual({ status: 200, body: "ok" });
    expect(target.received[0]?.headers["x-hub-signature-256"]).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});
