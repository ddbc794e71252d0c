import type { Claim, PostVariant } from "./contracts.ts";
import { type FactSheet, factOf } from "./facts.ts";
import type { GenerationGoal, GenerationTone } from "./generation-options.ts";
import type { Random } from "./template-random.ts";
import { emoji, goalCloser, toHashtag } from "./template-words.ts";
import { shortDescription, styledVariants } from "./template-variants.ts";

/**
 * The template generator's captions for a serviço (issue 21): its name, price, duration, category
 * and the business's own description (whole sentences). Every fact written becomes a claim, as
 * for imóveis and produtos; the duration is written exactly as its fact ("1h30").
 */

export function serviceVariants(sheet: FactSheet, goal: GenerationGoal, tone: GenerationTone, rnd: Random, count: number): PostVariant[] {
  const name = factOf(sheet, "nome")?.texto ?? sheet.registro.nome;
  const price = factOf(sheet, "preco")?.texto ?? "";
  const category = factOf(sheet, "categoria")?.texto ?? "";
  const duration = factOf(sheet, "duracao")?.texto ?? "";
  const about = shortDescription(factOf(sheet, "descricao")?.texto);
  const e = (s: string) => emoji(tone, s);
  const openings: Record<GenerationTone, string[]> = {
    profissional: [`Conheça o nosso serviço: ${name}.`, `${name}, feito com cuidado e técnica.`, `Destaque da semana: ${name}.`],
    acolhedor: [`Um momento só seu: ${name}. 💛`, `Pensando no seu bem-estar: ${name}.`, `Você merece: ${name}. 😊`],
    sofisticado: [`${name}. Cuidado em cada detalhe.`, `Experiência exclusiva: ${name}.`, `${name}, para quem não abre mão do melhor.`],
    descontraido: [`Bora se cuidar? ${name}! 😍`, `Já marcou o seu ${name}? 👀`, `Tá precisando de ${name}? Vem! ✨`],
  };
  const styles: ((claims: Claim[], r: Random) => string)[] = [
    (claims, r) => {
      claims.push({ trecho: name, campo: "nome" });
      const lines = [r.pick(openings[tone]), "", about, ""];
      if (price) lines.push(`${e("💰")}${price}`);
      if (duration) lines.push(`${e("⏱️")}Duração: ${duration}`);
      if (category) lines.push(`${e("🏷️")}${category}`);
      return [...lines, "", goalCloser(goal, r, "servico")].join("\n");
    },
    (claims, r) => {
      claims.push({ trecho: name, campo: "nome" });
      const head = category ? `Em ${category.toLocaleLowerCase("pt-BR")}, temos ${name}` : `Temos ${name}`;
      const details = [price ? `por ${price}` : "", duration ? `em ${duration}` : ""].filter(Boolean).join(", ");
      return [`${head}${details ? ` ${details}` : ""}.`, about, goalCloser(goal, r, "servico")].filter(Boolean).join("\n\n");
    },
    (claims, r) => {
      claims.push({ trecho: name, campo: "nome" });
      return [
        `${e("✨")}${name}${price ? ` | ${price}` : ""}`,
        duration ? `${duration} de cuidado.` : "",
        about,
        "",
        goalCloser(goal, r, "servico"),
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
    subject: "servico",
    name,
    styles,
    picture: "Imagem",
    claimed: ["preco", "categoria", "duracao"],
    hashtags: () => [
      toHashtag(category),
      toHashtag(name),
      ...rnd.shuffle(goal === "engajar" ? ["#autocuidado", "#bemestar", "#dica"] : ["#agendeja", "#beleza", "#cuidado"]),
      toHashtag(sheet.negocio.nome),
    ],
  });
}
