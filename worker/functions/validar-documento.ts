import { z } from "zod";
import { formatCnpj, formatCpf, isValidCnpj, isValidCpf, normalizeCnpj, onlyDigits } from "../../shared/documents.ts";
import { ROLES } from "../../db/schema/organizations.ts";
import { DomainError } from "../services/context.ts";
import { defineFunction } from "./registry.ts";

/** Checks a CPF or CNPJ (alphanumeric too) and returns it formatted with its kind. */
export const validarDocumento = defineFunction({
  name: "validar-documento",
  roles: ROLES,
  input: z.object({ documento: z.string().max(40) }),
  async handler(_rc, { documento }) {
    const digits = onlyDigits(documento);
    if (digits.length === 11 && isValidCpf(digits)) return { tipo: "cpf" as const, valido: true, formatado: formatCpf(digits) };
    const cnpj = normalizeCnpj(documento);
    if (cnpj.length === 14 && isValidCnpj(cnpj)) return { tipo: "cnpj" as const, valido: true, formatado: formatCnpj(cnpj) };
    throw new DomainError("CPF ou CNPJ inválido. Confira os números digitados.", 422, "documento");
  },
});
