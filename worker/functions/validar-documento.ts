import { z } from "zod";
import { formatCnpj, formatCpf, isValidCnpj, isValidCpf, normalizeCnpj, onlyDigits } from "../../shared/documents.ts";
import { DomainError } from "../services/context.ts";
import { defineFunction } from "./registry.ts";

/** Checks a CPF or CNPJ (alphanumeric too) and returns it formatted with its kind. */
export const validarDocumento = defineFunction({
  name: "validar-documento",
  // A helper of the record forms (CPF/CNPJ fields): whoever may open the app may ask.
  permission: { resource: "account", action: "read" },
  input: z.object({ documento: z.string().max(40) }),
  example: { documento: "529.982.247-25" },
  async handler(_rc, { documento }) {
    const digits = onlyDigits(documento);
    if (digits.length === 11 && isValidCpf(digits)) return { tipo: "cpf" as const, valido: true, formatado: formatCpf(digits) };
    const cnpj = normalizeCnpj(documento);
    if (cnpj.length === 14 && isValidCnpj(cnpj)) return { tipo: "cnpj" as const, valido: true, formatado: formatCnpj(cnpj) };
    throw new DomainError("CPF ou CNPJ inválido. Confira os números digitados.", 422, "documento");
  },
});
