/**
 * Form validation shared by server actions and browser forms (spec §5).
 *
 * `messages` holds the spec's pt-BR wording; the zod 4 builders below use it so
 * every form speaks the same way, and `formErrors` maps a failed parse to
 * `{ "campo": "mensagem" }` identically on both sides.
 *
 * Form conventions: an empty or blank string (what an untouched `<input>`
 * submits) counts as missing — a required field reports `required`, an
 * optional one yields `undefined`. Text is trimmed (passwords are not), normalised to NFC, and
 * refused when it holds a control character (newline and tab only in fields built with
 * `{ multiline: true }`, where CRLF becomes LF) or an unpaired UTF-16 surrogate: what nobody
 * types and what would break CSV, XLSX and XML downstream.
 */

import { z } from "zod";
import { isValidCep, isValidCnpj, isValidCpf, isValidPhoneBR, normalizeCnpj, onlyDigits } from "./documents.ts";
import { formatBRL, formatNumber, parseBRL } from "./format.ts";
import { nationalPhoneDigits } from "./mask.ts";

type Limit = number | string;

/** Numbers in messages use pt-BR grouping ("1.000"); strings are shown as given. */
function show(n: Limit): string {
  return typeof n === "number" ? formatNumber(n) : n;
}

function list(values: readonly string[]): string {
  return values.join(", ");
}

/**
 * The spec's messages, word for word where the spec gives them. The spec lists
 * several as bare fragments ("precisa ser N ou maior", "apenas números", …);
 * we prefix them with "O campo {field} " so each reads as a sentence on its own,
 * keeping the spec's words as an exact substring.
 */
export const messages = {
  required: (field: string): string => `O campo ${field} é obrigatório`,
  email: (field: string): string => `O campo ${field} deve ser um email válido`,
  min: (field: string, n: Limit): string => `O campo ${field} deve conter pelo menos ${show(n)} caracteres`,
  max: (field: string, n: Limit): string => `O campo ${field} não deve ter mais que ${show(n)} caracteres`,
  min_value: (field: string, n: Limit): string => `O campo ${field} precisa ser ${show(n)} ou maior`,
  max_value: (field: string, n: Limit): string => `O campo ${field} precisa ser ${show(n)} ou menor`,
  numeric: (field: string): string => `O campo ${field} deve conter apenas números`,
  integer: (field: string): string => `O campo ${field} deve ser um número inteiro`,
  digits: (field: string, n: Limit): string => `O campo ${field} deve ser numérico com exatamente ${show(n)} dígitos`,
  /** Exactly the spec's sentence; with a field name it reads "A confirmação do campo Senha deve ser igual". */
  confirmed: (field?: string): string =>
    field ? `A confirmação do campo ${field} deve ser igual` : "A confirmação do campo deve ser igual",
  url: (field: string): string => `O campo ${field} deve ser uma URL válida`,
  regex: (field: string): string => `O campo ${field} possui um formato inválido`,
  /** The spec's default, "{field} is not valid". */
  default: (field: string): string => `O campo ${field} não é válido`,
  // Not worded by the spec: our pt-BR.
  between: (field: string, min: Limit, max: Limit): string => `O campo ${field} deve estar entre ${show(min)} e ${show(max)}`,
  alpha: (field: string): string => `O campo ${field} deve conter somente letras`,
  alpha_num: (field: string): string => `O campo ${field} deve conter somente letras e números`,
  alpha_dash: (field: string): string => `O campo ${field} deve conter somente letras, números, hífens e sublinhados`,
  one_of: (field: string): string => `O campo ${field} deve ser um dos valores permitidos`,
  not_one_of: (field: string): string => `O campo ${field} contém um valor não permitido`,
  size: (field: string, kb: Limit): string => `O arquivo do campo ${field} deve ter no máximo ${show(kb)} KB`,
  image: (field: string): string => `O campo ${field} deve ser uma imagem`,
  ext: (field: string, extensions: readonly string[]): string => `O campo ${field} deve ser um arquivo com extensão ${list(extensions)}`,
  mimes: (field: string, types: readonly string[]): string => `O campo ${field} deve ser um arquivo do tipo ${list(types)}`,
  dimensions: (field: string, width: Limit, height: Limit): string =>
    `O campo ${field} deve ter ${show(width)} pixels de largura por ${show(height)} pixels de altura`,
  accepted: (field: string): string => `O campo ${field} deve ser aceito`,
  characters: (field: string): string => `O campo ${field} contém caracteres inválidos`,
} as const;

