import { describe, expect, it } from "vitest";
import { ConfigError, OPENAI_DEFAULT_MODEL, readConfig, usesInngest } from "../../worker/config/env.ts";

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

  it("defaults OpenAI to its real API and a small model, and refuses a plain-http base URL in production", () => {
    const base = { DATABASE_URL: "http://x", JWT_PRIVATE_JWK: "{}" };
    const config = readConfig({ ...base, APP_ENV: "test" });
    expect(config.OPENAI_BASE_URL).toBe("https://api.openai.com/v1");
    expect(config.OPENAI_MODEL).toBe(OPENAI_DEFAULT_MODEL);
    expect(config.OPENAI_API_KEY).toBeUndefined();
    // Tests and the demo point it at tests/fakes/openai, over plain http on loopback.
    expect(readConfig({ ...base, APP_ENV: "test", OPENAI_BASE_URL: "http://127.0.0.1:9200/v1/" }).OPENAI_BASE_URL).toBe(
      "http://127.0.0.1:9200/v1",
    );
    const production = { ...base, APP_ENV: "production", APP_URL: "https://app.alicerce.com.br" };
    expect(readConfig({ ...production, OPENAI_MODEL: "gpt-5.5" }).OPENAI_MODEL).toBe("gpt-5.5");
    expect(() => readConfig({ ...production, OPENAI_BASE_URL: "http://127.0.0.1:9200/v1" })).toThrow(
      /OPENAI_BASE_URL must be https in production/,
    );
  });

  it("defaults Meta's endpoints to Meta's real hosts and keeps the stand-in out of production", () => {
    const base = { DATABASE_URL: "http://x", JWT_PRIVATE_JWK: "{}" };
    const config = readConfig({ ...base, APP_ENV: "test" });
    expect(config.META_GRAPH_URL).toBe("https://graph.facebook.com");
    expect(config.META_GRAPH_VERSION).toBe("v25.0");
    expect(config.META_OAUTH_URL).toBe("https://www.facebook.com/v25.0/dialog/oauth");
    expect(config.INSTAGRAM_GRAPH_URL).toBe("https://graph.instagram.com");
    expect(config.INSTAGRAM_OAUTH_URL).toBe("https://www.instagram.com/oauth/authorize");
    expect(config.INSTAGRAM_TOKEN_URL).toBe("https://api.instagram.com/oauth/access_token");
    const local = readConfig({ ...base, APP_ENV: "development", META_GRAPH_URL: "http://127.0.0.1:9100/graph/" });
    expect(local.META_GRAPH_URL).toBe("http://127.0.0.1:9100/graph");
    expect(() => readConfig({ ...base, APP_ENV: "test", META_GRAPH_VERSION: "25" })).toThrow(/META_GRAPH_VERSION must look like v25.0/);
    const production = { ...base, APP_ENV: "production", APP_URL: "https://app.alicerce.com.br" };
    expect(readConfig(production).META_GRAPH_URL).toBe("https://graph.facebook.com");
    expect(() => readConfig({ ...production, META_GRAPH_URL: "http://127.0.0.1:9100/graph" })).toThrow(
      /META_GRAPH_URL must be https in production/,
    );
    expect(() => readConfig({ ...production, INSTAGRAM_TOKEN_URL: "http://127.0.0.1:9100/x" })).toThrow(
      /INSTAGRAM_TOKEN_URL must be https/,
    );
    // The demo flag (Meta's URLs on the local stand-in) is refused in production.
    expect(readConfig({ ...base, APP_ENV: "development", META_DEMO: "1" }).META_DEMO).toBe("1");
    expect(() => readConfig({ ...production, META_DEMO: "1" })).toThrow(/META_DEMO is not allowed in production/);
  });
});
