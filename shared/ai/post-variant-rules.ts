import { CAPTION_MAX_HASHTAGS, captionProblems, countCaption } from "../social/caption-rules.ts";
import { type CheckedVariant, checkVariant, type Violation } from "./fact-check.ts";
import type { FactSheet } from "./facts.ts";
import { ALT_TEXT_MAX } from "./generation-options.ts";

/**
 * A post variant as it will be published, and everything that must hold before a person sees it
 * (ADR 053): the caption it composes fits Instagram (2,200 characters, 30 hashtags, counted as
 * Instagram counts), one alt text per image, a call to action with the business's WhatsApp and
 * link, and no violation of the facts. Pure and client-safe: the job filters with it, the editor
 * shows the same counts.
 */

/** The caption as published: the text, the call to action, then the hashtags on their own line. */
export function composeCaption(v: Pick<CheckedVariant, "legenda" | "chamada" | "hashtags">): string {
  return [v.legenda.trim(), v.chamada.trim(), v.hashtags.join(" ")].filter(Boolean).join("\n\n");
}

/** What breaks the publishing rules, in pt-BR (empty: fine). */
export function variantRuleProblems(v: CheckedVariant, sheet: FactSheet): string[] {
  const problems = [...captionProblems(composeCaption(v))];
  const tags = v.hashtags.length;
  if (tags > CAPTION_MAX_HASHTAGS) problems.push(`São ${tags} hashtags na lista; o Instagram aceita até ${CAPTION_MAX_HASHTAGS}.`);
  if (countCaption(v.hashtags.join(" ")).hashtags !== tags)
    problems.push("Há hashtags mal escritas na lista (cada uma começa com # e não tem espaços).");
  if (v.textosAlternativos.length !== sheet.imagens.length) {
    problems.push(`São ${sheet.imagens.length} imagens e ${v.textosAlternativos.length} textos alternativos: precisa de um por imagem.`);
  }
  if (v.textosAlternativos.some((t) => !t.trim() || t.length > ALT_TEXT_MAX)) {
    problems.push(`Cada texto alternativo precisa ter de 1 a ${ALT_TEXT_MAX} caracteres.`);
  }
  const digits = v.chamada.replace(/\D/g, "");
  if (sheet.negocio.whatsapp && !digits.includes(sheet.negocio.whatsapp)) problems.push("A chamada precisa trazer o WhatsApp do negócio.");
  if (sheet.negocio.link && !v.chamada.includes(sheet.negocio.link)) problems.push("A chamada precisa trazer o link da página do anúncio.");
  return problems;
}

export interface VariantVerdict<V extends CheckedVariant = CheckedVariant> {
  variante: V;
  violacoes: Violation[];
  problemas: string[];
}

/** Each variant with its fact violations and rule problems; `ok` are those with none. */
export function judgeVariants<V extends CheckedVariant>(
  variants: readonly V[],
  sheet: FactSheet,
): { ok: V[]; rejeitadas: VariantVerdict<V>[] } {
  const verdicts = variants.map((variante) => ({
    variante,
    violacoes: checkVariant(variante, sheet),
    problemas: variantRuleProblems(variante, sheet),
  }));
  return {
    ok: verdicts.filter((v) => v.violacoes.length === 0 && v.problemas.length === 0).map((v) => v.variante),
    rejeitadas: verdicts.filter((v) => v.violacoes.length > 0 || v.problemas.length > 0),
  };
}
