/**
 * Dates that matter to a Brazilian business's social media: national holidays and the commercial
 * dates shops and imobiliárias post about (Dia das Mães, Dia dos Namorados, Black Friday, Natal…),
 * the moveable ones computed (Páscoa by the Gregorian computus; Carnaval, Sexta-feira Santa and
 * Corpus Christi from it; Mães and Pais as second Sundays; Black Friday the day after the fourth
 * Thursday of November). "Um mês de ideias" ties ideas to them. Pure and client-safe.
 */

export type DateAudience = "todos" | "imoveis" | "comercio";

export interface BrazilDate {
  /** aaaa-mm-dd. */
  data: string;
  nome: string;
  /** Who posts about it: everyone, imobiliárias/corretores, or shops and services. */
  publico: DateAudience;
  /** The angle of a post on it, in a line. */
  ideia: string;
}

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** Easter Sunday (Anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

/** A calendar day moved by whole days (UTC arithmetic: no zone can shift it). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return iso(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** The n-th given weekday (0 = domingo) of a month. */
export function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return iso(year, month, 1 + ((weekday - first + 7) % 7) + (n - 1) * 7);
}

/** Every date of a year, in order. */
export function brazilDates(year: number): BrazilDate[] {
  const easter = easterSunday(year);
  const fixed = (m: number, d: number, nome: string, publico: DateAudience, ideia: string): BrazilDate => ({
    data: iso(year, m, d),
    nome,
    publico,
    ideia,
  });
  const dates: BrazilDate[] = [
    fixed(1, 1, "Ano Novo", "todos", "Boas-vindas ao ano novo e os planos de quem quer mudar de endereço ou de rotina."),
    {
      data: addDays(easter, -47),
      nome: "Carnaval",
      publico: "todos",
      ideia: "Horário de atendimento no feriado e um post leve de bastidores.",
    },
    fixed(3, 8, "Dia Internacional da Mulher", "todos", "Homenagem às mulheres da equipe e às clientes."),
    fixed(3, 15, "Dia do Consumidor", "comercio", "Condições especiais e agradecimento a quem compra com você."),
    { data: addDays(easter, -2), nome: "Sexta-feira Santa", publico: "todos", ideia: "Aviso de horário no feriado." },
    { data: easter, nome: "Páscoa", publico: "todos", ideia: "Mensagem de Páscoa e recomeços." },
    fixed(4, 21, "Tiradentes", "todos", "Aviso de horário no feriado."),
    fixed(5, 1, "Dia do Trabalho", "todos", "Homenagem a quem trabalha com você todos os dias."),
    {
      data: nthWeekday(year, 5, 0, 2),
      nome: "Dia das Mães",
      publico: "todos",
      ideia: "Um lar (ou um presente) para quem cuida de todo mundo.",
    },
    { data: addDays(easter, 60), nome: "Corpus Christi", publico: "todos", ideia: "Aviso de horário no feriado." },
    fixed(6, 12, "Dia dos Namorados", "todos", "O primeiro lar a dois, ou o presente do casal."),
    fixed(6, 24, "São João", "todos", "Clima de festa junina: um post descontraído da equipe."),
    fixed(7, 26, "Dia dos Avós", "todos", "Espaço para a família toda reunida."),
    {
      data: nthWeekday(year, 8, 0, 2),
      nome: "Dia dos Pais",
      publico: "todos",
      ideia: "Homenagem aos pais: o quintal, a churrasqueira, o presente.",
    },
    fixed(8, 27, "Dia do Corretor de Imóveis", "imoveis", "Bastidores e homenagem aos corretores da equipe."),
    fixed(9, 7, "Independência do Brasil", "todos", "Aviso de horário no feriado."),
    fixed(9, 15, "Dia do Cliente", "todos", "Agradecimento e depoimento de um cliente (com autorização)."),
    fixed(10, 12, "Dia das Crianças", "todos", "Espaço para as crianças brincarem, ou o presente delas."),
    fixed(11, 2, "Finados", "todos", "Aviso de horário no feriado."),
    fixed(11, 15, "Proclamação da República", "todos", "Aviso de horário no feriado."),
    fixed(11, 20, "Dia da Consciência Negra", "todos", "Mensagem sobre a data (feriado nacional)."),
    {
      data: addDays(nthWeekday(year, 11, 4, 4), 1),
      nome: "Black Friday",
      publico: "todos",
      ideia: "Condições da Black Friday, só as que o negócio de fato oferece.",
    },
    fixed(12, 24, "Véspera de Natal", "todos", "Horário de fim de ano."),
    fixed(12, 25, "Natal", "todos", "Mensagem de Natal da equipe."),
    fixed(12, 31, "Véspera de Ano Novo", "todos", "Retrospectiva do ano e agradecimento."),
  ];
  return dates.sort((a, b) => a.data.localeCompare(b.data));
}

/** The dates of a month ("2026-05"), for a business of that kind (imóveis or comércio). */
export function brazilDatesInMonth(month: string, audience: Exclude<DateAudience, "todos"> | null = null): BrazilDate[] {
  const year = Number(month.slice(0, 4));
  return brazilDates(year).filter(
    (d) => d.data.startsWith(`${month}-`) && (d.publico === "todos" || audience === null || d.publico === audience),
  );
}
