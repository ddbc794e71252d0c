import { z } from "zod";
import { isValidCep } from "../../shared/documents.ts";
import { findCep } from "../integrations/viacep.ts";
import { enforceKeyedLimit } from "../security/rate-limit.ts";
import { DomainError } from "../services/context.ts";
import { defineFunction } from "./registry.ts";

/**
 * Address from a CEP for the forms' autofill: `{ data: { cep, rua, complemento, bairro, cidade,
 * uf } }`, `{ data: null }` when ViaCEP does not know it, or `{ data: { indisponivel: true } }`
 * when ViaCEP cannot be reached now (the form says which, and stays usable). A malformed CEP is a 422 with the field's message. Each lookup costs a ViaCEP call,
 * so callers are limited per user and per IP (a pt-BR 429 with Retry-After past the limit).
 */
export const consultarCep = defineFunction({
  name: "consultar-cep",
  // A helper of every form with an address: whoever may open the app may ask.
  permission: { resource: "account", action: "read" },
  input: z.object({ cep: z.string().max(20) }),
  example: { cep: "01310-100" },
  async handler(rc, { cep }) {
    if (!isValidCep(cep)) throw new DomainError("O campo CEP não é válido", 422, "cep");
    // The relay only calls a handler for a signed-in member (functions.ts), so there is a user.
    await enforceKeyedLimit(rc.db, "cep", { user: rc.auth?.user.id ?? "-", ip: rc.ip });
    const found = await findCep(rc.config, cep);
    if (found === "desconhecido") return null;
    return found === "indisponivel" ? { indisponivel: true as const } : found;
  },
});
