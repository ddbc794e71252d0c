import { type BrazilDate, brazilDatesInMonth, addDays } from "./brazil-dates.ts";
import type { MonthIdea, MonthPlan } from "./contracts.ts";
import { type FactSheet, factOf } from "./facts.ts";
import { GENERATION_SOURCE, type GenerationGoal, type GenerationTone, type IdeaFormat } from "./generation-options.ts";
import { composeCaption } from "./post-variant-rules.ts";
import { templatePost } from "./template-post.ts";
import { seededRandom } from "./template-random.ts";

/**
 * "Um mês de ideias" without AI: a month of dated ideas from the business's own records (new
 * imóveis, price drops, products low on stock or new) and the Brazilian dates of the month, each
 * with a draft caption that the fact checker bears out (a record's idea is written from its facts
 * by the post template). Becomes drafts on /content-calendar in one click (the job does that).
 */

/** Why a record is in the plan. */
export type PlanReason = "novo_imovel" | "preco_reduzido" | "estoque_baixo" | "novo_produto";

export interface PlanRecord {
  motivo: PlanReason;
  sheet: FactSheet;
}

export interface MonthPlanInput {
  /** aaaa-mm. */
  mes: string;
  /** aaaa-mm-dd in the business's zone: ideas start the day after (or the 1st of a later month). */
  hoje: string;
  publico: "imoveis" | "comercio";
  registros: readonly PlanRecord[];
  tom: GenerationTone;
  seed: string;
}

const REASONS: Record<PlanReason, { titulo: (nome: string) => string; motivo: string; objetivo: GenerationGoal | null }> = {
  novo_imovel: { titulo: (n) => `Imóvel novo na carteira: ${n}`, motivo: "Imóvel cadastrado há pouco.", objetivo: null },
  preco_reduzido: { titulo: (n) => `Preço reduzido: ${n}`, motivo: "O preço deste imóvel baixou.", objetivo: null },
  estoque_baixo: { titulo: (n) => `Últimas unidades: ${n}`, motivo: "Estoque abaixo do mínimo.", objetivo: "vender" },
  novo_produto: { titulo: (n) => `Novidade: ${n}`, motivo: "Produto cadastrado há pouco.", objetivo: "divulgar" },
};

/** Gift dates are posted a few days before (people buy ahead); holidays on the day. */
const AHEAD: ReadonlySet<string> = new Set([
  "Dia das Mães",
  "Dia dos Pais",
  "Dia dos Namorados",
  "Dia das Crianças",
  "Natal",
  "Black Friday",
  "Dia do Consumidor",
]);

const daysIn = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/** The date a person can still post on: from the day after today, within the month. */
function firstDay(month: string, today: string): string {
  const start = `${month}-01`;
  const tomorrow = addDays(today, 1);
  return tomorrow > start ? tomorrow : start;
}

/** Greetings that read better than "Feliz <date>!". */
const GREETINGS: Record<string, string> = {
  Carnaval: "Bom Carnaval! Confira nos stories o nosso horário de atendimento nestes dias.",
  "Véspera de Natal": "Hoje é véspera de Natal: que a sua noite seja cheia de afeto.",
  "Véspera de Ano Novo": "Último dia do ano: obrigado por cada conversa, cada visita e cada voto de confiança.",
  "Dia do Cliente": "Feliz Dia do Cliente! Obrigado pela confiança de sempre.",
  "Dia da Consciência Negra": "Hoje é Dia da Consciência Negra, feriado nacional: um dia de memória e de respeito.",
  "São João": "Bom São João! Que tal um arraiá com a família?",
};

/** A draft caption for a date: a greeting, or the holiday's notice; the person completes it. */
function dateCaption(d: BrazilDate, business: string, tone: GenerationTone): string {
  const sign = tone === "descontraido" ? "Com carinho, equipe" : "Um abraço,";
  const holiday = d.ideia.startsWith("Aviso de horário");
  const body = GREETINGS[d.nome]
    ? (GREETINGS[d.nome] as string)
    : holiday
      ? `Hoje é ${d.nome}. Confira nos stories o nosso horário de atendimento no feriado.`
      : d.nome === "Black Friday"
        ? "É Black Friday! Fale com a gente pelo WhatsApp e conheça as condições desta semana."
        : `Feliz ${d.nome}! ${tone === "descontraido" ? "🎉" : ""}`.trim();
  return `${body}\n\n${sign}\n${business}`;
}

export function templateMonthPlan(input: MonthPlanInput, business: string): MonthPlan & { origem: "modelo"; aviso: string } {
  const rnd = seededRandom(`${input.seed}|${input.mes}|${input.tom}`);
  const start = firstDay(input.mes, input.hoje);
  const last = `${input.mes}-${String(daysIn(input.mes)).padStart(2, "0")}`;
  const ideias: MonthIdea[] = [];
  const taken = new Set<string>();
  if (start > last) return { origem: "modelo", aviso: GENERATION_SOURCE.labels.modelo, ideias };
  for (const d of brazilDatesInMonth(input.mes, input.publico)) {
    let day = AHEAD.has(d.nome) ? addDays(d.data, -3) : d.data;
    if (day < start) day = d.data;
    if (day < start || day > last || taken.has(day)) continue;
    taken.add(day);
    ideias.push({
      data: day,
      titulo: d.nome,
      legenda: dateCaption(d, business, input.tom),
      formato: rnd.pick<IdeaFormat>(["post", "story"]),
      motivo: `${day === d.data ? `${d.nome} é neste dia.` : `${d.nome} é em ${d.data.slice(8, 10)}/${d.data.slice(5, 7)}: o post sai antes.`} ${d.ideia}`,
      vinculo: { tipo: "data", registroId: null, dataComemorativa: d.nome },
    });
  }
  // Records on the free days, spread evenly from the first day on.
  const free: string[] = [];
  for (let day = start; day <= last; day = addDays(day, 1)) if (!taken.has(day)) free.push(day);
  const records = input.registros.slice(0, Math.max(0, Math.min(free.length, 12)));
  records.forEach((r, i) => {
    const day = free[Math.floor((i * free.length) / Math.max(records.length, 1))] as string;
    const reason = REASONS[r.motivo];
    const goal: GenerationGoal = reason.objetivo ?? (r.sheet.registro.finalidade === "locacao" ? "alugar" : "vender");
    const post = templatePost(r.sheet, { objetivo: goal, tom: input.tom, seed: `${input.seed}|${i}`, variantes: 2 });
    const variant = post.variantes[0];
    ideias.push({
      data: day,
      titulo: reason.titulo(r.sheet.registro.nome),
      legenda: variant ? composeCaption(variant) : "",
      formato: r.sheet.imagens.length >= 2 || Number(factOf(r.sheet, "fotos")?.valor ?? 0) >= 2 ? "carrossel" : "post",
      motivo: reason.motivo,
      vinculo: { tipo: r.sheet.registro.tipo === "imovel" ? "imovel" : "produto", registroId: r.sheet.registro.id, dataComemorativa: null },
    });
  });
  ideias.sort((a, b) => a.data.localeCompare(b.data));
  return { origem: "modelo", aviso: GENERATION_SOURCE.labels.modelo, ideias };
}

/** Why a month cannot be planned (null when it can): only this month or a later one. */
export function monthPlanProblem(month: string, today: string): string | null {
  return month < today.slice(0, 7) ? "Esse mês já passou: escolha este mês ou um dos próximos." : null;
}
