import type { Context } from "hono";
import { ZodError } from "zod";
// Installs zod's pt-BR fallback messages before any request is parsed.
import "../../shared/validation.ts";
import { RateLimitedError } from "../security/rate-limit.ts";
import { DomainError } from "../services/context.ts";

export interface ApiErrorBody {
  error: { message: string; code: string; fields?: Record<string, string> };
}

export function apiError(c: Context, status: number, message: string, code: string, fields?: Record<string, string>): Response {
  const body: ApiErrorBody = { error: { message, code, ...(fields ? { fields } : {}) } };
  return c.json(body, status as 400);
}

export const INTERNAL_ERROR = "Erro interno. Tente novamente em instantes.";

/** Maps any thrown error to a pt-BR JSON answer; unknown errors are logged, never shown. */
export function toApiResponse(c: Context, error: unknown): Response {
  // A thrown Response is an answer, not a failure (e.g. the session recheck in middleware.ts),
  // also when the database client wrapped it (DrizzleQueryError's cause: the read that carried
  // the session lookup found the caller changed, e.g. their role or the business's choices).
  if (error instanceof Response) throw error;
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (cause instanceof Response) throw cause;
  if (error instanceof DomainError) {
    // A refusal that ends: say when to try again.
    if (error instanceof RateLimitedError) c.header("retry-after", String(error.retryAfterSeconds));
    const code = error.status === 403 ? "forbidden" : error.status === 404 ? "not_found" : "domain_error";
    return apiError(c, error.status, error.message, code, error.field ? { [error.field]: error.message } : undefined);
  }
  if (error instanceof ZodError) {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) {
      const key = issue.path.join(".") || "_";
      fields[key] ??= issue.message;
    }
    return apiError(c, 400, "Dados inválidos. Confira os campos destacados.", "validation_error", fields);
  }
  console.error(`[${c.get("requestId") ?? "-"}] erro`, error);
  return apiError(c, 500, INTERNAL_ERROR, "internal_error");
}
