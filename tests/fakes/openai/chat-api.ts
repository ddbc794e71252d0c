import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { TextPlan } from "./plan.ts";
import { SseWriter } from "./sse.ts";

/**
 * POST /v1/chat/completions as OpenAI answers it: a chat.completion object, or — with
 * `stream: true` — chat.completion.chunk events (`data:` lines only), the role first, the content
 * in pieces, the finish_reason last, a usage chunk when `stream_options.include_usage`, then
 * `data: [DONE]`. A refusal fills `refusal` instead of `content`; the content filter and the
 * token limit end with finish_reason "content_filter" / "length".
 */

type Json = Record<string, unknown>;

function finishReason(plan: TextPlan): string {
  if (plan.outcome === "content_filter") return "content_filter";
  if (plan.outcome === "max_output_tokens") return "length";
  return "stop";
}

function usageOf(plan: TextPlan): Json {
  const { inputTokens, outputTokens } = plan.usage;
  return { prompt_tokens: inputTokens, completion_tokens: outputTokens, total_tokens: inputTokens + outputTokens };
}

function envelope(body: Json, completionId: string, object: string): Json {
  return {
    id: completionId,
    object,
    created: Math.floor(Date.now() / 1000),
    model: body.model ?? "gpt-fake",
    service_tier: "default",
    system_fingerprint: null,
  };
}

export function chatJson(res: ServerResponse, plan: TextPlan, body: Json): void {
  const refusal = plan.outcome === "refusal";
  res.writeHead(200, { "content-type": "application/json", "x-request-id": `req_fake_${Date.now()}` });
  res.end(
    JSON.stringify({
      ...envelope(body, `chatcmpl-${randomBytes(12).toString("hex")}`, "chat.completion"),
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: refusal ? null : plan.text, refusal: refusal ? plan.text : null, annotations: [] },
          logprobs: null,
          finish_reason: finishReason(plan),
        },
      ],
      usage: usageOf(plan),
    }),
  );
}

export async function chatStream(res: ServerResponse, plan: TextPlan, body: Json, stall = false): Promise<void> {
  const sse = new SseWriter(res);
  const head = envelope(body, `chatcmpl-${randomBytes(12).toString("hex")}`, "chat.completion.chunk");
  const chunk = (delta: Json, finish: string | null, delayMs = 0): Promise<void> =>
    sse.send({ ...head, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] }, { delayMs });
  const refusal = plan.outcome === "refusal";
  await chunk({ role: "assistant", content: refusal ? null : "", refusal: null }, null);
  for (const piece of plan.pieces) {
    if (sse.gone) return;
    await chunk(refusal ? { refusal: piece } : { content: piece }, null, plan.delayMs);
  }
  if (stall) return;
  await chunk({}, finishReason(plan));
  const options = body.stream_options as Json | undefined;
  if (options?.include_usage) await sse.send({ ...head, choices: [], usage: usageOf(plan) });
  await sse.send("[DONE]");
  sse.end();
}
