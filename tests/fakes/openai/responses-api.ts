import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { TextPlan } from "./plan.ts";
import { SseWriter } from "./sse.ts";

/**
 * POST /v1/responses as OpenAI answers it: a Response object, or — with `stream: true` — the
 * real event sequence (response.created, response.in_progress, response.output_item.added,
 * response.content_part.added, response.output_text.delta…, response.output_text.done,
 * response.content_part.done, response.output_item.done, then response.completed with usage;
 * refusals stream response.refusal.delta/done; a content filter or the token limit ends in
 * response.incomplete; an outage mid-way in response.failed). Every event has a sequence_number.
 */

const id = (prefix: string): string => `${prefix}_${randomBytes(12).toString("hex")}`;

type Json = Record<string, unknown>;

function baseResponse(body: Json, responseId: string): Json {
  return {
    id: responseId,
    object: "response",
    created_at: Math.floor(Date.now() / 1000),
    status: "in_progress",
    background: false,
    error: null,
    incomplete_details: null,
    instructions: body.instructions ?? null,
    max_output_tokens: body.max_output_tokens ?? null,
    model: body.model ?? "gpt-fake",
    output: [],
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: (body.reasoning as Json | undefined)?.effort ?? null, summary: null },
    store: body.store ?? true,
    temperature: 1,
    text: body.text ?? { format: { type: "text" } },
    tool_choice: "auto",
    tools: [],
    top_p: 1,
    truncation: "disabled",
    usage: null,
    user: null,
    metadata: {},
  };
}

function usageOf(plan: TextPlan): Json {
  const { inputTokens, outputTokens } = plan.usage;
  return {
    input_tokens: inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: inputTokens + outputTokens,
  };
}

function part(plan: TextPlan, text: string): Json {
  return plan.outcome === "refusal" ? { type: "refusal", refusal: text } : { type: "output_text", annotations: [], logprobs: [], text };
}

/** The finished Response object for a plan (the non-streamed answer and the terminal event). */
function finalResponse(plan: TextPlan, body: Json, responseId: string, messageId: string): Json {
  const failed = plan.outcome === "failed";
  const incomplete = plan.outcome === "content_filter" || plan.outcome === "max_output_tokens";
  const message = {
    id: messageId,
    type: "message",
    status: incomplete || failed ? "incomplete" : "completed",
    role: "assistant",
    content: [part(plan, plan.text)],
  };
  return {
    ...baseResponse(body, responseId),
    status: failed ? "failed" : incomplete ? "incomplete" : "completed",
    error: failed ? { code: plan.failureCode, message: "The server had an error while processing your request." } : null,
    incomplete_details: incomplete ? { reason: plan.outcome } : null,
    output: failed && !plan.text ? [] : [message],
    usage: usageOf(plan),
  };
}

export function respondJson(res: ServerResponse, plan: TextPlan, body: Json): void {
  res.writeHead(200, { "content-type": "application/json", "x-request-id": `req_fake_${Date.now()}` });
  res.end(JSON.stringify(finalResponse(plan, body, id("resp"), id("msg"))));
}

/** Streams a plan; `stall` stops after the text (a hang mid-answer) without ending the stream. */
export async function respondStream(res: ServerResponse, plan: TextPlan, body: Json, stall = false): Promise<void> {
  const sse = new SseWriter(res);
  const responseId = id("resp");
  const itemId = id("msg");
  let sequence = 0;
  const send = (type: string, fields: Json, delayMs = 0): Promise<void> =>
    sse.send({ type, sequence_number: sequence++, ...fields }, { event: type, delayMs });
  await send("response.created", { response: baseResponse(body, responseId) });
  await send("response.in_progress", { response: baseResponse(body, responseId) });
  if (plan.outcome === "failed" && !plan.text) {
    await send("response.failed", { response: finalResponse(plan, body, responseId, itemId) });
    return sse.end();
  }
  const refusal = plan.outcome === "refusal";
  const where = { item_id: itemId, output_index: 0, content_index: 0 };
  await send("response.output_item.added", {
    output_index: 0,
    item: { id: itemId, type: "message", status: "in_progress", role: "assistant", content: [] },
  });
  await send("response.content_part.added", { ...where, part: part(plan, "") });
  for (const piece of plan.pieces) {
    if (sse.gone) return;
    if (refusal) await send("response.refusal.delta", { ...where, delta: piece }, plan.delayMs);
    else await send("response.output_text.delta", { ...where, delta: piece, logprobs: [] }, plan.delayMs);
  }
  if (stall) return;
  const final = finalResponse(plan, body, responseId, itemId);
  if (plan.outcome === "completed" || refusal) {
    if (refusal) await send("response.refusal.done", { ...where, refusal: plan.text });
    else await send("response.output_text.done", { ...where, text: plan.text, logprobs: [] });
    await send("response.content_part.done", { ...where, part: part(plan, plan.text) });
    await send("response.output_item.done", { output_index: 0, item: (final.output as Json[])[0] });
    await send("response.completed", { response: final });
  } else {
    await send(plan.outcome === "failed" ? "response.failed" : "response.incomplete", { response: final });
  }
  sse.end();
}
