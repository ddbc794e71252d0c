import { z } from "zod";
import { isValidEan13, isValidPhoneBR } from "../documents.ts";
import { localInstant } from "../format.ts";
import { DEFAULT_TIME_ZONE } from "../time-zone.ts";
import { nationalPhoneDigits } from "../mask.ts";
import { normalizeText } from "../search.ts";
import { blankToUndefined, checkbox, isCleanText, messages, numberValue, optionalString } from "../validation.ts";
import { UFS } from "../organization/business-fields.ts";
import type { FieldDef, FilterOption } from "./types.ts";
import { ID_RE } from "../id.ts";

export const UF_OPTIONS: readonly FilterOption[] = UFS.map((uf) => ({ value: uf, label: uf }));

/** A boolean filter's choices. */
export const YES_NO_OPTIONS: readonly FilterOption[] = [
  { value: "sim", label: "Sim" },
  { value: "nao", label: "Não" },
];

/** The label of an option value ("pf" → "Pessoa física"); the value itself when unknown, "" for none. */
export function optionLabel(options: readonly FilterOption[], value: string | null | undefined): string {
  return value ? (options.find((o) => o.value === value)?.label ?? value) : "";
}

/**
 * zod pieces shared by resource schemas. Client-safe. Every schema here accepts what a browser
 * form submits (strings; dotted names such as `telefones.0.numero`), what the JSON API sends
 * (arrays, booleans) and what a CSV cell holds (pt-BR labels, `dd/mm/aaaa`).
 */

/**
 * `{ "telefones.0.numero": "…" }` → `{ telefones: [{ numero: "…" }] }`. Form inputs named with
 * dotted paths come back nested, and zod's error paths (`telefones.0.numero`) name the same input.
 */
export function unflatten(input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!key.includes(".")) {
      out[key] = value;
      continue;
    }
    const parts = key.split(".");
    // Never walk into prototypes: such a key is dropped.
    if (parts.some((p) => p === "__proto__" || p === "constructor" || p === "prototype")) continue;
    let node: Record<string, unknown> = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next !== "object" || next === null || Array.isArray(next)) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1) as string] = value;
  }
  return out;
}

/** `{ "0": a, "1": b }` (unflattened form rows) → `[a, b]`, ordered by index. */
function indexedToArray(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value);
  if (!entries.every(([k]) => /^\d{1,3}$/.test(k))) return value;
  return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, v]) => v);
}

/** A JSON-encoded array in a hidden input or a CSV cell. */
function parseJsonArray(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (!text.startsWith("[")) return value;
  try {
    return JSON.parse(text);
  } catch {
    return value;
  }
}

function optionLookup(options: readonly FilterOption[]): Map<string, string> {
  const byText = new Map<string, string>();
  for (const option of options) {
    byText.set(normalizeText(option.value), option.value);
    byText.set(normalizeText(option.label), option.value);
  }
  return byText;
}

/** A list of values and their labels: an enum (shared/define-enum.ts), or any `{ values, options }`. */
export interface OptionList<V extends readonly [string, ...string[]]> {
  values: V;
  options: readonly FilterOption[];
}

/**
 * One of the list's values, given by value ("indicacao") or by label as people type it in a
 * spreadsheet ("Indicação", "INDICACAO"). Blank → undefined.
 */
export function optionalOption<const V extends readonly [string, ...string[]]>(
  field: string,
  { values, options }: OptionList<V>,
): z.ZodType<V[number] | undefined, unknown> {
  const byText = optionLookup(options);
  return z.preprocess((v) => {
    const b = blankToUndefined(v);
    return typeof b === "string" ? (byText.get(normalizeText(b)) ?? b) : b;
  }, z.enum(values, { error: () => messages.one_of(field) }).optional()) as z.ZodType<V[number] | undefined, unknown>;
}

/** Required variant of `optionalOption`: missing → `required`, anything else unknown → `one_of`. */
export function requiredOption<const V extends readonly [string, ...string[]]>(
  field: string,
  { values, options }: OptionList<V>,
): z.ZodType<V[number], unknown> {
  const byText = optionLookup(options);
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === "string" ? (byText.get(normalizeText(b)) ?? b) : b;
    },
    z.enum(values, { error: (iss) => (iss.input === undefined ? messages.required(field) : messages.one_of(field)) }),
  ) as z.ZodType<V[number], unknown>;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const BR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A calendar date ("aaaa-mm-dd" from `<input type="date">`, or "dd/mm/aaaa") → "aaaa-mm-dd".
 * `past`: not after `today` (birthdays). Blank → undefined.
 */
