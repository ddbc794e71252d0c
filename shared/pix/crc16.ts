/**
 * CRC16-CCITT-FALSE (polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR): the
 * checksum the Manual do BR Code puts in field 63, over every byte before its 4 hex digits
 * (including "6304"). Pure and client-safe.
 */

const POLYNOMIAL = 0x1021;
const INITIAL = 0xffff;

/** The CRC of the text's UTF-8 bytes (a BR Code is ASCII, where bytes and characters agree). */
export function crc16CcittFalse(text: string): number {
  let crc = INITIAL;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ POLYNOMIAL) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** The CRC as the BR Code writes it: 4 uppercase hex digits ("123456789" → "29B1"). */
export function crc16Hex(text: string): string {
  return crc16CcittFalse(text).toString(16).toUpperCase().padStart(4, "0");
}
