import { z } from "zod";

/**
 * What post art is drawn from (issue 20, ADR 051): generic — a title, a price text, a few facts,
 * photos and the contact — so an imóvel, a produto or a serviço all fit. Client-safe: the screens'
 * live preview and the generation job send the same shape.
 */

/** The formats Meta takes: feed square, feed portrait (4:5) and story (9:16). */
export const ART_FORMATS = {
  quadrado: { width: 1080, height: 1080, label: "Quadrado 1080 × 1080" },
  retrato: { width: 1080, height: 1350, label: "Retrato 1080 × 1350" },
  story: { width: 1080, height: 1920, label: "Story 1080 × 1920" },
} as const;
export type ArtFormat = keyof typeof ART_FORMATS;
export const ART_FORMAT_IDS = Object.keys(ART_FORMATS) as ArtFormat[];

/** The templates a person chooses from (the cover of a post or a carousel's first slide). */
export const ART_TEMPLATES = [
  { id: "faixa-preco", label: "Foto com faixa de preço" },
  { id: "destaque", label: "Destaque — título grande" },
  { id: "elegante", label: "Elegante — alto padrão" },
  { id: "ficha", label: "Ficha com os dados" },
] as const;
export type ArtTemplateId = (typeof ART_TEMPLATES)[number]["id"];
export const ART_TEMPLATE_IDS = ART_TEMPLATES.map((t) => t.id) as [ArtTemplateId, ...ArtTemplateId[]];

/** The slides of a carousel after its cover: one per further photo, the facts, the contact. */
export const ART_SLIDE_KINDS = ["capa", "foto", "ficha", "contato"] as const;
export type ArtSlideKind = (typeof ART_SLIDE_KINDS)[number];

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const artFactSchema = z.object({
  /** "3" */
  valor: text(30),
  /** "quartos", "m² de área", "vagas" */
  rotulo: text(30),
});
export type ArtFact = z.infer<typeof artFactSchema>;

export const artContactSchema = z.object({
  /** The business's name, drawn when there is no logo and on the contact slide. */
  nome: optionalText(80),
  /** As people read it: "(11) 98765-4321". */
  whatsapp: optionalText(30),
  /** The public page, without the scheme: "horizonte.alicerce.app/imovel/123". */
  link: optionalText(120),
});
export type ArtContact = z.infer<typeof artContactSchema>;

export const artContentSchema = z.object({
  titulo: text(120),
  /** Already formatted: "R$ 12.500.000,00", "R$ 3.200/mês", "Sob consulta". */
  preco: optionalText(40),
  /** A small tag above the title: "À venda", "Lançamento", "Novo". */
  selo: optionalText(30),
  /** Where: "Jardim Paulistano, São Paulo". */
  local: optionalText(120),
  /** A short line (a produto's description, an imóvel's highlight). */
  linha: optionalText(160),
  fatos: z.array(artFactSchema).max(6).default([]),
  contato: artContactSchema.default({ nome: null, whatsapp: null, link: null }),
});
export type ArtContent = z.infer<typeof artContentSchema>;
export type ArtContentInput = z.input<typeof artContentSchema>;
