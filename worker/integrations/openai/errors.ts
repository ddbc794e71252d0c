import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, OpenAIError } from "openai";
import { ZodError } from "zod";

/**
 * Every way an AI call fails, as one typed error with a stable code (stored in job history,
 * asserted by tests, switched on by callers) and a pt-BR message a business owner understands
 * (ADR 052). OpenAI's own texts stay in `detail` for the logs, never as the explanation.
 */
export type AiErrorCode =
  /** The key was refused (401/403): wrong, revoked, or without access to the project. */
  | "auth"
  /** Too many requests for the account right now (429); `retryAfterMs` says when to try again. */
  | "rate_limited"
  /** The account has no credit or hit its spending limit (429 insufficient_quota): waiting does not help. */
  | "quota_exceeded"
  /** The configured model does not exist or the key cannot use it (404). */
  | "model_unavailable"
  /** OpenAI is down or the connection failed (5xx, network, a stream that failed on its side). */
  | "unavailable"
  /** No complete answer within our time limit. */
  | "timeout"
  /** Our caller aborted (the person cancelled the generation). */
  | "cancelled"
  /** The model refused to answer (a refusal content part instead of the JSON). */
  | "refused"
  /** OpenAI's safety system blocked the request or the answer (content filter / flagged prompt). */
  | "content_blocked"
  /** The answer hit the output-token limit before the JSON ended. */
  | "incomplete"
  /** The answer is not JSON or does not satisfy the schema. */
  | "invalid_output"
  /** Any other 4xx: a request this code built wrongly; a bug or a configuration problem. */
  | "rejected";

export interface AiUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface AiErrorFields {
  code: AiErrorCode;
  /** HTTP status when OpenAI answered with one (0 otherwise). */
  status?: number;
  /** How long OpenAI asked us to wait (429 `retry-after` / `retry-after-ms`), in ms. */
  retryAfterMs?: number | undefined;
  /** OpenAI's error code or the model's refusal text: for logs and the history, not the screen. */
  detail?: string | undefined;
  /** The model asked for (shown in the model_unavailable message). */
  model?: string | undefined;
  cause?: unknown;
}

/** Codes where trying again later may succeed (the job decides when and how often, ADR 052). */
const RETRYABLE: ReadonlySet<AiErrorCode> = new Set(["rate_limited", "unavailable", "timeout", "invalid_output"]);

export class AiError extends Error {
  override name = "AiError";
  readonly code: AiErrorCode;
  readonly status: number;
  readonly retryAfterMs: number | undefined;
  readonly detail: string | undefined;
  /** The pt-BR explanation for the person who asked for the text. */
  readonly userMessage: string;
  /** Tokens OpenAI counted for an answer that came but was unusable (refused, cut, invalid). */
  usage: AiUsage | undefined;

  constructor(fields: AiErrorFields) {
    // No key, prompt or answer in the message: it may be logged.
    super(`OpenAI ${fields.code}${fields.status ? ` ${fields.status}` : ""}`, { cause: fields.cause });
    this.code = fields.code;
    this.status = fields.status ?? 0;
    this.retryAfterMs = fields.retryAfterMs;
    this.detail = fields.detail?.slice(0, 500);
    this.userMessage = aiErrorMessage(fields.code, fields);
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.code);
  }
}

function waitText(ms: number | undefined): string {
  if (ms === undefined) return "em alguns instantes";
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `em ${seconds} segundo${seconds === 1 ? "" : "s"}`;
  return `em ${Math.ceil(seconds / 60)} minutos`;
}

