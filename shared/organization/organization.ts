import { z } from "zod";
import { cep, checkbox, cpfOrCnpj, email, file, oneOf, optional, optionalString, phone, requiredString } from "../validation.ts";
import { creciRule, LOGO_MAX_KB, LOGO_TYPES, UFS } from "./business-fields.ts";

export { LOGO_MAX_KB, LOGO_TYPES, needsCreci, SEGMENT_OPTIONS, UFS } from "./business-fields.ts";

/**
 * The business profile (/config), shared by the browser and the action. Documents come out
 * canonical for storage: CPF/CNPJ bare (alphanumeric CNPJ upper-cased), CEP and WhatsApp digits.
 */
export const organizationSchema = z
  .object({
    nome: requiredString("Nome do negócio", { min: 2, max: 120 }),
    segmento: oneOf("Segmento", ["imobiliaria", "corretor", "comercio", "servicos"]),
    documento: cpfOrCnpj("CPF ou CNPJ"),
    creci: optionalString("CRECI", { max: 20 }),
    whatsapp: phone("WhatsApp"),
    email: optional(email("E-mail de contato")),
    cep: optional(cep("CEP")),
    rua: optionalString("Rua", { max: 160 }),
    numero: optionalString("Número", { max: 20 }),
    complemento: optionalString("Complemento", { max: 80 }),
    bairro: optionalString("Bairro", { max: 80 }),
    cidade: requiredString("Cidade", { min: 2, max: 80 }),
    uf: oneOf("UF", UFS),
    descricao: optionalString("Descrição", { max: 1000, multiline: true }),
    vozMarca: optionalString("Voz da marca", { max: 1000, multiline: true }),
    logo: optional(file("Logo", { maxKb: LOGO_MAX_KB, mimes: LOGO_TYPES })),
    removerLogo: checkbox(),
  })
  .superRefine(...creciRule);

export type OrganizationForm = z.output<typeof organizationSchema>;
