import { z } from "zod";
import { tokenKeysProblem } from "../security/token-cipher.ts";

/** Bindings declared in wrangler.toml plus the vars/secrets read by `readConfig`. */
export interface Bindings {
  FILES?: R2Bucket;
  /** The live connection's rooms, one Durable Object per organização (ADR 043). */
  LIVE?: import("../live/publish.ts").LiveNamespace;
  /** The art Worker (worker-art/, ADR 051) behind a service binding: renders post art. */
  ART?: Fetcher;
  /** The reports Worker (worker-reports/, ADR 081) behind a service binding: renders report PDFs. */
  REPORTS?: Fetcher;
  [key: string]: unknown;
}

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/**
 * OpenAI's small model of the current generation: captions need good pt-BR and quick first text,
 * not deep reasoning, at a price a monthly token limit per organização can carry (ADR 052).
 */
export const OPENAI_DEFAULT_MODEL = "gpt-5.4-mini";

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])$/;

/** A URL setting with a default; trailing slashes dropped so callers append paths. */
function urlWithDefault(fallback: string) {
  return optional.transform((v) => (v ?? fallback).replace(/\/+$/, ""));
}

/**
 * Every setting the Worker reads, validated once. A missing required setting fails loudly
 * with its name (the spec's "supabaseKey is required" case, for our own settings).
 */
