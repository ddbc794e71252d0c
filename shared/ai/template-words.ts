import { CAPTION_MAX_HASHTAGS } from "../social/caption-rules.ts";
import type { BusinessInfo } from "./facts.ts";
import type { GenerationGoal, GenerationTone } from "./generation-options.ts";
import type { Random } from "./template-random.ts";

/** Words the template generator shares between imóveis, produtos and free topics. */

/** A hashtag of words: letters and digits, accents kept, spaces gone ("#vilamadalena"); null when no letter. */
export function toHashtag(text: string | null | undefined): string | null {
  if (!text) return null;
  const word = text
    .normalize("NFC")
    .toLocaleLowerCase("pt-BR")
    .replace(/[^\p{L}\p{N}]+/gu, "");
  return word && /\p{L}/u.test(word) ? `#${word}` : null;
}

/** Distinct tags, at most Instagram's 30 (fewer read better: `max`). */
export function hashtagList(tags: readonly (string | null | undefined)[], max = 14): string[] {
  return [...new Set(tags.filter((t): t is string => Boolean(t)))].slice(0, Math.min(max, CAPTION_MAX_HASHTAGS));
}

/** Feminine kinds ("esta casa", "esta cobertura"); the rest are masculine ("este apartamento"). */
const FEMININE = /^(casa|cobertura|kitnet|sala|loja|chácara|fazenda)/iu;
export const isFeminine = (kind: string) => FEMININE.test(kind);

/** Emojis as each tone uses them: sofisticado writes with none. */
export function emoji(tone: GenerationTone, symbol: string): string {
  return tone === "sofisticado" ? "" : `${symbol} `;
}

export type Subject = "imovel" | "produto" | "servico";

const ACTIONS: Record<Subject, Record<"convite" | "compra", string[]>> = {
  imovel: {
    convite: ["Quer saber mais?", "Ficou com vontade de conhecer?", "Gostou?"],
    compra: ["Agende sua visita!", "Quer conhecer de perto?", "Vamos marcar uma visita?"],
  },
  produto: {
    convite: ["Quer saber mais?", "Gostou?", "Ficou com alguma dúvida?"],
    compra: ["Garanta o seu!", "Quer o seu?", "Peça já o seu!"],
  },
  servico: {
    convite: ["Quer saber mais?", "Ficou com alguma dúvida?", "Gostou?"],
    compra: ["Agende o seu horário!", "Vamos marcar?", "Reserve o seu horário!"],
  },
};

/**
 * The call to action: WhatsApp and the page's link when the business has them. `about` names the
 * record after "de" ("deste apartamento", "do Cimento CP-II").
 */
export function callToAction(
  b: BusinessInfo,
  goal: GenerationGoal,
  tone: GenerationTone,
  rnd: Random,
  subject: Subject,
  about: string,
): string {
  const wa = b.whatsappTexto;
  const action = rnd.pick(ACTIONS[subject][goal === "engajar" || goal === "divulgar" ? "convite" : "compra"]);
  const pieces: string[] = [];
  if (wa) {
    const lead = tone === "sofisticado" ? "" : "📲 ";
    pieces.push(
      rnd.pick([
        `${lead}${action} Chame no WhatsApp ${wa}${b.nome ? ` (${b.nome})` : ""}.`,
        `${lead}${action} Fale com a gente pelo WhatsApp ${wa}.`,
        `${lead}${action} WhatsApp: ${wa}.`,
      ]),
    );
  } else {
    pieces.push(`${action} Chame a gente no direct.`);
  }
  if (b.link)
    pieces.push(rnd.pick([`Fotos e detalhes ${about}: ${b.link}`, `Tudo sobre o imóvel: ${b.link}`, `Página completa: ${b.link}`]));
  return pieces.join("\n");
}

const CLOSERS: Record<Subject, Record<GenerationGoal, string[]>> = {
  imovel: {
    engajar: [
      "Qual detalhe chamou mais a sua atenção? Conta pra gente nos comentários! 👇",
      "Você moraria aqui? Responde nos comentários!",
      "Marque alguém que precisa ver isto!",
    ],
    divulgar: [
      "Compartilhe com quem está procurando imóvel!",
      "Salve este post e mande para quem está de mudança.",
      "Conhece alguém procurando? Envie este post!",
    ],
    alugar: ["Agende uma visita e venha conhecer.", "As visitas podem ser marcadas pelo WhatsApp.", "Venha conhecer pessoalmente."],
    vender: [
      "Agende uma visita e venha conhecer de perto.",
      "Venha conhecer pessoalmente.",
      "Uma ótima oportunidade para quem procura um novo endereço.",
    ],
  },
  produto: {
    engajar: ["Você já usou? Conta pra gente nos comentários! 👇", "Marque alguém que ia gostar!", "Qual é o seu favorito? Responde aqui!"],
    divulgar: ["Compartilhe com quem precisa!", "Salve este post para não esquecer.", "Conhece alguém que vai gostar? Envie este post!"],
    alugar: ["Passe na loja ou peça pelo WhatsApp.", "Aproveite!", "A gente separa o seu."],
    vender: ["Passe na loja ou peça pelo WhatsApp.", "Aproveite!", "A gente separa o seu."],
  },
  servico: {
    engajar: [
      "Você já experimentou? Conta pra gente nos comentários! 👇",
      "Marque alguém que merece esse cuidado!",
      "Qual é o seu preferido? Responde aqui!",
    ],
    divulgar: ["Compartilhe com quem precisa!", "Salve este post para marcar depois.", "Conhece alguém que vai gostar? Envie este post!"],
    alugar: ["Os horários são marcados pelo WhatsApp.", "Reserve o seu horário.", "A gente te espera!"],
    vender: ["Os horários são marcados pelo WhatsApp.", "Reserve o seu horário.", "A gente te espera!"],
  },
};

/** The closing line a goal asks for. */
export function goalCloser(goal: GenerationGoal, rnd: Random, subject: Subject): string {
  return rnd.pick(CLOSERS[subject][goal]);
}

/** An optional first comment (some variants have none). */
export function firstComment(goal: GenerationGoal, rnd: Random): string {
  return goal === "engajar"
    ? rnd.pick(["Conta pra gente: o que não pode faltar na sua casa? 👇", "Qual foto você mais gostou? Responda com o número dela! 👇"])
    : rnd.pick([
        "💬 Ficou com alguma dúvida? Pergunte aqui que a gente responde.",
        "📌 Salve este post para ver depois e marque quem precisa conhecer!",
        "🔔 Siga o perfil para ver as próximas novidades.",
      ]);
}
