/**
 * The OpenAI client (worker/integrations/openai) against the fake OpenAI server: streaming,
 * usage, what is sent (store: false, the strict json_schema from zod), and every failure mapped
 * to its stable code and pt-BR message, retried only where ADR 052 says.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { AiError, type AiErrorCode } from "../../../worker/integrations/openai/errors.ts";
import { openAiSettings } from "../../../worker/integrations/openai/settings.ts";
import { streamStructured } from "../../../worker/integrations/openai/structured.ts";
import type { FakeAnswer, FakeOpenAi } from "../../fakes/openai/server.ts";
import { startFakeOpenAi } from "../../fakes/openai/server.ts";

const Caption = z.object({
  legenda: z.string().min(1),
  hashtags: z.array(z.string().regex(/^#/)),
});
const good = { legenda: "Apartamento de 3 quartos no Centro, R$ 450.000,00.", hashtags: ["#imovel", "#centro"] };

let fake: FakeOpenAi;
let settings: { baseUrl: string; apiKey: string; model: string };

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: "sk-teste" });
  settings = { baseUrl: fake.url, apiKey: "sk-teste", model: "gpt-5.4-mini" };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function generate(extra: Partial<Parameters<typeof streamStructured<typeof Caption>>[0]> = {}) {
  return streamStructured({
    settings,
    schema: Caption,
    name: "legenda",
    instructions: "Escreva a legenda.",
    input: '{"quartos":3}',
    ...extra,
  });
}

async function failure(answer: FakeAnswer | FakeAnswer[], extra: Parameters<typeof generate>[0] = {}): Promise<AiError> {
  fake.enqueue(...(Array.isArray(answer) ? answer : [answer]));
  const error = await generate(extra).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiError);
  return error as AiError;
}

describe("streamStructured", () => {
  it("streams the text in order, validates the JSON and reports usage and model", async () => {
    fake.enqueue({ kind: "json", value: good, chunkSize: 5, usage: { inputTokens: 321, outputTokens: 45 } });
    const deltas: string[] = [];
    const snapshots: string[] = [];
    const result = await generate({
      onTextDelta: (delta, snapshot) => {
        deltas.push(delta);
        snapshots.push(snapshot);
      },
    });
    expect(result).toEqual({ value: good, usage: { inputTokens: 321, outputTokens: 45 }, model: "gpt-5.4-mini" });
    const text = JSON.stringify(good);
    expect(deltas.length).toBe(Math.ceil(text.length / 5));
    expect(deltas.join("")).toBe(text);
    expect(snapshots.at(-1)).toBe(text);
    expect(snapshots.every((s, i) => s === deltas.slice(0, i + 1).join(""))).toBe(true);
  });

  it("sends store: false, a stream, the model, the instructions and the strict json_schema made from zod", async () => {
    fake.enqueue({ kind: "json", value: good });
    await generate({ maxOutputTokens: 900, reasoningEffort: "low" });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request?.endpoint).toBe("responses");
    expect(request?.headers.authorization).toBe("Bearer sk-teste");
    expect(request?.body).toMatchObject({
      model: "gpt-5.4-mini",
      store: false,
      stream: true,
      instructions: "Escreva a legenda.",
      input: '{"quartos":3}',
      max_output_tokens: 900,
      reasoning: { effort: "low" },
      text: {
        format: {
          type: "json_schema",
          name: "legenda",
          strict: true,
          schema: {
            type: "object",
            required: ["legenda", "hashtags"],
            additionalProperties: false,
            properties: { legenda: { type: "string" }, hashtags: { type: "array", items: { type: "string" } } },
          },
        },
      },
    });
  });

  it("reads the settings from the config: none without a key", () => {
    const base = { OPENAI_BASE_URL: "https://api.openai.com/v1", OPENAI_MODEL: "gpt-5.4-mini" };
    expect(openAiSettings({ ...base, OPENAI_API_KEY: undefined })).toBeNull();
    expect(openAiSettings({ ...base, OPENAI_API_KEY: "sk-x" })).toEqual({
      baseUrl: base.OPENAI_BASE_URL,
      apiKey: "sk-x",
      model: "gpt-5.4-mini",
    });
  });
});

describe("streamStructured failures", () => {
  const expectCode = (error: AiError, code: AiErrorCode, requests: number): void => {
    expect(error.code).toBe(code);
    expect(fake.requests).toHaveLength(requests);
    // Every code explains itself in Portuguese, with no English leaking from OpenAI.
    expect(error.userMessage).toMatch(/\b(de|da|do|em|a|foi)\b/);
    expect(error.userMessage).not.toMatch(/rate limit|error|invalid/i);
  };

  it("a refused key (401) is auth, never retried", async () => {
    const error = await failure([], { settings: { ...(() => settings)(), apiKey: "sk-revogada" } });
    expectCode(error, "auth", 1);
    expect(error.status).toBe(401);
    expect(error.retryable).toBe(false);
  });

  it("a 429 exposes retry-after and is not waited out when long", async () => {
    const error = await failure({ kind: "error", status: 429, retryAfter: 30 });
    expectCode(error, "rate_limited", 1);
    expect(error.retryAfterMs).toBe(30_000);
    expect(error.retryable).toBe(true);
    expect(error.userMessage).toContain("30 segundos");
  });

  it("a 429 with a short retry-after is waited out once", async () => {
    fake.enqueue({ kind: "error", status: 429, retryAfter: 0.2 }, { kind: "json", value: good });
    const started = Date.now();
    expect((await generate()).value).toEqual(good);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(fake.requests).toHaveLength(2);
  });

  it("an exhausted account (429 insufficient_quota) is quota_exceeded, never retried", async () => {
    const error = await failure({ kind: "error", status: 429, code: "insufficient_quota" });
    expectCode(error, "quota_exceeded", 1);
    expect(error.retryable).toBe(false);
  });

  it("OpenAI down (500) is retried once, then unavailable", async () => {
    fake.enqueue({ kind: "error", status: 500 }, { kind: "json", value: good });
    expect((await generate()).value).toEqual(good);
    expect(fake.requests).toHaveLength(2);
    fake.reset();
    const error = await failure([
      { kind: "error", status: 503 },
      { kind: "error", status: 500 },
    ]);
    expectCode(error, "unavailable", 2);
    expect(error.status).toBe(500);
  });

  it("a stream that fails on OpenAI's side (response.failed) is retried once", async () => {
    const error = await failure([{ kind: "failed" }, { kind: "failed" }]);
    expectCode(error, "unavailable", 2);
    expect(error.detail).toBe("server_error");
    // Once text has reached the person, a retry would replace it: the failure goes to the caller.
    fake.reset();
    const deltas: string[] = [];
    const midway = await failure(
      [
        { kind: "failed", afterText: '{"legenda":"Casa' },
        { kind: "json", value: good },
      ],
      {
        onTextDelta: (d) => deltas.push(d),
      },
    );
    expectCode(midway, "unavailable", 1);
    expect(deltas.join("")).toBe('{"legenda":"Casa');
  });

  it("no answer within the time limit is a timeout, also when it stalls mid-stream (not retried after text)", async () => {
    let started = Date.now();
    let error = await failure({ kind: "hang" }, { timeoutMs: 400 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expectCode(error, "timeout", 1);
    expect(error.usage).toBeUndefined();
    fake.reset();
    const deltas: string[] = [];
    started = Date.now();
    error = await failure({ kind: "hang", afterText: '{"legenda":"Apart' }, { timeoutMs: 400, onTextDelta: (d) => deltas.push(d) });
    expectCode(error, "timeout", 1);
    expect(deltas.join("")).toBe('{"legenda":"Apart');
    expect(error.retryable).toBe(true);
  });

  it("the caller's abort is cancelled, not a timeout", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure({ kind: "hang", afterText: '{"le' }, { signal: controller.signal, timeoutMs: 5_000 });
    expectCode(error, "cancelled", 1);
    fake.reset();
    // Already aborted: no request at all.
    const aborted = AbortSignal.abort();
    expect((await failure([], { signal: aborted })).code).toBe("cancelled");
    expect(fake.requests.length).toBeLessThanOrEqual(1);
  });

  it("a refusal is refused, with the model's words kept as detail, never retried", async () => {
    const error = await failure({ kind: "refusal", refusal: "Não posso escrever isso." });
    expectCode(error, "refused", 1);
    expect(error.detail).toBe("Não posso escrever isso.");
    // The refused answer still cost tokens: they come with the error for the monthly count.
    expect(error.usage?.outputTokens).toBeGreaterThan(0);
  });

  it("the content filter (mid-stream or a flagged prompt) is content_blocked", async () => {
    expectCode(await failure({ kind: "content_filter" }), "content_blocked", 1);
    fake.reset();
    const flagged = await failure({ kind: "error", status: 400, code: "content_policy_violation", message: "flagged" });
    expectCode(flagged, "content_blocked", 1);
    expect(flagged.status).toBe(400);
  });

  it("output that is not JSON, or not the schema, is invalid_output", async () => {
    const broken = await failure({ kind: "malformed" });
    expectCode(broken, "invalid_output", 1);
    expect(broken.detail).toBe("not JSON");
    fake.reset();
    const wrong = await failure({ kind: "json", value: { legenda: "ok", hashtags: ["sem-cerquilha"] } });
    expectCode(wrong, "invalid_output", 1);
    expect(wrong.detail).toContain("hashtags.0");
    expect(wrong.usage?.inputTokens).toBeGreaterThan(0);
  });

  it("the output-token limit is incomplete; an unknown model is model_unavailable, naming it", async () => {
    expectCode(await failure({ kind: "incomplete" }), "incomplete", 1);
    fake.reset();
    const missing = await failure({ kind: "error", status: 404 });
    expectCode(missing, "model_unavailable", 1);
    expect(missing.userMessage).toContain("gpt-5.4-mini");
  });

  it("an unreachable host is unavailable after one retry", async () => {
    const closed = await startFakeOpenAi();
    const url = closed.url;
    await closed.close();
    const error = await failure([], { settings: { ...settings, baseUrl: url } });
    expect(error.code).toBe("unavailable");
    expect(error.message).not.toContain("sk-teste");
  });
});