const INTENT_FIELD = "intent";
/** A form post naming no action the page has (a stale page, a hand-made request). */
export const UNKNOWN_INTENT = "Ação desconhecida.";

/**
 * pt-BR for the messages zod writes itself: schemas built without our builders (edge-function
 * inputs, API bodies such as `{ ids }`) and a body of the wrong shape altogether (an array where
 * an object belongs) would otherwise answer in English ("Invalid input: expected object…").
 * Installed once, globally, when this module loads; messages given by a schema still win.
 */
export function zodMessagePtBr(issue: { code?: string; input?: unknown; path?: readonly PropertyKey[] }): string {
  const field = [...(issue.path ?? [])].reverse().find((p): p is string => typeof p === "string");
  if (!field) return issue.input === undefined ? "Envie os dados da requisição." : "Os dados enviados não são válidos.";
  // `intent` is the hidden input naming which of a page's forms was sent, never a field a person fills in.
  if (field === INTENT_FIELD) return UNKNOWN_INTENT;
  return issue.code === "invalid_type" && issue.input === undefined ? messages.required(field) : messages.default(field);
}

z.config({ localeError: zodMessagePtBr });

// ---------------------------------------------------------------------------
// Input normalisation

/** Browsers submit an empty, nameless File for an untouched `<input type="file">`. */
function isEmptyFile(v: unknown): boolean {
  return typeof Blob !== "undefined" && v instanceof Blob && v.size === 0 && (!("name" in v) || v.name === "");
}

/** "" / "   " / null / an empty file input → undefined, so "not filled in" has one shape. */
export function blankToUndefined(value: unknown): unknown {
  if (value === null || isEmptyFile(value)) return undefined;
  if (typeof value === "string" && value.trim() === "") return undefined;
  return value;
}

function trimmed(value: unknown): unknown {
  const v = blankToUndefined(value);
  return typeof v === "string" ? v.trim() : v;
}

// ---------------------------------------------------------------------------
// Text hygiene

export interface TextOptions {
  /** A textarea (observações, descrição): newline and tab allowed, CRLF / CR → LF. */
  multiline?: boolean;
}

/**
 * True when `text` holds only what people type: no C0/C1 control character (U+0000–U+001F,
 * U+007F–U+009F; newline and tab allowed when multi-line) and no unpaired UTF-16 surrogate (a
 * high one not followed by a low one, or a low one on its own). Astral characters (emoji) pass.
 */
export function isCleanText(text: string, { multiline = false }: TextOptions = {}): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) {
      if (multiline && (c === 0x0a || c === 0x09)) continue;
      return false;
    }
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1); // NaN past the end: unpaired
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** Trimmed (blank → undefined), NFC-normalised; line breaks unified as LF in multi-line text. Non-strings pass through. */
export function normalizeInput(value: unknown, { multiline = false }: TextOptions = {}): unknown {
  const v = trimmed(value);
  if (typeof v !== "string") return v;
  const text = v.normalize("NFC");
  return multiline ? text.replace(/\r\n?/g, "\n") : text;
}

/** A string whose first check is "contém caracteres inválidos" (so it is the message shown). */
function cleanString(
  field: string,
  options: TextOptions = {},
  error: (issue: { input?: unknown }) => string = typeError(field),
): z.ZodString {
  return z.string({ error }).refine((s) => isCleanText(s, options), messages.characters(field));
}

