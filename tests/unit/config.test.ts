import { describe, expect, it } from "vitest";
import { ConfigError, readConfig, usesInngest } from "../../worker/config/env.ts";

describe("config", () => {
  it("names each missing required setting", () => {
    expect(() => readConfig({})).toThrow(ConfigError);
    expect(() => readConfig({})).toThrow(/DATABASE_URL is required.*JWT_PRIVATE_JWK is required/);
    expect(() => readConfig({ DATABASE_URL: "http://127.0.0.1:8080" })).toThrow(/JWT_PRIVATE_JWK is required/);
  });

  it("treats blank optional settings as unset and defaults the rest", () => {
    const config = readConfig({ DATABASE_URL: "http://x", JWT_PRIVATE_JWK: "{}", EMAIL_API_URL: "  ", INNGEST_DEV: "" });
    expect(config.EMAIL_API_URL).toBeUndefined();
    expect(config.APP_ENV).toBe("development");
    expect(usesInngest(config)).toBe(false);
    expect(usesInngest(readConfig({ DATABASE_URL: "http://x", JWT_PRIVATE_JWK: "{}", INNGEST_EVENT_KEY: "k" }))).toBe(true);
  });
});
