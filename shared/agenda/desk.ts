import type { AppointmentStatus } from "../enums/agenda.ts";
import { addDays } from "../ai/brazil-dates.ts";
import { instantIn } from "../time-zone.ts";

/**
 * The service desk's rules (/atendimento, ADR 061), pure and client-safe: which one-tap steps an
 * appointment offers in each status, what finishing consumes, and a calendar day of the
 * organização as an instant range.
 */

/** The desk's steps: check-in keeps the status (it records the arrival), the others change it. */
export const DESK_STEPS = ["chegou", "iniciar", "finalizar", "faltou", "cancelar"] as const;
export type DeskStep = (typeof DESK_STEPS)[number];

/** The status each step leads to (check-in: none, it sets `checked_in_at`). */
export const STEP_STATUS: Readonly<Record<DeskStep, AppointmentStatus | null>> = {
  chegou: null,
  iniciar: "em_atendimento",
  finalizar: "concluido",
  faltou: "faltou",
  cancelar: "cancelado",
};

/** The statuses an appointment waits in before service: the ones the desk acts on. */
const WAITING: readonly AppointmentStatus[] = ["pendente", "confirmado"];

/**
 * The steps an appointment offers, in the order a receptionist taps them. A client who arrived
 * (checked in) cannot be a no-show; one being served can only be finished; ended ones offer none.
 */
export function stepsFor(status: AppointmentStatus, checkedIn: boolean): DeskStep[] {
  if (WAITING.includes(status)) return checkedIn ? ["iniciar", "finalizar", "cancelar"] : ["chegou", "iniciar", "faltou", "cancelar"];
  if (status === "em_atendimento") return ["finalizar"];
  return [];
}

/** Whether `step` is offered (the server asks the same before writing). */
export function stepAllowed(step: DeskStep, status: AppointmentStatus, checkedIn: boolean): boolean {
  return stepsFor(status, checkedIn).includes(step);
}

/** The statuses finishing may start from (the finish batch's guard). */
export const FINISHABLE: readonly AppointmentStatus[] = ["pendente", "confirmado", "em_atendimento"];

/** pt-BR labels of the steps (buttons) and what each did (the toast). */
export const STEP_LABEL: Readonly<Record<DeskStep, string>> = {
  chegou: "Chegou",
  iniciar: "Iniciar",
  finalizar: "Finalizar",
  faltou: "Faltou",
  cancelar: "Cancelar",
};

/** A product line of the finish panel: how much of a product the services performed consume. */
export interface ConsumptionLine {
  produtoId: string;
  quantidade: number;
}

/**
 * What the services consume together (service_products × services performed): one line per
 * product, quantities summed (two services using the same esmalte add up), in first-seen order.
 * A service performed twice counts twice. Quantities keep three decimals (the ledger's unit).
 */
export function consumptionOf(
  servicoIds: readonly string[],
  recipes: readonly { servicoId: string; produtoId: string; quantidade: number }[],
): ConsumptionLine[] {
  const totals = new Map<string, number>();
  for (const servicoId of servicoIds) {
    for (const r of recipes) {
      if (r.servicoId !== servicoId) continue;
      totals.set(r.produtoId, (totals.get(r.produtoId) ?? 0) + Math.round(r.quantidade * 1000));
    }
  }
  return [...totals].map(([produtoId, milli]) => ({ produtoId, quantidade: milli / 1000 }));
}

/** Lines as typed in the panel: zero and empty dropped, repeated products merged. */
export function mergeConsumption(lines: readonly ConsumptionLine[]): ConsumptionLine[] {
  const totals = new Map<string, number>();
  for (const l of lines) {
    const milli = Math.round(l.quantidade * 1000);
    if (!l.produtoId || milli === 0) continue;
    totals.set(l.produtoId, (totals.get(l.produtoId) ?? 0) + milli);
  }
  return [...totals].map(([produtoId, milli]) => ({ produtoId, quantidade: milli / 1000 }));
}

/** A calendar day of the organização's zone as the half-open instant range [start, end) in ms. */
export function dayRange(day: string, zone: string): { start: number; end: number } {
  return { start: instantIn(day, "00:00", zone).getTime(), end: instantIn(addDays(day, 1), "00:00", zone).getTime() };
}
