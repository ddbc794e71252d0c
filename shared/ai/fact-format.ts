import { formatNumber } from "../format.ts";

/**
 * How a fact reads in a pt-BR caption ("R$ 850.000", "3 quartos", "120 m²"): the one formatter
 * the facts, the template generator and the checker's tests share. Pure and client-safe. Spaces
 * are plain U+0020 (formatNumber normalises Intl's), so text comparisons hold.
 */

/** "R$ 850.000" for whole reais, "R$ 49,90" otherwise (a caption drops ",00"). */
export function formatMoneyShort(centavos: number): string {
  const reais = Math.trunc(centavos / 100);
  const cents = Math.abs(centavos % 100);
  const whole = formatNumber(Math.abs(reais), { maximumFractionDigits: 0 });
  return `${centavos < 0 ? "-" : ""}R$ ${whole}${cents ? `,${String(cents).padStart(2, "0")}` : ""}`;
}

/** "120 m²", "72,5 m²". */
export function formatArea(m2: number): string {
  return `${formatNumber(m2, { maximumFractionDigits: 2 })} m²`;
}

/** "1 quarto" / "3 quartos": the count and the noun in its number. */
export function formatCount(n: number, singular: string, plural: string): string {
  return `${formatNumber(n, { maximumFractionDigits: 3 })} ${n === 1 ? singular : plural}`;
}

/** "10º andar". */
export function formatFloor(n: number): string {
  return `${n}º andar`;
}

/** "piscina, churrasqueira e varanda gourmet". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} e ${items.at(-1)}`;
}

/** A label as it reads mid-sentence: "Varanda gourmet" → "varanda gourmet" (acronyms such as "IPTU" keep their case). */
export function midSentence(label: string): string {
  const [first = "", second = ""] = [...label];
  return second && second === second.toLocaleUpperCase("pt-BR") && /\p{L}/u.test(second)
    ? label
    : first.toLocaleLowerCase("pt-BR") + label.slice(first.length);
}

/** A free text's sentences, as the template quotes them and the checker recognises them quoted. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?;\n])\s+/u)
    .map((s) => s.trim())
    .filter(Boolean);
}
