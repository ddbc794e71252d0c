import { addDays, easterSunday } from "../../shared/ai/brazil-dates.ts";
import type { BusinessHours } from "../../shared/agenda/business-hours.ts";
import { nationalHolidayOn } from "../../shared/agenda/holidays.ts";
import type { LocalInterval, WeeklyIntervals } from "../../shared/agenda/local-times.ts";
import type { CommissionKind } from "../../shared/enums.ts";
import { DEFAULT_TIME_ZONE } from "../../shared/time-zone.ts";

/**
 * The demo business's agenda (issue 21, ADR 066), pure data: Imobiliária Horizonte's opening
 * hours, special days, agenda settings, the five people who take appointments and the fifteen
 * services they perform. The demo is an imobiliária, so the services are what an imobiliária
 * books by the hour (avaliação, vistorias, fotos do imóvel, crédito e contratos), not a salon's.
 * Records point at each other by stable keys, never by database ids.
 */

export const DEMO_AGENDA_ZONE = DEFAULT_TIME_ZONE;

const iv = (start: string, end: string): LocalInterval => ({ start, end });
const WEEKDAY = [iv("09:00", "12:00"), iv("13:00", "19:00")];

/** seg–sex 09:00–12:00 and 13:00–19:00 (lunch closed), sáb 09:00–14:00 (plantão), domingo closed. */
export const DEMO_WEEKLY_HOURS: WeeklyIntervals = [[], WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, WEEKDAY, [iv("09:00", "14:00")]];

/** Configurações do Negócio, agenda section. Commission in basis points (4000 = 40,00%). */
export const DEMO_AGENDA_SETTINGS = {
  agendaIntervaloMin: 30,
  agendaFolgaMin: 0,
  agendaAntecedenciaMin: 60,
  agendaHorizonteDias: 60,
  agendamentoOnline: true,
  agendamentoOnlineStatus: "pendente",
  lembretes: true,
  comissaoPadraoTipo: "percentual",
  comissaoPadraoValor: 4000,
} as const;

export interface DemoSpecialDay {
  dia: string;
  tipo: "feriado" | "excecao";
  intervalos: LocalInterval[];
  motivo: string;
}

/**
 * São Paulo's local holidays of a year the business closes on (the national ones come from
 * shared/agenda/holidays.ts): the city's anniversary, the state's 9 de julho, and the pontos
 * facultativos it keeps (Carnaval's Tuesday, Corpus Christi, a municipal holiday in the capital).
 */
function localHolidays(year: number): DemoSpecialDay[] {
  const easter = easterSunday(year);
  const day = (dia: string, motivo: string): DemoSpecialDay => ({ dia, tipo: "feriado", intervalos: [], motivo });
  return [
    day(`${year}-01-25`, "Aniversário de São Paulo"),
    day(addDays(easter, -47), "Carnaval"),
    day(addDays(easter, 60), "Corpus Christi"),
    day(`${year}-07-09`, "Revolução Constitucionalista"),
  ];
}

/**
 * Horários' special days around `today` ("aaaa-mm-dd" in the zone): the local holidays of this
 * year and the next, and one exception in the coming two weeks — a team training that keeps the
 * office closed in the morning of the first ordinary weekday a week from now.
 */
export function demoSpecialDays(today: string): DemoSpecialDay[] {
  const year = Number(today.slice(0, 4));
  const holidays = [...localHolidays(year), ...localHolidays(year + 1)];
  const taken = new Set(holidays.map((h) => h.dia));
  let training = addDays(today, 7);
  const ordinary = (d: string) => {
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    return weekday >= 1 && weekday <= 5 && !taken.has(d) && !nationalHolidayOn(d);
  };
  while (!ordinary(training)) training = addDays(training, 1);
  const exception: DemoSpecialDay = {
    dia: training,
    tipo: "excecao",
    intervalos: [iv("13:00", "19:00")],
    motivo: "Treinamento da equipe pela manhã",
  };
  return [...holidays, exception].sort((a, b) => a.dia.localeCompare(b.dia));
}

