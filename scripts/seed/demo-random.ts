import { cnpjCheckDigits, cpfCheckDigits, formatCnpj, formatCpf } from "../../shared/documents.ts";

/**
 * A small seeded PRNG and the document generators the demo data needs. Pure: the same seed
 * always gives the same sequence, so the demo business looks the same on every fresh install.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One of `entries`, each as likely as its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** `n` random decimal digits. */
  digits(n: number): string;
}

/** mulberry32: 32-bit state, good enough for demo data and tiny. */
export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError("pick: lista vazia");
    return items[int(0, items.length - 1)] as T;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted: <T>(entries: readonly (readonly [T, number])[]): T => {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      const last = entries.at(-1);
      if (!last) throw new RangeError("weighted: lista vazia");
      return last[0];
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
    digits: (n) => Array.from({ length: n }, () => String(int(0, 9))).join(""),
  };
}

/** A 32-bit seed from a string (FNV-1a), to derive independent streams ("grafica-pinheiros:12"). */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * A formatted CPF with valid check digits ("123.456.789-09"). The ninth digit is the fiscal
 * region that issued it (8 = SP, 7 = RJ/ES, 6 = MG, 9 = PR/SC), as on real CPFs.
 */
export function generateCpf(rng: Rng, region = 8): string {
  for (;;) {
    const base = `${rng.digits(8)}${region}`;
    if (/^(\d)\1{8}$/.test(base)) continue;
    return formatCpf(`${base}${cpfCheckDigits(base)}`);
  }
}

/** A formatted CNPJ of a head office ("12.345.678/0001-95") with valid check digits. */
export function generateCnpj(rng: Rng): string {
  const root = `${rng.int(1, 9)}${rng.digits(7)}`;
  const base = `${root}0001`;
  return formatCnpj(`${base}${cnpjCheckDigits(base)}`);
}

/** EAN-13 check digit of 12 digits: weights 1, 3, 1, 3… from the left. */
export function ean13CheckDigit(base12: string): number {
  if (!/^\d{12}$/.test(base12)) throw new RangeError("A base do EAN-13 deve ter 12 dígitos");
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(base12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** A Brazilian EAN-13 ("789…"), check digit included. */
export function generateEan13(rng: Rng, prefix = "789"): string {
  const base = `${prefix}${rng.digits(12 - prefix.length)}`;
  return `${base}${ean13CheckDigit(base)}`;
}

/** SEFAZ-SP check digit: Σ digit·weight mod 11, keeping the last digit of the remainder. */
function spDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  return (sum % 11) % 10;
}

/** A formatted São Paulo state registration ("110.042.490.114") with both check digits right. */
export function generateInscricaoEstadualSp(rng: Rng): string {
  const first8 = `${rng.int(1, 9)}${rng.digits(7)}`;
  const d9 = spDigit(first8, [1, 3, 4, 5, 6, 7, 8, 10]);
  const first11 = `${first8}${d9}${rng.digits(2)}`;
  const d12 = spDigit(first11, [3, 2, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const all = `${first11}${d12}`;
  return `${all.slice(0, 3)}.${all.slice(3, 6)}.${all.slice(6, 9)}.${all.slice(9)}`;
}
