/**
 * Input masks in the spec's mini-language (§5):
 *   `#` a digit, `@` a letter (A–Z, a–z), `*` a letter or digit; anything else is a literal.
 * Pure and client-safe.
 */

export type MaskToken = "#" | "@" | "*";

const TOKENS: Record<MaskToken, RegExp> = {
  "#": /^[0-9]$/,
  "@": /^[A-Za-z]$/,
  "*": /^[0-9A-Za-z]$/,
};

function isToken(ch: string): ch is MaskToken {
  return ch === "#" || ch === "@" || ch === "*";
}

export const MASKS = {
  cpf: "###.###.###-##",
  cnpj: "**.***.***/****-##",
  cep: "#####-###",
  phone: "(##) ####-####",
  mobile: "(##) #####-####",
} as const;

export type MaskName = keyof typeof MASKS;

/**
 * Formats `value` with `pattern`, progressively for partial input:
 *   applyMask("1234", "#####-###")   → "1234"
 *   applyMask("123456", "#####-###") → "12345-6"
 * Characters that don't fit the next slot are skipped (typing "12a3" in a
 * digit mask gives "123"); input beyond the pattern is dropped. Literals are
 * added only once a later slot is filled, so the output never ends in an
 * automatic separator — except one the person typed themselves, which keeps
 * backspacing over "12345-" natural.
 */
export function applyMask(value: string, pattern: string): string {
  let out = "";
  let keep = 0; // length of `out` worth keeping if input runs out
  let i = 0;
  for (const slot of pattern) {
    if (i >= value.length) break;
    if (isToken(slot)) {
      while (i < value.length && !TOKENS[slot].test(value[i] ?? "")) i++;
      if (i >= value.length) break;
      out += value[i];
      i++;
      keep = out.length;
    } else {
      out += slot;
      if (value[i] === slot) {
        i++;
        keep = out.length;
      }
    }
  }
  return out.slice(0, keep);
}

/**
 * Removes the mask. With a pattern: the characters in token slots only
 * (unmask("12.ABC.345/01DE-35", MASKS.cnpj) → "12ABC34501DE35").
 * Without: every letter and digit.
 */
export function unmask(value: string, pattern?: string): string {
  if (pattern === undefined) return value.replace(/[^0-9A-Za-z]/g, "");
  const masked = applyMask(value, pattern);
  let out = "";
  for (let k = 0; k < masked.length; k++) {
    if (isToken(pattern[k] ?? "")) out += masked[k];
  }
  return out;
}

/**
 * Brazilian phone digits without country code or trunk prefix: drops leading
 * zeros (no DDD starts with 0: "011…") and a "55" country code once the number
 * is too long to be national ("+55 11 91234-5678").
 */
export function nationalPhoneDigits(value: string): string {
  const digits = value.replace(/\D/g, "").replace(/^0+/, "");
  return digits.length >= 12 && digits.startsWith("55") ? digits.slice(2) : digits;
}

/** Landline "(11) 3123-4567" up to 10 digits, mobile "(11) 91234-5678" from the 11th. */
export function maskPhone(value: string): string {
  const digits = nationalPhoneDigits(value);
  return applyMask(digits, digits.length > 10 ? MASKS.mobile : MASKS.phone);
}

/**
 * CPF while it can still be one (up to 11 digits), CNPJ after that or as soon
 * as a letter appears (alphanumeric CNPJ). Letters are uppercased.
 */
export function maskCpfCnpj(value: string): string {
  const chars = value.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
  const isCpf = chars.length <= 11 && /^\d*$/.test(chars);
  return applyMask(chars, isCpf ? MASKS.cpf : MASKS.cnpj);
}

/**
 * Where the caret belongs after masking: just after as many letters/digits as stood before it in
 * the raw input, so a backspace, a digit typed or a paste in the middle keeps the place being
 * edited instead of jumping to the end ("123.45|6" → backspace → "123.4|67…").
 */
export function caretAfterMask(raw: string, caret: number, masked: string): number {
  let wanted = raw.slice(0, caret).replace(/[^0-9A-Za-z]/g, "").length;
  if (wanted === 0) return 0;
  for (let k = 0; k < masked.length; k++) {
    if (/[0-9A-Za-z]/.test(masked[k] ?? "")) wanted--;
    if (wanted === 0) return k + 1;
  }
  return masked.length;
}
