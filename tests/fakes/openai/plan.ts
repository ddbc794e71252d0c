import { chunk, DEFAULT_REFUSAL, estimateTokens, type FakeAnswer, MALFORMED_TEXT } from "./answers.ts";

/** How an answer ends once its text has streamed. */
export type Outcome = "completed" | "refusal" | "content_filter" | "max_output_tokens" | "failed";

/** An answer reduced to what both endpoints write: text pieces, then an ending. */
export interface TextPlan {
  type: "text";
  /** The output text (or the refusal text when outcome is "refusal"). */
  text: string;
  pieces: string[];
  outcome: Outcome;
  delayMs: number;
  failureCode: string;
  usage: { inputTokens: number; outputTokens: number };
}

export type Plan =
  | TextPlan
  | { type: "error"; answer: Extract<FakeAnswer, { kind: "error" }> }
  | { type: "hang"; afterText: string | undefined };

export interface StreamingDefaults {
  chunkSize?: number;
  delayMs?: number;
}

export function planFor(answer: FakeAnswer, defaultText: () => string, inputText: string, defaults: StreamingDefaults = {}): Plan {
  if (answer.kind === "error") return { type: "error", answer };
  if (answer.kind === "hang") return { type: "hang", afterText: answer.afterText };
  const streaming: { chunkSize?: number; delayMs?: number } = answer.kind === "failed" ? {} : answer;
  const text = textOf(answer, defaultText);
  const outcome: Outcome =
    answer.kind === "refusal"
      ? "refusal"
      : answer.kind === "content_filter"
        ? "content_filter"
        : answer.kind === "incomplete"
          ? "max_output_tokens"
          : answer.kind === "failed"
            ? "failed"
            : "completed";
  const usage =
    answer.kind === "json" && answer.usage
      ? answer.usage
      : { inputTokens: estimateTokens(inputText), outputTokens: estimateTokens(text || " ") };
  return {
    type: "text",
    text,
    pieces: text ? chunk(text, streaming.chunkSize ?? defaults.chunkSize ?? 8) : [],
    outcome,
    delayMs: streaming.delayMs ?? defaults.delayMs ?? 0,
    failureCode: answer.kind === "failed" ? (answer.code ?? "server_error") : "server_error",
    usage,
  };
}

function textOf(answer: Exclude<FakeAnswer, { kind: "error" | "hang" }>, defaultText: () => string): string {
  switch (answer.kind) {
    case "json":
      return answer.value === undefined ? defaultText() : JSON.stringify(answer.value);
    case "text":
      return answer.text;
    case "malformed":
      return MALFORMED_TEXT;
    case "refusal":
      return answer.refusal ?? DEFAULT_REFUSAL;
    case "content_filter":
    case "incomplete":
      return answer.partialText ?? '{"texto": "Começo de um texto que';
    case "failed":
      return answer.afterText ?? "";
  }
}
