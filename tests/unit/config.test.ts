import { describe, expect, it } from "vitest";
import { ConfigError, readConfig, usesInngest } from "../../worker/config/env.ts";

describe("config", () => {
  it("names each missing required setting", () => {
    expect(() => readConfig({})).toThrow(ConfigError);
    expect(() => readConfig({})).toThrow(/APP_ENV is required.*DATABASE_URL is required.*JWT_PRIVATE_JWK is required/);
    expect(() => readConfig({ APP_ENV: "test", DATABASE_URL: "http://127.0.0.1:8080" })).toThrow(/JWT_PRIVATE_JWK is required/);
  });

  it("fails closed when deployed without its environment or public URL", () => {
    const base = { DATABASE_URL: "http://x", JWT_PRIVATE_JWK: "{}" };
    // A Worker deployed without APP_ENV never runs as development.
    expect(() => readConfig({ ...base })).toThrow(/APP_ENV is required/);
    expect(() => readConfig({ ...base, APP_ENV: "staging" })).toThrow(/APP_ENV must be/);
    expect(() => readConfig({ ...base, APP_ENV: "production" })).toThrow(/APP_URL is required in production/);
    expect(() => readConfig({ ...base, APP_ENV: "production", APP_URL: "nota url" })).toThrow(/APP_URL is required in production/);
    expect(() => readConfig({ ...base, APP_ENV: "production", APP_URL: "http://app.alicerce.com.br" })).toThrow(/must be https/);
    expect(readConfig({ ...base, APP_ENV: "production", APP_URL: "https://app.alicerce.com.br" }).APP_URL).toBe(
      "https://app.alicerce.com.br",
    );
    // The local benchmark serves production on a loopback address.
    expect(readConfig({ ...base, APP_ENV: "production", APP_URL: "http://127.0.0.1:8787" }).APP_ENV).toBe("production");
    expect(readConfig({ ...base, APP_ENV: "development" }).APP_URL).toBeUndefined();
  });

  it("treats blank optional settings as unset and defaults the rest", () => {
    const config = readConfig({ APP_ENV: "test", DATABASE_URL: "http://x", JWT_PRIVATE_JWK: "{}", EMAIL_API_URL: "  ", INNGEST_DEV: "" });
    expect(config.EMAIL_API_URL).toBeUndefined();
    expect(config.VIACEP_BASE_URL).toBe("https://viacep.com.br/ws");
    expect(usesInngest(config)).toBe(false);
    expect(usesInngest(readConfig({ APP_ENV: "test", DATABASE_URL: "http://x", JWT_PRIVATE_JWK: "{}", INNGEST_EVENT_KEY: "k" }))).toBe(
      true,
    );
  });
});
