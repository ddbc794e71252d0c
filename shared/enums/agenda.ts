import { defineEnum } from "../define-enum.ts";

/** The agenda's lists (issue 21): appointments, commissions, online bookings. */

/**
 * An appointment's life: booked (pendente → confirmado), served at the desk (em atendimento →
 * concluído), or ended without service (cancelado, faltou). Cancelado and faltou free the slot.
 */
export const APPOINTMENT_STATUS = defineEnum({
  pendente: { label: "Pendente", tone: "yellow" },
  confirmado: { label: "Confirmado", tone: "blue" },
  em_atendimento: { label: "Em atendimento", tone: "purple" },
  concluido: { label: "Concluído", tone: "green" },
  cancelado: { label: "Cancelado", tone: "neutral" },
  faltou: { label: "Faltou", tone: "red" },
});
export const APPOINTMENT_STATUSES = APPOINTMENT_STATUS.values;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** The statuses that free the professional's time (every other one holds it). */
export const FREEING_STATUSES: readonly AppointmentStatus[] = ["cancelado", "faltou"];

/** Where an appointment was booked: inside the app, or by the client on /agendar/{slug}. */
export const APPOINTMENT_ORIGIN = defineEnum({
  interno: { label: "Agenda" },
  online: { label: "Agendamento online" },
});
export const APPOINTMENT_ORIGINS = APPOINTMENT_ORIGIN.values;
export type AppointmentOrigin = (typeof APPOINTMENT_ORIGINS)[number];

/**
 * How a commission is counted: a percentage of the service's price (stored in basis points,
 * 1000 = 10,00%) or a fixed amount per service (centavos).
 */
export const COMMISSION_KIND = defineEnum({
  percentual: { label: "Percentual (%)" },
  fixo: { label: "Valor fixo (R$)" },
});
export const COMMISSION_KINDS = COMMISSION_KIND.values;
export type CommissionKind = (typeof COMMISSION_KINDS)[number];

/** How an online booking arrives on /agenda: to be confirmed by the business, or confirmed. */
export const ONLINE_BOOKING_STATUS = APPOINTMENT_STATUS.pick(["pendente", "confirmado"]);
export const ONLINE_BOOKING_STATUSES = ONLINE_BOOKING_STATUS.values;