export function optionalDate(
  field: string,
  options: { past?: boolean; today?: () => string } = {},
): z.ZodType<string | undefined, unknown> {
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      if (typeof b !== "string") return b;
      const text = b.trim();
      const br = BR_DATE.exec(text);
      if (br) return `${br[3]}-${(br[2] as string).padStart(2, "0")}-${(br[1] as string).padStart(2, "0")}`;
      return text;
    },
    z
      .string({ error: () => messages.default(field) })
      .refine((s) => {
        const m = ISO_DATE.exec(s);
        if (!m) return false;
        const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
        const date = new Date(Date.UTC(y, mo - 1, d));
        if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return false;
        if (y < 1900) return false;
        if (options.past) {
          const today = options.today?.() ?? new Date().toISOString().slice(0, 10);
          if (s > today) return false;
        }
        return true;
      }, messages.default(field))
      .optional(),
  );
}

/**
 * Tags from an array, a JSON array or "vip, investidor; indicação" → trimmed, NFC, de-duplicated
 * (case/accents). A tag with a control character or an unpaired surrogate is refused.
 */
export function tags(field: string, { max = 20, maxLength = 30 } = {}): z.ZodType<string[], unknown> {
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(parseJsonArray(v));
      if (b === undefined) return [];
      const list = Array.isArray(b) ? b : typeof b === "string" ? b.split(/[,;]/) : b;
      if (!Array.isArray(list)) return list;
      const seen = new Set<string>();
      const out: unknown[] = [];
      for (const item of list) {
        if (typeof item !== "string") {
          out.push(item);
          continue;
        }
        const tag = item.normalize("NFC").trim().replace(/\s+/g, " ");
        const key = normalizeText(tag);
        if (!tag || seen.has(key)) continue;
        seen.add(key);
        out.push(tag);
      }
      return out;
    },
    z
      .array(
        z
          .string({ error: () => messages.default(field) })
          .refine((t) => isCleanText(t), messages.characters(field))
          .max(maxLength, messages.max(field, maxLength)),
        {
          error: () => messages.default(field),
        },
      )
      .max(max, `O campo ${field} aceita no máximo ${max} itens`),
  );
}

export interface PhoneInput {
  numero: string;
  whatsapp: boolean;
  rotulo?: string | undefined;
}

/**
 * Phones: `[{ numero, whatsapp, rotulo }]` from JSON, from form rows (`telefones.0.numero`,
 * `telefones.0.whatsapp`…), from a JSON string, or a CSV cell "(11) 91234-5678, (11) 3123-4567".
 * Rows with a blank number are dropped; numbers come out as national digits.
 */
export function phones(field: string, { max = 5 } = {}): z.ZodType<PhoneInput[], unknown> {
  const row = z.object({
    numero: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z
        .string({ error: () => messages.default(field) })
        .refine(isValidPhoneBR, messages.default(field))
        .transform(nationalPhoneDigits),
    ),
    whatsapp: checkbox(),
    rotulo: optionalString("Rótulo", { max: 30 }),
  });
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(indexedToArray(parseJsonArray(v)));
      if (b === undefined) return [];
      if (typeof b === "string") {
        return b
          .split(/[,;|]/)
          .map((n) => n.trim())
          .filter(Boolean)
          .map((numero) => ({ numero, whatsapp: false }));
      }
      if (!Array.isArray(b)) return b;
      return b.filter((item) => {
        if (typeof item !== "object" || item === null) return true;
        const numero = (item as { numero?: unknown }).numero;
        return !(numero === undefined || numero === null || (typeof numero === "string" && numero.trim() === ""));
      });
    },
    z.array(row, { error: () => messages.default(field) }).max(max, `O campo ${field} aceita no máximo ${max} números`),
  );
}

/** An id of another record chosen in a select (e.g. the client's company). Blank → undefined. */
export function optionalId(field: string): z.ZodType<string | undefined, unknown> {
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === "string" ? b.trim() : b;
    },
    z
      .string({ error: () => messages.default(field) })
      .regex(ID_RE, messages.default(field))
      .optional(),
  );
}

/** An EAN-13 barcode (check digit validated) → its 13 digits. Blank → undefined. */
export function optionalBarcode(field: string): z.ZodType<string | undefined, unknown> {
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === "string" ? b.replace(/[\s-]/g, "") : b;
    },
    z
      .string({ error: () => messages.default(field) })
      .refine(isValidEan13, messages.default(field))
      .optional(),
  );
}

