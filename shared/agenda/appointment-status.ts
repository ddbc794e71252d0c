import { type AppointmentStatus, FREEING_STATUSES } from "../enums.ts";

/**
 * Which status an appointment may go to from each (the agenda's buttons, the service desk, the
 * API). Booked → confirmed → served, or ended without service; a mistake is undone one step
 * back (a check-in by mistake, a "faltou" tapped on the wrong line); a finished service reopens
 * only to em atendimento. Cancelado and faltou free the time: leaving them re-checks the slot.
 */
export const STATUS_TRANSITIONS: Readonly<Record<AppointmentStatus, readonly AppointmentStatus[]>> = {
  pendente: ["confirmado", "em_atendimento", "concluido", "cancelado", "faltou"],
  confirmado: ["pendente", "em_atendimento", "concluido", "cancelado", "faltou"],
  em_atendimento: ["confirmado", "concluido"],
  concluido: ["em_atendimento"],
  cancelado: ["pendente", "confirmado"],
  faltou: ["pendente", "confirmado"],
};

/** Whether an appointment in `from` may go to `to`. */
export function canChangeStatus(from: AppointmentStatus, to: AppointmentStatus): boolean {
  return STATUS_TRANSITIONS[from].includes(to);
}

/** Whether an appointment in this status holds the professional's time. */
export function holdsTime(status: AppointmentStatus): boolean {
  return !FREEING_STATUSES.includes(status);
}

/** Whether an appointment in this status may be moved or resized (served or ended ones stay where they were). */
export function canMove(status: AppointmentStatus): boolean {
  return status === "pendente" || status === "confirmado" || status === "em_atendimento";
}
