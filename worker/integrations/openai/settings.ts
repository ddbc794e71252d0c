import type { Config } from "../../config/env.ts";

/**
 * Where and as whom the app talks to OpenAI (ADR 052). Read from the config so tests, `npm start`
 * and anyone's own proxy are a setting away; `null` when no key is set — the caller then writes
 * with the template generator instead.
 */
export interface OpenAiSettings {
  /** ".../v1" without a trailing slash (OpenAI's real host by default). */
  baseUrl: string;
  apiKey: string;
  model: string;
}

export function openAiSettings(config: Pick<Config, "OPENAI_BASE_URL" | "OPENAI_API_KEY" | "OPENAI_MODEL">): OpenAiSettings | null {
  if (!config.OPENAI_API_KEY) return null;
  return { baseUrl: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY, model: config.OPENAI_MODEL };
}

/** "Configured" means a key is set: the base URL and model always have defaults. */
export function isOpenAiConfigured(config: Pick<Config, "OPENAI_API_KEY">): boolean {
  return Boolean(config.OPENAI_API_KEY);
}
