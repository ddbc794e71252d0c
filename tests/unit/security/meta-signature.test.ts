import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hubSignature, signedRequest } from "../../../tools/meta-standin/webhooks.ts";
import { sameSecret, verifyHubSignature, verifySignedRequest } from "../../../worker/security/meta-signature.ts";

/**
 * Meta's signatures (ADR 046), checked against what the Meta stand-in sends (Meta's formats):
 * the webhook's X-Hub-Signature-256 and the callbacks' signed_request. Wrong secret, tampered
 * body, wrong algorithm, truncated or padded signature: all refused.
 */

const SECRET = "app-secret-de-teste";
const PLATFORM = [{ secret: SECRET, owner: "platform" }] as const;
const body = JSON.stringify({ object: "instagram", entry: [{ id: "1", time: 1, changes: [] }] });

describe("X-Hub-Signature-256", () => {
  it("accepts Meta's signature of the raw body and says which secret signed", async () => {
    expect((await verifyHubSignature(body, hubSignature(SECRET, body), PLATFORM))?.owner).toBe("platform");
    // An organização's own app, tried after the platform's.
    const both = [
      { secret: "outro", owner: "platform" },
      { secret: SECRET, owner: "org-1" },
    ];
    expect((await verifyHubSignature(body, hubSignature(SECRET, body), both))?.owner).toBe("org-1");
    // Upper-case hex is still the same MAC.
    expect(await verifyHubSignature(body, hubSignature(SECRET, body).toUpperCase().replace("SHA256=", "sha256="), PLATFORM)).not.toBeNull();
  });

  it("refuses a wrong secret, a tampered body, a missing or malformed header", async () => {
    const good = hubSignature(SECRET, body);
    expect(await verifyHubSignature(body, hubSignature("outro-segredo", body), PLATFORM)).toBeNull();
    expect(await verifyHubSignature(body.replace('"1"', '"2"'), good, PLATFORM)).toBeNull();
    expect(await verifyHubSignature(`${body} `, good, PLATFORM)).toBeNull();
    expect(await verifyHubSignature(body, null, PLATFORM)).toBeNull();
    expect(await verifyHubSignature(body, "", PLATFORM)).toBeNull();
    expect(await verifyHubSignature(body, good.replace("sha256=", "sha1="), PLATFORM)).toBeNull();
    expect(await verifyHubSignature(body, good.replace("sha256=", ""), PLATFORM)).toBeNull();
    expect(await verifyHubSignature(body, `sha256=${"zz".repeat(32)}`, PLATFORM)).toBeNull();
    expect(await verifyHubSignature(body, good, [])).toBeNull();
    expect(await verifyHubSignature(body, good, [{ secret: "", owner: "platform" }])).toBeNull();
  });

  it("refuses a signature of the wrong length (truncated, padded)", async () => {
    const good = hubSignature(SECRET, body);
    expect(await verifyHubSignature(body, good.slice(0, -2), PLATFORM)).toBeNull();
    expect(await verifyHubSignature(body, `${good}00`, PLATFORM)).toBeNull();
    expect(await verifyHubSignature(body, "sha256=", PLATFORM)).toBeNull();
  });

  it("checks the bytes as sent (the raw body, not a re-serialised one)", async () => {
    const spaced = '{ "object": "instagram", "entry": [] }';
    const signature = hubSignature(SECRET, spaced);
    expect(await verifyHubSignature(spaced, signature, PLATFORM)).not.toBeNull();
    expect(await verifyHubSignature(JSON.stringify(JSON.parse(spaced)), signature, PLATFORM)).toBeNull();
    // Bytes too (non-ASCII text).
    const accents = JSON.stringify({ text: "Ótimo apartamento, qual o preço?" });
    expect(await verifyHubSignature(new TextEncoder().encode(accents), hubSignature(SECRET, accents), PLATFORM)).not.toBeNull();
  });
});

/** A signed_request made by hand: any algorithm field, any secret. */
function handMade(payload: Record<string, unknown>, secret = SECRET): string {
  const part = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${createHmac("sha256", secret).update(part).digest("base64url")}.${part}`;
}

describe("signed_request", () => {
  it("accepts Meta's signed_request and returns its payload", async () => {
    const verified = await verifySignedRequest(signedRequest(SECRET, { user_id: "123456" }), PLATFORM);
    expect("payload" in verified && verified.payload.user_id).toBe("123456");
    expect("signedBy" in verified && verified.signedBy.owner).toBe("platform");
    // Padding on either part is tolerated (some encoders add it).
    const [sig, payload] = signedRequest(SECRET, { user_id: "1" }).split(".") as [string, string];
    expect("payload" in (await verifySignedRequest(`${sig}=.${payload}`, PLATFORM))).toBe(true);
  });

  it("refuses a wrong secret, a tampered payload, a wrong or missing algorithm", async () => {
    expect(await verifySignedRequest(signedRequest("outro-segredo", { user_id: "1" }), PLATFORM)).toEqual({ problem: "signature" });
    const [sig] = signedRequest(SECRET, { user_id: "1" }).split(".") as [string];
    const forged = Buffer.from(JSON.stringify({ algorithm: "HMAC-SHA256", user_id: "2" })).toString("base64url");
    expect(await verifySignedRequest(`${sig}.${forged}`, PLATFORM)).toEqual({ problem: "signature" });
    expect(await verifySignedRequest(handMade({ algorithm: "HMAC-SHA1", user_id: "1" }), PLATFORM)).toEqual({ problem: "algorithm" });
    expect(await verifySignedRequest(handMade({ algorithm: "hmac-sha256", user_id: "1" }), PLATFORM)).toEqual({ problem: "algorithm" });
    expect(await verifySignedRequest(handMade({ user_id: "1" }), PLATFORM)).toEqual({ problem: "algorithm" });
    expect(await verifySignedRequest(handMade({ algorithm: "none", user_id: "1" }), PLATFORM)).toEqual({ problem: "algorithm" });
  });

  it("refuses a signature of the wrong length and malformed requests", async () => {
    const [sig, payload] = signedRequest(SECRET, { user_id: "1" }).split(".") as [string, string];
    const bytes = Buffer.from(sig, "base64url");
    expect(await verifySignedRequest(`${bytes.subarray(0, 31).toString("base64url")}.${payload}`, PLATFORM)).toEqual({
      problem: "signature",
    });
    expect(await verifySignedRequest(`${Buffer.concat([bytes, Buffer.from([0])]).toString("base64url")}.${payload}`, PLATFORM)).toEqual({
      problem: "signature",
    });
    expect(await verifySignedRequest(`.${payload}`, PLATFORM)).toEqual({ problem: "signature" });
    for (const bad of [
      "",
      "semponto",
      `${sig}.${payload}.extra`,
      `${sig}.`,
      `${sig}.***`,
      `${sig}.${Buffer.from("[1]").toString("base64url")}`,
      `${sig}.${Buffer.from("não é json").toString("base64url")}`,
    ]) {
      expect(await verifySignedRequest(bad, PLATFORM)).toEqual({ problem: "malformed" });
    }
    expect(await verifySignedRequest(null, PLATFORM)).toEqual({ problem: "malformed" });
  });
});

describe("verify token", () => {
  it("compares in constant time and never accepts an empty expected token", async () => {
    expect(await sameSecret("token-certo", "token-certo")).toBe(true);
    expect(await sameSecret("token-errado", "token-certo")).toBe(false);
    expect(await sameSecret("token-cert", "token-certo")).toBe(false);
    expect(await sameSecret("", "")).toBe(false);
  });
});
