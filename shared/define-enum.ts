/**
 * One definition of a list of values: each value with its pt-BR label and, where it shows as a
 * badge, its tone. The database column (`text(…, { enum: X.values })`), the zod schema
 * (`requiredOption(field, X)`), the form and filter options (`X.options`), the list cell
 * (`X.tone(value)`) and the API reference (the column's and the field's `enum`) all read it, so
 * a value is added in one place. Pure and without zod: any screen may import it.
 *
 * The key order is the values' order (the order forms list them in); where the order is stored
 * (a bit per value), append only.
 */

/** A badge's colour (the list cell and the detail header read it). */
export type Tone = "neutral" | "green" | "yellow" | "red" | "blue" | "purple";

export interface EnumEntry {
  label: string;
  tone?: Tone;
}

export interface EnumOption<V extends string = string> {
  value: V;
  label: string;
}

export interface Enum<V extends string, E extends EnumEntry = EnumEntry> {
  /** The values, as Drizzle's `text({ enum })` and `z.enum` take them. */
  readonly values: readonly [V, ...V[]];
  /** `{ value, label }` for selects, filters and the API's descriptions. */
  readonly options: readonly EnumOption<V>[];
  readonly entries: Readonly<Record<V, E>>;
  /** value → pt-BR label. */
  readonly labels: Readonly<Record<V, string>>;
  /** The pt-BR label; "" for no value, the value itself for one the list does not know. */
  label(value: string | null | undefined): string;
  /** The badge tone ("neutral" for a value without one). */
  tone(value: string | null | undefined): Tone;
  has(value: unknown): value is V;
  /** The same definition restricted to some values (what a person may choose by hand). */
  pick<P extends V>(values: readonly [P, ...P[]]): Enum<P, E>;
}

export function defineEnum<const E extends Record<string, EnumEntry>>(entries: E): Enum<Extract<keyof E, string>, E[keyof E]> {
  type V = Extract<keyof E, string>;
  return enumOf(entries as unknown as Record<V, E[keyof E]>, Object.keys(entries) as V[]);
}

function enumOf<V extends string, E extends EnumEntry>(entries: Record<V, E>, values: readonly V[]): Enum<V, E> {
  if (values.length === 0) throw new Error("defineEnum: a list needs at least one value");
  const known = new Set<string>(values);
  const has = (value: unknown): value is V => typeof value === "string" && known.has(value);
  return {
    values: values as readonly [V, ...V[]],
    options: values.map((value) => ({ value, label: entries[value].label })),
    entries,
    labels: Object.fromEntries(values.map((value) => [value, entries[value].label])) as Record<V, string>,
    label: (value) => (value ? (has(value) ? entries[value].label : value) : ""),
    tone: (value) => (has(value) ? (entries[value].tone ?? "neutral") : "neutral"),
    has,
    pick: (picked) => enumOf(entries, picked),
  };
}
