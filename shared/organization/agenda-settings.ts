import { z } from "zod";
import { COMMISSION_FIXED_MAX_CENTAVOS, COMMISSION_PERCENT_MAX, percentToBasisPoints } from "../agenda/commission.ts";
import { COMMISSION_KIND, type CommissionKind, ONLINE_BOOKING_STATUS } from "../enums/agenda.ts";
import { formatBRL, formatNumber, parseBRL } from "../format.ts";
import { requiredOption } from "../resources/schema-helpers.ts";
import { checkbox, intValue } from "../validation.ts";

/**
 * The agenda section of Configurações do Negócio (issue 21, ADR 063). Client-safe. Every field
 * absent from a form takes the column's default, as the token limit does, so a client that does
 * not know the section never switches reminders off by omission.
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

const withDefault =
  (value: unknown) =>
  (v: unknown): unknown =>
    v === undefined ? value : v;

/** A whole number among `allowed` ("30" as typed), absent → `fallback`. */
function oneOfNumbers(label: string, allowed: readonly number[], fallback: number): z.ZodType<number, unknown> {
  return z.preprocess(
    withDefault(fallback),
    intValue(label).refine((n) => allowed.includes(n), `O campo ${label} deve ser um dos valores permitidos`),
  );
}

/**
 * The commission's value: typed text is a percentage ("10", "12,5%") or reais ("R$ 25,00"), both
 * read by parseBRL into hundredths (basis points or centavos); a number is already stored units
 * (the service parses again what the page validated). The range depends on the kind (below).
 */
function commissionValue(): z.ZodType<number, unknown> {
  return z.preprocess(
    (v) => {
      if (v === undefined || (typeof v === "string" && v.trim() === "")) return 0;
      if (typeof v !== "string") return v;
      return parseBRL(v.trim().replace(/\s*%$/, "")) ?? v;
    },
    z
      .number({ error: "A comissão padrão deve ser um número (ex.: 10 ou 12,5)." })
      .int("A comissão padrão deve ser um número (ex.: 10 ou 12,5)."),
  );
}

/** The commission as the form shows it: "12,5" (%) or "25,00" (R$). */
export function commissionText(kind: CommissionKind, value: number): string {
  return kind === "percentual"
    ? formatNumber(value / 100, { maximumFractionDigits: 2 })
    : formatNumber(value / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export const agendaSettingsFields = {
  agendaIntervaloMin: oneOfNumbers("Intervalo da agenda", SLOT_MINUTES, AGENDA_SETTINGS_DEFAULTS.agendaIntervaloMin),
  agendaFolgaMin: z.preprocess(
    withDefault(AGENDA_SETTINGS_DEFAULTS.agendaFolgaMin),
    intValue("Intervalo entre atendimentos", { min: 0, max: BUFFER_MAX_MINUTES }),
  ),
  agendaAntecedenciaMin: oneOfNumbers(
    "Antecedência mínima",
    NOTICE_OPTIONS.map((o) => o.value),
    AGENDA_SETTINGS_DEFAULTS.agendaAntecedenciaMin,
  ),
  agendaHorizonteDias: z.preprocess(
    withDefault(AGENDA_SETTINGS_DEFAULTS.agendaHorizonteDias),
    intValue("Agendamento online até", { min: 1, max: HORIZON_MAX_DAYS }),
  ),
  agendamentoOnline: checkbox({ absent: AGENDA_SETTINGS_DEFAULTS.agendamentoOnline }),
  agendamentoOnlineStatus: z.preprocess(
    withDefault(AGENDA_SETTINGS_DEFAULTS.agendamentoOnlineStatus),
    requiredOption("Agendamentos online chegam como", ONLINE_BOOKING_STATUS),
  ),
  lembretes: checkbox({ absent: AGENDA_SETTINGS_DEFAULTS.lembretes }),
  comissaoPadraoTipo: z.preprocess(
    withDefault(AGENDA_SETTINGS_DEFAULTS.comissaoPadraoTipo),
    requiredOption("Tipo de comissão padrão", COMMISSION_KIND),
  ),
  comissaoPadraoValor: commissionValue(),
};

/** The commission's range by its kind: 0–100% or R$ 0–100.000,00 (shared/agenda/commission.ts, as services and professionals). */
export function commissionProblem(kind: CommissionKind, value: number): string | null {
  if (kind === "percentual") {
    return value < 0 || value > percentToBasisPoints(COMMISSION_PERCENT_MAX) ? "A comissão padrão deve estar entre 0% e 100%." : null;
  }
  return value < 0 || value > COMMISSION_FIXED_MAX_CENTAVOS
    ? `A comissão padrão deve estar entre ${formatBRL(0)} e ${formatBRL(COMMISSION_FIXED_MAX_CENTAVOS)}.`
    : null;
}
