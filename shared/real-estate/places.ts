import { UFS } from "../organization/business-fields.ts";
import { words } from "../search.ts";

/**
 * Places of real estate (a bairro of a city, or a whole city) as people type them and as
 * matching compares them. Pure and client-safe (no zod): the interest form's place picker uses
 * the same parsing and keys as the server.
 */

/** One place an interest looks in: a whole city, or a bairro of it. */
export interface InterestPlace {
  bairro?: string | undefined;
  cidade: string;
  uf?: string | undefined;
}

/**
 * A place name's key as matching compares it: lower case, no accents, any punctuation a space
 * ("Jd. São-Paulo" → "jd sao paulo"). Properties and interests are keyed by this one function,
 * so "Vila Olímpia", "vila olimpia" and "Vila  Olimpia" are the same bairro.
 */
export function placeKey(value: string | null | undefined): string | null {
  const key = value ? words(value).join(" ") : "";
  return key || null;
}

/** "Pinheiros, São Paulo - SP" / "Campinas - SP" / "Santos". */
export function formatPlace(place: InterestPlace): string {
  const city = place.uf ? `${place.cidade} - ${place.uf}` : place.cidade;
  return place.bairro ? `${place.bairro}, ${city}` : city;
}

const UF_SET: ReadonlySet<string> = new Set(UFS);

/** A typed line back into a place ("bairro, cidade - UF", "cidade/UF", "cidade"); null when it cannot be one, "uf" for an unknown UF. */
export function parsePlace(line: string): InterestPlace | null | "uf" {
  const text = line.normalize("NFC").trim().replace(/\s+/g, " ");
  if (!text) return null;
  let rest = text;
  let uf: string | undefined;
  const withUf = /^(.*?)\s*[-/]\s*([A-Za-z]{2})$/.exec(rest);
  if (withUf) {
    uf = (withUf[2] as string).toUpperCase();
    if (!UF_SET.has(uf)) return "uf";
    rest = withUf[1] as string;
  }
  const comma = rest.lastIndexOf(",");
  const bairro = comma >= 0 ? rest.slice(0, comma).trim() : "";
  const cidade = (comma >= 0 ? rest.slice(comma + 1) : rest).trim();
  if (!cidade) return null;
  return { ...(bairro ? { bairro } : {}), cidade, ...(uf ? { uf } : {}) };
}

/** The key a place is deduplicated and matched by: city, then bairro ("" for the whole city). */
export function placeIdentity(place: InterestPlace): string {
  return `${placeKey(place.cidade) ?? ""}|${placeKey(place.bairro) ?? ""}`;
}
