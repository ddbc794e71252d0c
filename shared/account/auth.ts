import { z } from "zod";
import { creciRule, UFS } from "../organization/business-fields.ts";
import { accepted, confirmed, cpfOrCnpj, email, oneOf, optionalString, password, phone, requiredString } from "../validation.ts";

/** One schema per form, shared by the browser (validation on blur/change) and the action. */
export const loginSchema = z.object({
  email: email("E-mail"),
  senha: password("Senha", { min: 1, max: 200 }),
});

export const signUpSchema = confirmed(
  z.object({
    nome: requiredString("Nome", { min: 2, max: 120 }),
    email: email("E-mail"),
    senha: password("Senha", { max: 200 }),
    confirmarSenha: password("Confirmar senha", { min: 1, max: 200 }),
    aceite: accepted("Termos de uso"),
  }),
  "senha",
  "confirmarSenha",
);

export const emailOnlySchema = z.object({ email: email("E-mail") });

export const newPasswordSchema = confirmed(
  z.object({
    senha: password("Senha", { max: 200 }),
    confirmarSenha: password("Confirmar senha", { min: 1, max: 200 }),
  }),
  "senha",
  "confirmarSenha",
);

export const completeRegistrationSchema = z
  .object({
    nomeNegocio: requiredString("Nome do negócio", { min: 2, max: 120 }),
    segmento: oneOf("Segmento", ["imobiliaria", "corretor", "comercio", "servicos"]),
    documento: cpfOrCnpj("CPF ou CNPJ"),
    creci: optionalString("CRECI", { max: 20 }),
    whatsapp: phone("WhatsApp"),
    cidade: requiredString("Cidade", { min: 2, max: 80 }),
    uf: oneOf("UF", UFS),
  })
  .superRefine(...creciRule);