export interface DemoProfessional {
  key: string;
  nome: string;
  /** What they do, in the notes of their record. */
  observacoes: string;
  cor: string;
  telefone: string;
  email: string;
  /** Signs in with the professional role (DEMO_PROFESSIONAL in shared/demo-accounts.ts). */
  login: boolean;
  comissaoTipo?: CommissionKind;
  /** Basis points (percentual) or centavos (fixo). */
  comissaoValor?: number;
  semana: WeeklyIntervals;
  agendaOnline: boolean;
  /** Service keys they perform. */
  servicos: readonly string[];
  /** How many appointments a working day usually brings them [min, max]. */
  porDia: readonly [number, number];
}

export interface DemoService {
  key: string;
  nome: string;
  categoria: string;
  duracaoMin: number;
  precoCentavos: number;
  comissaoTipo?: CommissionKind;
  comissaoValor?: number;
  agendaOnline: boolean;
  descricao: string;
  /** Products consumed each time it is performed: SKU of a demo product → quantity in its unit. */
  produtos: readonly { sku: string; quantidade: number }[];
  /** How often it is booked compared with the professional's other services. */
  peso: number;
}

export const DEMO_SERVICE_CATEGORIES = ["Avaliação e captação", "Vistorias e chaves", "Fotos e divulgação", "Crédito e contratos"] as const;
const [AVALIACAO, VISTORIAS, FOTOS, CONTRATOS] = DEMO_SERVICE_CATEGORIES;

