import { z } from "zod";
import { COMMISSION_FIXED_MAX_CENTAVOS, COMMISSION_PERCENT_MAX, percentToBasisPoints } from "../agenda/commission.ts";
import { COMMISSION_KIND, type CommissionKind, ONLINE_BOOKING_STATUS } from "../enums/agenda.ts";
import { formatBRL, parseBRL } from "../format.ts";
import { requiredOption } from "../resources/schema-helpers.ts";
import { checkbox, intValue } from "../validation.ts";

/**
 * The agenda section of Configurações do Negócio (issue 21, ADR 063). Client-safe. Every field
 * absent from a form takes the column's default, as the token limit does, so a client that does
 * not know the section never switches reminders off by omission.
 */

export {
  AGENDA_SETTINGS_DEFAULTS,
  BUFFER_MAX_MINUTES,
  commissionText,
  HORIZON_MAX_DAYS,
  NOTICE_OPTIONS,
  SLOT_MINUTES,
} from "./agenda-settings-options.ts";
import { AGENDA_SETTINGS_DEFAULTS, BUFFER_MAX_MINUTES, HORIZON_MAX_DAYS, NOTICE_OPTIONS, SLOT_MINUTES } from "./agenda-settings-options.ts";

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
