import { PixError } from "./errors.ts";

/**
 * The BR Code's texts: the manual asks for the merchant's name (≤ 25) and city (≤ 15) without
 * accents, and a txid of letters and digits (≤ 25). Normalising here lets a business type
 * "Salão da Conceição" / "São João del-Rei" and still get a code every bank reads.
 */

export const MERCHANT_NAME_MAX = 25;
export const MERCHANT_CITY_MAX = 15;
export const TXID_MAX = 25;
/** The manual's txid for a static code without one. */
export const NO_TXID = "***";

/** "São Paulo" → "Sao Paulo": compatibility-decomposes and drops the combining marks (ç → c, ã → a, º → o). */
export function removeAccents(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
}

/** Accents out, uppercase, only letters, digits, spaces and plain punctuation, spaces collapsed. */
function plainUpper(text: string): string {
  return removeAccents(text)
    .toUpperCase()
    .replace(/[^A-Z0-9 .,&'\-/]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Cut to `max` characters without a trailing space. */
function cut(text: string, max: number): string {
  return text.slice(0, max).trimEnd();
}

/** "Salão da Conceição Beleza & Estética" → "SALAO DA CONCEICAO BELEZA" (≤ 25). */
export function merchantName(text: string): string {
  const name = cut(plainUpper(text), MERCHANT_NAME_MAX);
  if (!name) throw new PixError("Informe o nome do recebedor do Pix (o nome do negócio ou do titular da chave).");
  return name;
}

/** "São João del-Rei" → "SAO JOAO DEL-RE" (≤ 15). */
export function merchantCity(text: string): string {
  const city = cut(plainUpper(text), MERCHANT_CITY_MAX);
  if (!city) throw new PixError("Informe a cidade do recebedor do Pix.");
  return city;
}

/**
 * A txid of letters and digits only (accents removed, everything else dropped): "Venda nº 1.234"
 * → "Vendano1234". Empty → "***". Refused when longer than 25: cutting would make two sales'
 * references collide, so the caller chooses a shorter one.
 */
export function sanitizeTxid(text: string | null | undefined): string {
  const txid = removeAccents(text ?? "").replace(/[^0-9A-Za-z]/g, "");
  if (!txid) return NO_TXID;
  if (txid.length > TXID_MAX) {
    throw new PixError(`O identificador da cobrança Pix (txid) deve ter no máximo ${TXID_MAX} letras e números (tem ${txid.length}).`);
  }
  return txid;
}

/** A payment description for field 26-02: accents out, spaces collapsed (case kept: the payer reads it). */
export function plainDescription(text: string | null | undefined): string {
  return removeAccents(text ?? "")
    .replace(/[^\x20-\x7E]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}
