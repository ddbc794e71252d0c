import { describe, expect, it } from "vitest";
import {
  ACCESS_TOKEN_TTL_S,
  generateSigningJwk,
  INVALID_SIGNATURE,
  signAccessToken,
  TOKEN_EXPIRED,
  verifyAccessToken,
} from "../../worker/auth/jwt.ts";

/** Access tokens: the per-isolate memory of verified tokens must never accept what jose would refuse. */
describe("verifyAccessToken", () => {
  it("accepts a valid token, again from memory, until it expires", async () => {
    const key = await generateSigningJwk();
    const now = Date.now();
    const token = await signAccessToken(key, { sub: "u1", sid: "s1" }, now);
    expect(await verifyAccessToken(key, token, now)).toEqual({ ok: true, sub: "u1", sid: "s1" });
    expect(await verifyAccessToken(key, token, now + 1000)).toEqual({ ok: true, sub: "u1", sid: "s1" });
    // Remembered, yet still expires on time.
    expect(await verifyAccessToken(key, token, now + ACCESS_TOKEN_TTL_S * 1000 + 1000)).toEqual({ ok: false, error: TOKEN_EXPIRED });
    // …and stays expired (the entry is gone, jose answers).
    expect(await verifyAccessToken(key, token, now + ACCESS_TOKEN_TTL_S * 1000 + 2000)).toEqual({ ok: false, error: TOKEN_EXPIRED });
  });

  it("refuses a remembered token under another signing key (rotation)", async () => {
    const [a, b] = [await generateSigningJwk(), await generateSigningJwk()];
    const token = await signAccessToken(a, { sub: "u2", sid: "s2" });
    expect((await verifyAccessToken(a, token)).ok).toBe(true);
    expect(await verifyAccessToken(b, token)).toEqual({ ok: false, error: INVALID_SIGNATURE });
  });

  it("refuses a token whose signature was altered, even after its original was remembered", async () => {
    const key = await generateSigningJwk();
    const token = await signAccessToken(key, { sub: "u3", sid: "s3" });
    expect((await verifyAccessToken(key, token)).ok).toBe(true);
    const last = token.at(-2) === "A" ? "B" : "A";
    const tampered = `${token.slice(0, -2)}${last}${token.at(-1)}`;
    expect(await verifyAccessToken(key, tampered)).toEqual({ ok: false, error: INVALID_SIGNATURE });
    const [header, , signature] = token.split(".");
    const otherPayload = Buffer.from(JSON.stringify({ sub: "admin", sid: "s3", iss: "alicerce", exp: 9_999_999_999 })).toString(
      "base64url",
    );
    expect((await verifyAccessToken(key, `${header}.${otherPayload}.${signature}`)).ok).toBe(false);
  });
});
