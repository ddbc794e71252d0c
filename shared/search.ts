/**
 * Accent-insensitive search keys and queries (docs/decisions/007-search-and-pagination.md).
 * Pure and client-safe.
 *
 * A record is indexed under a set of keys (lower-case, accents stripped): every word-suffix
 * of its names ("joao silva santos", "silva santos", "santos"), its document, e-mail and
 * phones. A query is split into terms; a record matches when every term is a prefix of one of
 * its keys. So "joao" finds "João Silva", "silva" finds it too, "joao santos" skips the
 * middle name, "123.456" finds the CPF 12345678909 and "(11) 9123" the phone 11912345678.
 *
 * Filter keys live in the same index under a `#` namespace that no search term can reach
 * (terms are letters and digits only): `#t:` tags, `#c:` city.
 */

/** "  João  DA Silva " → "joao da silva". */
export function normalizeText(value: string): string {
  return value.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/** The words of a name, normalized: letters and digits only. */
export function words(value: string): string[] {
  return normalizeText(value)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** "João da Silva" → ["joao da silva", "da silva", "silva"]. */
export function wordSuffixes(value: string): string[] {
  const list = words(value);
  return list.map((_, i) => list.slice(i).join(" "));
}

/** The sort key of a name: normalized words joined by one space. */
export function sortKey(value: string): string {
  return words(value).join(" ");
}

export const TAG_KEY = "#t:";
export const CITY_KEY = "#c:";

export function tagKey(tag: string): string {
  return `${TAG_KEY}${words(tag).join(" ")}`;
}

export function cityKey(city: string): string {
  return `${CITY_KEY}${words(city).join(" ")}`;
}

export const CATEGORY_KEY = "#g:";

/** A category filter's key ("Copa e cozinha" → "#g:copa e cozinha"). */
export function categoryKey(category: string): string {
  return `${CATEGORY_KEY}${words(category).join(" ")}`;
}

/** Longest key kept; a longer one is cut (a prefix still finds it). */
const MAX_KEY = 120;

export interface KeySource {
  names: readonly (string | null | undefined)[];
  /** Bare document (CPF digits or CNPJ). */
  document?: string | null | undefined;
  email?: string | null | undefined;
  /** National phone digits (DDD + number). */
  phones?: readonly string[];
  tags?: readonly string[];
  city?: string | null | undefined;
}

/** Every key a record is found by, de-duplicated. */
export function searchKeys(source: KeySource): string[] {
  const keys = new Set<string>();
  for (const name of source.names) if (name) for (const suffix of wordSuffixes(name)) keys.add(suffix);
  if (source.document) keys.add(source.document.toLowerCase());
  if (source.email) keys.add(source.email.trim().toLowerCase());
  for (const phone of source.phones ?? []) {
    if (!phone) continue;
    keys.add(phone);
    // Without the DDD: people often type just the number.
    if (phone.length >= 10) keys.add(phone.slice(2));
  }
  for (const tag of source.tags ?? []) {
    const key = tagKey(tag);
    if (key.length > TAG_KEY.length) keys.add(key);
  }
  if (source.city) {
    const key = cityKey(source.city);
    if (key.length > CITY_KEY.length) keys.add(key);
  }
  return [...keys].map((k) => k.slice(0, MAX_KEY));
}

const MAX_TERMS = 6;
const MAX_TERM = 60;

/** Only digits and the punctuation of CPF/CNPJ/phone/CEP masks. */
const NUMERIC_LIKE = /^[\d\s.\-/()+]+$/;
/** A formatted alphanumeric CNPJ ("12.ABC.345/01DE-35"), possibly partial. */
const CNPJ_LIKE = /^[0-9a-z]{2}\.[0-9a-z]{1,3}(\.[0-9a-z]{0,3}(\/[0-9a-z]{0,4}(-\d{0,2})?)?)?$/;

/**
 * The terms of a search box value; empty when there is nothing to search. Each term is matched
 * as a key prefix. Document, phone and e-mail input keeps its punctuation out of the way.
 */
export function searchTerms(query: string): string[] {
  const text = normalizeText(query).slice(0, 200);
  if (!text) return [];
  if (text.includes("@")) {
    const email = text.replace(/\s+/g, "");
    return email ? [email.slice(0, MAX_TERM)] : [];
  }
  if (NUMERIC_LIKE.test(text) || CNPJ_LIKE.test(text)) {
    const compact = text.replace(/[^0-9a-z]/g, "");
    if (compact) return [compact.slice(0, MAX_TERM)];
  }
  const terms = [...new Set(words(text))].map((t) => t.slice(0, MAX_TERM));
  // Longest first: the most selective term drives the index range.
  return terms.sort((a, b) => b.length - a.length).slice(0, MAX_TERMS);
}

/**
 * The exclusive upper bound of a prefix range: every key starting with `prefix` is
 * `>= prefix` and `< prefixEnd(prefix)`.
 */
export function prefixEnd(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1) ?? 0;
  const head = prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1));
  return head + String.fromCodePoint(last + 1);
}
