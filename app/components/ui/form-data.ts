/**
 * The browser side of form validation, without zod. `shared/validation.ts` sets zod's pt-BR
 * messages at import (`z.config`), so importing anything from it brings zod (≈28 kB gzip) into
 * the importing chunk. The shared form reads its schema lazily (`useFormValidation` with a
 * loader), and these twins of `FORM_ERROR_KEY`, `formDataToObject` and `formErrors` keep zod
 * out of its chunk. `tests/unit/form-data.test.ts` keeps them equal to the shared ones.
 */

/** Where an error that belongs to no field goes (`shared/validation.ts`'s `FORM_ERROR_KEY`). */
export const FORM_ERROR_KEY = "_form";

/** FormData → plain object; a repeated key becomes an array. */
export function formDataToObject(form: FormData | URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** The shape of a zod `safeParse` result this needs (structural: no zod import). */
export interface ParseResult {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } | undefined;
}

/** A failed parse → `{ "campo": "mensagem" }`, the first message per field. */
export function formErrors(result: ParseResult): Record<string, string> {
  const errors: Record<string, string> = {};
  if (result.success || !result.error) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : FORM_ERROR_KEY;
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