/** Missing → `required`; present but of the wrong type → `default`. */
function typeError(field: string) {
  return (issue: { input?: unknown }): string => (issue.input === undefined ? messages.required(field) : messages.default(field));
}

type Field<T> = z.ZodType<T, unknown>;

/** Makes any builder optional: blank/missing → undefined, anything else must pass. */
export function optional<T>(schema: Field<T>): Field<T | undefined> {
  return z.preprocess(blankToUndefined, schema.optional());
}

// ---------------------------------------------------------------------------
// Text

export interface LengthOptions {
  min?: number;
  max?: number;
}

export interface StringOptions extends LengthOptions, TextOptions {}

function lengthChecked(field: string, { min, max }: LengthOptions, s: z.ZodString = z.string({ error: typeError(field) })): z.ZodString {
  let out = s;
  if (min !== undefined) out = out.min(min, messages.min(field, min));
  if (max !== undefined) out = out.max(max, messages.max(field, max));
  return out;
}

/** Required, trimmed, clean text (see "Text hygiene") with optional length limits. */
export function requiredString(field: string, options: StringOptions = {}): Field<string> {
  return z.preprocess((v) => normalizeInput(v, options), lengthChecked(field, options, cleanString(field, options)));
}

/** Optional, trimmed, clean text: blank → undefined. */
export function optionalString(field: string, options: StringOptions = {}): Field<string | undefined> {
  return z.preprocess((v) => normalizeInput(v, options), lengthChecked(field, options, cleanString(field, options)).optional());
}

/** Required e-mail, trimmed, NFC and lowercased (so sign-up and login compare equal). */
export function email(field: string): Field<string> {
  const emailError = (iss: { input?: unknown }) => (iss.input === undefined ? messages.required(field) : messages.email(field));
  return z.preprocess(
    (v) => {
      const t = normalizeInput(v);
      return typeof t === "string" ? t.toLowerCase() : t;
    },
    cleanString(field, {}, emailError).pipe(z.email({ error: emailError })),
  );
}

/** Required password, NOT trimmed (spaces are part of it); 8–128 characters by default. */
export function password(field: string, options: LengthOptions = {}): Field<string> {
  const { min = 8, max = 128 } = options;
  return z.preprocess(blankToUndefined, lengthChecked(field, { min, max }));
}

/** Clean text matching `re`; `formato inválido` otherwise. */
export function regex(field: string, re: RegExp): Field<string> {
  return z.preprocess((v) => normalizeInput(v), cleanString(field).pipe(z.string().regex(re, messages.regex(field))));
}

/** Exactly `n` digits (e.g. a bank agency): "numérico com exatamente N dígitos". */
export function digits(field: string, n: number): Field<string> {
  return z.preprocess(trimmed, z.string({ error: typeError(field) }).regex(new RegExp(`^\\d{${n}}$`), messages.digits(field, n)));
}

/** http(s) URL; "site.com.br" gets "https://" prepended, as people type it that way. */
export function url(field: string): Field<string> {
  const urlError = (iss: { input?: unknown }) => (iss.input === undefined ? messages.required(field) : messages.url(field));
  return z.preprocess(
    (v) => {
      const t = normalizeInput(v);
      return typeof t === "string" && !/^[a-z][a-z0-9+.-]*:/i.test(t) ? `https://${t}` : t;
    },
    cleanString(field, {}, urlError).pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: urlError })),
  );
}

/** One of a fixed list of values (selects, radios). */
export function oneOf<const V extends readonly [string, ...string[]]>(field: string, values: V): Field<V[number]> {
  return z.preprocess(
    trimmed,
    z.enum(values, {
      error: (iss) => (iss.input === undefined ? messages.required(field) : messages.one_of(field)),
    }),
  ) as Field<V[number]>;
}

// ---------------------------------------------------------------------------
// Brazilian documents — outputs are canonical (bare digits / uppercase CNPJ) for storage.

