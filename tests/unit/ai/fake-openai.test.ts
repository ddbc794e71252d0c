/**
 * The fake OpenAI server itself (tests/fakes/openai): the Responses API's real event sequence,
 * Chat Completions plain and streamed as the SDK reads them, the error modes, the default answer
 * made from the request's schema, and the HTTP control API other processes script it with.
 */
import OpenAI from "openai";
import { zodResponseFormat, zodTextFormat } from "openai/helpers/zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { FakeOpenAi } from "../../fakes/openai/server.ts";
import { startFakeOpenAi } from "../../fakes/openai/server.ts";

const Plan = z.object({
  titulo: z.string(),
  tom: z.enum(["formal", "descontraido"]),
  itens: z.array(z.object({ dia: z.number().int().min(1), ideia: z.string(), foto: z.string().nullable() })),
  destaque: z.boolean(),
});

let fake: FakeOpenAi;
let client: OpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  client = new OpenAI({ apiKey: "sk-fake", baseURL: fake.url, maxRetries: 0 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.setResponder(undefined);
});

async function post(path: string, body: unknown, headers: Record<string, string> = { authorization: "Bearer sk-fake" }): Promise<Response> {
  return fetch(`${fake.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

function events(sse: string): Array<{ event: string; data: Record<string, unknown> }> {
  return sse
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? "";
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? "null") as Record<string, unknown>;
      return { event, data };
    });
}

describe("fake OpenAI: Responses API", () => {
  it("streams the real event sequence, numbered, ending in response.completed with usage", async () => {
    fake.enqueue({ kind: "json", value: { a: "olá" }, chunkSize: 4 });
    const response = await post("/responses", { model: "gpt-5.4-mini", input: "x", store: false, stream: true });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const list = events(await response.text());
    expect(list.map((e) => e.event)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.delta",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(list.every((e) => e.data.type === e.event)).toBe(true);
    expect(list.map((e) => e.data.sequence_number)).toEqual(list.map((_, i) => i));
    const completed = list.at(-1)?.data.response as {
      status: string;
      store: boolean;
      usage: { output_tokens: number };
      output_text?: string;
    };
    expect(completed).toMatchObject({ status: "completed", store: false, usage: { output_tokens: 3 } });
    expect(list.find((e) => e.event === "response.output_text.done")?.data.text).toBe('{"a":"olá"}');
  });

  it("answers responses.parse without streaming, and ends refusals, filters and failures as OpenAI does", async () => {
    fake.enqueue({ kind: "json", value: { titulo: "Março", tom: "formal", itens: [], destaque: false } });
    const parsed = await client.responses.parse({ model: "m", input: "x", text: { format: zodTextFormat(Plan, "plano") } });
    expect(parsed.output_parsed?.titulo).toBe("Março");
    expect(parsed.status).toBe("completed");

    fake.enqueue({ kind: "refusal", refusal: "Não." }, { kind: "content_filter" }, { kind: "failed" });
    const refused = await post("/responses", { model: "m", input: "x", stream: true }).then((r) => r.text());
    expect(events(refused).map((e) => e.event)).toContain("response.refusal.delta");
    expect(events(refused).find((e) => e.event === "response.refusal.done")?.data.refusal).toBe("Não.");
    const filtered = events(await post("/responses", { model: "m", input: "x", stream: true }).then((r) => r.text()));
    expect(filtered.at(-1)).toMatchObject({
      event: "response.incomplete",
      data: { response: { incomplete_details: { reason: "content_filter" } } },
    });
    const failed = events(await post("/responses", { model: "m", input: "x", stream: true }).then((r) => r.text()));
    expect(failed.at(-1)).toMatchObject({
      event: "response.failed",
      data: { response: { status: "failed", error: { code: "server_error" } } },
    });
  });

  it("answers an unscripted request with a value made from its schema, or with the test's responder", async () => {
    const made = await client.responses.parse({ model: "m", input: "x", text: { format: zodTextFormat(Plan, "plano") } });
    expect(Plan.parse(made.output_parsed)).toEqual(made.output_parsed);
    fake.setResponder((request) => ({ titulo: `para ${String(request.body.input)}`, tom: "descontraido", itens: [], destaque: true }));
    const answered = await client.responses.parse({ model: "m", input: "Casa 12", text: { format: zodTextFormat(Plan, "plano") } });
    expect(answered.output_parsed?.titulo).toBe("para Casa 12");
  });
});

describe("fake OpenAI: Chat Completions", () => {
  it("answers plain and structured completions", async () => {
    const plain = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "oi" }] });
    expect(plain.choices[0]?.message.content).toMatch(/servidor falso/);
    expect(plain.usage?.total_tokens).toBeGreaterThan(0);
    fake.enqueue({
      kind: "json",
      value: { titulo: "Abril", tom: "formal", itens: [{ dia: 1, ideia: "Casa", foto: null }], destaque: true },
    });
    const parsed = await client.chat.completions.parse({
      model: "m",
      messages: [{ role: "user", content: "plano" }],
      response_format: zodResponseFormat(Plan, "plano"),
    });
    expect(parsed.choices[0]?.message.parsed?.itens[0]?.ideia).toBe("Casa");
    expect(fake.requests.at(-1)?.body.response_format).toMatchObject({ type: "json_schema", json_schema: { name: "plano", strict: true } });
  });

  it("streams chunks, the finish reason, the usage chunk and [DONE]", async () => {
    fake.enqueue({ kind: "text", text: "Olá, mundo!", chunkSize: 3 });
    const stream = await client.chat.completions.create({
      model: "m",
      messages: [{ role: "user", content: "oi" }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let finish: string | null = null;
    let usage: number | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage?.completion_tokens ?? usage;
    }
    expect(text).toBe("Olá, mundo!");
    expect(finish).toBe("stop");
    expect(usage).toBe(3);
    fake.enqueue({ kind: "refusal", refusal: "Não posso." }, { kind: "content_filter", partialText: "abc" });
    const refused = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }] });
    expect(refused.choices[0]?.message).toMatchObject({ content: null, refusal: "Não posso." });
    const filtered = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }] });
    expect(filtered.choices[0]?.finish_reason).toBe("content_filter");
  });
});

describe("fake OpenAI: errors and control", () => {
  it("answers 401 without a key, 429 with retry-after, 500 with OpenAI's error body", async () => {
    const anonymous = await post("/chat/completions", { model: "m", messages: [] }, {});
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe("invalid_api_key");
    fake.enqueue({ kind: "error", status: 429, retryAfter: 7 }, { kind: "error", status: 500 });
    const limited = await post("/chat/completions", { model: "m", messages: [] });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    const down = await post("/responses", { model: "m", input: "x" });
    expect(down.status).toBe(500);
    expect(((await down.json()) as { error: { type: string } }).error.type).toBe("server_error");
    const noModel = await post("/responses", { input: "x" });
    expect(noModel.status).toBe(400);
  });

  it("is scripted and read over HTTP by tests in other processes", async () => {
    const origin = fake.url.replace(/\/v1$/, "");
    const queued = await fetch(`${origin}/_control/answers`, {
      method: "POST",
      body: JSON.stringify({ answers: [{ kind: "error", status: 429, retryAfter: 3 }] }),
    });
    expect(await queued.json()).toEqual({ pending: 1 });
    expect((await post("/responses", { model: "gpt-x", input: "x", store: false })).status).toBe(429);
    const seen = (await (await fetch(`${origin}/_control/requests`)).json()) as Array<{ body: { model: string; store: boolean } }>;
    expect(seen.map((r) => r.body)).toEqual([{ model: "gpt-x", input: "x", store: false }]);
    // Slower, finer streaming for answers that set none (the default answer included).
    await fetch(`${origin}/_control/streaming`, { method: "POST", body: JSON.stringify({ chunkSize: 2, delayMs: 20 }) });
    fake.enqueue({ kind: "text", text: "abcdefgh" });
    const started = Date.now();
    const slow = events(await post("/responses", { model: "m", input: "x", stream: true }).then((r) => r.text()));
    expect(slow.filter((e) => e.event === "response.output_text.delta").map((e) => e.data.delta)).toEqual(["ab", "cd", "ef", "gh"]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
    await fetch(`${origin}/_control/reset`, { method: "POST" });
    expect(fake.requests).toHaveLength(0);
    fake.enqueue({ kind: "text", text: "abcdefgh" });
    const reset = events(await post("/responses", { model: "m", input: "x", stream: true }).then((r) => r.text()));
    expect(reset.filter((e) => e.event === "response.output_text.delta")).toHaveLength(1);
  });

  it("refuses a key other than the one it was started with", async () => {
    const strict = await startFakeOpenAi({ apiKey: "sk-certa" });
    try {
      const wrong = new OpenAI({ apiKey: "sk-errada", baseURL: strict.url, maxRetries: 0 });
      await expect(wrong.responses.create({ model: "m", input: "x" })).rejects.toMatchObject({ status: 401 });
    } finally {
      await strict.close();
    }
  });
});
