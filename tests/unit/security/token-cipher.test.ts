import { describe, expect, it } from "vitest";
import { readConfig } from "../../../worker/config/env.ts";
import {
  generateTokenKeyEntry,
  isSealedWithOldKey,
  openToken,
  parseTokenKeys,
  sealToken,
  TokenDecryptError,
  TokenKeyError,
} from "../../../worker/security/token-cipher.ts";

const binding = { organizationId: "org-a", purpose: "meta-page-token" };

describe("token cipher (AES-GCM at rest)", () => {
  it("round-trips, with a fresh IV every time and no plaintext in the sealed value", async () => {
    const ring = await parseTokenKeys(generateTokenKeyEntry("k1"));
    const a = await sealToken(ring, "EAAB-secret-token", binding);
    const b = await sealToken(ring, "EAAB-secret-token", binding);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.k1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toContain("secret");
    expect(await openToken(ring, a, binding)).toEqual({ value: "EAAB-secret-token" });
    expect((await openToken(ring, await sealToken(ring, "", binding), binding)).value).toBe("");
  });

  it("refuses a value copied to another organização or another purpose", async () => {
    const ring = await parseTokenKeys(generateTokenKeyEntry("k1"));
    const sealed = await sealToken(ring, "token", binding);
    await expect(openToken(ring, sealed, { ...binding, organizationId: "org-b" })).rejects.toThrow(TokenDecryptError);
    await expect(openToken(ring, sealed, { ...binding, purpose: "meta-app-secret" })).rejects.toThrow(TokenDecryptError);
  });

  it("refuses a tampered value and never echoes it", async () => {
    const ring = await parseTokenKeys(generateTokenKeyEntry("k1"));
    const sealed = await sealToken(ring, "token", binding);
    const parts = sealed.split(".");
    const data = parts[3] as string;
    const flipped = `${data.slice(0, -2)}${data.at(-2) === "A" ? "B" : "A"}${data.at(-1)}`;
    const attempts = [
      [parts[0], parts[1], parts[2], flipped].join("."),
      [parts[0], parts[1], "AAAAAAAAAAAAAAAA", parts[3]].join("."),
      `${sealed}.extra`,
      "v2.k1.x.y",
      "not sealed",
    ];
    for (const attempt of attempts) {
      const error = await openToken(ring, attempt, binding).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TokenDecryptError);
      expect(String((error as Error).message)).not.toContain("token");
    }
  });

  it("after a rotation opens values under the old key and hands back one sealed under the new key", async () => {
    const old = generateTokenKeyEntry("k1");
    const before = await parseTokenKeys(old);
    const sealed = await sealToken(before, "long-lived", binding);
    const after = await parseTokenKeys(`${generateTokenKeyEntry("k2")},${old}`);
    expect(isSealedWithOldKey(after, sealed)).toBe(true);
    const opened = await openToken(after, sealed, binding);
    expect(opened.value).toBe("long-lived");
    expect(opened.resealed).toMatch(/^v1\.k2\./);
    expect(isSealedWithOldKey(after, opened.resealed as string)).toBe(false);
    expect(await openToken(after, opened.resealed as string, binding)).toEqual({ value: "long-lived" });
    // Once the old key is dropped, values not yet re-sealed no longer open (so rotate, sweep, then drop).
    const dropped = await parseTokenKeys(generateTokenKeyEntry("k2"));
    await expect(openToken(dropped, sealed, binding)).rejects.toThrow(/chave k1/);
  });

  it("rejects malformed key settings, in the module and in the config reader", async () => {
    for (const bad of ["", "k1", "k1:abc", `k1:${btoa("x".repeat(16))}`, `${generateTokenKeyEntry("k1")},${generateTokenKeyEntry("k1")}`]) {
      await expect(parseTokenKeys(bad)).rejects.toThrow(TokenKeyError);
    }
    const base = { APP_ENV: "test", DATABASE_URL: "http://x", JWT_PRIVATE_JWK: "{}" };
    expect(() => readConfig({ ...base, TOKEN_ENCRYPTION_KEYS: "k1:abc" })).toThrow(/TOKEN_ENCRYPTION_KEYS key k1 must be 32 bytes/);
    expect(readConfig({ ...base, TOKEN_ENCRYPTION_KEYS: generateTokenKeyEntry("k1") }).TOKEN_ENCRYPTION_KEYS).toMatch(/^k1:/);
  });
});
