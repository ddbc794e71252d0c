/**
 * What the fake OpenAI answers a request with. A test queues answers (one per request, in order);
 * with the queue empty the fake answers with its default (a value made from the request's JSON
 * schema, or the `respond` function given at start). Everything but `respond` is plain JSON, so
 * a test in another process (the Worker in workerd, an e2e) can queue it over `/_control`.
 */

/** What a test can see of a request the fake received. */
export interface FakeOpenAiRequest {
  endpoint: "responses" | "chat.completions";
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The parsed JSON body (model, input/messages, store, text.format / response_format…). */
  body: Record<string, unknown>;
  stream: boolean;
  receivedAt: number;
}

/** Builds a structured answer from the request (e.g. a caption from the facts in the input). */
export type FakeResponder = (request: FakeOpenAiRequest) => unknown;

interface Streaming {
  /** Characters per text delta (8 by default, about two tokens). */
  chunkSize?: number;
  /** Pause between deltas, to let a test or a person watch the text arrive (0 by default). */
  delayMs?: number;
}

export type FakeAnswer =
  /** A successful answer: `value` serialised as the JSON text (or `respond(request)`; or the default). */
  | ({ kind: "json"; value?: unknown; usage?: { inputTokens: number; outputTokens: number } } & Streaming)
  /** A successful answer whose text is exactly `text` (plain text for chat; broken JSON on purpose). */
  | ({ kind: "text"; text: string } & Streaming)
  /** Completes normally with text that is not valid JSON (`{"texto": "sem fim`). */
  | ({ kind: "malformed" } & Streaming)
  /**
   * An HTTP error with OpenAI's error body. Defaults by status: 401 invalid_api_key,
   * 429 rate_limit_exceeded (retry-after 2 s), 500 server_error.
   */
  | {
      kind: "error";
      status: number;
      code?: string | null;
      type?: string;
      message?: string;
      /** `retry-after` in seconds (429 only by default). */
      retryAfter?: number;
    }
  /** Never answers (or stops after streaming `afterText`): the client's timeout must fire. */
  | { kind: "hang"; afterText?: string }
  /** The model refuses: a refusal content part instead of output_text. */
  | ({ kind: "refusal"; refusal?: string } & Streaming)
  /** OpenAI's content filter stops the answer (Responses: incomplete, reason content_filter). */
  | ({ kind: "content_filter"; partialText?: string } & Streaming)
  /** The answer hits max_output_tokens (Responses: incomplete, reason max_output_tokens). */
  | ({ kind: "incomplete"; partialText?: string } & Streaming)
  /** The stream starts (and streams `afterText`, if any), then OpenAI reports a failure (`response.failed`, server_error). */
  | { kind: "failed"; code?: string; afterText?: string };

export const DEFAULT_REFUSAL = "Desculpe, não posso ajudar com esse pedido.";
export const MALFORMED_TEXT = '{"texto": "sem fim';

const STATUS_DEFAULTS: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: "invalid_request_error", code: null, message: "Invalid request." },
  401: {
    type: "invalid_request_error",
    code: "invalid_api_key",
    message: "Incorrect API key provided: sk-fake. You can find your API key at https://platform.openai.com/account/api-keys.",
  },
  403: {
    type: "invalid_request_error",
    code: "unsupported_country_region_territory",
    message: "Country, region, or territory not supported",
  },
  404: { type: "invalid_request_error", code: "model_not_found", message: "The model does not exist or you do not have access to it." },
  429: { type: "requests", code: "rate_limit_exceeded", message: "Rate limit reached for requests. Please try again in 2s." },
  500: { type: "server_error", code: null, message: "The server had an error while processing your request. Sorry about that!" },
  503: { type: "server_error", code: null, message: "The engine is currently overloaded, please try again later." },
};

/** The status, headers and body of an error answer, filled with OpenAI's defaults for its status. */
export function errorReply(answer: Extract<FakeAnswer, { kind: "error" }>): {
  status: number;
  headers: Record<string, string>;
  body: unknown;
} {
  const defaults = STATUS_DEFAULTS[answer.status] ?? STATUS_DEFAULTS[answer.status >= 500 ? 500 : 400];
  const retryAfter = answer.retryAfter ?? (answer.status === 429 && answer.code !== "insufficient_quota" ? 2 : undefined);
  const headers: Record<string, string> = { "content-type": "application/json", "x-request-id": `req_fake_${Date.now()}` };
  if (retryAfter !== undefined) headers["retry-after"] = String(retryAfter);
  return {
    status: answer.status,
    headers,
    body: {
      error: {
        message: answer.message ?? defaults?.message ?? "Error",
        type: answer.type ?? (answer.code === "insufficient_quota" ? "insufficient_quota" : (defaults?.type ?? "invalid_request_error")),
        param: null,
        code: answer.code === undefined ? (defaults?.code ?? null) : answer.code,
      },
    },
  };
}

/** Rough token count (4 characters a token), enough for usage accounting in tests. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

export function chunk(text: string, size = 8): string[] {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return parts;
}
