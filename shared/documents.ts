/**
 * Brazilian document numbers: CPF, CNPJ (numeric and the alphanumeric format
 * valid from July 2026), CEP and phone numbers. Pure and client-safe.
 *
 * Validators accept formatted or bare input ("123.456.789-09" or "12345678909")
 * but refuse stray characters instead of silently dropping them, so
 * "abc12345678909" is not a valid CPF.
 */

import { MASKS, applyMask, nationalPhoneDigits } from "./mask.ts";

/** Keeps only 0–9. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, "");
}

/** Strips punctuation and spaces, uppercases: "12.abc.345/01de-35" → "12ABC34501DE35". */
export function normalizeCnpj(value: string): string {
  return value.replace(/[^0-9A-Za-z]/g, "").toUpperCase();
}

/** Separators people type or paste around document numbers. */
const SEPARATORS = /[\s.\-/]/g;

/** Mod-11 check digit shared by CPF and CNPJ: remainder < 2 → 0, else 11 − remainder. */
function mod11Digit(values: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (let k = 0; k < values.length; k++) sum += (values[k] ?? 0) * (weights[k] ?? 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_WEIGHTS_1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_WEIGHTS_2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];

/** The two check digits for a 9-digit CPF base ("123456789" → "09"). */
export function cpfCheckDigits(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new RangeError("A base do CPF deve ter 9 dígitos");
  const values = [...base9].map(Number);
  const d1 = mod11Digit(values, CPF_WEIGHTS_1);
  const d2 = mod11Digit([...values, d1], CPF_WEIGHTS_2);
  return `${d1}${d2}`;
}

/** True when the CPF has 11 digits, right check digits and is not "111.111.111-11"-style. */
export function isValidCpf(value: string): boolean {
  if (typeof value !== "string") return false;
  const digits = value.replace(SEPARATORS, "");
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * The two check digits for a 12-char CNPJ base. Receita Federal's
 * alphanumeric rule: each char is worth its char code − 48 ("0"→0 … "9"→9,
 * "A"→17 … "Z"→42), which leaves the numeric CNPJ calculation unchanged.
 */
export function cnpjCheckDigits(base12: string): string {
  const base = base12.toUpperCase();
  if (!/^[0-9A-Z]{12}$/.test(base)) throw new RangeError("A base do CNPJ deve ter 12 caracteres");
  const values = [...base].map((ch) => ch.charCodeAt(0) - 48);
  const d1 = mod11Digit(values, CNPJ_WEIGHTS_1);
  const d2 = mod11Digit([...values, d1], CNPJ_WEIGHTS_2);
  return `${d1}${d2}`;
}

/** Numeric or alphanumeric CNPJ, formatted or bare, letters in either case. */
export function isValidCnpj(value: string): boolean {
  if (typeof value !== "string") return false;
  const chars = value.replace(SEPARATORS, "").toUpperCase();
  if (!/^[0-9A-Z]{12}\d{2}$/.test(chars) || /^(.)\1{13}$/.test(chars)) return false;
  return cnpjCheckDigits(chars.slice(0, 12)) === chars.slice(12);
}

/** "12345678909" → "123.456.789-09"; partial input is formatted as far as it goes. */
export function formatCpf(value: string): string {
  return applyMask(onlyDigits(value), MASKS.cpf);
}

/** "12abc34501de35" → "12.ABC.345/01DE-35"; partial input is formatted as far as it goes. */
export function formatCnpj(value: string): string {
  return applyMask(normalizeCnpj(value), MASKS.cnpj);
}

/** "01310100" → "01310-100". */
export function formatCep(value: string): string {
  return applyMask(onlyDigits(value), MASKS.cep);
}

/** 8 digits, with or without the hyphen; "00000-000" does not exist. */
export function isValidCep(value: string): boolean {
  if (typeof value !== "string") return false;
  const trimmed = value.trim();
  return /^\d{5}-?\d{3}$/.test(trimmed) && onlyDigits(trimmed) !== "00000000";
}

/** Area codes (DDD) in use in Brazil, per Anatel. */
export const VALID_DDDS: ReadonlySet<string> = new Set(
  [
    "11 12 13 14 15 16 17 18 19",
    "21 22 24 27 28",
    "31 32 33 34 35 37 38",
    "41 42 43 44 45 46 47 48 49",
    "51 53 54 55",
    "61 62 63 64 65 66 67 68 69",
    "71 73 74 75 77 79",
    "81 82 83 84 85 86 87 88 89",
    "91 92 93 94 95 96 97 98 99",
  ]
    .join(" ")
    .split(" "),
);

/**
 * "(11) 91234-5678" (mobile, 11 digits) or "(11) 3123-4567" (landline, 10).
 * Accepts "+55 …" and a leading trunk "0". Partial input is formatted progressively.
 */
export function formatPhoneBR(value: string): string {
  const digits = nationalPhoneDigits(value);
  return applyMask(digits, digits.length > 10 ? MASKS.mobile : MASKS.phone);
}

/**
 * A real DDD plus either a mobile (9 + 8 digits) or a landline (8 digits
 * starting 2–5, Anatel's fixed-line range). Accepts "+55" and punctuation.
 */
export function isValidPhoneBR(value: string): boolean {
  if (typeof value !== "string" || /[A-Za-z]/.test(value)) return false;
  const digits = nationalPhoneDigits(value);
  if (!VALID_DDDS.has(digits.slice(0, 2))) return false;
  const subscriber = digits.slice(2);
  if (subscriber.length === 9) return subscriber.startsWith("9");
  if (subscriber.length === 8) return /^[2-5]/.test(subscriber);
  return false;
}

/** The check digit of a 12-digit EAN-13 base (GS1: weights 1 and 3 from the left). */
export function ean13CheckDigit(base12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(base12[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

/** An EAN-13 barcode ("7891000100103"): 13 digits with a correct check digit (spaces and dashes ignored). */
export function isValidEan13(value: string): boolean {
  const digits = value.replace(/[\s-]/g, "");
  if (!/^\d{13}$/.test(digits)) return false;
  return ean13CheckDigit(digits.slice(0, 12)) === digits[12];
}