const configSchema = z
  .object({
    /**
     * Required, no default: a deployed Worker that forgot it must not run as "development" (which
     * shows diagnostics and prints e-mailed links). Local scripts and tests set it themselves.
     */
    APP_ENV: z.enum(["development", "test", "production"], {
      error: (issue) => (issue.input === undefined ? "APP_ENV is required" : "APP_ENV must be development, test or production"),
    }),
    DATABASE_URL: z.string({ error: "DATABASE_URL is required" }).min(1, "DATABASE_URL is required"),
    DATABASE_AUTH_TOKEN: optional,
    /** Public origin used in e-mailed links, e.g. https://app.alicerce.com.br. Defaults to the request origin. */
    APP_URL: optional,
    /** ES256 private key as a JWK (JSON) used to sign API access tokens; public half at /.well-known/jwks.json. */
    JWT_PRIVATE_JWK: z.string({ error: "JWT_PRIVATE_JWK is required" }).min(1, "JWT_PRIVATE_JWK is required"),
    EMAIL_API_URL: optional,
    EMAIL_API_KEY: optional,
    EMAIL_FROM: z.string().default("Alicerce <nao-responda@alicerce.app>"),
    INNGEST_EVENT_KEY: optional,
    INNGEST_SIGNING_KEY: optional,
    INNGEST_DEV: optional,
    INNGEST_BASE_URL: optional,
    /**
     * OpenAI's Responses API (ADR 052): its real host by default; the tests and `npm start`'s demo
     * may point it at tests/fakes/openai (never in production: https only there).
     */
    OPENAI_BASE_URL: urlWithDefault("https://api.openai.com/v1"),
    /** Secret. Set = AI texts through OpenAI; unset = the pt-BR template generator (the local default). */
    OPENAI_API_KEY: optional,
    /** The model every generation asks for; a small, fast model by default (ADR 052). */
    OPENAI_MODEL: optional.transform((v) => v ?? OPENAI_DEFAULT_MODEL),
    /** One OpenAI call's deadline in ms (ADR 052's 60 s by default); tests shorten it to prove the timeout path. */
    OPENAI_TIMEOUT_MS: optional
      .transform((v) => (v === undefined ? 60_000 : Number(v)))
      .pipe(z.number().int("OPENAI_TIMEOUT_MS must be a whole number of ms").min(1_000).max(300_000)),
    /**
     * Meta's endpoints, Meta's real hosts by default; `npm start`'s demo mode and the tests point them
     * at tools/meta-standin (never in production: see the refinement below).
     */
    META_GRAPH_URL: urlWithDefault("https://graph.facebook.com"),
    META_GRAPH_VERSION: optional
      .transform((v) => v ?? "v25.0")
      .pipe(z.string().regex(/^v\d+\.\d+$/, "META_GRAPH_VERSION must look like v25.0")),
    META_OAUTH_URL: urlWithDefault("https://www.facebook.com/v25.0/dialog/oauth"),
    INSTAGRAM_GRAPH_URL: urlWithDefault("https://graph.instagram.com"),
    INSTAGRAM_OAUTH_URL: urlWithDefault("https://www.instagram.com/oauth/authorize"),
    INSTAGRAM_TOKEN_URL: urlWithDefault("https://api.instagram.com/oauth/access_token"),
    META_APP_ID: optional,
    /** How long a Graph call may take before it counts as unanswered (15 s by default; the fault tests shorten it). */
    META_TIMEOUT_MS: optional
      .transform((v) => (v === undefined ? undefined : Number(v)))
      .pipe(z.number().int().min(50).max(120_000).optional()),
    /** Secret: signs webhooks and token exchanges; never logged, never sent to the browser. */
    META_APP_SECRET: optional,
    META_WEBHOOK_VERIFY_TOKEN: optional,
    /**
     * Set by `npm start` alone when it runs the local stand-in of Meta ("modo demonstração", ADR 050):
     * its base URL (control API at `/_control`). Production refuses it.
     */
    META_STANDIN_URL: optional,
    /**
     * "1": the Meta URLs point at the local stand-in (tools/meta-standin), so connections are marked
     * demo and the screens say "Modo demonstração — não é a Meta" (ADR 048). Refused in production.
     */
    META_DEMO: optional.pipe(z.enum(["1", "0"], { error: "META_DEMO must be 1 or 0" }).optional()),
    /** Secret: "kid:base64key[,kid:base64key]" (first is current) sealing tokens at rest (ADR 040). */
    TOKEN_ENCRYPTION_KEYS: optional,
    /**
     * Signs the expiring URLs Meta downloads a post's images from (`/media/signed/…`, ADR 042):
     * at least 32 characters (`npm start` makes one). Unset, nothing can be published with an image.
     */
    MEDIA_SIGNING_KEY: optional.refine((v) => v === undefined || v.length >= 32, "MEDIA_SIGNING_KEY must have at least 32 characters"),
    BUILD_ID: optional,
    /**
     * "1": every answer carries `x-db-round-trips` even in production. Only the benchmark sets it
     * (it measures the production build); outside production the header is always there.
     */
    REPORT_DB_ROUND_TRIPS: optional,
    /** ViaCEP's base URL (address autofill from a CEP); tests point it at tests/fakes/viacep-server.ts. */
    VIACEP_BASE_URL: optional.transform((v) => (v ?? "https://viacep.com.br/ws").replace(/\/+$/, "")),
  })
  .superRefine((config, issues) => {
    const keysProblem = config.TOKEN_ENCRYPTION_KEYS ? tokenKeysProblem(config.TOKEN_ENCRYPTION_KEYS) : null;
    if (keysProblem) issues.addIssue({ code: "custom", path: ["TOKEN_ENCRYPTION_KEYS"], message: keysProblem });
    // In production e-mailed links must not take their origin from a request's Host header
    // (a forged Host would send a victim's reset link to the attacker's site): fail closed.
    if (config.APP_ENV !== "production") return;
    // Production talks to Meta only over https (the local stand-in listens on plain http) and never
    // runs the demo mode.
    if (config.META_STANDIN_URL) {
      issues.addIssue({
        code: "custom",
        path: ["META_STANDIN_URL"],
        message: "META_STANDIN_URL (modo demonstração) is refused in production",
      });
    }
    if (config.META_DEMO === "1")
      issues.addIssue({ code: "custom", path: ["META_DEMO"], message: "META_DEMO is not allowed in production" });
    if (parseUrl(config.OPENAI_BASE_URL)?.protocol !== "https:") {
      issues.addIssue({ code: "custom", path: ["OPENAI_BASE_URL"], message: "OPENAI_BASE_URL must be https in production" });
    }
    for (const name of META_URLS) {
      if (parseUrl(config[name])?.protocol !== "https:") {
        issues.addIssue({ code: "custom", path: [name], message: `${name} must be https in production` });
      }
    }
    const url = parseUrl(config.APP_URL);
    if (!url) {
      issues.addIssue({ code: "custom", path: ["APP_URL"], message: "APP_URL is required in production" });
    } else if (url.protocol !== "https:" && !LOOPBACK.test(url.hostname)) {
      issues.addIssue({ code: "custom", path: ["APP_URL"], message: "APP_URL must be https in production" });
    }
  });

const META_URLS = ["META_GRAPH_URL", "META_OAUTH_URL", "INSTAGRAM_GRAPH_URL", "INSTAGRAM_OAUTH_URL", "INSTAGRAM_TOKEN_URL"] as const;

function parseUrl(value: string | undefined): URL | null {
  try {
    return value ? new URL(value) : null;
  } catch {
    return null;
  }
}

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

const cache = new WeakMap<object, Config>();

export function readConfig(env: Record<string, unknown>): Config {
  const hit = cache.get(env);
  if (hit) return hit;
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => (/^[A-Z_]+ /.test(i.message) ? i.message : `${i.path.join(".")}: ${i.message}`));
    throw new ConfigError(`Configuração inválida: ${detail.join("; ")}`);
  }
  cache.set(env, parsed.data);
  return parsed.data;
}

/** True when jobs go to Inngest (cloud or dev server) instead of running in-process. */
export function usesInngest(config: Config): boolean {
  return Boolean(config.INNGEST_EVENT_KEY || config.INNGEST_DEV);
}

/** True under `npm start`'s "modo demonstração": Meta is the local stand-in, never the real one (ADR 050). */
export function isMetaDemo(config: Pick<Config, "META_STANDIN_URL">): boolean {
  return Boolean(config.META_STANDIN_URL);
}
