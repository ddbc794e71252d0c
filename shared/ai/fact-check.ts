import { PROPERTY_FEATURE } from "../enums/real-estate.ts";
import { formatNumber } from "../format.ts";
import { normalizeText } from "../search.ts";
import { sentencesOf } from "./fact-format.ts";
import { AREA_FIELDS, type Fact, type FactSheet, MONEY_FIELDS, PLACE_FIELDS } from "./facts.ts";
import { type NumberMention, numberMentions } from "./number-mentions.ts";
import { cuedPlaces, foldText, occurrences, partOfPlace } from "./place-mentions.ts";

/**
 * The fact checker (ADR 053): every number and every place a generated text states must come
 * from the record's facts, and every claim the generator returns (`{ trecho, campo }`) must be
 * borne out by the fact it names. What it finds is a violation with a pt-BR reason; a variant
 * with one is rejected (or regenerated once) before anyone sees it. Pure and client-safe.
 *
 * Numbers that are not facts but are allowed, on purpose: the business's WhatsApp (any way it is
 * written), links, @mentions, the record's code, the CRECI, the digits inside a feature's name
 * ("Portaria 24h"), keycap emojis (1️⃣) and anything quoted verbatim from the record's own free
 * texts (title, description, product name and category: the corretor wrote them). Hashtags are
 * free words, except a count glued in one (#4quartos is checked like "4 quartos"). A date is
 * never a fact of a record: a post that names one is rejected.
 */

export type TextPart = "legenda" | "chamada" | "primeiroComentario" | "textoAlternativo" | "hashtags" | "afirmacoes";

export interface Violation {
  onde: TextPart;
  trecho: string;
  motivo: string;
}

/** The texts of a post variant the checker reads (the contract's shape, see contracts.ts). */
export interface CheckedVariant {
  legenda: string;
  hashtags: readonly string[];
  chamada: string;
  textosAlternativos: readonly string[];
  primeiroComentario: string | null;
  afirmacoes: readonly { trecho: string; campo: string }[];
}

const FREE_TEXT_FIELDS = ["titulo", "descricao", "nome", "categoria", "tema"];
/** Facts whose text is allowed only as written (their digits are no count, price or area). */
const LITERAL_FIELDS: ReadonlySet<string> = new Set(["codigo", "duracao"]);
const URLS = /\b(?:https?:\/\/|www\.)[^\s]+/giu;
const MENTIONS = /(?<![\p{L}\p{N}_.])@[A-Za-z0-9._]+/gu;
const KEYCAPS = /\d\uFE0F?\u20E3/gu;

/** Blanks a span out (same length, so positions hold). */
const blank = (text: string, start: number, end: number) => text.slice(0, start) + " ".repeat(end - start) + text.slice(end);

function blankAll(text: string, pattern: RegExp): string {
  return text.replace(pattern, (m) => " ".repeat(m.length));
}

/** "(11) 91234-5678", "11 91234 5678", "+55 11 912345678"…: the digits with any separators. */
function phonePattern(digits: string): RegExp {
  const body = [...digits].map((d) => d).join(String.raw`[\s().-]*`);
  return new RegExp(String.raw`(?:\+?55[\s().-]*)?\(?${body}`, "g");
}

/** The corretor's own words about the record: title, description, names, the photos' captions. */
function freeTexts(sheet: FactSheet): string[] {
  const photoCaptions = sheet.imagens.map((i) => i.legenda?.trim() ?? "").filter(Boolean);
  return [...sheet.fatos.filter((f) => FREE_TEXT_FIELDS.includes(f.campo)).map((f) => f.texto), ...photoCaptions];
}

/** The sentences of the record's free texts, quoted verbatim in a caption: the corretor's own words. */
function quotedSpans(sheet: FactSheet): string[] {
  const spans = [...freeTexts(sheet), sheet.negocio.nome].flatMap((t) => [t, ...sentencesOf(t)]);
  return [...new Set(spans.map((s) => s.trim()).filter((s) => s.length >= 3))].sort((a, b) => b.length - a.length);
}

/**
 * Features named without the record having them ("com piscina" when it has none). Only the
 * unambiguous ones: "jardim" is also a bairro's name, "escritório" the business's office.
 */
