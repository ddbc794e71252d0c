import { z } from "zod";
import { POST_ORIGINS, SOCIAL_NETWORKS } from "../enums/social.ts";
import {
  GENERATION_GOALS,
  type GENERATION_SOURCES,
  GENERATION_TONES,
  IDEA_FORMATS,
  MAX_VARIANTS,
  MIN_VARIANTS,
} from "./generation-options.ts";

/**
 * What AI generation must return (ADR 053), as zod schemas the OpenAI client passes to
 * `zodTextFormat` and the template generator's output satisfies too. Strict structured outputs
 * constrain the shapes: every field is required (null where "optional"), objects only at the
 * root, no unions of objects, no string length keywords (lengths are checked after parsing, by
 * the Instagram rules and the fact checker). Client-safe (the screens type their state with it).
 */

/** The schemas' names as the model sees them (`zodTextFormat(schema, name)`). */
export const CONTRACT_NAMES = { post: "post_de_rede_social", livre: "conteudo_livre", mes: "mes_de_ideias" } as const;

/** One factual claim: the words as written and the fact (`campo`) they come from. */
export const claimSchema = z.object({
  trecho: z.string().describe("As palavras exatas do texto que afirmam um fato (ex.: “3 quartos”)."),
  campo: z.string().describe("O campo do fato que sustenta o trecho (ex.: “quartos”)."),
});
export type Claim = z.infer<typeof claimSchema>;

export const postVariantSchema = z.object({
  legenda: z.string().describe("O texto do post, sem as hashtags e sem a chamada."),
  hashtags: z.array(z.string()).describe("Hashtags com #, sem repetir; no máximo 30 contando as da legenda."),
  chamada: z.string().describe("Chamada para ação com o WhatsApp do negócio e o link da página do anúncio, quando houver."),
  textosAlternativos: z.array(z.string()).describe("Um texto alternativo por imagem, na ordem das imagens."),
  primeiroComentario: z.string().nullable().describe("Primeiro comentário opcional; null quando não houver."),
  afirmacoes: z.array(claimSchema).describe("Cada afirmação factual do texto com o campo de onde vem."),
});
export type PostVariant = z.infer<typeof postVariantSchema>;

/** What the model returns for a post (the root object strict mode needs). */
export const postGenerationSchema = z.object({
  variantes: z.array(postVariantSchema).min(MIN_VARIANTS).max(MAX_VARIANTS),
});
export type PostGeneration = z.infer<typeof postGenerationSchema>;

/** What a post generation hands to the job and the screens: who wrote it, and the variants. */
export interface GeneratedPost extends PostGeneration {
  origem: (typeof GENERATION_SOURCES)[number];
  /** "Escrito pelo gerador de modelos do Alicerce (sem IA)" or the AI's notice. */
  aviso: string;
}

/** A person's request for a post: the record, the networks, the goal and the tone. */
export const postRequestSchema = z.object({
  registro: z.object({ tipo: z.enum(POST_ORIGINS), id: z.string().min(1) }),
  redes: z.array(z.enum(SOCIAL_NETWORKS)).min(1),
  objetivo: z.enum(GENERATION_GOALS),
  tom: z.enum(GENERATION_TONES),
});
export type PostRequest = z.infer<typeof postRequestSchema>;

// ——— /ai-content: free generation from a topic ———

export const freeRequestSchema = z.object({
  tema: z.string().trim().min(3, "Escreva o tema com pelo menos 3 letras.").max(500, "Tema longo demais: até 500 caracteres."),
  objetivo: z.enum(GENERATION_GOALS),
  tom: z.enum(GENERATION_TONES),
  rede: z.enum(SOCIAL_NETWORKS),
});
export type FreeRequest = z.infer<typeof freeRequestSchema>;

export const ideaSchema = z.object({
  titulo: z.string().describe("A ideia em uma linha."),
  descricao: z.string().describe("Como fazer o post: imagem, formato, o que dizer."),
});
export type Idea = z.infer<typeof ideaSchema>;

export const freeGenerationSchema = z.object({
  legendas: z.array(z.string()).min(MIN_VARIANTS).max(MAX_VARIANTS).describe("Legendas prontas, sem hashtags."),
  hashtags: z.array(z.string()).describe("Hashtags com #, no máximo 30."),
  ideias: z.array(ideaSchema).min(3).max(6),
});
export type FreeGeneration = z.infer<typeof freeGenerationSchema>;

// ——— "Um mês de ideias" ———

export const monthPlanRequestSchema = z.object({
  mes: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Mês no formato aaaa-mm."),
  tom: z.enum(GENERATION_TONES),
});
export type MonthPlanRequest = z.infer<typeof monthPlanRequestSchema>;

/** What an idea of the month is tied to: one of the business's records, or a date that matters. */
export const ideaLinkSchema = z.object({
  tipo: z.enum(["imovel", "produto", "data"]),
  registroId: z.string().nullable().describe("O id do imóvel ou produto; null para uma data comemorativa."),
  dataComemorativa: z.string().nullable().describe("O nome da data (ex.: “Dia das Mães”); null para um registro."),
});
export type IdeaLink = z.infer<typeof ideaLinkSchema>;

export const monthIdeaSchema = z.object({
  data: z.string().describe("Dia de publicar, aaaa-mm-dd, dentro do mês."),
  titulo: z.string(),
  legenda: z.string().describe("Rascunho da legenda, só com fatos do registro ligado."),
  formato: z.enum(IDEA_FORMATS),
  motivo: z.string().describe("Por que este post neste dia (ex.: “Imóvel novo na carteira”)."),
  vinculo: ideaLinkSchema,
});
export type MonthIdea = z.infer<typeof monthIdeaSchema>;

export const monthPlanSchema = z.object({
  ideias: z.array(monthIdeaSchema).min(1).max(31),
});
export type MonthPlan = z.infer<typeof monthPlanSchema>;
