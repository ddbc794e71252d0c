/**
 * The numbers a pt-BR text states, read the ways people write them: prices ("R$ 850 mil",
 * "R$ 850.000,00", "850 mil reais", "R$ 1,2 milhão"), areas ("120 m²", "120m2", "2 hectares"),
 * counts ("3 quartos", "três dormitórios", "2 vagas"), floors ("10º andar"), percentages, years
 * and any other number. The fact checker (fact-check.ts) compares each with the record's facts.
 * Pure and client-safe.
 */

export type MentionKind = "dinheiro" | "area" | "contagem" | "andar" | "percentual" | "ano" | "numero";

export interface NumberMention {
  tipo: MentionKind;
  /** Centavos (dinheiro), m² (area), the count, the floor, the percent, the year or the number. */
  valor: number;
  /** For a count: the fields its noun may mean ("dormitórios" → quartos). */
  campos: readonly string[];
  /** The words as written. */
  trecho: string;
  inicio: number;
  fim: number;
}

const WORD_NUMBERS: Record<string, number> = {
  um: 1,
  uma: 1,
  dois: 2,
  duas: 2,
  tres: 3,
  quatro: 4,
  cinco: 5,
  seis: 6,
  sete: 7,
  oito: 8,
  nove: 9,
  dez: 10,
  onze: 11,
  doze: 12,
  treze: 13,
  catorze: 14,
  quatorze: 14,
  quinze: 15,
  dezesseis: 16,
  dezessete: 17,
  dezoito: 18,
  dezenove: 19,
  vinte: 20,
};

const NUM = String.raw`\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+(?:[.,]\d+)?`;
const WORD_NUM =
  "um|uma|dois|duas|tr[eê]s|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|catorze|quatorze|quinze|dezesseis|dezessete|dezoito|dezenove|vinte";
const MULT = String.raw`mil(?:h(?:[aã]o|[oõ]es))?|mi(?![\p{L}])|k(?![\p{L}])`;
const AMOUNT = String.raw`(?<n>${NUM}|(?<![\p{L}])(?:${WORD_NUM}))(?:\s*(?<m>${MULT}))?`;
/** Digits only (the bare numbers left once the named forms are read). */
const DIGITS = new RegExp(String.raw`(?<n>${NUM})(?:\s*(?<m>${MULT}))?`, "gu");

/** Nouns that count something, and the fields each may mean. */
const COUNT_NOUNS: readonly [RegExp, readonly string[]][] = [
  [/^(?:quartos?|dormit[oó]rios?|dorms?)$/iu, ["quartos"]],
  [/^su[ií]tes?$/iu, ["suites"]],
  [/^(?:banheiros?|wcs?)$/iu, ["banheiros"]],
  [/^(?:vagas?|garagens?)$/iu, ["vagas"]],
  [/^(?:fotos?|imagens?)$/iu, ["fotos"]],
  [/^(?:unidades?|caixas?|pacotes?|resmas?|milheiros?|kg|quilos?|g|gramas?|l|litros?|ml|m|metros?)$/iu, ["estoque"]],
  [/^(?:lavabos?|salas?|varandas?|andares|pavimentos|ambientes|c[oô]modos|piscinas?|elevadores?|torres|blocos)$/iu, []],
];
/** A count's noun may carry one adjective first ("3 amplos quartos"). */
const COUNT = new RegExp(
  String.raw`${AMOUNT}\s+(?:(?:amplos?|amplas?|grandes|bons|boas|[oó]timos?|[oó]timas?|confort[aá]veis|espa[çc]os[oa]s?|lindos?|lindas?)\s+)?(?<noun>[\p{L}]+)`,
  "giu",
);

