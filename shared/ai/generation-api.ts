import { z } from "zod";
import {
  freeGenerationSchema,
  freeRequestSchema,
  monthPlanRequestSchema,
  monthPlanSchema,
  postRequestSchema,
  postVariantSchema,
} from "./contracts.ts";
import { GENERATION_SOURCES } from "./generation-options.ts";
import { GENERATION_KINDS, GENERATION_STATUSES } from "./generation-paths.ts";

/**
 * The AI generation API's contract (ADR 055), client-safe: what the screens send to
 * `/api/ai-generations`, what they read back, and what the live connection tells them while a
 * generation runs. The engine (worker/services/ai-generation/*) and the screens both import it.
 */

export {
  AI_GENERATION_PATHS,
  FINAL_GENERATION_STATUSES,
  GENERATION_KIND,
  GENERATION_KINDS,
  GENERATION_STATUS,
  GENERATION_STATUSES,
  type GenerationKind,
  type GenerationStatus,
  isFinalGenerationStatus,
} from "./generation-paths.ts";

// ——— Requests ———

/** POST /api/ai-generations: one of three kinds, told apart by `tipo`. */
export const generationRequestSchema = z.discriminatedUnion("tipo", [
  postRequestSchema.extend({ tipo: z.literal("post") }),
  freeRequestSchema.extend({ tipo: z.literal("livre") }),
  monthPlanRequestSchema.extend({ tipo: z.literal("mes") }),
]);
export type GenerationRequest = z.infer<typeof generationRequestSchema>;

// ——— Responses ———

const source = z.enum(GENERATION_SOURCES);

/** A finished post generation: the checked variants (2–3; a template fallback says why in `aviso`). */
export const postResultSchema = z.object({ tipo: z.literal("post"), variantes: z.array(postVariantSchema) });
export const freeResultSchema = freeGenerationSchema.extend({ tipo: z.literal("livre") });
export const monthPlanResultSchema = monthPlanSchema.extend({ tipo: z.literal("mes") });
export const generationResultSchema = z.discriminatedUnion("tipo", [postResultSchema, freeResultSchema, monthPlanResultSchema]);
export type GenerationResult = z.infer<typeof generationResultSchema>;

/** Why a generation failed: a stable code for programs, a pt-BR message for people. */
export const generationErrorSchema = z.object({
  codigo: z.string(),
  mensagem: z.string(),
  /** A 429 from OpenAI: when trying again makes sense (ISO), else null. */
  tentarApos: z.string().nullable(),
});
export type GenerationError = z.infer<typeof generationErrorSchema>;

/** One generation as the API answers it (`{ data: Generation }`). */
export const generationSchema = z.object({
  id: z.string(),
  tipo: z.enum(GENERATION_KINDS),
  status: z.enum(GENERATION_STATUSES),
  /** What was asked (the request without `tipo`). */
  pedido: z.record(z.string(), z.unknown()),
  /** A short pt-BR title for lists ("Casa no Jardim Botânico", "Dezembro de 2026"…). */
  titulo: z.string(),
  /** Who wrote it: "ia" (OpenAI) or "modelo" (the template generator); null before it is known. */
  origem: source.nullable(),
  /** What the person must know about the result (no AI key; the AI's variants refused…); null when nothing. */
  aviso: z.string().nullable(),
  /**
   * The readable text so far while it streams (the captions being written, not yet checked);
   * a page opening late or reconnecting starts from here. Empty before the first text.
   */
  textoParcial: z.string(),
  resultado: generationResultSchema.nullable(),
  erro: generationErrorSchema.nullable(),
  tokens: z.object({ entrada: z.number().int(), saida: z.number().int() }),
  criadaEm: z.string(),
  /** When the first text appeared (ISO), null before. */
  primeiroTextoEm: z.string().nullable(),
  /** When it reached pronta, falhou or cancelada (ISO), null before. */
  concluidaEm: z.string().nullable(),
});
export type Generation = z.infer<typeof generationSchema>;

/** GET /api/ai-generations/uso: this month's tokens against the organização's limit. */
export const generationUsageSchema = z.object({
  /** aaaa-mm in the organização's time zone. */
  mes: z.string(),
  tokens: z.number().int(),
  /** null: no limit set in Configurações do Negócio. */
  limite: z.number().int().nullable(),
  /** When the count starts again (ISO, the first instant of next month in the organização's zone). */
  renovaEm: z.string(),
});
export type GenerationUsage = z.infer<typeof generationUsageSchema>;

/** The most recent generations GET /api/ai-generations lists (the person's own). */
export const RECENT_GENERATIONS_MAX = 20;