/** A quantity with at most three decimals ("1,5" → 1.5); `signed` allows negatives but never zero. */
export function quantityValue(field: string, options: { min?: number; max?: number; signed?: boolean } = {}): z.ZodType<number, unknown> {
  const { signed = false, max = 1_000_000_000 } = options;
  const min = options.min ?? (signed ? -max : 0);
  return numberValue(field, { min, max })
    .refine((n) => Number.isInteger(Math.round(n * 1000)) && Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, {
      message: `O campo ${field} aceita no máximo 3 casas decimais`,
    })
    .refine((n) => !signed || n !== 0, { message: `O campo ${field} não pode ser zero` }) as z.ZodType<number, unknown>;
}

const LOCAL_DATETIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/;
const BR_DATETIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * A wall-clock moment typed by a person ("aaaa-mm-ddTHH:mm" from `datetime-local`, or
 * "dd/mm/aaaa HH:mm" from a CSV) → the ISO instant it means in `zone`; null for anything else
 * (an ISO instant with its offset is already one). shared/time-zone.ts decides gaps and overlaps.
 */
export function localDateTimeInstant(text: string, zone: string): string | null {
  const local = LOCAL_DATETIME.exec(text);
  const br = local ? null : BR_DATETIME.exec(text);
  const day = local
    ? (local[1] as string)
    : br
      ? `${br[3]}-${(br[2] as string).padStart(2, "0")}-${(br[1] as string).padStart(2, "0")}`
      : null;
  const time = local ? (local[2] as string) : br ? `${(br[4] ?? "12").padStart(2, "0")}:${br[5] ?? "00"}` : null;
  if (!day || !time || ISO_INSTANT.test(text) || !validDay(day)) return null;
  try {
    return localInstant(day, time, zone).toISOString();
  } catch {
    return null; // 25:00, 10:75: not a time (the schema says so)
  }
}

/**
 * The datetime fields of a record's input, read in the organização's zone before validation
 * (the schema itself, shared with the browser, knows no organização: it reads São Paulo's).
 * Values that are not a typed wall-clock time are left for the schema to judge.
 */
export function dateTimesInZone(fields: readonly FieldDef[], input: Record<string, unknown>, zone: string): Record<string, unknown> {
  let out = input;
  for (const field of fields) {
    const value = input[field.name];
    if (field.kind !== "datetime" || typeof value !== "string") continue;
    const instant = localDateTimeInstant(value.trim(), zone);
    if (instant) out = { ...out, [field.name]: instant };
  }
  return out;
}

/**
 * A moment: "aaaa-mm-ddTHH:mm" (`datetime-local`), "dd/mm/aaaa HH:mm" (CSV), or an ISO instant
 * with its offset (API) → ISO instant (UTC). Between 2000 and a day from now. A wall-clock time
 * reaching the schema is read in São Paulo; the server reads it first in the organização's zone
 * (`dateTimesInZone`).
 */
export function dateTime(field: string, options: { now?: () => Date } = {}): z.ZodType<string, unknown> {
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      if (typeof b !== "string") return b;
      const text = b.trim();
      if (LOCAL_DATETIME.test(text) && !ISO_INSTANT.test(text)) return localDateTimeInstant(text, DEFAULT_TIME_ZONE) ?? text;
      if (BR_DATETIME.test(text)) return localDateTimeInstant(text, DEFAULT_TIME_ZONE) ?? text;
      if (ISO_INSTANT.test(text)) {
        const t = Date.parse(text);
        return Number.isNaN(t) ? text : new Date(t).toISOString();
      }
      return text;
    },
    z.string({ error: (iss) => (iss.input === undefined ? messages.required(field) : messages.default(field)) }).refine((s) => {
      if (!/Z$/.test(s)) return false;
      const t = Date.parse(s);
      const now = options.now?.() ?? new Date();
      return !Number.isNaN(t) && t >= Date.UTC(2000, 0, 1) && t <= now.getTime() + 86_400_000;
    }, messages.default(field)),
  );
}

function validDay(day: string): boolean {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** Keys of an API body that the resource has no field for (misspelt or invented): refused by name. */
export function unknownFields(body: unknown, known: ReadonlySet<string>): string[] {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return [];
  return Object.keys(body).filter((key) => !known.has(key) && !known.has(key.split(".")[0] as string));
}