const PATTERNS: readonly [MentionKind, RegExp][] = [
  ["dinheiro", new RegExp(String.raw`R\$\s*${AMOUNT}(?:\s+(?:de\s+)?reais)?`, "giu")],
  ["dinheiro", new RegExp(String.raw`${AMOUNT}\s+(?:de\s+)?reais`, "giu")],
  ["area", new RegExp(String.raw`${AMOUNT}\s*(?<u>m²|m2|m\^2|metros?\s+quadrados?|ha(?![\p{L}])|hectares?)`, "giu")],
  ["andar", /(?<n>\d{1,3})\s*[º°o]?\s*andar/giu],
  ["percentual", new RegExp(String.raw`${AMOUNT}\s*(?:%|por\s*cento)`, "giu")],
];

/** "850.000,50" → 850000.5; "1,2" → 1.2; "1.2" → 1.2; "três" → 3. */
export function parseAmount(raw: string): number {
  const lower = raw.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  if (lower in WORD_NUMBERS) return WORD_NUMBERS[lower] as number;
  if (/^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(raw)) return Number(raw.replace(/\./g, "").replace(",", "."));
  return Number(raw.replace(",", "."));
}

function multiplier(m: string | undefined): number {
  if (!m) return 1;
  const lower = m.toLowerCase();
  if (lower === "mil" || lower === "k") return 1_000;
  return 1_000_000; // milhão, milhões, mi
}

interface Taken {
  inicio: number;
  fim: number;
}

const overlaps = (taken: readonly Taken[], a: number, b: number) => taken.some((t) => a < t.fim && b > t.inicio);

/** Every number the text states, each once (a price's digits are not also a bare number). */
export function numberMentions(text: string): NumberMention[] {
  const found: NumberMention[] = [];
  const push = (tipo: MentionKind, valor: number, campos: readonly string[], m: RegExpMatchArray) => {
    const inicio = m.index ?? 0;
    const fim = inicio + m[0].length;
    if (!overlaps(found, inicio, fim) && Number.isFinite(valor)) found.push({ tipo, valor, campos, trecho: m[0].trim(), inicio, fim });
  };
  for (const [tipo, pattern] of PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const g = m.groups ?? {};
      const n = parseAmount(g.n ?? "");
      if (tipo === "dinheiro") push(tipo, Math.round(n * multiplier(g.m) * 100), [], m);
      else if (tipo === "area") push(tipo, /^h/i.test(g.u ?? "") ? n * multiplier(g.m) * 10_000 : n * multiplier(g.m), [], m);
      else push(tipo, n * multiplier(g.m), [], m);
    }
  }
  for (const m of text.matchAll(COUNT)) {
    const noun = m.groups?.noun ?? "";
    const entry = COUNT_NOUNS.find(([re]) => re.test(noun));
    if (!entry) continue;
    // "2 lavabos" states a number no field holds; "uma sala" or "uma piscina" is an article, not a count.
    // "Mais uma foto" is an idiom, not a photo count: photos are counted only in digits.
    if ((entry[1].length === 0 || entry[1].includes("fotos")) && !/\d/.test(m.groups?.n ?? "")) continue;
    push("contagem", parseAmount(m.groups?.n ?? "") * multiplier(m.groups?.m), entry[1], m);
  }
  // Whatever digits are left: a year, or a bare number ("a 5 minutos", "850 mil").
  for (const m of text.matchAll(DIGITS)) {
    const inicio = m.index ?? 0;
    if (overlaps(found, inicio, inicio + m[0].length)) continue;
    if (/[\p{L}]/u.test(text[inicio - 1] ?? "") && !/\s/.test(text[inicio - 1] ?? " ")) continue; // inside a word ("AP0012", "CP-II")
    const n = parseAmount(m.groups?.n ?? "") * multiplier(m.groups?.m);
    const yearLike = /^(?:19|20)\d{2}$/.test(m.groups?.n ?? "") && !m.groups?.m;
    // "850 mil" alone is money talk (reais): compared with the prices.
    if (m.groups?.m) push("dinheiro", Math.round(n * 100), [], m);
    else push(yearLike ? "ano" : "numero", n, [], m);
  }
  return found.sort((a, b) => a.inicio - b.inicio);
}
