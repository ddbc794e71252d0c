import type { GeneratedPost } from "./contracts.ts";
import type { FactSheet } from "./facts.ts";
import { GENERATION_SOURCE, type GenerationGoal, type GenerationTone, MAX_VARIANTS } from "./generation-options.ts";
import { productVariants } from "./template-product.ts";
import { propertyVariants } from "./template-property.ts";
import { seededRandom } from "./template-random.ts";
import { serviceVariants } from "./template-service.ts";

/**
 * The offline generator (no OpenAI key: the local default and the demo; ADR 053): the same
 * facts, the same contract, good pt-BR, and it says that a template wrote it. Deterministic for
 * a seed; each variant differs in layout, opening and call to action.
 */

export interface TemplateOptions {
  objetivo: GenerationGoal;
  tom: GenerationTone;
  /** Same seed, same text. */
  seed: string;
  /** 2 or 3 (default 3). */
  variantes?: number;
}

export const TEMPLATE_NOTICE = GENERATION_SOURCE.labels.modelo;

export function templatePost(sheet: FactSheet, options: TemplateOptions): GeneratedPost {
  const rnd = seededRandom(`${options.seed}|${sheet.registro.id}|${options.objetivo}|${options.tom}`);
  const count = Math.min(MAX_VARIANTS, Math.max(2, options.variantes ?? MAX_VARIANTS));
  const variants =
    sheet.registro.tipo === "imovel" ? propertyVariants : sheet.registro.tipo === "servico" ? serviceVariants : productVariants;
  const variantes = variants(sheet, options.objetivo, options.tom, rnd, count);
  return { origem: "modelo", aviso: TEMPLATE_NOTICE, variantes };
}
