import { describe, expect, it } from "vitest";
import { readConfig } from "../../../worker/config/env.ts";
import { SIGNED_MEDIA_MAX_TTL, signableKey, signedMediaUrl, signMedia, verifyMedia } from "../../../worker/services/media/signed-media.ts";

/** Signed, expiring media URLs (ADR 042): HMAC-SHA256 over key and expiry, checked before any read. */
const SECRET = "k".repeat(43);
const ORG = "0b6f4b7e-8a6a-4d0c-9a7e-2f6a1b3c4d5e";
const KEY = `orgs/${ORG}/properties/6a1b3c4d-0000-4000-8000-000000000001/7c1e2d3f-0000-4000-8000-000000000002/publish.jpg`;
const NOW = new Date("2026-11-26T12:00:00Z");
const seconds = Math.floor(NOW.getTime() / 1000);

const ctx = (extra: Record<string, string> = {}) => ({
  config: readConfig({ APP_ENV: "test", DATABASE_URL: "http://x", JWT_PRIVATE_JWK: "{}", MEDIA_SIGNING_KEY: SECRET, ...extra }),
  origin: "https://app.alicerce.com.br",
  now: NOW,
});

function parts(url: string): { key: string; exp: string | null; sig: string | null } {
  const u = new URL(url);
  return { key: u.pathname.slice("/media/signed/".length), exp: u.searchParams.get("exp"), sig: u.searchParams.get("sig") };
}

describe("signed media URLs", () => {
  it("signs a key of the organização on our own origin, valid for an hour by default", async () => {
    const url = await signedMediaUrl(ctx(), ORG, KEY);
    expect(url.startsWith(`https://app.alicerce.com.br/media/signed/${KEY}?exp=${seconds + 3600}&sig=`)).toBe(true);
    const { key, exp, sig } = parts(url);
    expect(await verifyMedia(SECRET, key, exp, sig, NOW)).toBe(true);
    // Still valid at its last second, refused one second later.
    expect(await verifyMedia(SECRET, key, exp, sig, new Date((seconds + 3600) * 1000))).toBe(true);
    expect(await verifyMedia(SECRET, key, exp, sig, new Date((seconds + 3601) * 1000))).toBe(false);
    const short = parts(await signedMediaUrl(ctx(), ORG, KEY, 60));
    expect(short.exp).toBe(String(seconds + 60));
  });

  it("refuses a tampered key, expiry or signature, another secret, and a missing one", async () => {
    const { key, exp, sig } = parts(await signedMediaUrl(ctx(), ORG, KEY));
    const other = KEY.replace(ORG, "1b6f4b7e-8a6a-4d0c-9a7e-2f6a1b3c4d5e");
    expect(await verifyMedia(SECRET, other, exp, sig, NOW)).toBe(false);
    expect(await verifyMedia(SECRET, key.replace("publish.jpg", "1600.webp"), exp, sig, NOW)).toBe(false);
    expect(await verifyMedia(SECRET, key, String(Number(exp) + 1), sig, NOW)).toBe(false);
    const flipped = `${(sig as string).startsWith("A") ? "B" : "A"}${(sig as string).slice(1)}`;
    expect(await verifyMedia(SECRET, key, exp, flipped, NOW)).toBe(false);
    // The same bytes spelt with the last character's unused bits set: one spelling only.
    const last = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const i = last.indexOf((sig as string).slice(-1));
    const respelt = `${(sig as string).slice(0, -1)}${last[(i & ~3) | ((i & 3) ^ 1)]}`;
    expect(await verifyMedia(SECRET, key, exp, respelt, NOW)).toBe(false);
    expect(await verifyMedia("z".repeat(43), key, exp, sig, NOW)).toBe(false);
    expect(await verifyMedia(undefined, key, exp, sig, NOW)).toBe(false);
    for (const [e, s] of [
      [null, sig],
      [exp, null],
      ["", sig],
      ["1e9", sig],
      [`${exp}0`, sig],
      [exp, `${sig}=`],
      [exp, "a".repeat(43)],
    ] as const)
      expect(await verifyMedia(SECRET, key, e, s, NOW), `${e} ${s}`).toBe(false);
  });

  it("refuses an expiry further ahead than the longest URL this server makes, even when signed", async () => {
    const far = seconds + SIGNED_MEDIA_MAX_TTL + 3600;
    expect(await verifyMedia(SECRET, KEY, String(far), await signMedia(SECRET, KEY, far), NOW)).toBe(false);
    await expect(signedMediaUrl(ctx(), ORG, KEY, SIGNED_MEDIA_MAX_TTL + 1)).rejects.toThrow(RangeError);
    await expect(signedMediaUrl(ctx(), ORG, KEY, 0)).rejects.toThrow(RangeError);
  });

  it("signs only files of the organização's property photos or post media", async () => {
    await expect(signedMediaUrl(ctx(), "1b6f4b7e-8a6a-4d0c-9a7e-2f6a1b3c4d5e", KEY)).rejects.toThrow("Arquivo não encontrado.");
    for (const key of [
      `orgs/${ORG}/logo/logo.webp`,
      `orgs/${ORG}/properties/x/../../y/1.jpg`,
      `orgs/${ORG}/properties/p/f/publish.png`,
      `orgs/${ORG}/properties/p/f/publish.jpg?x`,
      `demo/sala-1/publish.jpg`,
      `orgs/${ORG}/posts/p/1.jpg\n`,
    ]) {
      expect(signableKey(key), key).toBeNull();
      await expect(signedMediaUrl(ctx(), ORG, key)).rejects.toThrow();
    }
    expect(signableKey(`orgs/${ORG}/posts/abc/1.jpg`)).toEqual({ orgId: ORG, contentType: "image/jpeg" });
    expect(signableKey(`orgs/${ORG}/properties/p/f/1600.webp`)).toEqual({ orgId: ORG, contentType: "image/webp" });
  });

  it("needs MEDIA_SIGNING_KEY, of at least 32 characters", async () => {
    const unset = { ...ctx(), config: readConfig({ APP_ENV: "test", DATABASE_URL: "http://x", JWT_PRIVATE_JWK: "{}" }) };
    await expect(signedMediaUrl(unset, ORG, KEY)).rejects.toThrow(/MEDIA_SIGNING_KEY/);
    expect(() => readConfig({ APP_ENV: "test", DATABASE_URL: "http://x", JWT_PRIVATE_JWK: "{}", MEDIA_SIGNING_KEY: "curta" })).toThrow(
      /MEDIA_SIGNING_KEY must have at least 32 characters/,
    );
  });
});
