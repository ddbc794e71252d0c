/**
 * What a money rule answers: the value, or why it refuses in pt-BR (the form shows the text as
 * is). A rule never throws on what a person typed; it throws only on a programming error (a
 * non-integer centavo amount reaching it).
 */
export type MoneyResult<T> = { ok: true; value: T } | { ok: false; error: string };

export function accept<T>(value: T): MoneyResult<T> {
  return { ok: true, value };
}

export function refuse<T>(error: string): MoneyResult<T> {
  return { ok: false, error };
}