const CHECKED_FEATURES: readonly [string, RegExp][] = [
  ["piscina", /\bpiscinas?\b/iu],
  ["churrasqueira", /\bchurrasqueiras?\b/iu],
  ["elevador", /\belevador(?:es)?\b/iu],
  ["portaria_24h", /\bportaria 24\s?h(?:oras)?\b/iu],
  ["academia", /\bacademia\b/iu],
  ["salao_festas", /\bsal[aã]o de festas\b/iu],
  ["playground", /\bplayground\b/iu],
  ["varanda_gourmet", /\bvaranda gourmet\b/iu],
  ["ar_condicionado", /\bar[- ]condicionado\b/iu],
  ["armarios_planejados", /\barm[aá]rios planejados\b/iu],
  ["lareira", /\blareira\b/iu],
  ["vista_mar", /\bvista (?:para o|pro) mar\b/iu],
  ["closet", /\bclosets?\b/iu],
  ["energia_solar", /\benergia solar\b/iu],
  ["aceita_pets", /\baceita (?:pets|animais)\b/iu],
  ["mobiliado", /\b(?:mobiliad[oa]|com m[oó]veis)\b/iu],
  ["aceitaFinanciamento", /\baceita financiamento\b/iu],
  ["aceitaPermuta", /\baceita permuta\b/iu],
];

/** The record has this feature (a listed característica or a true flag such as mobiliado). */
function hasFeature(sheet: FactSheet, key: string): boolean {
  if (sheet.fatos.some((f) => f.campo === key)) return true;
  const features = sheet.fatos.find((f) => f.campo === "caracteristicas");
  const label = PROPERTY_FEATURE.has(key) ? PROPERTY_FEATURE.label(key) : null;
  return Boolean(label && Array.isArray(features?.valor) && (features.valor as string[]).includes(label));
}

/** The text with every allowed non-fact number blanked out. */
function maskAllowed(text: string, sheet: FactSheet): string {
  let out = blankAll(text, URLS);
  out = blankAll(out, MENTIONS);
  out = blankAll(out, KEYCAPS);
  if (sheet.negocio.whatsapp) out = blankAll(out, phonePattern(sheet.negocio.whatsapp));
  if (sheet.negocio.creci) out = out.replace(/CRECI[\s:nº°.-]*[\p{L}\p{N}./-]*/giu, (m) => " ".repeat(m.length));
  // The código, and a duration written as the record writes it ("1h30": its digits are not counts).
  const literal: string[] = [...quotedSpans(sheet), ...sheet.fatos.filter((f) => LITERAL_FIELDS.has(f.campo)).map((f) => f.texto)];
  if (sheet.negocio.creci) literal.push(sheet.negocio.creci);
  const features = sheet.fatos.find((f) => f.campo === "caracteristicas");
  if (features && Array.isArray(features.valor)) literal.push(...(features.valor as string[]).filter((l) => /\d/.test(l)));
  // A feature the record has, however written ("portaria 24 horas" for "Portaria 24h").
  for (const [key, pattern] of CHECKED_FEATURES) {
    if (hasFeature(sheet, key)) out = blankAll(out, new RegExp(pattern.source, "giu"));
  }
  const lower = out.toLocaleLowerCase("pt-BR");
  for (const piece of literal) {
    const needle = piece.toLocaleLowerCase("pt-BR");
    for (let at = lower.indexOf(needle); at >= 0 && needle; at = lower.indexOf(needle, at + needle.length)) {
      out = blank(out, at, at + needle.length);
    }
  }
  return out;
}

const money = (centavos: number) => {
  const reais = centavos / 100;
  return `R$ ${formatNumber(reais, { minimumFractionDigits: Number.isInteger(reais) ? 0 : 2, maximumFractionDigits: 2 })}`;
};

/** The facts of a kind, as the reason lists them ("Valor de venda: R$ 850.000"). */
function listed(facts: readonly Fact[]): string {
  return facts.map((f) => `${f.rotulo}: ${f.texto}`).join("; ");
}

