/**
 * What a record id looks like (a UUID, or a readable id such as `id-empresa` in the API's
 * examples): the one definition every door checks a path parameter, a form value or a body
 * against before it reaches a query, and the pattern the API reference writes. Pure and without
 * zod, so any screen may import it (zod schemas write `.regex(ID_RE, <their pt-BR message>)`).
 */

/** The id's characters, unanchored (to embed in a longer pattern, such as a media key). */
export const ID_CHARS = "[0-9A-Za-z-]{1,64}";

/** The whole-string pattern, as JSON Schema writes it. */
export const ID_PATTERN = `^${ID_CHARS}$`;

export const ID_RE = new RegExp(ID_PATTERN);

/** A string that may be a record id (anything else cannot name a record: 404 without a query). */
export function isId(value: unknown): value is string {
  return typeof value === "string" && ID_RE.test(value);
}
