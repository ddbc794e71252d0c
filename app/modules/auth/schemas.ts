import { z } from "zod";
import { accepted, confirmed, cpfOrCnpj, email, oneOf, optionalString, password, phone, requiredString } from "../../lib/validation.ts";

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

export const UFS = [
  "AC",
  "AL",
  "AP",
  "AM",
  "BA",
  "CE",
  "DF",
  "ES",
  "GO",
  "MA",
  "MT",
  "MS",
  "MG",
  "PA",
  "PB",
  "PR",
  "PE",
  "PI",
  "RJ",
  "RN",
  "RS",
  "RO",
  "RR",
  "SC",
  "SP",
  "SE",
  "TO",
] as const;

export const SEGMENT_OPTIONS = [
  { value: "imobiliaria", label: "Imobiliária" },
  { value: "corretor", label: "Corretor(a) autônomo(a)" },
  { value: "comercio", label: "Comércio" },
  { value: "servicos", label: "Serviços" },
] as const;

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
  .superRefine(
    (v, ctx) => {
      if ((v.segmento === "imobiliaria" || v.segmento === "corretor") && !v.creci) {
        ctx.addIssue({ code: "custom", path: ["creci"], message: "O campo CRECI é obrigatório" });
      }
      // Runs even when other fields failed, so every problem shows at once.
    },
    { when: () => true },
  );