/** Does this fact bear this number out? */
export function supports(fact: Fact, m: NumberMention): boolean {
  const value = typeof fact.valor === "number" ? fact.valor : null;
  switch (m.tipo) {
    case "dinheiro":
      return MONEY_FIELDS.has(fact.campo) && value === m.valor;
    case "area":
      return AREA_FIELDS.has(fact.campo) && value !== null && Math.abs(value - m.valor) < 0.005;
    case "contagem":
      return m.campos.includes(fact.campo) && value === m.valor;
    case "andar":
      return fact.campo === "andar" && value === m.valor;
    case "ano":
      return fact.campo === "anoConstrucao" && value === m.valor;
    case "percentual":
      return false; // no field holds a percentage
    default:
      return value === m.valor && !MONEY_FIELDS.has(fact.campo) && !AREA_FIELDS.has(fact.campo);
  }
}

/** Why a number is not borne out, in pt-BR. */
function numberReason(m: NumberMention, facts: readonly Fact[]): string {
  const of = (pick: (f: Fact) => boolean) => facts.filter(pick);
  switch (m.tipo) {
    case "dinheiro": {
      const known = of((f) => MONEY_FIELDS.has(f.campo));
      return known.length
        ? `“${m.trecho}” (${money(m.valor)}) não é nenhum valor do cadastro (${listed(known)}).`
        : `“${m.trecho}”: o cadastro não informa nenhum valor em reais.`;
    }
    case "area": {
      const known = of((f) => AREA_FIELDS.has(f.campo));
      return known.length
        ? `“${m.trecho}” não é nenhuma área do cadastro (${listed(known)}).`
        : `“${m.trecho}”: o cadastro não informa a área.`;
    }
    case "contagem": {
      const known = of((f) => m.campos.includes(f.campo));
      if (m.campos.length === 0) return `“${m.trecho}”: o cadastro não tem esse número.`;
      return known.length ? `“${m.trecho}” não confere com o cadastro (${listed(known)}).` : `“${m.trecho}”: o cadastro não informa isso.`;
    }
    case "andar": {
      const known = of((f) => f.campo === "andar");
      return known.length
        ? `“${m.trecho}” não confere com o cadastro (${listed(known)}).`
        : `“${m.trecho}”: o cadastro não informa o andar.`;
    }
    case "ano":
      return `“${m.trecho}”: nenhum fato do cadastro tem esse ano (um post não promete datas).`;
    case "percentual":
      return `“${m.trecho}”: o cadastro não tem esse percentual.`;
    default:
      return `O número “${m.trecho}” não vem de nenhum fato do cadastro.`;
  }
}

/** The record's own places: bairro, cidade, UF, and the business's name (which may contain a place). */
function ownPlaces(sheet: FactSheet): string[] {
  const places = sheet.fatos.filter((f) => PLACE_FIELDS.has(f.campo)).map((f) => f.texto);
  return [...places, sheet.negocio.nome, ...freeTexts(sheet).filter((t) => t.length <= 120)].filter(Boolean);
}

function placeReason(name: string, sheet: FactSheet): string {
  const own = sheet.fatos.filter((f) => f.campo === "bairro" || f.campo === "cidade").map((f) => f.texto);
  return own.length
    ? `“${name}” não é o bairro nem a cidade deste cadastro (${own.join(", ")}).`
    : `“${name}”: o cadastro não informa o lugar.`;
}

/** The violations of one text: numbers no fact bears out, and places that are not the record's. */
export function checkText(text: string, sheet: FactSheet, onde: TextPart): Violation[] {
  const source = text.normalize("NFC");
  const masked = maskAllowed(source, sheet);
  const free = freeTexts(sheet).map(normalizeText);
  const violations: Violation[] = [];
  for (const m of numberMentions(masked)) {
    if (sheet.fatos.some((f) => supports(f, m))) continue;
    // A number quoted from the corretor's own texts ("a 300 metros da praia") is theirs to say.
    if (free.some((t) => t.includes(normalizeText(m.trecho)))) continue;
    violations.push({ onde, trecho: m.trecho, motivo: numberReason(m, sheet.fatos) });
  }
  const own = ownPlaces(sheet);
  const seen = new Set<string>();
  for (const place of cuedPlaces(source)) {
    if (own.some((p) => partOfPlace(place.nome, p)) || seen.has(place.nome)) continue;
    seen.add(place.nome);
    violations.push({ onde, trecho: place.nome, motivo: placeReason(place.nome, sheet) });
  }
  violations.push(...featureViolations(source, sheet, onde));
  // The business's other places, written anywhere, once the record's own names are set aside.
  let rest = foldText(source);
  for (const p of own) for (const o of occurrences(source, p, rest)) rest = blank(rest, o.inicio, o.fim);
  for (const other of sheet.outrosLugares) {
    const found = occurrences(source, other, rest)[0];
    if (found && !seen.has(found.nome)) {
      seen.add(found.nome);
      violations.push({ onde, trecho: found.nome, motivo: placeReason(found.nome, sheet) });
    }
  }
  return violations;
}

