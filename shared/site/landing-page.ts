import { z } from "zod";
import type { PropertyPurpose } from "../enums.ts";
import { email, optional, optionalString, phone, requiredString } from "../validation.ts";
import { ID_RE } from "../id.ts";
import { SERVICE_SLOTS } from "./landing-view.ts";

/**
 * The business's public page `/p/{slug}` as the Landing Page screen edits it: one schema for the
 * form, the saved draft (`landing_pages.rascunho`) and the published copy. Client-safe.
 */

/** Slugs that would read as one of our own pages or mislead a visitor. */
export const RESERVED_SLUGS = new Set([
  "admin",
  "alicerce",
  "api",
  "app",
  "ajuda",
  "assets",
  "config",
  "contato",
  "feeds",
  "imovel",
  "landing-page",
  "login",
  "media",
  "novo",
  "oficial",
  "p",
  "portais",
  "settings",
  "suporte",
  "www",
]);

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/;

const slug = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
  z
    .string({ error: "Informe o endereço da página." })
    .regex(SLUG_PATTERN, "Endereço com 3 a 60 caracteres: letras minúsculas sem acento, números e hífens (sem hífen no início ou no fim).")
    .refine((s) => !s.includes("--"), "O endereço não pode ter dois hífens seguidos.")
    .refine((s) => !RESERVED_SLUGS.has(s), "Este endereço é reservado. Escolha outro."),
);

const color = z.preprocess(
  (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
  z.string().regex(/^#[0-9a-f]{6}$/, "Cor no formato #rrggbb."),
);

/** A repeated form field (checkboxes) as a list, whatever arrived. */
const idList = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.string().regex(ID_RE, "Imóvel inválido.")).max(12, "Escolha no máximo 12 imóveis em destaque."),
);

export const landingPageSchema = z
  .object({
    slug,
    titulo: requiredString("Chamada", { min: 5, max: 120 }),
    sobre: optionalString("Sobre", { max: 3000, multiline: true }),
    capaChave: optionalString("Capa", { max: 300 }),
    destaques: idList,
    servico1Titulo: optionalString("Serviço 1", { max: 80 }),
    servico1Texto: optionalString("Descrição do serviço 1", { max: 500, multiline: true }),
    servico2Titulo: optionalString("Serviço 2", { max: 80 }),
    servico2Texto: optionalString("Descrição do serviço 2", { max: 500, multiline: true }),
    servico3Titulo: optionalString("Serviço 3", { max: 80 }),
    servico3Texto: optionalString("Descrição do serviço 3", { max: 500, multiline: true }),
    whatsapp: optional(phone("WhatsApp")),
    email: optional(email("E-mail")),
    endereco: optionalString("Endereço", { max: 200 }),
    creci: optionalString("CRECI", { max: 30 }),
    corPrimaria: color,
  })
  .superRefine((v, ctx) => {
    for (const n of SERVICE_SLOTS) {
      if (!v[`servico${n}Titulo`] && v[`servico${n}Texto`]) {
        ctx.addIssue({ code: "custom", path: [`servico${n}Titulo`], message: `Dê um título ao serviço ${n}.` });
      }
    }
  });

export type LandingPageContent = z.output<typeof landingPageSchema>;

/** A property card on the public page (nothing private: no owner, keys or exact address). */
export interface LandingCard {
  slug: string;
  titulo: string | null;
  finalidade: PropertyPurpose | null;
  valorVendaCentavos: number | null;
  valorLocacaoCentavos: number | null;
  capaChave: string | null;
  bairro: string | null;
  cidade: string | null;
  quartos: number | null;
  areaUtil: number | null;
}

/**
 * What the page renders (public and preview): the content without the chosen ids (`destaques`,
 * which may name properties no longer live) and cards without ids; the cover only while its
 * property is live.
 */
export interface LandingView {
  negocio: string;
  page: Omit<LandingPageContent, "destaques">;
  cards: LandingCard[];
  /** The business takes online bookings: the page links to /agendar/{slug} (ADR 062). */
  agendar?: boolean;
}