function document(field: string, isValid: (v: string) => boolean, normalize: (v: string) => string): Field<string> {
  return z.preprocess(
    trimmed,
    z
      .string({ error: typeError(field) })
      .refine(isValid, messages.default(field))
      .transform(normalize),
  );
}

/** CPF with valid check digits → "12345678909". */
export function cpf(field: string): Field<string> {
  return document(field, isValidCpf, onlyDigits);
}

/** CNPJ (numeric or alphanumeric) with valid check digits → "12ABC34501DE35". */
export function cnpj(field: string): Field<string> {
  return document(field, isValidCnpj, normalizeCnpj);
}

/** Either, decided by what was typed: 11 digits → CPF, 14 characters → CNPJ. */
export function cpfOrCnpj(field: string): Field<string> {
  return document(field, (v) => isValidCpf(v) || isValidCnpj(v), normalizeCnpj);
}

/** CEP → "01310100". */
export function cep(field: string): Field<string> {
  return document(field, isValidCep, onlyDigits);
}

/** Brazilian phone (DDD + number) → national digits "11912345678". */
export function phone(field: string): Field<string> {
  return document(field, isValidPhoneBR, nationalPhoneDigits);
}

// ---------------------------------------------------------------------------
// Numbers

export interface RangeOptions {
  min?: number;
  max?: number;
}

/** "1.000" (grouped) → 1000; "2,5" / "2.5" → 2.5; anything else stays a string and fails. */
function toNumber(value: unknown): unknown {
  const v = trimmed(value);
  if (typeof v !== "string") return v;
  if (/^[+-]?\d{1,3}(\.\d{3})+$/.test(v)) return Number(v.replace(/\./g, ""));
  if (/^[+-]?\d+([.,]\d+)?$/.test(v)) return Number(v.replace(",", "."));
  return v;
}

function numberTypeError(field: string) {
  return (issue: { input?: unknown }): string => (issue.input === undefined ? messages.required(field) : messages.numeric(field));
}

function ranged(s: z.ZodNumber, field: string, { min, max }: RangeOptions, show: (n: number) => Limit = (n) => n) {
  let out = s;
  if (min !== undefined) out = out.min(min, messages.min_value(field, show(min)));
  if (max !== undefined) out = out.max(max, messages.max_value(field, show(max)));
  return out;
}

/** Whole number from a form string or a number ("1.000" → 1000; "2,5" → `integer` error). */
export function intValue(field: string, options: RangeOptions = {}): Field<number> {
  const base = z.number({ error: numberTypeError(field) }).int(messages.integer(field));
  return z.preprocess(toNumber, ranged(base, field, options));
}

/** Decimal number from a form string ("2,5") or a number. */
export function numberValue(field: string, options: RangeOptions = {}): Field<number> {
  return z.preprocess(toNumber, ranged(z.number({ error: numberTypeError(field) }), field, options));
}

/**
 * Money as integer centavos. Strings are what a person typed, in reais
 * ("1.234,56", "R$ 10") → parsed with parseBRL; numbers are taken to be
 * centavos already (JSON from our own API) and must be integers.
 * `min`/`max` are centavos and are shown as "R$ 10,00" in messages.
 */
export function moneyCentavos(field: string, options: RangeOptions = {}): Field<number> {
  const base = z.number({ error: numberTypeError(field) }).int(messages.default(field));
  return z.preprocess(
    (value) => {
      const v = trimmed(value);
      return typeof v === "string" ? (parseBRL(v) ?? v) : v;
    },
    ranged(base, field, options, formatBRL),
  );
}

// ---------------------------------------------------------------------------
// Checkboxes

const TRUTHY = new Set(["on", "true", "1", "sim", "yes"]);

