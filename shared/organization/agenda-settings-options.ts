import type { CommissionKind } from "../enums/agenda.ts";
import { formatNumber } from "../format.ts";

/**
 * The agenda section's choices and defaults, without its zod schema: Configurações do Negócio's
 * card reads these on the browser (ADR 029's budget); agenda-settings.ts validates with them.
 */

/** The agenda's grid (slot size, ADR 058): what a salon, a clinic or an imobiliária books by. */
export const SLOT_MINUTES = [5, 10, 15, 20, 30, 60] as const;

/** Minimum notice for a new booking, in minutes, as a person chooses it. */
export const NOTICE_OPTIONS: readonly { value: number; label: string }[] = [
  { value: 0, label: "Sem antecedência mínima" },
  { value: 15, label: "15 minutos" },
  { value: 30, label: "30 minutos" },
  { value: 60, label: "1 hora" },
  { value: 120, label: "2 horas" },
  { value: 180, label: "3 horas" },
  { value: 240, label: "4 horas" },
  { value: 360, label: "6 horas" },
  { value: 720, label: "12 horas" },
  { value: 1440, label: "1 dia" },
  { value: 2880, label: "2 dias" },
  { value: 4320, label: "3 dias" },
  { value: 10080, label: "1 semana" },
];

export const BUFFER_MAX_MINUTES = 120;
export const HORIZON_MAX_DAYS = 365;

export const AGENDA_SETTINGS_DEFAULTS = {
  agendaIntervaloMin: 30,
  agendaFolgaMin: 0,
  agendaAntecedenciaMin: 60,
  agendaHorizonteDias: 60,
  agendamentoOnline: false,
  agendamentoOnlineStatus: "pendente",
  lembretes: true,
  comissaoPadraoTipo: "percentual",
  comissaoPadraoValor: 0,
} as const satisfies Record<string, unknown>;

/** The commission as the form shows it: "12,5" (%) or "25,00" (R$). */
export function commissionText(kind: CommissionKind, value: number): string {
  return kind === "percentual"
    ? formatNumber(value / 100, { maximumFractionDigits: 2 })
    : formatNumber(value / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
