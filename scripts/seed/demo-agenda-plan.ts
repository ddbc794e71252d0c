import { addDays } from "../../shared/ai/brazil-dates.ts";
import type { BusinessHours } from "../../shared/agenda/business-hours.ts";
import { hoursOn } from "../../shared/agenda/business-hours.ts";
import type { InstantRange } from "../../shared/agenda/intervals.ts";
import type { Professional } from "../../shared/agenda/professional.ts";
import type { SlotRules } from "../../shared/agenda/slot-rules.ts";
import { findSlots } from "../../shared/agenda/slots.ts";
import type { AppointmentOrigin, AppointmentStatus } from "../../shared/enums.ts";
import { dayIn, instantIn } from "../../shared/time-zone.ts";
import {
  DEMO_AGENDA_SETTINGS,
  DEMO_AGENDA_ZONE,
  DEMO_PROFESSIONALS,
  DEMO_SERVICE_COMBOS,
  DEMO_SERVICES,
  DEMO_TIME_OFF,
  type DemoProfessional,
  type DemoService,
  type DemoSpecialDay,
  demoBusinessHours,
  demoSpecialDays,
} from "./demo-agenda-data.ts";
import { createRng, type Rng } from "./demo-random.ts";

/**
 * The demo's appointments (ADR 066): the past month and the coming two weeks, relative to the
 * seed's "now", placed one by one with shared/agenda's own slot search, so every appointment
 * lies inside the business hours, the professional's week and outside their time off, on the
 * agenda's grid, and never overlaps another of the same professional (nor another of the same
 * client). Statuses follow the clock: what ended was served (or cancelled, or a no-show), what
 * runs now is em atendimento, today's next clients are checked in or on their way, the coming
 * days are confirmed or waiting for confirmation (the online ones, as the settings say). Pure.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const SEED = 0x48_4f_52_21;
export const PAST_DAYS = 30;
export const AHEAD_DAYS = 14;

export interface DemoAppointment {
  profissionalKey: string;
  /** Index into the demo's clients (demoClients order); the writer maps it to an id. */
  clienteIndex: number;
  servicoKeys: string[];
  inicio: number;
  fim: number;
  status: AppointmentStatus;
  origem: AppointmentOrigin;
  criadoEm: number;
  atualizadoEm: number;
  chegadaEm?: number;
  iniciadoEm?: number;
  concluidoEm?: number;
  /** When the day-before reminder was prepared (the reminders job's claim), for those it reached. */
  lembreteEm?: number;
  observacoes?: string;
}

/** A "consumo em serviço" stock exit of a concluded appointment. */
export interface DemoConsumption {
  /** Index into `appointments`. */
  agendamento: number;
  servicoKey: string;
  sku: string;
  quantidade: number;
  ocorridoEm: number;
}

export interface DemoTimeOff {
  profissionalKey: string;
  inicio: number;
  fim: number;
  motivo: string;
}

export interface DemoAgendaPlan {
  /** "aaaa-mm-dd" of the seed's now in the zone. */
  today: string;
  hours: BusinessHours;
  specialDays: DemoSpecialDay[];
  timeOff: DemoTimeOff[];
  appointments: DemoAppointment[];
  consumption: DemoConsumption[];
}

const serviceByKey = new Map(DEMO_SERVICES.map((s) => [s.key, s]));

export function demoService(key: string): DemoService {
  const service = serviceByKey.get(key);
  if (!service) throw new Error(`serviço desconhecido: ${key}`);
  return service;
}

/** The rules the seed places by: the business's grid and buffer, with no notice and no past (history is placed too). */
export function placementRules(hours: BusinessHours, durationMin: number): SlotRules {
  return {
    hours,
    durationMin,
    stepMin: DEMO_AGENDA_SETTINGS.agendaIntervaloMin,
    bufferMin: DEMO_AGENDA_SETTINGS.agendaFolgaMin,
    minNoticeMin: 0,
    now: 0,
  };
}

