/**
 * Meta's webhook doors inside workerd (ADR 046): WebCrypto's HMAC there verifies exactly what
 * Node (Meta's format, as the stand-in signs) made, and the routes answer through the real chain.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { verifyHubSignature, verifySignedRequest } from "../../worker/security/meta-signature.ts";

const SECRET = "segredo-workerd";
const call = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`http://localhost${path}`, init));

// Signed in Node with createHmac (a fixed fixture: a format change breaks this test).
const NODE_BODY =
  '{"object":"instagram","entry":[{"id":"17841400000000001","time":1764000000,"changes":[{"field":"comments","value":{"id":"1","text":"Ótimo! Qual o preço?","from":{"id":"2","username":"x"},"media":{"id":"m"}}}]}]}';
const NODE_SIGNATURE = "sha256=e3609d0a56bb07870be8ea0f354801da6458fe43026df0472afdd838d95fca6e";
const NODE_SIGNED_REQUEST =
  "4JdOV6LCR3loLUtD3LVZu3ddf5FYmcCt3a-a0YJXojU.eyJhbGdvcml0aG0iOiJITUFDLVNIQTI1NiIsImlzc3VlZF9hdCI6MTc2NDAwMDAwMCwidXNlcl9pZCI6Ijk5MDAwMDAwMDAwMDAwMSJ9";

async function sign(body: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body)));
  return `sha256=${Array.from(mac, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

describe("Meta's signatures in workerd", () => {
  it("verifies what Node signed, and refuses it tampered", async () => {
    const platform = [{ secret: SECRET, owner: null }];
    expect(await verifyHubSignature(NODE_BODY, NODE_SIGNATURE, platform)).not.toBeNull();
    expect(await verifyHubSignature(NODE_BODY.replace("preço", "preco"), NODE_SIGNATURE, platform)).toBeNull();
    const verified = await verifySignedRequest(NODE_SIGNED_REQUEST, platform);
    expect("payload" in verified && verified.payload.user_id).toBe("990000000000001");
    expect(await verifySignedRequest(NODE_SIGNED_REQUEST, [{ secret: "outro", owner: null }])).toEqual({ problem: "signature" });
  });

  it("answers the subscription check and takes only signed deliveries", async () => {
    const ok = await call("/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=verificacao-workerd&hub.challenge=4242");
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("4242");
    expect((await call("/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=4242")).status).toBe(403);

    const body = JSON.stringify({ object: "instagram", entry: [{ id: "0", time: Math.floor(Date.now() / 1000), changes: [] }] });
    const headers = { "content-type": "application/json", "cf-connecting-ip": "31.13.1.1" };
    expect((await call("/api/webhooks/meta", { method: "POST", body, headers })).status).toBe(403);
    const signed = await call("/api/webhooks/meta", {
      method: "POST",
      body,
      headers: { ...headers, "x-hub-signature-256": await sign(body) },
    });
    expect(signed.status).toBe(200);
    expect(await signed.json()).toMatchObject({ ok: true });
  });
});
