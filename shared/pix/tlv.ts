import { PixError } from "./errors.ts";

/**
 * The EMV "ID, length, value" fields of a BR Code: a 2-digit ID, a 2-digit length (01–99) and
 * the value. Values are restricted to printable ASCII, so length in characters is length in
 * bytes (what the payer's app counts) and the CRC sees exactly what the length says.
 */

/** Printable ASCII: what the builders leave after removing accents. */
const PRINTABLE_ASCII = /^[\x20-\x7E]*$/;

/** The largest value one field can carry (two length digits). */
export const TLV_MAX_VALUE = 99;

/** One field, "id + length + value"; refused (pt-BR) when empty, too long or not ASCII. */
export function tlv(id: string, value: string, label: string = `campo ${id}`): string {
  if (!/^\d{2}$/.test(id)) throw new PixError(`O identificador ${id} não é um ID de campo do BR Code.`);
  if (value.length === 0) throw new PixError(`O ${label} do Pix não pode ficar vazio.`);
  if (value.length > TLV_MAX_VALUE) {
    throw new PixError(`O ${label} do Pix passa de ${TLV_MAX_VALUE} caracteres (${value.length}).`);
  }
  if (!PRINTABLE_ASCII.test(value)) throw new PixError(`O ${label} do Pix tem caracteres que o BR Code não aceita.`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** The fields of a TLV string by ID (nested templates stay strings); null when it is malformed. */
export function readTlv(text: string): Map<string, string> | null {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const size = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(size)) return null;
    const end = at + 4 + Number(size);
    if (end > text.length) return null;
    fields.set(id, text.slice(at + 4, end));
    at = end;
  }
  return fields;
}
