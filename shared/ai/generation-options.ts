import { defineEnum } from "../define-enum.ts";

/**
 * What a person chooses before generating (goal and tone), zod-free so any screen may list
 * them (ADR 029). The contracts (contracts.ts) and the template generator read the same lists.
 */

export const GENERATION_GOAL = defineEnum({
  vender: { label: "Vender" },
  alugar: { label: "Alugar" },
  divulgar: { label: "Divulgar" },
  engajar: { label: "Engajar" },
});
export const GENERATION_GOALS = GENERATION_GOAL.values;
export type GenerationGoal = (typeof GENERATION_GOALS)[number];

export const GENERATION_TONE = defineEnum({
  profissional: { label: "Profissional" },
  acolhedor: { label: "Acolhedor" },
  sofisticado: { label: "Sofisticado" },
  descontraido: { label: "Descontraído" },
});
export const GENERATION_TONES = GENERATION_TONE.values;
export type GenerationTone = (typeof GENERATION_TONES)[number];

/** How a month-plan idea is posted. */
export const IDEA_FORMAT = defineEnum({
  post: { label: "Post" },
  carrossel: { label: "Carrossel" },
  story: { label: "Story" },
  reels: { label: "Reels" },
});
export const IDEA_FORMATS = IDEA_FORMAT.values;
export type IdeaFormat = (typeof IDEA_FORMATS)[number];

/** Who wrote a result: the AI model, or the offline template generator (it says so). */
export const GENERATION_SOURCE = defineEnum({
  ia: { label: "Escrito com IA a partir dos dados do cadastro" },
  modelo: { label: "Escrito pelo gerador de modelos do Alicerce (sem IA)" },
});
export const GENERATION_SOURCES = GENERATION_SOURCE.values;
export type GenerationSource = (typeof GENERATION_SOURCES)[number];

/** Variants a post generation returns. */
export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 3;
/** Instagram's alt text limit (characters). */
export const ALT_TEXT_MAX = 1000;
