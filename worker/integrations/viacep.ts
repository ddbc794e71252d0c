import { formatCep, isValidCep, onlyDigits } from "../../shared/documents.ts";
import type { Config } from "../config/env.ts";

/**
 * ViaCEP (address from a CEP). `findCep` tells an unknown CEP ("desconhecido") from ViaCEP
 * offline, slow (over 2 s) or answering oddly ("indisponivel"), so the form can say which;
 * `lookupCep` folds both into null.
 */

export const VIACEP_TIMEOUT_MS = 2000;

export interface CepAddress {
  /** "01310-100". */
  cep: string;
  rua: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
}

interface ViaCepAnswer {
  cep?: unknown;
  logradouro?: unknown;
  complemento?: unknown;
  bairro?: unknown;
  localidade?: unknown;
  uf?: unknown;
  erro?: unknown;
}

function text(value: unknown, max = 160): string {
  return typeof value === "string" ? value.trim().slice(0, max) : "";
}

type LookupOptions = { fetch?: typeof fetch; timeoutMs?: number };

export async function lookupCep(
  config: Pick<Config, "VIACEP_BASE_URL">,
  cep: string,
  options: LookupOptions = {},
): Promise<CepAddress | null> {
  const found = await findCep(config, cep, options);
  return typeof found === "string" ? null : found;
}

export async function findCep(
  config: Pick<Config, "VIACEP_BASE_URL">,
  cep: string,
  options: LookupOptions = {},
): Promise<CepAddress | "desconhecido" | "indisponivel"> {
  if (typeof cep !== "string" || !isValidCep(cep)) return "desconhecido";
  const digits = onlyDigits(cep);
  const doFetch = options.fetch ?? fetch;
  try {
    const res = await doFetch(`${config.VIACEP_BASE_URL}/${digits}/json/`, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(options.timeoutMs ?? VIACEP_TIMEOUT_MS),
    });
    if (!res.ok) return "indisponivel";
    const body = (await res.json()) as ViaCepAnswer;
    if (!body || typeof body !== "object") return "indisponivel";
    if (body.erro === true || body.erro === "true") return "desconhecido";
    const uf = text(body.uf, 2).toUpperCase();
    const cidade = text(body.localidade, 80);
    if (!cidade || !/^[A-Z]{2}$/.test(uf)) return "desconhecido";
    return {
      cep: formatCep(digits),
      rua: text(body.logradouro),
      complemento: text(body.complemento, 80),
      bairro: text(body.bairro, 80),
      cidade,
      uf,
    };
  } catch {
    return "indisponivel";
  }
}
