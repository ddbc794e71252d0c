import { data, type HeadersFunction } from "react-router";
import type { z } from "zod";
import { FORM_ERROR_KEY, UNKNOWN_INTENT, validateForm } from "../../shared/validation.ts";
import { RateLimitedError } from "../../worker/security/rate-limit.ts";
import { DomainError } from "../../worker/services/context.ts";

export interface ActionErrors {
  errors: Record<string, string>;
  values?: Record<string, string>;
}

/** Echoes back what the person typed (never passwords) so a no-JS form keeps its values. */
function echo(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !/senha|password/i.test(key)) values[key] = value;
  }
  return values;
}

export const UNREADABLE_FORM = "Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.";

/** The submitted form, or null when the body is not one (wrong content type, broken multipart, unknown charset). */
export async function formOrNull(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

/**
 * The submitted form for an action. `request.formData()` throws a TypeError on a body that is
 * not a form, which would answer 500; this answers 400 with a pt-BR message instead.
 */
export async function readForm(request: Request): Promise<FormData> {
  const form = await formOrNull(request);
  if (!form) throw data(UNREADABLE_FORM, { status: 400 });
  return form;
}

/** Validates a submitted form with its zod schema; on failure answers 400 with field errors. */
export async function parseForm<T>(
  request: Request,
  schema: z.ZodType<T, unknown>,
): Promise<{ ok: true; data: T; form: FormData } | { ok: false; response: ReturnType<typeof data<ActionErrors>> }> {
  const form = await formOrNull(request);
  if (!form) return { ok: false, response: data({ errors: { [FORM_ERROR_KEY]: UNREADABLE_FORM } }, { status: 400 }) };
  const result = validateForm(schema, form);
  if (!result.ok) return { ok: false, response: data({ errors: result.errors, values: echo(form) }, { status: 400 }) };
  return { ok: true, data: result.data, form };
}

/**
 * The route's `headers` for a page whose action can answer 429: React Router keeps only an
 * action's Set-Cookie unless the route passes its headers on, and a refused form must tell the
 * client how long to wait (`Retry-After`), as the API does.
 */
export const keepRetryAfter: HeadersFunction = ({ parentHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("retry-after") ?? errorHeaders?.get("retry-after");
  if (retryAfter) headers.set("retry-after", retryAfter);
  return headers;
};

/** Turns a DomainError into the action's error answer; anything else goes to the error page. */
export function domainFailure(error: unknown, form?: FormData) {
  if (error instanceof DomainError) {
    return data<ActionErrors>(
      { errors: { [error.field ?? FORM_ERROR_KEY]: error.message }, ...(form ? { values: echo(form) } : {}) },
      error instanceof RateLimitedError
        ? { status: error.status, headers: { "retry-after": String(error.retryAfterSeconds) } }
        : { status: error.status },
    );
  }
  throw error;
}

/** The answer to a form whose `intent` this action does not know: a pt-BR 400, nothing done. */
export function unknownIntent<T extends object = Record<never, never>>(extra?: T) {
  return data({ ...(extra ?? ({} as T)), error: UNKNOWN_INTENT }, { status: 400 });
}
