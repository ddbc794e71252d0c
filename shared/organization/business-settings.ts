import { z } from "zod";
import { checkbox } from "../validation.ts";
import { requiredOption } from "../resources/schema-helpers.ts";
import { DEFAULT_TIME_ZONE, TIME_ZONES } from "../time-zone.ts";
import { AI_MONTHLY_TOKEN_LIMIT_DEFAULT, aiTokenLimitField } from "./ai-token-limit.ts";
import { AGENDA_SETTINGS_DEFAULTS, agendaSettingsFields, commissionProblem } from "./agenda-settings.ts";

/** Configurações do Negócio: one form for the page and the service. Client-safe. */
export const businessSettingsSchema = z
  .object({
    /** When false, a stock movement that would take a product below zero is refused. */
    estoqueNegativo: checkbox(),
    /** When true, a corretor sees and acts only on the imóveis and interesses they capture or handle. */
    corretorApenasSeus: checkbox(),
    /** The IANA zone every time of the organização is shown and typed in (ADR 039). */
    fusoHorario: requiredOption("Fuso horário", TIME_ZONES),
    /** Tokens the AI generator may spend per month; 0: AI off. */
    limiteTokensIaMensal: aiTokenLimitField(),
    /** The agenda: grid, buffer, notice, online booking, reminders, default commission (agenda-settings.ts). */
    ...agendaSettingsFields,
  })
  .superRefine((data, ctx) => {
    const problem = commissionProblem(data.comissaoPadraoTipo, data.comissaoPadraoValor);
    if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["comissaoPadraoValor"] });
  });

export type BusinessSettingsInput = z.output<typeof businessSettingsSchema>;

export interface BusinessSettings extends BusinessSettingsInput {
  atualizadoEm: string | null;
  atualizadoPorNome: string | null;
}

export const BUSINESS_SETTINGS_DEFAULTS: BusinessSettingsInput = {
  estoqueNegativo: false,
  corretorApenasSeus: false,
  fusoHorario: DEFAULT_TIME_ZONE,
  limiteTokensIaMensal: AI_MONTHLY_TOKEN_LIMIT_DEFAULT,
  ...AGENDA_SETTINGS_DEFAULTS,
};
