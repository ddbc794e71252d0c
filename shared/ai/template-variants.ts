import type { Claim, PostVariant } from "./contracts.ts";
import { type FactSheet, factOf } from "./facts.ts";
import { sentencesOf } from "./fact-format.ts";
import type { GenerationGoal, GenerationTone } from "./generation-options.ts";
import { dealer, type Random } from "./template-random.ts";
import { callToAction, firstComment, hashtagList } from "./template-words.ts";

/**
 * What the template captions of a produto and a serviço share: the record's own description in
 * whole sentences, and the variants assembled from caption styles (call to action, alt texts,
 * first comment, the facts written as claims). Each kind keeps its own styles and hashtags.
 */

const DESCRIPTION_MAX = 280;

/** The description's first whole sentences, up to 280 characters (never cut inside one). */
export function shortDescription(text: string | undefined): string {
  if (!text) return "";
  let out = "";
  for (const s of sentencesOf(text)) {
    if ((out ? `${out} ${s}` : s).length > DESCRIPTION_MAX) break;
    out = out ? `${out} ${s}` : s;
  }
  return out;
}

/** One caption style: writes the caption, adding the facts it names to `claims`. */
export type CaptionStyle = (claims: Claim[], r: Random) => string;

export interface StyledVariants {
  sheet: FactSheet;
  goal: GenerationGoal;
  tone: GenerationTone;
  rnd: Random;
  count: number;
  subject: "produto" | "servico";
  name: string;
  styles: CaptionStyle[];
  /** "Foto" (a produto) or "Imagem" (a serviço): how the alt text names a picture. */
  picture: string;
  /** Facts besides the name that become claims when written (preco, categoria…). */
  claimed: readonly string[];
  /** The hashtags, read after the caption (the order the random draws were always made in). */
  hashtags: () => (string | null)[];
}

export function styledVariants(v: StyledVariants): PostVariant[] {
  const { sheet, goal, tone, rnd, name } = v;
  const offset = Math.floor(rnd.next() * 1_000);
  return rnd
    .shuffle(v.styles)
    .slice(0, v.count)
    .map((style, i) => {
      const claims: Claim[] = [];
      const deal = dealer(rnd, offset, i);
      const legenda = style(claims, deal)
        .replace(/\n{3,}/g, "\n\n")
        .trim();
      const chamada = callToAction(sheet.negocio, goal, tone, deal, v.subject, `de ${name}`);
      const alt = sheet.imagens.map((image, k) => {
        const own = image.legenda?.trim().replace(/[.!]+$/, "");
        const base = k === 0 ? `${v.picture} de ${name}.` : `Outra ${v.picture.toLowerCase()} de ${name}.`;
        return own ? `${own}. ${base}` : base;
      });
      const primeiroComentario = i === 0 ? null : firstComment(goal, deal);
      const written = [legenda, chamada, ...alt, primeiroComentario ?? ""].join("\n");
      for (const campo of v.claimed) {
        const fact = factOf(sheet, campo);
        if (fact && written.includes(fact.texto)) claims.push({ trecho: fact.texto, campo });
      }
      return {
        legenda,
        hashtags: hashtagList(v.hashtags()),
        chamada,
        textosAlternativos: alt,
        primeiroComentario,
        afirmacoes: claims.filter((c) => written.includes(c.trecho)),
      };
    });
}
