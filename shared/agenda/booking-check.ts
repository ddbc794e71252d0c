import { formatDateIn, formatTimeIn } from "../time-zone.ts";
import { outsideHoursMessage } from "./business-hours.ts";
import { describeIntervals, weekdayPlural, weekdayShort } from "./local-times.ts";
import type { Professional } from "./professional.ts";
import { dayOf, failureAt, prepare, type SlotRules } from "./slot-rules.ts";
import { dayIn } from "../time-zone.ts";

export type BookingCheck = { ok: true } | { ok: false; motivo: string };

const MINUTE = 60_000;

/**
 * Whether `professional` can take an appointment starting at `start` (epoch ms) under `rules`,
 * with the pt-BR reason naming the conflict when not. The same predicate as the slot search
 * (failureAt): a start is accepted exactly when findSlots would offer it. This is the rules, not
 * the guard: the database write repeats the overlap check in the same statement (ADR 058).
 */
export function checkBooking(rules: SlotRules, professional: Professional, start: number): BookingCheck {
  const zone = rules.hours.zone;
  const day = dayIn(start, zone);
  const prepared = prepare(rules, professional);
  const plan = dayOf(rules, prepared, day);
  const failure = failureAt(rules, plan, start);
  if (failure === null) return { ok: true };
  const nome = professional.nome;
  const end = start + rules.durationMin * MINUTE;
  switch (failure.rule) {
    case "duracao":
      return { ok: false, motivo: "Escolha ao menos um serviço com duração" };
    case "passado":
      return { ok: false, motivo: "Esse horário já passou" };
    case "antecedencia":
      return { ok: false, motivo: `Agendamentos precisam de ${rules.minNoticeMin} min de antecedência` };
    case "horario":
      return { ok: false, motivo: outsideHoursMessage(plan.dayHours) };
    case "grade":
      return { ok: false, motivo: `Escolha um horário da grade de ${rules.stepMin} min da agenda` };
    case "folga": {
      const wholeDay = plan.dayHours.ranges.every((r) => plan.timeOff.some((t) => t.start <= r.start && r.end <= t.end));
      if (wholeDay) return { ok: false, motivo: `${nome} está de folga nesse dia` };
      const off = plan.timeOff.find((t) => t.start < end && start < t.end);
      const until = off ? (dayIn(off.end, zone) === day ? formatTimeIn(off.end, zone) : formatDateIn(off.end, zone)) : "";
      return { ok: false, motivo: `${nome} está de folga nesse horário (até ${until})` };
    }
    case "disponibilidade": {
      const weekly = professional.weekly[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? [];
      if (weekly.length === 0) return { ok: false, motivo: `${nome} não atende ${weekdayPlural(day)}` };
      return { ok: false, motivo: `${nome} não atende nesse horário (${weekdayShort(day)} ${describeIntervals(weekly)})` };
    }
    case "agendamento": {
      const buffer = rules.bufferMin * MINUTE;
      const clash = [...professional.bookings]
        .sort((a, b) => a.start - b.start)
        .find((b) => b.start < end + buffer && start < b.end + buffer);
      const at = clash ? formatTimeIn(clash.start, zone) : "";
      return { ok: false, motivo: `Conflita com o agendamento de ${nome} às ${at}` };
    }
  }
}