export const DEMO_SERVICES: readonly DemoService[] = [
  {
    key: "avaliacao",
    nome: "Avaliação de imóvel para venda",
    categoria: AVALIACAO,
    duracaoMin: 60,
    precoCentavos: 0,
    agendaOnline: true,
    descricao: "Visita ao imóvel e estudo de preço com vendas recentes do bairro. Gratuita para quem anuncia com a Horizonte.",
    produtos: [],
    peso: 4,
  },
  {
    key: "laudo",
    nome: "Laudo de avaliação (PTAM)",
    categoria: AVALIACAO,
    duracaoMin: 120,
    precoCentavos: 120_000,
    comissaoTipo: "percentual",
    comissaoValor: 6000,
    agendaOnline: false,
    descricao: "Parecer técnico de avaliação mercadológica assinado por avaliador CNAI, para inventário, partilha ou banco.",
    produtos: [],
    peso: 1,
  },
  {
    key: "placa",
    nome: "Instalação de placa “Aluga-se”",
    categoria: AVALIACAO,
    duracaoMin: 30,
    precoCentavos: 5500,
    comissaoTipo: "fixo",
    comissaoValor: 1500,
    agendaOnline: false,
    descricao: "Placa de 60 × 40 cm instalada na fachada ou na janela, com autorização do proprietário.",
    produtos: [{ sku: "PLC-ALG-6040", quantidade: 1 }],
    peso: 1,
  },
  {
    key: "vistoria-entrada",
    nome: "Vistoria de entrada",
    categoria: VISTORIAS,
    duracaoMin: 90,
    precoCentavos: 28_000,
    agendaOnline: false,
    descricao: "Laudo com fotos de cada cômodo antes da mudança do inquilino, assinado pelas partes.",
    produtos: [],
    peso: 3,
  },
  {
    key: "vistoria-saida",
    nome: "Vistoria de saída",
    categoria: VISTORIAS,
    duracaoMin: 90,
    precoCentavos: 28_000,
    agendaOnline: false,
    descricao: "Comparação com o laudo de entrada na devolução das chaves; aponta reparos antes do acerto.",
    produtos: [],
    peso: 2,
  },
  {
    key: "chaves",
    nome: "Entrega de chaves",
    categoria: VISTORIAS,
    duracaoMin: 30,
    precoCentavos: 3000,
    agendaOnline: false,
    descricao: "Entrega das chaves ao novo morador com duas cópias Yale identificadas.",
    produtos: [{ sku: "CHV-COP-YALE", quantidade: 2 }],
    peso: 1,
  },
  {
    key: "fotos",
    nome: "Sessão de fotos profissional",
    categoria: FOTOS,
    duracaoMin: 90,
    precoCentavos: 38_000,
    agendaOnline: true,
    descricao: "Até 30 fotos tratadas em alta resolução, prontas para os portais e o Instagram.",
    produtos: [],
    peso: 4,
  },
  {
    key: "tour",
    nome: "Tour virtual 360°",
    categoria: FOTOS,
    duracaoMin: 60,
    precoCentavos: 45_000,
    agendaOnline: true,
    descricao: "Passeio 360° por todos os cômodos, com link para o anúncio e a página do imóvel.",
    produtos: [],
    peso: 2,
  },
  {
    key: "drone",
    nome: "Vídeo com drone",
    categoria: FOTOS,
    duracaoMin: 60,
    precoCentavos: 65_000,
    agendaOnline: false,
    descricao: "Imagens aéreas da fachada e do entorno; depende de tempo bom e de autorização do condomínio.",
    produtos: [],
    peso: 1,
  },
  {
    key: "reels",
    nome: "Vídeo para redes sociais",
    categoria: FOTOS,
    duracaoMin: 60,
    precoCentavos: 30_000,
    agendaOnline: true,
    descricao: "Vídeo vertical de até 60 segundos para Reels e Stories, com a trilha e a marca da imobiliária.",
    produtos: [],
    peso: 2,
  },
  {
    key: "financiamento",
    nome: "Consultoria de financiamento",
    categoria: CONTRATOS,
    duracaoMin: 60,
    precoCentavos: 0,
    agendaOnline: true,
    descricao: "Simulação nos principais bancos, uso do FGTS e lista de documentos para a aprovação do crédito.",
    produtos: [],
    peso: 4,
  },
  {
    key: "credito",
    nome: "Análise de crédito do inquilino",
    categoria: CONTRATOS,
    duracaoMin: 30,
    precoCentavos: 9000,
    agendaOnline: true,
    descricao: "Conferência de renda, cadastro e garantias (fiador, seguro fiança ou título de capitalização).",
    produtos: [],
    peso: 3,
  },
  {
    key: "documentacao",
    nome: "Análise de documentação do imóvel",
    categoria: CONTRATOS,
    duracaoMin: 60,
    precoCentavos: 35_000,
    agendaOnline: true,
    descricao: "Matrícula, certidões do imóvel e dos vendedores e débitos de IPTU e condomínio conferidos antes da proposta.",
    produtos: [],
    peso: 2,
  },
  {
    key: "contrato",
    nome: "Assinatura de contrato de locação",
    categoria: CONTRATOS,
    duracaoMin: 60,
    precoCentavos: 20_000,
    agendaOnline: false,
    descricao: "Leitura do contrato com inquilino e proprietário, assinaturas e entrega da pasta com as cópias.",
    produtos: [{ sku: "GRF-PST-DOC", quantidade: 1 }],
    peso: 3,
  },
  {
    key: "cartorio",
    nome: "Acompanhamento em cartório",
    categoria: CONTRATOS,
    duracaoMin: 120,
    precoCentavos: 25_000,
    agendaOnline: false,
    descricao: "Acompanhamos comprador e vendedor na lavratura da escritura e no registro.",
    produtos: [],
    peso: 1,
  },
];

const W = (from: string, to: string, lunchFrom = "12:00", lunchTo = "13:00"): LocalInterval[] =>
  from < lunchFrom ? [iv(from, lunchFrom), iv(lunchTo, to)] : [iv(from, to)];

