/**
 * Garbage for fuzzing forms: the shared value lists (tests/support/garbage.ts) as what a form can
 * carry — a string or a file.
 */
import fc from "fast-check";
import {
  BAD_CEPS,
  BAD_DATES,
  BAD_DOCS,
  BAD_EMAILS,
  BAD_PHONES,
  BAD_URLS,
  HTML,
  HUGE,
  JSONISH,
  NUMBERISH,
  NUMBERS,
  SQL,
  UNICODE,
} from "../../support/garbage.ts";

export * from "../../support/garbage.ts";

/** A string a form field may carry: every list above, control characters, random text. */
export const badString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom("", " ", HUGE, ...NUMBERISH, ...JSONISH),
  fc.constantFrom(...NUMBERS).map(String),
  fc.constantFrom(...SQL, ...HTML, ...UNICODE, ...BAD_DOCS, ...BAD_CEPS, ...BAD_PHONES, ...BAD_EMAILS, ...BAD_DATES, ...BAD_URLS),
  fc.string({ maxLength: 40, unit: "binary" }),
  fc.double().map(String),
  fc.integer().map(String),
);
