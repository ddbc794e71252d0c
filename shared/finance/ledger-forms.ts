import { z } from "zod";
import { ID_RE } from "../id.ts";
import { dateTime } from "../resources/schema-helpers.ts";
import { moneyCentavos, optionalString, requiredString } from "../validation.ts";
import { MAX_DESCRIPTION, MAX_MOVEMENT_CENTAVOS } from "./movement-rules.ts";

/** The transfer form and the estorno's reason (ADR 072): one schema for the page and the API. Client-safe. */

const account = (field: string) =>
  z
    .string({ error: `Escolha a conta ${field}.` })
    .trim()
    .regex(ID_RE, `Escolha a conta ${field}.`);

export const transferSchema = z
  .strictObject({
    deContaId: account("de origem"),
    paraContaId: account("de destino"),
    valorCentavos: moneyCentavos("Valor", { min: 1, max: MAX_MOVEMENT_CENTAVOS }),
    descricao: z.preprocess(
      (v) => (v === undefined || v === "" ? "Transferência entre contas" : v),
      requiredString("Descrição", { max: MAX_DESCRIPTION }),
    ),
    ocorridoEm: z.preprocess((v) => (v === undefined || v === "" ? new Date().toISOString() : v), dateTime("Data e hora")),
  })
  .refine((v) => v.deContaId !== v.paraContaId, { path: ["paraContaId"], message: "Escolha contas diferentes para a transferência." });

export type TransferForm = z.output<typeof transferSchema>;

export const reversalSchema = z.strictObject({ motivo: optionalString("Motivo", { max: 200 }) });

/** A period of balances: "aaaa-mm-dd" both ends, at most a year and a bit. */
export const balancePeriodSchema = z.object({
  de: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Início do período inválido: use aaaa-mm-dd."),
  ate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "Fim do período inválido: use aaaa-mm-dd."),
  conta: z.string().regex(ID_RE, "Conta inválida.").optional(),
});
