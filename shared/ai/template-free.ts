import type { FreeGeneration, FreeRequest } from "./contracts.ts";
import { businessFacts, type BusinessInfo, type FactSheet } from "./facts.ts";
import { GENERATION_SOURCE, type GenerationGoal, type GenerationTone } from "./generation-options.ts";
import { midSentence } from "./fact-format.ts";
import { seededRandom } from "./template-random.ts";
import { hashtagList, toHashtag } from "./template-words.ts";

/**
 * /ai-content's free generation without AI: captions, hashtags and ideas around the person's own
 * topic. The topic is the only source of facts here (`topicSheet`): a number in a result must be
 * one the topic gave, and the checker holds the AI path to the same.
 */

/** The facts of a free generation: the topic as the person wrote it, and the business. */
export function topicSheet(tema: string, business: BusinessInfo): FactSheet {
  const text = tema.normalize("NFC").trim();
  return {
    registro: { tipo: "tema", id: "tema", nome: text, tipoLabel: null, finalidade: null },
    fatos: [{ campo: "tema", rotulo: "Tema", valor: text, texto: text }, ...businessFacts(business)],
    negocio: business,
    imagens: [],
    outrosLugares: [],
  };
}

const STOP = new Set([
  "para",
  "como",
  "quem",
  "com",
  "sem",
  "por",
  "que",
  "uma",
  "dos",
  "das",
  "nos",
  "nas",
  "mais",
  "sobre",
  "entre",
  "seu",
  "sua",
]);

/** Openings: `T` is the topic as a sentence starts it, `t` as it reads mid-sentence. */
const OPENINGS: Record<GenerationTone, ((T: string, t: string) => string)[]> = {
  profissional: [(T) => `${T}: o que você precisa saber.`, (_, t) => `Vamos falar de ${t}?`, (T) => `${T} — um guia rápido.`],
  acolhedor: [
    (_, t) => `Hoje a conversa é sobre ${t}. 💛`,
    (_, t) => `Sabemos que ${t} gera dúvidas. Estamos aqui para ajudar.`,
    (T) => `${T}: pensamos em você. 😊`,
  ],
  sofisticado: [
    (T) => `${T}. Com a atenção aos detalhes que você merece.`,
    (_, t) => `Um olhar cuidadoso sobre ${t}.`,
    (T) => `${T}, sem pressa e com critério.`,
  ],
  descontraido: [
    (_, t) => `Bora falar de ${t}? 👀`,
    (T) => `${T}: chega mais que a gente explica! 😉`,
    (_, t) => `Quem aí quer saber de ${t}? 🙋`,
  ],
};

const MIDDLES = [
  "Separamos o essencial para você decidir com tranquilidade.",
  "Salve este post para consultar quando precisar.",
  "Cada caso tem seus detalhes, e a nossa equipe explica sem complicação.",
];

const BODIES: Record<GenerationGoal, string[]> = {
  vender: ["Conte com a nossa equipe para escolher com segurança.", "A gente ajuda você a fazer o melhor negócio."],
  alugar: ["Conte com a gente para encontrar o lugar certo, sem burocracia.", "A gente cuida da papelada para você."],
  divulgar: ["Salve este post e compartilhe com quem precisa.", "Siga o perfil para mais conteúdos como este."],
  engajar: ["Qual é a sua maior dúvida? Conta nos comentários! 👇", "Você já passou por isso? Responde aqui!"],
};

export function templateFree(
  request: FreeRequest,
  business: BusinessInfo,
  seed: string,
): FreeGeneration & { origem: "modelo"; aviso: string } {
  const rnd = seededRandom(`${seed}|${request.tema}|${request.objetivo}|${request.tom}`);
  const tema = request.tema
    .normalize("NFC")
    .trim()
    .replace(/[.!?]+$/, "");
  const Tema = `${tema[0]?.toLocaleUpperCase("pt-BR")}${tema.slice(1)}`;
  const contact = business.whatsappTexto ? `Fale com a gente pelo WhatsApp ${business.whatsappTexto}.` : "Chame a gente no direct.";
  const legendas = rnd
    .shuffle(OPENINGS[request.tom])
    .slice(0, 3)
    .map((open, i) =>
      [open(Tema, midSentence(tema)), MIDDLES[i % MIDDLES.length], rnd.pick(BODIES[request.objetivo]), contact].join("\n\n"),
    );
  const topicTags = tema
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 3 && !STOP.has(w.toLocaleLowerCase("pt-BR")))
    .map(toHashtag);
  const goalTags: Record<GenerationGoal, string[]> = {
    vender: ["#oportunidade", "#negócios"],
    alugar: ["#aluguel", "#alugar"],
    divulgar: ["#dicas", "#informação"],
    engajar: ["#comunidade", "#conversa"],
  };
  const ideias = rnd
    .shuffle([
      {
        titulo: `Carrossel: ${tema}, passo a passo`,
        descricao: "Uma dica por imagem, com a capa fazendo a pergunta que o seu cliente faz.",
      },
      {
        titulo: `Reels respondendo a dúvida mais comum sobre ${tema}`,
        descricao: "Vídeo curto, olhando para a câmera, com legenda na tela.",
      },
      { titulo: `Enquete nos stories sobre ${tema}`, descricao: "Pergunte o que o público quer saber e responda no dia seguinte." },
      { titulo: `Bastidores: a equipe falando de ${tema}`, descricao: "Uma foto ou vídeo do dia a dia, mostrando quem atende." },
      { titulo: `Depoimento de cliente sobre ${tema}`, descricao: "Com autorização: o que mudou para ele, nas palavras dele." },
    ])
    .slice(0, 4);
  return {
    origem: "modelo",
    aviso: GENERATION_SOURCE.labels.modelo,
    legendas,
    hashtags: hashtagList([...topicTags, ...goalTags[request.objetivo], toHashtag(business.nome)], 12),
    ideias,
  };
}