export function aiErrorMessage(code: AiErrorCode, fields: Pick<AiErrorFields, "retryAfterMs" | "model"> = {}): string {
  switch (code) {
    case "auth":
      return "A chave da OpenAI configurada no Alicerce não foi aceita. Peça a quem administra o sistema para conferir a chave; enquanto isso, os textos podem ser gerados pelos modelos prontos.";
    case "rate_limited":
      return `A OpenAI está recebendo pedidos demais desta conta agora. Tente de novo ${waitText(fields.retryAfterMs)}.`;
    case "quota_exceeded":
      return "A conta da OpenAI ficou sem créditos ou atingiu o limite de gastos. Quem administra a conta precisa adicionar créditos na OpenAI; enquanto isso, use os modelos prontos.";
    case "model_unavailable":
      return `O modelo de IA configurado${fields.model ? ` (${fields.model})` : ""} não está disponível para esta chave da OpenAI. Peça a quem administra o sistema para conferir o modelo.`;
    case "unavailable":
      return "A OpenAI está fora do ar ou instável neste momento. Tente de novo em alguns minutos.";
    case "timeout":
      return "A OpenAI demorou demais para responder e o pedido foi interrompido. Tente de novo em instantes.";
    case "cancelled":
      return "A geração foi cancelada.";
    case "refused":
      return "A IA se recusou a escrever este texto. Revise as informações e observações do pedido e tente de novo, ou use os modelos prontos.";
    case "content_blocked":
      return "O filtro de segurança da OpenAI bloqueou este pedido. Revise as descrições e observações (algum termo pode ter sido considerado impróprio) e tente de novo.";
    case "incomplete":
      return "O texto da IA passou do tamanho máximo e ficou incompleto. Tente de novo pedindo menos variações.";
    case "invalid_output":
      return "A IA respondeu num formato inesperado. Tente gerar de novo.";
    case "rejected":
      return "A OpenAI recusou o pedido por um problema de configuração do Alicerce. Tente de novo mais tarde; se continuar, avise o suporte.";
  }
}

/** OpenAI error codes that mean its safety system blocked the request (400s and stream errors). */
const BLOCKED_CODES = new Set(["content_policy_violation", "content_filter", "invalid_prompt", "moderation_blocked"]);

/** `retry-after-ms` (OpenAI's own) or `retry-after` (seconds or an HTTP date), in ms. */
export function retryAfterMs(headers: Headers | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers?.get("retry-after");
  if (!raw) return undefined;
  const seconds = Number.parseFloat(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(raw);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/** What our own abort controller knew when the SDK threw: ours to tell a timeout from a cancel. */
export interface AbortState {
  timedOut: boolean;
  cancelled: boolean;
  model?: string | undefined;
}

/** Maps anything the SDK or the parser threw to an AiError. */
export function toAiError(error: unknown, state: AbortState): AiError {
  if (error instanceof AiError) return error;
  const model = state.model;
  if (state.cancelled) return new AiError({ code: "cancelled", cause: error });
  if (state.timedOut || error instanceof APIConnectionTimeoutError) return new AiError({ code: "timeout", cause: error });
  if (error instanceof APIUserAbortError) return new AiError({ code: "cancelled", cause: error });
  const parseFailure = unparsable(error);
  if (parseFailure) return new AiError({ code: "invalid_output", detail: parseFailure, cause: error });
  if (error instanceof APIConnectionError) return new AiError({ code: "unavailable", detail: error.message, cause: error });
  if (error instanceof APIError) return fromApiError(error, model);
  return new AiError({ code: "unavailable", detail: error instanceof Error ? error.message : String(error), cause: error });
}

/**
 * The structured-output parser's failure (not JSON, or not the schema), as the SDK throws it:
 * wrapped in an OpenAIError whose `cause` is the SyntaxError or ZodError. Returns what failed.
 */
function unparsable(error: unknown): string | null {
  const cause = error instanceof OpenAIError && !(error instanceof APIError) ? (error as { cause?: unknown }).cause : error;
  if (cause instanceof SyntaxError) return "not JSON";
  if (cause instanceof ZodError || (cause instanceof Error && cause.name === "ZodError")) {
    const issues = (cause as ZodError).issues ?? [];
    return `schema: ${issues.map((issue) => `${issue.path.join(".") || "(raiz)"} ${issue.code}`).join("; ")}`;
  }
  return null;
}

function fromApiError(error: APIError, model: string | undefined): AiError {
  const status = error.status ?? 0;
  const apiCode = typeof error.code === "string" ? error.code : undefined;
  const detail = apiCode ?? error.type ?? undefined;
  const base = { status, detail, cause: error, model };
  if (apiCode === "insufficient_quota") return new AiError({ ...base, code: "quota_exceeded" });
  if (apiCode && BLOCKED_CODES.has(apiCode)) return new AiError({ ...base, code: "content_blocked" });
  if (status === 401 || status === 403 || apiCode === "invalid_api_key") return new AiError({ ...base, code: "auth" });
  if (status === 429 || apiCode === "rate_limit_exceeded") {
    return new AiError({ ...base, code: "rate_limited", retryAfterMs: retryAfterMs(error.headers) });
  }
  if (status === 404 || apiCode === "model_not_found") return new AiError({ ...base, code: "model_unavailable" });
  if (status === 408 || status === 409 || status >= 500 || status === 0) return new AiError({ ...base, code: "unavailable" });
  return new AiError({ ...base, code: "rejected" });
}