export const DEMO_PROFESSIONALS: readonly DemoProfessional[] = [
  {
    key: "juliana",
    nome: "Juliana Alves Pimentel",
    observacoes: "Consultora de locação: análise de crédito, contratos, vistorias de entrada e entrega de chaves.",
    cor: "#2563eb",
    telefone: "(11) 97412-3380",
    email: "juliana.alves@alicerce.app",
    login: true,
    semana: [
      [],
      W("09:00", "18:00"),
      W("09:00", "18:00"),
      W("09:00", "18:00"),
      W("09:00", "18:00"),
      W("09:00", "18:00"),
      [iv("09:00", "13:00")],
    ],
    agendaOnline: true,
    servicos: ["credito", "contrato", "vistoria-entrada", "chaves"],
    porDia: [2, 4],
  },
  {
    key: "marcos",
    nome: "Marcos Tadeu Ribeiro",
    observacoes: "Avaliador CNAI e vistoriador. Não atende às segundas (plantão no stand do Jardim Botânico).",
    cor: "#059669",
    telefone: "(11) 98130-5567",
    email: "marcos.ribeiro@imobiliariahorizonte.com.br",
    login: false,
    comissaoTipo: "percentual",
    comissaoValor: 5000,
    semana: [[], [], W("09:00", "19:00"), W("09:00", "19:00"), W("09:00", "19:00"), W("09:00", "19:00"), [iv("09:00", "14:00")]],
    agendaOnline: true,
    servicos: ["avaliacao", "laudo", "placa", "vistoria-entrada", "vistoria-saida"],
    porDia: [2, 4],
  },
  {
    key: "sofia",
    nome: "Sofia Kawamura",
    observacoes: "Fotógrafa de imóveis (parceira): fotos, tour 360°, drone e vídeos. Segundas, quartas, sextas e sábados.",
    cor: "#db2777",
    telefone: "(11) 99208-4471",
    email: "sofia@kawamurafoto.com.br",
    login: false,
    comissaoTipo: "percentual",
    comissaoValor: 6000,
    semana: [[], W("09:00", "17:00"), [], W("09:00", "17:00"), [], W("09:00", "17:00"), [iv("09:00", "12:00")]],
    agendaOnline: true,
    servicos: ["fotos", "tour", "drone", "reels"],
    porDia: [1, 3],
  },
  {
    key: "renan",
    nome: "Renan Duarte Lacerda",
    observacoes: "Consultor de crédito imobiliário: financiamento, FGTS e documentação para a compra.",
    cor: "#d97706",
    telefone: "(11) 97733-1902",
    email: "renan.lacerda@imobiliariahorizonte.com.br",
    login: false,
    comissaoTipo: "fixo",
    comissaoValor: 6000,
    semana: [[], W("10:00", "19:00"), W("10:00", "19:00"), W("10:00", "19:00"), W("10:00", "19:00"), W("10:00", "19:00"), []],
    agendaOnline: true,
    servicos: ["financiamento", "credito", "documentacao"],
    porDia: [2, 4],
  },
  {
    key: "livia",
    nome: "Lívia Prado Nogueira",
    observacoes: "Documentação e contratos: certidões, assinaturas e cartório. Agenda só pela equipe.",
    cor: "#7c3aed",
    telefone: "(11) 98877-6024",
    email: "livia.nogueira@imobiliariahorizonte.com.br",
    login: false,
    semana: [[], W("09:00", "17:00"), W("09:00", "17:00"), W("09:00", "17:00"), W("09:00", "17:00"), [iv("09:00", "12:00")], []],
    agendaOnline: false,
    servicos: ["documentacao", "contrato", "cartorio", "chaves"],
    porDia: [1, 3],
  },
];

/** Services often booked together in one appointment (in this order). */
export const DEMO_SERVICE_COMBOS: readonly (readonly string[])[] = [
  ["fotos", "tour"],
  ["fotos", "reels"],
  ["credito", "contrato"],
  ["vistoria-entrada", "chaves"],
  ["contrato", "chaves"],
  ["avaliacao", "placa"],
];

/** Sofia's holidays: a week off starting five days after the seed (shown on the calendar ahead). */
export const DEMO_TIME_OFF = { professionalKey: "sofia", fromDays: 5, days: 5, motivo: "Férias" } as const;

/** The business hours as shared/agenda reads them (special days given). */
export function demoBusinessHours(special: readonly DemoSpecialDay[] = []): BusinessHours {
  return {
    zone: DEMO_AGENDA_ZONE,
    weekly: DEMO_WEEKLY_HOURS,
    closedOnNationalHolidays: true,
    localHolidays: special.filter((d) => d.tipo === "feriado").map((d) => ({ day: d.dia, nome: d.motivo })),
    exceptions: special.filter((d) => d.tipo === "excecao").map((d) => ({ day: d.dia, intervals: d.intervalos, motivo: d.motivo })),
  };
}
