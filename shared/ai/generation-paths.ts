import { defineEnum } from "../define-enum.ts";

/**
 * The AI generation API's paths, kinds and statuses without zod (ADR 055/056): what a page's first
 * chunk needs to ask for a generation and follow it, kept out of the schemas' module so the page
 * stays within its JavaScript budget. generation-api.ts re-exports them with the schemas.
 */

/** Where the API lives; `:id` is a generation's id. */
export const AI_GENERATION_PATHS = {
  /** POST: start one (201); GET: the person's recent ones. */
  collection: "/api/ai-generations",
  /** GET: one generation (status, partial text, result). */
  one: (id: string) => `/api/ai-generations/${id}`,
  /** POST: cancel it (mid-stream too). */
  cancel: (id: string) => `/api/ai-generations/${id}/cancelar`,
  /** GET: the organização's tokens this month and its limit. */
  usage: "/api/ai-generations/uso",
} as const;

/** What is being generated: a post from a record, free content from a topic, or a month of ideas. */
export const GENERATION_KIND = defineEnum({
  post: { label: "Post de um cadastro" },
  livre: { label: "Conteúdo livre" },
  mes: { label: "Um mês de ideias" },
});
export const GENERATION_KINDS = GENERATION_KIND.values;
export type GenerationKind = (typeof GENERATION_KINDS)[number];

/** A generation's life: queued → generating → ready | failed | cancelled (the last three are final). */
export const GENERATION_STATUS = defineEnum({
  na_fila: { label: "Na fila" },
  gerando: { label: "Gerando" },
  pronta: { label: "Pronta" },
  falhou: { label: "Falhou" },
  cancelada: { label: "Cancelada" },
});
export const GENERATION_STATUSES = GENERATION_STATUS.values;
export type GenerationStatus = (typeof GENERATION_STATUSES)[number];
export const FINAL_GENERATION_STATUSES: readonly GenerationStatus[] = ["pronta", "falhou", "cancelada"];
export const isFinalGenerationStatus = (s: GenerationStatus): boolean => FINAL_GENERATION_STATUSES.includes(s);
