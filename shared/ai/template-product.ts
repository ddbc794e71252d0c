import type { Claim, PostVariant } from "./contracts.ts";
import { type FactSheet, factOf } from "./facts.ts";
import type { GenerationGoal, GenerationTone } from "./generation-options.ts";
import type { Random } from "./template-random.ts";
import { emoji, goalCloser, toHashtag } from "./template-words.ts";
import { shortDescription, styledVariants } from "./template-variants.ts";

/**
 * The template generator's captions for a produto: its name, price, category, the corretor's —
 * here the shopkeeper's — own description (whole sentences, never cut inside one) and, when few
 * are left, the stock. Every fact written becomes a claim, as for imóveis.
 */

/** A stock this small is worth saying ("Restam só 3 unidades"). */
const FEW_LEFT = 10;

export function productVariants(sheet: FactSheet, goal: GenerationGoal, tone: GenerationTone, rnd: Random, count: number): PostVariant[] {
  const name = factOf(sheet, "nome")?.texto ?? sheet.registro.nome;
  const price = factOf(sheet, "preco")?.texto ?? "";
  const category = factOf(sheet, "categoria")?.texto ?? "";
  const about = shortDescription(factOf(sheet, "descricao")?.texto);
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
  return styledVariants({
    sheet,
    goal,
    tone,
    rnd,
    count,
    subject: "produto",
    name,
    styles,
    picture: "Foto",
    claimed: ["preco", "categoria", "estoque"],
    hashtags: () => [
      toHashtag(category),
      ...rnd.shuffle(goal === "engajar" ? ["#dica", "#comunidade", "#lojadobairro"] : ["#oferta", "#promoção", "#compras"]),
      toHashtag(sheet.negocio.nome),
      "#comprelocal",
      "#novidades",
    ],
  });
}
