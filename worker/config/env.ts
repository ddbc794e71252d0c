import { z } from "zod";

/** Bindings declared in wrangler.toml plus the vars/secrets read by `readConfig`. */
export interface Bindings {
  FILES?: R2Bucket;
  [key: string]: unknown;
}

const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/**
 * Every setting the Worker reads, validated once. A missing required setting fails loudly
 * with its name (the spec's "supabaseKey is required" case, for our own settings).
 */
const configSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("development"),
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
  OPENAI_BASE_URL: optional,
  OPENAI_API_KEY: optional,
  OPENAI_MODEL: optional,
  META_GRAPH_URL: optional,
  META_OAUTH_URL: optional,
  META_GRAPH_VERSION: optional,
  META_APP_ID: optional,
  META_APP_SECRET: optional,
  BUILD_ID: optional,
  /** ViaCEP's base URL (address autofill from a CEP); tests point it at tests/fakes/viacep-server.ts. */
  VIACEP_BASE_URL: optional.transform((v) => (v ?? "https://viacep.com.br/ws").replace(/\/+$/, "")),
});

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
    const detail = parsed.error.issues.map((i) => (i.message.includes("required") ? i.message : `${i.path.join(".")}: ${i.message}`));
    throw new ConfigError(`Configuração inválida: ${detail.join("; ")}`);
  }
  cache.set(env, parsed.data);
  return parsed.data;
}

/** True when jobs go to Inngest (cloud or dev server) instead of running in-process. */
export function usesInngest(config: Config): boolean {
  return Boolean(config.INNGEST_EVENT_KEY || config.INNGEST_DEV);
}