const NOTES: Readonly<Record<string, readonly string[]>> = {
  avaliacao: ["Proprietário acompanha a visita", "Chaves com o zelador", "Quer comparar com o apartamento do 8º andar vendido em agosto"],
  laudo: ["Laudo para inventário; levar a matrícula atualizada", "Pedido do banco para refinanciamento"],
  placa: ["Autorização do síndico já enviada por e-mail", "Instalar na janela da sala (2º andar)"],
  "vistoria-entrada": ["Levar o laudo impresso para assinatura", "Inquilino chega com a mudança às 14h", "Chaves na imobiliária"],
  "vistoria-saida": ["Comparar com o laudo de entrada de 2023", "Pintura feita pelo inquilino na semana passada"],
  chaves: ["Conferir as duas cópias antes de sair", "Entregar também o controle do portão"],
  fotos: ["Dia de sol de preferência; confirmar na véspera", "Imóvel mobiliado, tirar os objetos pessoais da sala"],
  tour: ["Incluir área de lazer do condomínio"],
  drone: ["Autorização do condomínio anexada", "Remarcar se chover"],
  reels: ["Roteiro aprovado pela Ana", "Gravar também a vista da varanda"],
  financiamento: ["Traz holerites e extrato do FGTS", "Primeiro imóvel; quer saber do Minha Casa Minha Vida", "Casal: renda somada"],
  credito: ["Fiador com imóvel em Osasco", "Prefere seguro fiança"],
  documentacao: ["Vendedores são herdeiros; conferir o formal de partilha", "Imóvel com débito de IPTU a confirmar"],
  contrato: ["Proprietário assina por procuração", "Primeiro aluguel por Pix na assinatura"],
  cartorio: ["14º Tabelionato de Notas, Rua Cardeal Arcoverde", "Levar as certidões originais"],
};
const CANCEL_NOTES = [
  "Cliente remarcou por WhatsApp",
  "Proprietário desistiu da venda por ora",
  "Cancelado pelo cliente",
  "Imóvel já alugado",
];

interface ProState {
  demo: DemoProfessional;
  agenda: Professional;
  bookings: InstantRange[];
}

/** One or two services the professional performs (combos as clients book them), weighted by how often each is booked. */
function pickServices(rng: Rng, pro: DemoProfessional): string[] {
  const combos = DEMO_SERVICE_COMBOS.filter((c) => c.every((k) => pro.servicos.includes(k)));
  if (combos.length && rng.chance(0.2)) return [...rng.pick(combos)];
  return [rng.weighted(pro.servicos.map((k) => [k, demoService(k).peso] as const))];
}

function durationOf(keys: readonly string[]): number {
  return keys.reduce((sum, k) => sum + demoService(k).duracaoMin, 0);
}

function onlineAllowed(pro: DemoProfessional, keys: readonly string[]): boolean {
  return pro.agendaOnline && keys.every((k) => demoService(k).agendaOnline);
}

/** The local day's instants [00:00, next 00:00). */
function dayWindow(day: string): InstantRange {
  return {
    start: instantIn(day, "00:00", DEMO_AGENDA_ZONE).getTime(),
    end: instantIn(addDays(day, 1), "00:00", DEMO_AGENDA_ZONE).getTime(),
  };
}

