import { z } from "zod";
import { checkbox } from "../validation.ts";

/** Configurações do Negócio: one form for the page and the service. Client-safe. */
export const businessSettingsSchema = z.object({
  /** When false, a stock movement that would take a product below zero is refused. */
  estoqueNegativo: checkbox(),
  /** When true, a corretor sees and acts only on the imóveis and interesses they capture or handle. */
  corretorApenasSeus: checkbox(),
});

export type BusinessSettingsInput = z.output<typeof businessSettingsSchema>;

export interface BusinessSettings extends BusinessSettingsInput {
  atualizadoEm: string | null;
  atualizadoPorNome: string | null;
}

export const BUSINESS_SETTINGS_DEFAULTS: BusinessSettingsInput = { estoqueNegativo: false, corretorApenasSeus: false };