/** An HTML checkbox: "on" (or true/"true"/"1") → true; "off" → false; missing → `absent` (false unless said). */
export function checkbox(options: { absent?: boolean } = {}): Field<boolean> {
  return z.preprocess((raw) => {
    // Forms send a hidden "off" before the box, so an unticked box is still sent: the last value wins.
    const v = Array.isArray(raw) ? raw.at(-1) : raw;
    if (v === undefined) return options.absent ?? false;
    return typeof v === "string" ? TRUTHY.has(v.trim().toLowerCase()) : v === true;
  }, z.boolean());
}

/** A checkbox that must be ticked (terms, LGPD consent). */
export function accepted(field: string): Field<true> {
  return checkbox().refine((v): v is true => v === true, messages.accepted(field)) as Field<true>;
}

// ---------------------------------------------------------------------------
// Files

export interface FileOptions {
  /** Maximum size in KB (1 KB = 1024 bytes). */
  maxKb?: number;
  /** Accepted MIME types, e.g. ["application/pdf"]; "image/*" wildcards allowed. */
  mimes?: readonly string[];
  /** Accepted extensions without dot, e.g. ["pdf", "jpg"]. */
  extensions?: readonly string[];
  /** Must be an image (any image/* type). */
  image?: boolean;
}

/** A required uploaded file with size/type/extension limits. */
export function file(field: string, options: FileOptions = {}): Field<File> {
  const { maxKb, mimes, extensions, image } = options;
  return z.preprocess(
    blankToUndefined,
    z.instanceof(File, { error: typeError(field) }).superRefine((f, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: "custom", message });
      const type = f.type.toLowerCase();
      const ext = f.name.includes(".") ? (f.name.split(".").pop() ?? "").toLowerCase() : "";
      if (maxKb !== undefined && f.size > maxKb * 1024) fail(messages.size(field, maxKb));
      if (image && !type.startsWith("image/")) fail(messages.image(field));
      if (mimes && !mimes.some((m) => (m.endsWith("/*") ? type.startsWith(m.slice(0, -1)) : type === m)))
        fail(messages.mimes(field, mimes));
      if (extensions && !extensions.some((e) => e.toLowerCase().replace(/^\./, "") === ext)) fail(messages.ext(field, extensions));
    }),
  );
}

// ---------------------------------------------------------------------------
// Objects and results

/**
 * Requires `confirmation` to equal `field` (password + "confirmar senha").
 * The error goes on the confirmation field. It runs even when other fields
 * have errors, so the person sees every problem at once.
 */
export function confirmed<T extends z.ZodObject>(
  schema: T,
  field: keyof z.output<T> & string,
  confirmation: keyof z.output<T> & string,
  label?: string,
): T {
  return schema.superRefine(
    (data, ctx) => {
      const values = data as Record<string, unknown>;
      if (values[field] !== values[confirmation]) {
        ctx.addIssue({ code: "custom", path: [confirmation], message: messages.confirmed(label) });
      }
    },
    {
      when: (payload) =>
        typeof payload.value === "object" &&
        payload.value !== null &&
        !payload.issues.some((iss) => iss.path?.[0] === field || iss.path?.[0] === confirmation),
    },
  );
}

/** Key under which `formErrors` puts errors that belong to no field. */
export const FORM_ERROR_KEY = "_form";

/** First message per field; nested paths joined by "." ("enderecos.0.cep"). */
export function formErrors(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : FORM_ERROR_KEY;
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** FormData/URLSearchParams → plain object; a repeated key becomes an array. */
export function formDataToObject(form: FormData | URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

export type FormValidation<T> = { ok: true; data: T } | { ok: false; errors: Record<string, string> };

/** Parse a submitted form (or a plain object) and return data or field errors. */
export function validateForm<T>(
  schema: z.ZodType<T, unknown>,
  input: FormData | URLSearchParams | Record<string, unknown>,
): FormValidation<T> {
  const value = input instanceof FormData || input instanceof URLSearchParams ? formDataToObject(input) : input;
  const result = schema.safeParse(value);
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: formErrors(result) };
}
