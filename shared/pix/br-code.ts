import { crc16Hex } from "./crc16.ts";
import { PixError } from "./errors.ts";
import { type PixKey, parsePixKey } from "./key.ts";
import { merchantCity, merchantName, plainDescription, sanitizeTxid } from "./text.ts";
import { TLV_MAX_VALUE, readTlv, tlv } from "./tlv.ts";

/**
 * The static Pix BR Code ("copia e cola"), per the BCB's Manual do BR Code (EMV QRCPS-MPM):
 *   00 "01" · 26 { 00 "br.gov.bcb.pix", 01 key, 02 description? } · 52 "0000" · 53 "986" ·
 *   54 amount? · 58 "BR" · 59 name ≤ 25 · 60 city ≤ 15 · 62 { 05 txid or "***" } · 63 CRC16.
 * Pure and client-safe: the checkout screen and the receipt build the same string.
 */

export const PIX_GUI = "br.gov.bcb.pix";
/** EMV's limit for a whole code. */
export const BR_CODE_MAX = 512;
/** The largest amount field 54 carries: 13 characters, "9999999999.99". */
export const PIX_AMOUNT_MAX_CENTAVOS = 999_999_999_999;

/** The fields exactly as they go in: no normalising (see `pixCopiaECola` for that). */
export interface BrCodeFields {
  key: string;
  description?: string;
  /** "10.50"; absent for an open amount (the payer types it). */
  amount?: string;
  merchantName: string;
  merchantCity: string;
  /** Letters and digits, or "***". */
  txid: string;
}

/** What the checkout knows: the validated key, centavos, and the business's own texts. */
export interface PixCharge {
  key: PixKey;
  /** Integer centavos; 0 or absent leaves the amount open. */
  amountCentavos?: number;
  merchantName: string;
  merchantCity: string;
  /** The sale's reference (sanitised to letters and digits, ≤ 25). */
  txid?: string | null;
  /** A short note the payer sees; must fit beside the key in field 26. */
  description?: string | null;
}

/** 1050 → "10.50" (the manual's decimal point, no grouping); refused when not a whole, positive centavo count that fits. */
export function pixAmount(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos <= 0) throw new PixError("O valor do Pix deve ser um número positivo de centavos.");
  if (centavos > PIX_AMOUNT_MAX_CENTAVOS) throw new PixError("O valor do Pix passa do máximo que o BR Code aceita.");
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, "0")}`;
}

/** Field 26: the GUI, the key and the optional description, within its 99 characters. */
function merchantAccount(key: string, description: string | undefined): string {
  const head = tlv("00", PIX_GUI) + tlv("01", key, "chave");
  if (!description) return tlv("26", head, "campo da chave");
  const room = TLV_MAX_VALUE - head.length - 4;
  if (description.length > room) {
    throw new PixError(
      room > 0
        ? `A descrição do Pix deve ter no máximo ${room} caracteres com esta chave (tem ${description.length}).`
        : "Esta chave Pix é longa demais para levar uma descrição.",
    );
  }
  return tlv("26", head + tlv("02", description, "descrição"), "campo da chave");
}

/** The BR Code of exactly these fields, CRC included. */
export function encodeBrCode(fields: BrCodeFields): string {
  const body =
    tlv("00", "01") +
    merchantAccount(fields.key, fields.description) +
    tlv("52", "0000") +
    tlv("53", "986") +
    (fields.amount ? tlv("54", fields.amount, "valor") : "") +
    tlv("58", "BR") +
    tlv("59", fields.merchantName, "nome do recebedor") +
    tlv("60", fields.merchantCity, "cidade do recebedor") +
    tlv("62", tlv("05", fields.txid, "txid"), "campo adicional") +
    "6304";
  const code = body + crc16Hex(body);
  if (code.length > BR_CODE_MAX) throw new PixError(`O código Pix passa de ${BR_CODE_MAX} caracteres.`);
  return code;
}

/**
 * The "copia e cola" for a charge: the key checked again (a stored key may predate a rule, and a
 * wrong key means money sent nowhere), texts normalised to what the manual allows, then encoded.
 */
export function pixCopiaECola(charge: PixCharge): string {
  const key = parsePixKey(charge.key.kind, charge.key.value);
  if (!key.ok) throw new PixError(key.message);
  const description = plainDescription(charge.description);
  return encodeBrCode({
    key: key.key.value,
    description: description || undefined,
    amount: charge.amountCentavos ? pixAmount(charge.amountCentavos) : undefined,
    merchantName: merchantName(charge.merchantName),
    merchantCity: merchantCity(charge.merchantCity),
    txid: sanitizeTxid(charge.txid),
  });
}

/** A static BR Code's fields when its TLV and CRC hold; null otherwise (a typo, a cut paste). */
export function readBrCode(code: string): BrCodeFields | null {
  const text = code.trim();
  if (text.length < 8 || text.slice(-8, -4) !== "6304" || crc16Hex(text.slice(0, -4)) !== text.slice(-4).toUpperCase()) return null;
  const top = readTlv(text);
  const account = readTlv(top?.get("26") ?? "");
  const extra = readTlv(top?.get("62") ?? "");
  if (!top || !account || !extra || account.get("00")?.toLowerCase() !== PIX_GUI) return null;
  const key = account.get("01");
  const name = top.get("59");
  const city = top.get("60");
  if (!key || !name || !city) return null;
  return {
    key,
    description: account.get("02"),
    amount: top.get("54"),
    merchantName: name,
    merchantCity: city,
    txid: extra.get("05") ?? "***",
  };
}
