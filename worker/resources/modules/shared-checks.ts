import { isValidPhoneBR, normalizeCnpj } from "../../../shared/documents.ts";
import { nationalPhoneDigits } from "../../../shared/mask.ts";

/** Probes that duplicate checks of several resources share: they read raw form values or parsed input. */

/** A bare CPF (11) or CNPJ (14), or nothing. */
export function probeDocument(value: unknown, lengths: readonly number[] = [11, 14]): string[] {
  const document = typeof value === "string" ? normalizeCnpj(value) : "";
  return lengths.includes(document.length) ? [document] : [];
}

/** An e-mail as stored (trimmed, lower case), or nothing. */
export function probeEmail(value: unknown): string[] {
  const email = typeof value === "string" ? value.trim().toLowerCase() : "";
  return email.includes("@") ? [email] : [];
}

/** National digits of valid phones: one, a list, a "a, b" text, or `{ numero }` objects (at most 10). */
export function probePhones(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(/[,;]/) : [];
  const out = new Set<string>();
  for (const item of list) {
    const raw = typeof item === "string" ? item : typeof item === "object" && item ? (item as { numero?: unknown }).numero : undefined;
    if (typeof raw === "string" && isValidPhoneBR(raw)) out.add(nationalPhoneDigits(raw));
  }
  return [...out].slice(0, 10);
}

/** "CPF" for 11 digits, else "CNPJ". */
export const documentLabel = (document: string): string => (document.length === 11 ? "CPF" : "CNPJ");
