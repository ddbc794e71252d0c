import { defineEnum } from "../define-enum.ts";
import { VALID_DDDS, isValidCnpj, isValidCpf, normalizeCnpj, onlyDigits } from "../documents.ts";
import { nationalPhoneDigits } from "../mask.ts";

/**
 * A Pix key (chave Pix) as the DICT stores it, from what a person types or pastes: CPF and CNPJ
 * with their check digits (the project's own validators in shared/documents.ts), e-mail, a
 * mobile phone as "+55" + DDD + number, or a random key (EVP, a UUID). The canonical form is
 * what goes into the BR Code: a payer's bank looks the key up exactly as written.
 */

export const PIX_KEY_KIND = defineEnum({
  cpf: { label: "CPF" },
  cnpj: { label: "CNPJ" },
  email: { label: "E-mail" },
  telefone: { label: "Celular" },
  aleatoria: { label: "Chave aleatória" },
});
export const PIX_KEY_KINDS = PIX_KEY_KIND.values;
export type PixKeyKind = (typeof PIX_KEY_KINDS)[number];

export interface PixKey {
  kind: PixKeyKind;
  /** Canonical: "12345678909", "12ABC34501DE35", "loja@exemplo.com.br", "+5511912345678", a lowercase UUID. */
  value: string;
}

export type PixKeyResult = { ok: true; key: PixKey } | { ok: false; message: string };

/** The DICT's limit for an e-mail key (and the longest key of any kind). */
export const PIX_EMAIL_MAX = 77;

/** The DICT's e-mail pattern: a local part, "@", and dot-separated host labels. */
const EMAIL_RE = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/**
 * The DICT's EVP pattern: any UUID in lowercase hex. The keys the banks issue are version 4, but
 * the DICT (and the manual's own example, "123e4567-e12b-12d1-…") accepts the general shape.
 */
const EVP_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const MESSAGES: Record<PixKeyKind, string> = {
  cpf: "Chave Pix inválida: informe um CPF com 11 dígitos e dígitos verificadores corretos.",
  cnpj: "Chave Pix inválida: informe um CNPJ com 14 caracteres e dígitos verificadores corretos.",
  email: `Chave Pix inválida: informe um e-mail válido com até ${PIX_EMAIL_MAX} caracteres.`,
  telefone: "Chave Pix inválida: informe um celular com DDD, como (11) 91234-5678.",
  aleatoria: "Chave Pix inválida: a chave aleatória tem 32 letras e números no formato 123e4567-e89b-42d3-a456-426614174000.",
};

/** A mobile with a real DDD: 2 + 9 digits, the subscriber starting with 9 (the only phones Pix registers by SMS). */
function phoneKey(input: string): string | null {
  if (/[A-Za-z]/.test(input)) return null;
  const digits = nationalPhoneDigits(input);
  if (!/^\d{2}9\d{8}$/.test(digits) || !VALID_DDDS.has(digits.slice(0, 2))) return null;
  return `+55${digits}`;
}

function canonical(kind: PixKeyKind, input: string): string | null {
  switch (kind) {
    case "cpf":
      return isValidCpf(input) ? onlyDigits(input) : null;
    case "cnpj":
      return isValidCnpj(input) ? normalizeCnpj(input) : null;
    case "email": {
      const email = input.toLowerCase();
      return email.length <= PIX_EMAIL_MAX && EMAIL_RE.test(email) ? email : null;
    }
    case "telefone":
      return phoneKey(input);
    case "aleatoria": {
      const evp = input.toLowerCase();
      return EVP_RE.test(evp) ? evp : null;
    }
  }
}

/** Validates a key of the kind chosen and returns its canonical form, or a pt-BR message. */
export function parsePixKey(kind: PixKeyKind, input: string): PixKeyResult {
  const text = typeof input === "string" ? input.trim() : "";
  if (!text) return { ok: false, message: "Informe a chave Pix." };
  const value = canonical(kind, text);
  return value === null ? { ok: false, message: MESSAGES[kind] } : { ok: true, key: { kind, value } };
}

/**
 * The kind a typed key most likely is, for a form that offers to pick it: "@" → e-mail, a UUID →
 * aleatória, "+" → telefone, 14 characters → CNPJ, 11 digits → CPF when its check digits hold,
 * else celular. Null when nothing fits; the person's own choice always wins.
 */
export function guessPixKeyKind(input: string): PixKeyKind | null {
  const text = input.trim();
  if (!text) return null;
  if (text.includes("@")) return "email";
  if (EVP_RE.test(text.toLowerCase())) return "aleatoria";
  if (text.startsWith("+")) return "telefone";
  if (isValidCnpj(text)) return "cnpj";
  if (isValidCpf(text)) return "cpf";
  if (phoneKey(text)) return "telefone";
  return null;
}
