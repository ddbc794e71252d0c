/**
 * Garbage for property-based bad-input tests, shared by the JSON API fuzzing
 * (tests/api/bad-input.test.ts) and the form-action fuzzing (tests/e2e/form-actions-bad-input.test.ts),
 * and the check that an answer reads as pt-BR.
 */

export const HUGE = "a".repeat(100_000);
export const SQL = [
  "'; DROP TABLE clients; --",
  "' OR '1'='1",
  "1; DELETE FROM users",
  "\"; UPDATE users SET name='x' --",
  "%' --",
  "1 UNION SELECT * FROM sessions",
];
export const HTML = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "<svg/onload=alert(1)>",
  "{{constructor.constructor('alert(1)')()}}",
];
export const UNICODE = [
  "🙂🏠🔑",
  "\u202Eevil\u202C",
  "שלום עולם",
  "مرحبا",
  "a\u0000b",
  "\uD800",
  "\uDFFF lone",
  "Z̸̢͉a̷l̶g̵o",
  "\uFEFF",
  "\u200B\u200D",
  "𝕏𝕐ℤ",
  "ﷺ",
  "\r\n\t",
];
export const BAD_DOCS = [
  "111.111.111-11",
  "123.456.789-00",
  "00000000000",
  "529.982.247-24",
  "12.ABC.345/01DE-99",
  "11.222.333/0001-80",
  "1234",
  "abcdefghijk",
];
export const BAD_CEPS = ["00000-00", "1234567", "ABCDE-FGH", "0131010", "01310-1000", "-1", "00000-000"];
export const BAD_PHONES = ["(00) 0000-0000", "123", "+1 555 0100", "(11) 1234", "119123456781191234567", "(99) 9999-9999x"];
export const BAD_EMAILS = ["a@", "@b.com", "a b@c.com", `${"x".repeat(300)}@a.com`, "maria@@exemplo.com", "maria@exemplo"];
export const BAD_DATES = ["31/02/2020", "2999-01-01", "0000-00-00", "ontem", "2020-13-45", "1899-12-31", "9999-12-31", "-001-01-01"];
export const BAD_URLS = ["javascript:alert(1)", "ftp://x", "http://", "não é url", "//evil.example"];
export const NUMBERS = [-1, 0, -0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2, 2 ** 53, -(2 ** 31)];
export const NUMBERISH = ["NaN", "Infinity", "-Infinity", "1e999", "-0", "0x1F", "١٢٣", "12,5", "1.000.000,00"];
/** What JSON-minded clients put in a form field. */
export const JSONISH = ["null", "true", "false", "undefined", "[]", "{}", '["a","b"]', '{"__proto__":{"x":1}}', "[object Object]"];

/** Spec-fixed English messages (product spec §8); everything else must read as pt-BR. */
const SPEC_MESSAGES = new Set(["Invalid JWT signature"]);
export const ENGLISH =
  /error|invalid|undefined|exception|expected|received|unexpected|failed|cannot|must be|is required|\bnull\b|\bNaN\b|\[object/i;

export function isPtBr(message: unknown): boolean {
  if (typeof message !== "string" || !message.trim()) return false;
  if (SPEC_MESSAGES.has(message)) return true;
  // What a message quotes back from the input (“NaN”, “null”) is the person's text, not ours.
  return !ENGLISH.test(message.replace(/“[^”]*”/g, "“…”"));
}
