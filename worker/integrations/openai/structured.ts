import OpenAI from "openai";
import { zodTextFormat } from "openai/helpers/zod";
import type { Response as OpenAiResponse, ResponseInput } from "openai/resources/responses/responses";
import type { z } from "zod";
import { AiError, type AiErrorCode, toAiError } from "./errors.ts";
import type { AiUsage } from "./errors.ts";
import type { OpenAiSettings } from "./settings.ts";

/**
 * One structured answer from OpenAI's Responses API, streamed (ADR 052): the JSON schema comes
 * from a zod schema (`zodTextFormat`, strict), the text arrives delta by delta for the caller to
 * show, and the finished JSON is validated by the same zod schema. Nothing here knows what is
 * being written: the caller brings the schema, the instructions and the input.
 *
 * `store: false`: the business's records are not kept on OpenAI's side for later retrieval.
 */

export const AI_TIMEOUT_MS = 60_000;
/** One retry for an outage before any text streamed; a short 429 wait is absorbed once too. */
const RETRY_DELAY_MS = 1_000;
const MAX_ABSORBED_RETRY_AFTER_MS = 5_000;

export type { AiUsage } from "./errors.ts";

export interface StructuredRequest<S extends z.ZodType> {
  settings: OpenAiSettings;
  schema: S;
  /** The schema's name as the model sees it: letters, digits, _ and -. */
  name: string;
  /** The system/developer message. */
  instructions: string;
  /** The user message (e.g. the record's facts as JSON) or a list of messages. */
  input: string | ResponseInput;
  maxOutputTokens?: number;
  /** The caller's cancel (the person pressed "Cancelar"). */
  signal?: AbortSignal;
  /** The whole call, retries included (60 s by default). */
  timeoutMs?: number;
  /** Each text fragment as it streams, and all the text so far; throttling is the caller's job. */
  onTextDelta?: (delta: string, snapshot: string) => void;
  /** Asks a reasoning model to think less (faster first text); omit for models without reasoning. */
  reasoningEffort?: "minimal" | "low" | "medium" | "high";
  /** Tests swap the transport; production uses the runtime's fetch. */
  fetch?: typeof fetch;
}

export interface StructuredResult<T> {
  value: T;
  usage: AiUsage;
  /** The model that answered, as OpenAI names it (often a dated snapshot of the one asked for). */
  model: string;
}

export function openAiClient(settings: OpenAiSettings, customFetch?: typeof fetch): OpenAI {
  return new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseUrl,
    // Our own retry policy below (ADR 052): the SDK would wait out any 429 up to 60 s and retry
    // 5xx twice, inside a job the person is watching.
    maxRetries: 0,
    ...(customFetch ? { fetch: customFetch } : {}),
  });
}

export async function streamStructured<S extends z.ZodType>(request: StructuredRequest<S>): Promise<StructuredResult<z.output<S>>> {
  const deadline = Date.now() + (request.timeoutMs ?? AI_TIMEOUT_MS);
  const client = openAiClient(request.settings, request.fetch);
  let streamed = false;
  let retried = false;
  for (;;) {
    try {
      return await attempt(client, request, deadline, () => {
        streamed = true;
      });
    } catch (error) {
      const wait = retryWait(error, streamed, retried, deadline);
      if (wait === null) throw error;
      retried = true;
      await sleep(wait, request.signal).catch(() => {
        throw new AiError({ code: "cancelled" });
      });
    }
  }
}

/** How long to wait before the one retry, or null when this failure is not retried. */
function retryWait(error: unknown, streamed: boolean, retried: boolean, deadline: number): number | null {
  if (retried || streamed || !(error instanceof AiError)) return null;
  const left = deadline - Date.now();
  if (error.code === "unavailable" && left > RETRY_DELAY_MS * 2) return RETRY_DELAY_MS;
  if (error.code === "rate_limited" && error.retryAfterMs !== undefined) {
    const wait = error.retryAfterMs;
    if (wait <= MAX_ABSORBED_RETRY_AFTER_MS && wait < left - RETRY_DELAY_MS) return wait;
  }
  return null;
}

async function attempt<S extends z.ZodType>(
  client: OpenAI,
  request: StructuredRequest<S>,
  deadline: number,
  onFirstText: () => void,
): Promise<StructuredResult<z.output<S>>> {
  const controller = new AbortController();
  const state = { timedOut: false, cancelled: false, model: request.settings.model };
  const remaining = deadline - Date.now();
  if (remaining <= 0) throw new AiError({ code: "timeout" });
  const timer = setTimeout(() => {
    state.timedOut = true;
    controller.abort();
  }, remaining);
  const onCancel = (): void => {
    state.cancelled = true;
    controller.abort();
  };
  if (request.signal?.aborted) onCancel();
  request.signal?.addEventListener("abort", onCancel, { once: true });
  // Tokens are spent even when the answer is unusable (refused, cut, not the schema): kept from
  // the terminal event so the caller can count them against the organização's limit.
  let spent: AiUsage | undefined;
  try {
    const stream = client.responses.stream(
      {
        model: request.settings.model,
        instructions: request.instructions,
        input: request.input,
        store: false,
        ...(request.maxOutputTokens ? { max_output_tokens: request.maxOutputTokens } : {}),
        ...(request.reasoningEffort ? { reasoning: { effort: request.reasoningEffort } } : {}),
        text: { format: zodTextFormat(request.schema, request.name) },
      },
      { signal: controller.signal, timeout: remaining },
    );
    stream.on("response.output_text.delta", (event) => {
      onFirstText();
      request.onTextDelta?.(event.delta, event.snapshot);
    });
    stream.on("event", (event) => {
      if (event.type === "response.completed" || event.type === "response.incomplete" || event.type === "response.failed") {
        spent = usageOf(event.response);
      }
    });
    const response = await stream.finalResponse();
    const problem = answerProblem(response);
    if (problem) throw new AiError({ ...problem, model: request.settings.model });
    if (response.output_parsed === null) throw new AiError({ code: "invalid_output", detail: "no output_text" });
    return { value: response.output_parsed as z.output<S>, usage: usageOf(response), model: response.model };
  } catch (error) {
    const failure = toAiError(error, state);
    failure.usage ??= spent;
    throw failure;
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener("abort", onCancel);
  }
}

function usageOf(response: Pick<OpenAiResponse, "usage">): AiUsage {
  return { inputTokens: response.usage?.input_tokens ?? 0, outputTokens: response.usage?.output_tokens ?? 0 };
}

/** A finished stream that carries no usable JSON: failed, cut short, or refused. */
function answerProblem(response: OpenAiResponse): { code: AiErrorCode; detail?: string | undefined } | null {
  if (response.status === "failed") {
    const code = response.error?.code;
    if (code === "rate_limit_exceeded") return { code: "rate_limited", detail: code };
    return { code: "unavailable", detail: code ?? "response.failed" };
  }
  for (const item of response.output) {
    if (item.type !== "message") continue;
    for (const part of item.content) if (part.type === "refusal") return { code: "refused", detail: part.refusal };
  }
  if (response.status === "incomplete") {
    const reason = response.incomplete_details?.reason;
    return reason === "content_filter" ? { code: "content_blocked", detail: reason } : { code: "incomplete", detail: reason ?? undefined };
  }
  return null;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error("aborted"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Error("aborted"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
