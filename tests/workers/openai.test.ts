/**
 * The OpenAI SDK path inside workerd (ADR 052): the `openai` SDK streams a structured answer over
 * the runtime's fetch from the fake OpenAI (started by global-setup, scripted over `/_control`),
 * with no Node API needed, and its failures map to the same codes as in Node.
 */
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { readConfig } from "../../worker/config/env.ts";
import { AiError } from "../../worker/integrations/openai/errors.ts";
import { openAiSettings } from "../../worker/integrations/openai/settings.ts";
import { streamStructured } from "../../worker/integrations/openai/structured.ts";

const Caption = z.object({ legenda: z.string(), hashtags: z.array(z.string()) });
const config = readConfig({ ...(env as unknown as Record<string, unknown>), OPENAI_API_KEY: "sk-workerd" });
const settings = openAiSettings(config);
const control = `${config.OPENAI_BASE_URL.replace(/\/v1$/, "")}/_control`;

async function enqueue(...answers: unknown[]): Promise<void> {
  await fetch(`${control}/answers`, { method: "POST", body: JSON.stringify({ answers }) });
}

describe("OpenAI inside workerd", () => {
  beforeEach(async () => {
    await fetch(`${control}/reset`, { method: "POST" });
  });

  it("streams and validates a structured answer with the SDK, store: false", async () => {
    if (!settings) throw new Error("settings expected with a key");
    expect(settings.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const value = { legenda: "Casa com quintal em Pinheiros", hashtags: ["#casa"] };
    await enqueue({ kind: "json", value, chunkSize: 6 });
    const deltas: string[] = [];
    const result = await streamStructured({
      settings,
      schema: Caption,
      name: "legenda",
      instructions: "Escreva.",
      input: "{}",
      onTextDelta: (delta) => deltas.push(delta),
    });
    expect(result.value).toEqual(value);
    expect(result.usage.outputTokens).toBeGreaterThan(0);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join("")).toBe(JSON.stringify(value));
    const seen = (await (await fetch(`${control}/requests`)).json()) as Array<{
      body: { store: boolean; text: { format: { type: string } } };
    }>;
    expect(seen[0]?.body.store).toBe(false);
    expect(seen[0]?.body.text.format.type).toBe("json_schema");
  });

  it("maps a 429 with retry-after and a refusal as in Node", async () => {
    if (!settings) throw new Error("settings expected with a key");
    await enqueue({ kind: "error", status: 429, retryAfter: 20 }, { kind: "refusal" });
    const run = () =>
      streamStructured({ settings, schema: Caption, name: "legenda", instructions: "Escreva.", input: "{}" }).catch((e: unknown) => e);
    const limited = await run();
    expect(limited).toBeInstanceOf(AiError);
    expect(limited).toMatchObject({ code: "rate_limited", retryAfterMs: 20_000 });
    expect(await run()).toMatchObject({ code: "refused" });
  });
});
