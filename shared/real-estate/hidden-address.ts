import type { AddressVisibility } from "../enums.ts";
import { normalizeText } from "../search.ts";

/**
 * The portal checklist's warning when the description gives away what the broker chose to
 * hide: the street of a property shown only to the bairro, or the number of one shown to the
 * street. The public page and the VRSync feed print the description as written, so hiding the
 * address in its fields is undone by one sentence ("na Rua Harmonia, 123").
 */

export interface AddressInDescription {
  descricao: string | null;
  rua: string | null;
  numero: string | null;
  bairro: string | null;
  enderecoPublico: AddressVisibility;
}

/** What the description reveals: the street as stored, the number as stored. */
export interface RevealedAddress {
  rua: string | null;
  numero: string | null;
}

/** The kinds of street a name may start with ("Rua", "Av.", "Alameda"…), normalized. */
const STREET_KINDS = [
  "rua",
  "r",
  "avenida",
  "av",
  "alameda",
  "al",
  "travessa",
  "tv",
  "trav",
  "estrada",
  "estr",
  "est",
  "praca",
  "pca",
  "pc",
  "largo",
  "lgo",
  "rodovia",
  "rod",
  "viela",
  "via",
  "passagem",
  "ladeira",
  "beco",
] as const;
const KIND_PATTERN = STREET_KINDS.join("|");
const KIND_PREFIX = new RegExp(`^(?:${KIND_PATTERN}) `);

/** Lower case, no accents, letters and digits separated by single spaces ("R. Harmonia, nº 12" → "r harmonia no 12"). */
function words(text: string): string {
  return normalizeText(text)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The street's own name without its kind: "Rua dos Pinheiros" → "dos pinheiros". */
function streetName(rua: string): string {
  return words(rua).replace(KIND_PREFIX, "");
}

/**
 * Whether the description names the street: its name with or without the kind ("Rua Harmonia",
 * "Av. Harmonia", "na Harmonia"), whole words, any case or accents. A name that is also the
 * bairro's ("Rua Pinheiros" in Pinheiros), or too short to mean anything alone, counts only
 * with a kind before it, so "no bairro de Pinheiros" is not a street.
 */
function namesStreet(text: string, rua: string, bairro: string | null): boolean {
  const name = streetName(rua);
  if (!name) return false;
  const withKind = `(?:${KIND_PATTERN}) (?:(?:de|da|do|das|dos) )?${escapeRegex(name.replace(/^(?:de|da|do|das|dos) /, ""))}`;
  const ambiguous = name.length < 4 || (bairro !== null && words(bairro) === name.replace(/^(?:de|da|do|das|dos) /, ""));
  const pattern = new RegExp(`(?:^| )(?:${withKind}${ambiguous ? "" : `|${escapeRegex(name)}`})(?= |$)`);
  return pattern.test(text);
}

/** The number's digits and letters ("123-A" → "123 a"); null when it has no digit ("s/n"). */
function numberWords(numero: string | null): string | null {
  const n = words(numero ?? "");
  return /\d/.test(n) ? n : null;
}

/**
 * Whether the description gives the number: right after the street ("Harmonia, 123",
 * "Harmonia nº 123") or after "nº" / "número" anywhere ("no número 123"). A bare "123" is not
 * taken for it ("123 m²").
 */
function namesNumber(text: string, numero: string, rua: string | null): boolean {
  const n = escapeRegex(numero);
  const marker = `(?:n|no|nr|num|numero)`;
  if (new RegExp(`(?:^| )${marker} ${n}(?= |$)`).test(text)) return true;
  if (!rua) return false;
  const name = escapeRegex(streetName(rua));
  if (!name) return false;
  return new RegExp(`(?:^| )${name} (?:${marker} )?${n}(?= |$)`).test(text);
}

/** What of the hidden address the description reveals; nulls when nothing. */
export function revealedAddress(p: AddressInDescription): RevealedAddress {
  const none = { rua: null, numero: null };
  if (p.enderecoPublico === "completo" || !p.descricao?.trim()) return none;
  const text = words(p.descricao);
  const rua = p.rua?.trim() || null;
  const street = rua !== null && namesStreet(text, rua, p.bairro);
  const numero = numberWords(p.numero);
  return {
    // The street is hidden only when the page shows the bairro alone.
    rua: p.enderecoPublico === "bairro" && street ? rua : null,
    numero: numero && namesNumber(text, numero, rua) ? (p.numero?.trim() ?? null) : null,
  };
}

/** The warnings, in pt-BR, for the Portal tab ("A descrição cita a rua…"). */
export function addressWarnings(p: AddressInDescription): string[] {
  const found = revealedAddress(p);
  const shown = p.enderecoPublico === "bairro" ? "só o bairro" : "a rua sem o número";
  const out: string[] = [];
  if (found.rua) out.push(`A descrição cita a rua (${found.rua}), mas o anúncio mostra ${shown}: tire a rua da descrição.`);
  if (found.numero) out.push(`A descrição cita o número (${found.numero}), mas o anúncio mostra ${shown}: tire o número da descrição.`);
  return out;
}
