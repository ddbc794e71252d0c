/**
 * `npm start`'s "modo demonstração" (ADR 050): without Meta settings in the environment, a local
 * stand-in of Meta (tools/meta-standin) runs beside the app, like the local database, and the
 * Worker is pointed at it. With any of them set, they pass through untouched and nothing starts.
 */
import path from "node:path";
import { type MetaStandin, startMetaStandin } from "../../tools/meta-standin/server.ts";
import { type DemoMetaTokens, demoFixedTokens, demoMetaTokens, demoStandinAccounts } from "../seed/demo-meta.ts";
import { freePort } from "./proc.ts";

/** Settings that mean "talk to a real Meta app": any of them set turns the stand-in off. */
export const REAL_META_SETTINGS = [
  "META_APP_ID",
  "META_APP_SECRET",
  "META_GRAPH_URL",
  "META_OAUTH_URL",
  "INSTAGRAM_GRAPH_URL",
  "INSTAGRAM_OAUTH_URL",
  "INSTAGRAM_TOKEN_URL",
] as const;

/** The stand-in's preferred port: fixed, so the demo posts' permalinks stay valid between starts. */
export const META_STANDIN_PORT = 9100;

/** Which real Meta settings the environment has (empty: demo mode). */
export function realMetaSettings(env: NodeJS.ProcessEnv = process.env): string[] {
  return REAL_META_SETTINGS.filter((name) => Boolean(env[name]?.trim()));
}

export interface MetaDemo {
  standin: MetaStandin;
  /** The Worker's Meta settings, plus META_STANDIN_URL and META_DEMO=1 (the app's signs that this is the demo). */
  env: Record<string, string>;
  tokens: DemoMetaTokens;
  close(): Promise<void>;
}

export interface MetaDemoOptions {
  dataDir: string;
  /** The per-data-directory secret the demo's tokens come from (data/dev-secrets.json). */
  tokenSecret: string;
  /** Preferred port (META_STANDIN_PORT); any free port when taken. */
  port?: number;
}

/**
 * Starts the stand-in as the demo business's Meta: its Page and Instagram account, its fixed tokens
 * (accepted again after every restart), its state kept in `<dataDir>/meta-standin.json`.
 */
export async function startMetaDemo(options: MetaDemoOptions): Promise<MetaDemo> {
  const tokens = demoMetaTokens(options.tokenSecret);
  const port = await freePort(options.port ?? META_STANDIN_PORT);
  const standin = await startMetaStandin({
    port,
    accounts: demoStandinAccounts(),
    fixedTokens: demoFixedTokens(tokens),
    stateFile: path.join(options.dataDir, "meta-standin.json"),
    // A container is ready at its second read, as Meta's usually are within seconds.
    containerPolls: 1,
  });
  return {
    standin,
    // META_DEMO=1: the connection screens' sign (they mark connections demo and say "não é a Meta").
    env: { ...standin.env, META_STANDIN_URL: standin.url, META_DEMO: "1" },
    tokens,
    close: () => standin.close(),
  };
}
