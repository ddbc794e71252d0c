import type { FormEvent } from "react";
import { formatBRL, parseBRL } from "../../../shared/format.ts";

/**
 * Live masks for money and decimal inputs, pt-BR (our own few lines; no dependency). The input
 * keeps what the person typed, in the shape the schema and `normalizeListParams` read back:
 * money "R$ 1.234,56" (parsed by `parseBRL`), numbers "2,5".
 */

const MAX_INTEGER_DIGITS = 13;

/**
 * "1234,5" → "R$ 1.234,5"; "R$ 1.2345" → "R$ 12.345"; "" → "". Dots are the mask's own thousands
 * separators; the first comma starts the centavos (two at most). A dot typed last (some phone
 * keypads have no comma) becomes the comma.
 */
export function maskMoneyInput(raw: string, { prefix = true }: { prefix?: boolean } = {}): string {
  let v = raw
    .replace(/R\$/gi, "")
    .replace(/\s/g, "")
    .replace(/[\u2212\u2013]/g, "-");
  const negative = v.startsWith("-");
  v = v.replace(/-/g, "");
  if (!v.includes(",") && v.endsWith(".")) v = `${v.slice(0, -1)},`;
  const comma = v.indexOf(",");
  const digits = (comma >= 0 ? v.slice(0, comma) : v)
    .replace(/\D/g, "")
    .replace(/^0+(?=\d)/, "")
    .slice(0, MAX_INTEGER_DIGITS);
  const cents =
    comma >= 0
      ? v
          .slice(comma + 1)
          .replace(/\D/g, "")
          .slice(0, 2)
      : null;
  if (!digits && cents === null) return "";
  const grouped = (digits || "0").replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${negative ? "-" : ""}${prefix ? "R$ " : ""}${cents === null ? grouped : `${grouped},${cents}`}`;
}

/** Centavos as the money input shows them: "R$ 1.234,56" (or "1.234,56" without the prefix). */
export function moneyInputText(centavos: number, { prefix = true }: { prefix?: boolean } = {}): string {
  const text = formatBRL(centavos);
  return prefix ? text : text.replace("R$ ", "");
}

/** The money input's `onInput`: the live mask; pasted text is read as a whole ("1234.56" → "R$ 1.234,56"). */
export function onMoneyInput(event: FormEvent<HTMLInputElement>, options: { prefix?: boolean } = {}): void {
  const el = event.currentTarget;
  const inputType = (event.nativeEvent as InputEvent).inputType;
  const pasted = inputType === "insertFromPaste" || inputType === "insertFromDrop" || inputType === "insertReplacementText";
  const parsed = pasted ? parseBRL(el.value) : null;
  el.value = parsed !== null ? moneyInputText(parsed, options) : maskMoneyInput(el.value, options);
}

/** The money input's `onBlur`: completes the centavos ("R$ 1.500" → "R$ 1.500,00"). */
export function completeMoneyInput(el: HTMLInputElement, options: { prefix?: boolean } = {}): void {
  const parsed = el.value.trim() ? parseBRL(el.value) : null;
  if (parsed !== null) el.value = moneyInputText(parsed, options);
}

/**
 * Digits with at most `decimals` decimal places after a comma ("." typed is shown as the comma);
 * `decimals` 0 keeps digits only. A leading minus ("-", or "−" as pt-BR hints write it) stays.
 */
export function maskDecimalInput(raw: string, decimals: number): string {
  let v = raw.replace(/\s/g, "").replace(/[\u2212\u2013]/g, "-");
  const negative = v.startsWith("-");
  v = v.replace(/-/g, "");
  const sign = negative ? "-" : "";
  const sep = v.search(/[.,]/);
  if (decimals <= 0 || sep < 0) return sign + v.replace(/\D/g, "").slice(0, 15);
  const int = v.slice(0, sep).replace(/\D/g, "").slice(0, 15);
  const frac = v
    .slice(sep + 1)
    .replace(/\D/g, "")
    .slice(0, decimals);
  return `${sign}${int},${frac}`;
}

/** How many decimals an input's `step` allows: "1" → 0, "0.01" → 2, "0,5" → 1, "any" → 6. */
export function decimalsOfStep(step: string | undefined): number {
  if (!step || step === "1") return 0;
  if (step === "any") return 6;
  const sep = step.search(/[.,]/);
  return sep < 0 ? 0 : Math.min(6, step.length - sep - 1);
}
