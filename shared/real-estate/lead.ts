import { z } from "zod";
import { email, optional, optionalString, phone, requiredString } from "../validation.ts";

/**
 * What a person leaves on a public contact form (the property page, the landing page): a name
 * and at least one way back (e-mail or telefone). Client-safe: the form and the service share it.
 */
export const leadContactSchema = z
  .object({
    nome: requiredString("Nome", { min: 2, max: 120 }),
    email: optional(email("E-mail")),
    telefone: optional(phone("Telefone")),
    mensagem: optionalString("Mensagem", { max: 2000, multiline: true }),
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.telefone) {
      ctx.addIssue({ code: "custom", path: ["email"], message: "Informe um e-mail ou um telefone para o corretor responder." });
    }
  });

export type LeadContact = z.output<typeof leadContactSchema>;
