import { normalizeText, words } from "../search.ts";

/**
 * The place names a text states: those that follow a place cue ("📍 Pinheiros", "no bairro
 * Moema", "localizado na Vila Mariana", "região do Itaim") and any of the business's other known
 * places written anywhere. The fact checker allows only the record's own bairro, cidade and UF.
 * A place the text names without a cue and that the business has never listed is beyond what
 * code can tell from an ordinary word (ADR 053 says so). Pure and client-safe.
 */

export interface PlaceMention {
  nome: string;
  inicio: number;
  fim: number;
}

const WORD = String.raw`\p{Lu}[\p{L}\p{M}'’-]*`;
/** Words on one line: "Vila Nova Conceição", "Jardim das Flores" (a name never spans a line break). */
const NAME = String.raw`${WORD}(?:[ \t]+(?:(?:d[aeo]s?|e)[ \t]+)?${WORD})*`;
const CUE = String.raw`📍[ \t]*|\b[Bb]airro[ \t]+(?:d[aeo]s?[ \t]+)?|\b[Ll]ocalizad[oa]s?[ \t]+(?:n[oa]s?|em)[ \t]+|\b[Rr]egi[aã]o[ \t]+(?:d[aeo]s?[ \t]+)?|\b[Ee]m[ \t]+pleno[ \t]+|\b[Cc]ora[çc][aã]o[ \t]+d[aeo]s?[ \t]+|\b[Pp]ertinho[ \t]+d[aeo]s?[ \t]+`;
/** A cue, then names separated by commas, hyphens or slashes ("📍 Pinheiros, São Paulo - SP"). */
const CUED = new RegExp(String.raw`(?:${CUE})(?<list>${NAME}(?:[ \t]*[,/–-][ \t]*${NAME})*)`, "gu");
const ONE_NAME = new RegExp(NAME, "gu");

/** The names after place cues, each with its position. */
export function cuedPlaces(text: string): PlaceMention[] {
  const out: PlaceMention[] = [];
  for (const m of text.matchAll(CUED)) {
    const list = m.groups?.list ?? "";
    const start = (m.index ?? 0) + m[0].length - list.length;
    for (const n of list.matchAll(ONE_NAME))
      out.push({ nome: n[0], inicio: start + (n.index ?? 0), fim: start + (n.index ?? 0) + n[0].length });
  }
  return out;
}

/** The text folded letter by letter (accents off, lower case), positions kept: what `occurrences` searches. */
export function foldText(text: string): string {
  // normalizeText keeps one character per letter for pt-BR text (accents drop, case folds), so indexes line up.
  return text.replace(/\p{L}\p{M}*/gu, (c) => {
    const folded = normalizeText(c);
    return folded.length === c.length ? folded : c;
  });
}

/** Where a known name occurs as whole words, accents and case aside (`folded` is `foldText(text)`). */
export function occurrences(text: string, name: string, folded: string = foldText(text)): PlaceMention[] {
  const key = normalizeText(name);
  if (!key) return [];
  const out: PlaceMention[] = [];
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
  for (const m of folded.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "gu"))) {
    out.push({ nome: text.slice(m.index ?? 0, (m.index ?? 0) + m[0].length), inicio: m.index ?? 0, fim: (m.index ?? 0) + m[0].length });
  }
  return out;
}

/**
 * A written name is one of the allowed places when its words are a run of that place's words,
 * accents and case aside ("Jd" of "Jd. Europa", "São Paulo" of "São Paulo - SP").
 */
export function partOfPlace(name: string, place: string): boolean {
  const a = words(name);
  const b = words(place);
  if (a.length === 0 || a.length > b.length) return false;
  for (let i = 0; i + a.length <= b.length; i++) if (a.every((w, j) => w === b[i + j])) return true;
  return false;
}
