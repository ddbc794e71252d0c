import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateSigningJwk } from "../../worker/auth/jwt.ts";
import { generateTokenKeyEntry } from "../../worker/security/token-cipher.ts";
import { ROOT } from "./proc.ts";

/** Local state of `npm start`; ALICERCE_DATA_DIR moves it (the e2e test of npm start uses a temporary one). */
export const DATA_DIR = process.env.ALICERCE_DATA_DIR ? path.resolve(process.env.ALICERCE_DATA_DIR) : path.join(ROOT, "data");
const SECRETS_FILE = path.join(DATA_DIR, "dev-secrets.json");

export interface DevSecrets {
  JWT_PRIVATE_JWK: string;
  /** Seals Meta tokens at rest (ADR 040); added to an older data/dev-secrets.json on the next start. */
  TOKEN_ENCRYPTION_KEYS: string;
  /** Signs the media URLs Meta downloads (ADR 042). */
  MEDIA_SIGNING_KEY: string;
  /** The demo's Meta tokens are derived from it: the local stand-in accepts them after a restart (ADR 050). */
  META_DEMO_SECRET: string;
}

/** A random signing key: 32 bytes, base64url. */
export function generateMediaSigningKey(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

/** How each local secret is made when `data/dev-secrets.json` lacks it. */
const GENERATORS: { [K in keyof DevSecrets]: () => string | Promise<string> } = {
  JWT_PRIVATE_JWK: generateSigningJwk,
  // Kept once made: a new one would orphan the tokens sealed with the old (ADR 040).
  TOKEN_ENCRYPTION_KEYS: () => generateTokenKeyEntry("dev1"),
  MEDIA_SIGNING_KEY: generateMediaSigningKey,
  META_DEMO_SECRET: generateMediaSigningKey,
};

/**
 * Local-only secrets under data/ (gitignored), generated on first run; a file from before a
 * secret existed keeps what it has (a new JWT key would sign out everyone; a new token key would
 * orphan sealed tokens) and gains the new one.
 */
export async function ensureDevSecrets(): Promise<DevSecrets> {
  mkdirSync(DATA_DIR, { recursive: true });
  const saved = (existsSync(SECRETS_FILE) ? JSON.parse(readFileSync(SECRETS_FILE, "utf8")) : {}) as Partial<DevSecrets>;
  const secrets: Partial<DevSecrets> = { ...saved };
  for (const name of Object.keys(GENERATORS) as (keyof DevSecrets)[]) secrets[name] ||= await GENERATORS[name]();
  if (Object.keys(GENERATORS).some((name) => !saved[name as keyof DevSecrets]))
    writeFileSync(SECRETS_FILE, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  return secrets as DevSecrets;
}

/** Writes a `.dev.vars` (dotenv) file; values are single-quoted so JSON survives. */
export function writeDevVars(file: string, vars: Record<string, string | undefined>): void {
  const lines = Object.entries(vars)
    .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== "")
    .map(([k, v]) => (v.includes("'") ? `${k}=${JSON.stringify(v)}` : `${k}='${v}'`));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `# Written by scripts/start.ts — local development only.\n${lines.join("\n")}\n`, { mode: 0o600 });
}

/** Settings passed through from the environment to the Worker when set. */
export const PASS_THROUGH = [
  "APP_URL",
  "DATABASE_AUTH_TOKEN",
  "EMAIL_API_URL",
  "EMAIL_API_KEY",
  "EMAIL_FROM",
  "INNGEST_EVENT_KEY",
  "INNGEST_SIGNING_KEY",
  "INNGEST_DEV",
  "INNGEST_BASE_URL",
  "OPENAI_BASE_URL",
  "OPENAI_API_KEY",
  "OPENAI_MODEL",
  "OPENAI_TIMEOUT_MS",
  "META_GRAPH_URL",
  "META_OAUTH_URL",
  "META_GRAPH_VERSION",
  "META_APP_ID",
  "META_APP_SECRET",
  "META_WEBHOOK_VERIFY_TOKEN",
  "INSTAGRAM_GRAPH_URL",
  "INSTAGRAM_OAUTH_URL",
  "INSTAGRAM_TOKEN_URL",
  "TOKEN_ENCRYPTION_KEYS",
  "VIACEP_BASE_URL",
] as const;

export function passThroughVars(): Record<string, string | undefined> {
  return Object.fromEntries(PASS_THROUGH.map((k) => [k, process.env[k]]));
}