function featureViolations(text: string, sheet: FactSheet, onde: TextPart): Violation[] {
  if (sheet.registro.tipo !== "imovel") return [];
  const own = freeTexts(sheet).map(normalizeText);
  const out: Violation[] = [];
  for (const [key, pattern] of CHECKED_FEATURES) {
    const match = pattern.exec(text);
    if (!match || hasFeature(sheet, key) || own.some((t) => t.includes(normalizeText(match[0])))) continue;
    out.push({ onde, trecho: match[0], motivo: `“${match[0]}”: o cadastro não informa isso deste imóvel.` });
  }
  return out;
}

/** Hashtags are free words, but a count glued in one ("#4quartos") is checked like "4 quartos". */
function checkHashtags(tags: readonly string[], sheet: FactSheet): Violation[] {
  const spaced = tags.map((t) => t.replace(/^#/, "").replace(/(\d)(\p{L})/gu, "$1 $2"));
  return spaced.flatMap((t, i) =>
    numberMentions(t)
      .filter((m) => m.tipo === "contagem" && !sheet.fatos.some((f) => supports(f, m)))
      .map((m) => ({ onde: "hashtags" as const, trecho: tags[i] ?? t, motivo: numberReason(m, sheet.fatos) })),
  );
}

/** A claim's words are borne out by the fact it names (a number of that fact, or its words). */
function claimReason(claim: { trecho: string; campo: string }, sheet: FactSheet, allText: string): string | null {
  const fact = sheet.fatos.find((f) => f.campo === claim.campo);
  if (!fact) return `O campo “${claim.campo}” não existe nos dados do cadastro.`;
  const trecho = claim.trecho.normalize("NFC").trim();
  if (!trecho) return `A afirmação sobre ${fact.rotulo} está vazia.`;
  if (!normalizeText(allText).includes(normalizeText(trecho))) return `O trecho “${trecho}” não está no texto.`;
  const numbers = numberMentions(maskAllowed(trecho, { ...sheet, fatos: sheet.fatos.filter((f) => f.campo !== claim.campo) }));
  const wrong = numbers.find((m) => !supports(fact, m) && !normalizeText(fact.texto).includes(normalizeText(m.trecho)));
  if (wrong) return `“${wrong.trecho}” não confere com ${fact.rotulo} (${fact.texto}).`;
  if (numbers.length > 0) return null;
  const items = Array.isArray(fact.valor) ? (fact.valor as string[]) : [fact.texto];
  const said = normalizeText(trecho);
  const borne = items.some((item) => said.includes(normalizeText(item))) || normalizeText(fact.texto).includes(said);
  return borne ? null : `“${trecho}” não confere com ${fact.rotulo} (${fact.texto}).`;
}

/** Every text of a variant with where it goes. */
export function variantTexts(v: CheckedVariant): [TextPart, string][] {
  return [
    ["legenda", v.legenda],
    ["chamada", v.chamada],
    ...(v.primeiroComentario ? [["primeiroComentario", v.primeiroComentario] as [TextPart, string]] : []),
    ...v.textosAlternativos.map((t): [TextPart, string] => ["textoAlternativo", t]),
  ];
}

/** All the violations of a post variant: its texts, its hashtags and its claims. */
export function checkVariant(v: CheckedVariant, sheet: FactSheet): Violation[] {
  const texts = variantTexts(v);
  const all = texts.map(([, t]) => t).join("\n");
  return [
    ...texts.flatMap(([onde, t]) => checkText(t, sheet, onde)),
    ...checkHashtags(v.hashtags, sheet),
    ...v.afirmacoes.flatMap((c) => {
      const motivo = claimReason(c, sheet, all);
      return motivo ? [{ onde: "afirmacoes" as const, trecho: c.trecho, motivo }] : [];
    }),
  ];
}
