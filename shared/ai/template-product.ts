import type { Claim, PostVariant } from "./contracts.ts";
import { type FactSheet, factOf } from "./facts.ts";
import { sentencesOf } from "./fact-format.ts";
import type { GenerationGoal, GenerationTone } from "./generation-options.ts";
import { dealer, type Random } from "./template-random.ts";
import { callToAction, emoji, firstComment, goalCloser, hashtagList, toHashtag } from "./template-words.ts";

/**
 * The template generator's captions for a produto: its name, price, category, the corretor's —
 * here the shopkeeper's — own description (whole sentences, never cut inside one) and, when few
 * are left, the stock. Every fact written becomes a claim, as for imóveis.
 */

/** A stock this small is worth saying ("Restam só 3 unidades"). */
const FEW_LEFT = 10;
const DESCRIPTION_MAX = 280;

function description(text: string | undefined): string {
  if (!text) return "";
  let out = "";
  for (const s of sentencesOf(text)) {
    if ((out ? `${out} ${s}` : s).length > DESCRIPTION_MAX) break;
    out = out ? `${out} ${s}` : s;
  }
  return out;
}

export function productVariants(sheet: FactSheet, goal: GenerationGoal, tone: GenerationTone, rnd: Random, count: number): PostVariant[] {
  const name = factOf(sheet, "nome")?.texto ?? sheet.registro.nome;
  const price = factOf(sheet, "preco")?.texto ?? "";
  const category = factOf(sheet, "categoria")?.texto ?? "";
  const about = description(factOf(sheet, "descricao")?.texto);
  const stock = factOf(sheet, "estoque");
  const few = stock && typeof stock.valor === "number" && stock.valor <= FEW_LEFT ? stock.texto : "";
  const e = (s: string) => emoji(tone, s);
  const openings: Record<GenerationTone, string[]> = {
    profissional: [`Conheça ${name}.`, `${name}: qualidade para o seu dia a dia.`, `Destaque da semana: ${name}.`],
    acolhedor: [`Separamos com carinho: ${name}. 💛`, `Pensando em você: ${name}.`, `Tem ${name} esperando por você aqui. 😊`],
    sofisticado: [
      `${name}. Escolha de quem valoriza qualidade.`,
      `Seleção especial: ${name}.`,
      `${name}, para quem não abre mão do melhor.`,
    ],
    descontraido: [`Olha só o que tem por aqui: ${name}! 😍`, `Já conhece ${name}? 👀`, `Corre que tem ${name}! 🏃`],
  };
  const styles: ((claims: Claim[], r: Random) => string)[] = [
    (claims, r) => {
      claims.push({ trecho: name, campo: "nome" });
      const lines = [r.pick(openings[tone]), "", about, ""];
      if (price) lines.push(`${e("💰")}Por ${price}`);
      if (category) lines.push(`${e("🏷️")}${category}`);
      if (few && goal !== "engajar") lines.push(`${e("⚡")}Restam só ${few}!`);
      return [...lines, "", goalCloser(goal, r, "produto")].join("\n");
    },
    (claims, r) => {
      claims.push({ trecho: name, campo: "nome" });
      const head = category ? `Procurando ${category.toLocaleLowerCase("pt-BR")}? Temos ${name}` : `Temos ${name}`;
      return [`${head}${price ? ` por ${price}` : ""}.`, about, goalCloser(goal, r, "produto")].filter(Boolean).join("\n\n");
    },
    (claims, r) => {
      claims.push({ trecho: name, campo: "nome" });
      return [
        `${e("🛒")}${name}${price ? ` | ${price}` : ""}`,
        few ? `Estoque acabando: restam ${few}.` : "",
        about,
        "",
        goalCloser(goal, r, "produto"),
      ]
        .filter((l, i, all) => l !== "" || (all[i - 1] ?? "") !== "")
        .join("\n");
    },
  ];
  const offset = Math.floor(rnd.next() * 1_000);
  return rnd
    .shuffle(styles)
    .slice(0, count)
    .map((style, i) => {
      const claims: Claim[] = [];
      const deal = dealer(rnd, offset, i);
      const legenda = style(claims, deal)
        .replace(/\n{3,}/g, "\n\n")
        .trim();
      const chamada = callToAction(sheet.negocio, goal, tone, deal, "produto", `de ${name}`);
      const alt = sheet.imagens.map((image, k) => {
        const own = image.legenda?.trim().replace(/[.!]+$/, "");
        const base = k === 0 ? `Foto de ${name}.` : `Outra foto de ${name}.`;
        return own ? `${own}. ${base}` : base;
      });
      const primeiroComentario = i === 0 ? null : firstComment(goal, deal);
      const written = [legenda, chamada, ...alt, primeiroComentario ?? ""].join("\n");
      for (const campo of ["preco", "categoria", "estoque"]) {
        const fact = factOf(sheet, campo);
        if (fact && written.includes(fact.texto)) claims.push({ trecho: fact.texto, campo });
      }
      return {
        legenda,
        hashtags: hashtagList([
          toHashtag(category),
          ...rnd.shuffle(goal === "engajar" ? ["#dica", "#comunidade", "#lojadobairro"] : ["#oferta", "#promoção", "#compras"]),
          toHashtag(sheet.negocio.nome),
          "#comprelocal",
          "#novidades",
        ]),
        chamada,
        textosAlternativos: alt,
        primeiroComentario,
        afirmacoes: claims.filter((c) => written.includes(c.trecho)),
      };
    });
}