export function demoAgendaPlan(now: Date, clientCount: number): DemoAgendaPlan {
  if (clientCount < 1) throw new RangeError("demoAgendaPlan: a demonstração precisa de clientes");
  const rng = createRng(SEED);
  const nowMs = now.getTime();
  const today = dayIn(now, DEMO_AGENDA_ZONE);
  const specialDays = demoSpecialDays(today);
  const hours = demoBusinessHours(specialDays);
  const offStart = instantIn(addDays(today, DEMO_TIME_OFF.fromDays), "00:00", DEMO_AGENDA_ZONE).getTime();
  const timeOff: DemoTimeOff[] = [
    {
      profissionalKey: DEMO_TIME_OFF.professionalKey,
      inicio: offStart,
      fim: instantIn(addDays(today, DEMO_TIME_OFF.fromDays + DEMO_TIME_OFF.days), "00:00", DEMO_AGENDA_ZONE).getTime(),
      motivo: DEMO_TIME_OFF.motivo,
    },
  ];
  const pros: ProState[] = DEMO_PROFESSIONALS.map((demo) => {
    const bookings: InstantRange[] = [];
    const off = timeOff.filter((t) => t.profissionalKey === demo.key).map((t) => ({ start: t.inicio, end: t.fim }));
    return { demo, bookings, agenda: { id: demo.key, nome: demo.nome, weekly: demo.semana, timeOff: off, bookings } };
  });
  const clientBusy = new Map<number, InstantRange[]>();
  const appointments: DemoAppointment[] = [];

  /** A client free at that time (nobody is in two places at once), else none after a few tries. */
  const clientFor = (range: InstantRange): number | undefined => {
    for (let tries = 0; tries < 6; tries++) {
      const c = rng.int(0, clientCount - 1);
      const busy = clientBusy.get(c) ?? [];
      if (!busy.some((b) => b.start < range.end && range.start < b.end)) return c;
    }
    return undefined;
  };

  let current: InstantRange = { start: 0, end: 0 };
  const place = (pro: ProState, keys: string[], pick: (slots: InstantRange[]) => InstantRange | undefined): DemoAppointment | undefined => {
    const slots = findSlots(placementRules(hours, durationOf(keys)), pro.agenda, current);
    const slot = slots.length ? pick(slots) : undefined;
    if (!slot) return undefined;
    const cliente = clientFor(slot);
    if (cliente === undefined) return undefined;
    pro.bookings.push({ start: slot.start, end: slot.end });
    clientBusy.set(cliente, [...(clientBusy.get(cliente) ?? []), { start: slot.start, end: slot.end }]);
    const online = onlineAllowed(pro.demo, keys) && rng.chance(0.35);
    const appointment: DemoAppointment = {
      profissionalKey: pro.demo.key,
      clienteIndex: cliente,
      servicoKeys: keys,
      inicio: slot.start,
      fim: slot.end,
      status: "confirmado",
      origem: online ? "online" : "interno",
      criadoEm: 0,
      atualizadoEm: 0,
    };
    appointments.push(appointment);
    return appointment;
  };

  const forced = new Set<DemoAppointment>();
  for (let offset = -PAST_DAYS; offset <= AHEAD_DAYS; offset++) {
    const day = addDays(today, offset);
    if (hoursOn(hours, day).ranges.length === 0) continue;
    current = dayWindow(day);
    const saturday = new Date(`${day}T00:00:00Z`).getUTCDay() === 6;
    if (offset === 0) {
      // Today's desk: someone being served right now, and the next client already checked in.
      const serving = rng.shuffle(pros).find((p) => {
        const a = place(p, pickServices(rng, p.demo), (slots) =>
          slots.filter((s) => s.start <= nowMs - 10 * MINUTE && nowMs + 10 * MINUTE < s.end).at(-1),
        );
        if (a) forced.add(a);
        return a !== undefined;
      });
      for (const p of rng.shuffle(pros.filter((x) => x !== serving))) {
        const a = place(p, pickServices(rng, p.demo), (slots) =>
          slots.find((s) => s.start > nowMs + 10 * MINUTE && s.start <= nowMs + 40 * MINUTE),
        );
        if (a) {
          forced.add(a);
          break;
        }
      }
    }
    for (const pro of pros) {
      const [lo, hi] = pro.demo.porDia;
      const n = saturday ? Math.ceil(rng.int(lo, hi) / 2) : rng.int(lo, hi);
      for (let k = 0; k < n; k++) place(pro, pickServices(rng, pro.demo), (slots) => rng.pick(slots));
    }
  }

  appointments.sort((a, b) => a.inicio - b.inicio || a.profissionalKey.localeCompare(b.profissionalKey));
  for (const a of appointments) settle(rng, a, nowMs, today, forced.has(a));
  const consumption: DemoConsumption[] = [];
  appointments.forEach((a, i) => {
    if (a.status !== "concluido" || a.concluidoEm === undefined) return;
    for (const key of a.servicoKeys)
      for (const p of demoService(key).produtos)
        consumption.push({ agendamento: i, servicoKey: key, sku: p.sku, quantidade: p.quantidade, ocorridoEm: a.concluidoEm });
  });
  return { today, hours, specialDays, timeOff, appointments, consumption };
}

