import type { BusinessHours } from "./business-hours.ts";
import type { WeeklyIntervals } from "./local-times.ts";
import type { AppointmentStatus } from "../enums/agenda.ts";
import type { VisitOutcome } from "../enums/real-estate.ts";

/**
 * What /agenda's read gives the page (ADR 060): client-safe shapes, filled by
 * worker/services/agenda/calendar.ts in one round trip. Times are epoch ms (UTC).
 */

/** An appointment as the calendar draws it (times epoch ms). */
export interface AgendaAppointment {
  id: string;
  day: string;
  profissionalId: string;
  clienteId: string;
  cliente: string;
  /** The services' names as booked, "Corte + Escova". */
  servicos: string;
  inicio: number;
  fim: number;
  status: AppointmentStatus;
  online: boolean;
  totalCentavos: number;
}

/** A property visit on the calendar (client + imóvel + corretor), linked to its interest. */
export interface AgendaVisit {
  id: string;
  day: string;
  inicio: number;
  fim: number;
  resultado: VisitOutcome;
  cliente: string;
  imovel: string;
  imovelId: string;
  interesseId: string | null;
  corretorId: string | null;
  corretor: string | null;
}

export interface AgendaProfessional {
  id: string;
  nome: string;
  cor: string;
  usuarioId: string | null;
  semana: WeeklyIntervals;
  /** Service ids they perform (the form offers these when they are chosen). */
  servicos: string[];
}

export interface AgendaService {
  id: string;
  nome: string;
  categoria: string | null;
  duracaoMin: number;
  precoCentavos: number;
}

export interface AgendaSettings {
  stepMin: number;
  bufferMin: number;
  minNoticeMin: number;
}

export interface AgendaRead {
  /** Active members who may be a visit's corretor (read only with the visits). */
  corretores: { id: string; nome: string }[];
  appointments: AgendaAppointment[];
  /** A crowded column's appointments past those shipped: busy stretches with how many each holds. */
  hidden: { day: string; profissionalId: string; inicio: number; fim: number; count: number }[];
  /** Each day's count of appointments (the month shows the first few and "+N"). */
  appointmentTotals: Record<string, number>;
  visits: AgendaVisit[];
  visitTotals: Record<string, number>;
  professionals: AgendaProfessional[];
  services: AgendaService[];
  hours: BusinessHours;
  timeOff: { profissionalId: string; inicio: number; fim: number }[];
  settings: AgendaSettings;
}

/** An appointment as the page data carries it: one array, no keys (a week ships hundreds). */
export type WireAppointment = [string, string, string, string, string, string, number, number, AppointmentStatus, 0 | 1, number];

export function toWire(a: AgendaAppointment): WireAppointment {
  return [a.id, a.day, a.profissionalId, a.clienteId, a.cliente, a.servicos, a.inicio, a.fim, a.status, a.online ? 1 : 0, a.totalCentavos];
}

export function fromWire(w: WireAppointment): AgendaAppointment {
  const [id, day, profissionalId, clienteId, cliente, servicos, inicio, fim, status, online, totalCentavos] = w;
  return { id, day, profissionalId, clienteId, cliente, servicos, inicio, fim, status, online: online === 1, totalCentavos };
}