/** The status, the desk's steps and the record's dates, from where the appointment sits against now. */
function settle(rng: Rng, a: DemoAppointment, now: number, today: string, forced: boolean): void {
  const lead = (rng.int(1, 12) * DAY + rng.int(0, 9 * 60) * MINUTE) * (a.origem === "online" ? 0.6 : 1);
  a.criadoEm = Math.round(Math.min(a.inicio - lead, now - rng.int(20, 3 * 24 * 60) * MINUTE) / MINUTE) * MINUTE;
  const notes = a.servicoKeys.flatMap((k) => NOTES[k] ?? []);
  if (notes.length && rng.chance(0.3)) a.observacoes = rng.pick(notes);
  const isToday = dayIn(a.inicio, DEMO_AGENDA_ZONE) === today;

  if (a.fim <= now) {
    a.status = rng.weighted([
      ["concluido", 82],
      ["cancelado", 10],
      ["faltou", 8],
    ] as const);
  } else if (a.inicio <= now) {
    a.status = "em_atendimento";
  } else if (isToday && (forced || a.inicio - now <= 30 * MINUTE)) {
    a.status = "confirmado";
    a.chegadaEm = now - rng.int(2, 9) * MINUTE;
  } else {
    a.status = rng.weighted([
      [a.origem === "online" ? DEMO_AGENDA_SETTINGS.agendamentoOnlineStatus : "confirmado", 70],
      ["pendente", 22],
      ["cancelado", 8],
    ] as const);
  }

  switch (a.status) {
    case "concluido": {
      a.chegadaEm = a.inicio - rng.int(0, 12) * MINUTE;
      a.iniciadoEm = a.inicio + rng.int(0, 8) * MINUTE;
      a.concluidoEm = Math.min(now, Math.max(a.iniciadoEm + 15 * MINUTE, a.fim + rng.int(-10, 12) * MINUTE));
      a.atualizadoEm = a.concluidoEm;
      break;
    }
    case "em_atendimento": {
      a.chegadaEm = a.inicio - rng.int(0, 10) * MINUTE;
      a.iniciadoEm = Math.min(now - MINUTE, a.inicio + rng.int(0, 6) * MINUTE);
      a.atualizadoEm = a.iniciadoEm;
      break;
    }
    case "cancelado": {
      // Cancelled some time after booking, before the hour (and before now).
      const span = Math.min(a.inicio, now) - a.criadoEm;
      a.atualizadoEm = a.criadoEm + Math.max(MINUTE, Math.floor((span * rng.next()) / MINUTE) * MINUTE);
      a.observacoes = rng.pick(CANCEL_NOTES);
      break;
    }
    case "faltou":
      a.atualizadoEm = Math.min(now, a.inicio + rng.int(15, 40) * MINUTE);
      break;
    case "confirmado":
      // Confirmed by the team within hours of the booking (or checked in at the desk today).
      a.atualizadoEm = a.chegadaEm ?? Math.min(now, a.criadoEm + rng.int(5, 6 * 60) * MINUTE);
      break;
    default:
      a.atualizadoEm = a.criadoEm;
  }
  // The reminders job ran the day before from 08:00: it reached those booked by then and not yet cancelled.
  const reminder = instantIn(addDays(dayIn(a.inicio, DEMO_AGENDA_ZONE), -1), "08:00", DEMO_AGENDA_ZONE).getTime() + rng.int(0, 9) * MINUTE;
  const cancelledBefore = a.status === "cancelado" && a.atualizadoEm <= reminder;
  if (reminder <= now && a.criadoEm < reminder && !cancelledBefore) a.lembreteEm = reminder;
}
