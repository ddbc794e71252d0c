import type { InstantRange } from "../../../shared/agenda/intervals.ts";
import { ANY_PROFESSIONAL, type PublicSlotDay } from "../../../shared/agenda/public-booking.ts";
import { totalDuration } from "../../../shared/agenda/slot-rules.ts";
import { findSlots, findSlotsForAnyone } from "../../../shared/agenda/slots.ts";
import { addDays } from "../../../shared/ai/brazil-dates.ts";
import { dayIn, formatTimeIn, instantIn } from "../../../shared/time-zone.ts";
import type { ServiceContext } from "../context.ts";
import { type AgendaRules, loadAgendaRules, slotRulesOf } from "./agenda-rules.ts";

/**
 * The public pages' free slots (ADR 062): the agenda's own rules (ADR 058) read by core's
 * `loadAgendaRules` in one round trip, with the business's notice, offered online only.
 * "Qualquer um" is the union of everyone's slots; each start lists who is free, best first.
 */

const DAY = 86_400_000;

export interface SlotQuestion {
  orgId: string;
  servicoIds: string[];
  /** A professional's id, or ANY_PROFESSIONAL. */
  profissional: string;
  /** The first day asked ("aaaa-mm-dd" in the zone; before today: today). */
  desde: string | null;
  days: number;
  /** Rescheduling: the appointment being moved does not hold its own time. */
  excludeAppointmentId?: string;
}

export interface SlotAnswer {
  rules: AgendaRules;
  dias: PublicSlotDay[];
  /** Each start (epoch ms) → the professionals free then, best first. */
  livres: Map<number, string[]>;
  /** The first day of the next page, when the horizon allows one. */
  proximo: string | null;
  /** The first day of the previous page (null on the first). */
  anterior: string | null;
}

function dayLabel(day: string, zone: string): string {
  const noon = instantIn(day, "12:00", zone).getTime();
  const text = new Intl.DateTimeFormat("pt-BR", { timeZone: zone, weekday: "long", day: "2-digit", month: "2-digit" }).format(noon);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Free starts for a question, grouped by the zone's days (every day of the page listed, empty ones too). */
export async function publicSlots(ctx: ServiceContext, q: SlotQuestion): Promise<SlotAnswer> {
  const now = ctx.now.getTime();
  // The zone is not known before the read: the window is taken a day wide on both sides, then cut.
  const roughStart = q.desde ? Date.parse(`${q.desde}T00:00:00Z`) : now;
  const window0: InstantRange = { start: Math.max(now, roughStart - DAY), end: Math.max(now, roughStart) + (q.days + 1) * DAY };
  const rules = await loadAgendaRules(ctx, q.orgId, window0, {
    onlineOnly: true,
    serviceIds: q.servicoIds,
    ...(q.profissional === ANY_PROFESSIONAL ? {} : { professionalIds: [q.profissional] }),
    ...(q.excludeAppointmentId ? { excludeAppointmentId: q.excludeAppointmentId } : {}),
  });
  const zone = rules.settings.zone;
  const today = dayIn(now, zone);
  const first = q.desde && q.desde > today ? q.desde : today;
  const lastAllowed = dayIn(now + rules.settings.maxDaysAhead * DAY, zone);
  const pageDays: string[] = [];
  for (let d = first; pageDays.length < q.days && d <= lastAllowed; d = addDays(d, 1)) pageDays.push(d);
  const empty: SlotAnswer = { rules, dias: [], livres: new Map(), proximo: null, anterior: null };
  const services = q.servicoIds.map((id) => rules.services.find((s) => s.id === id));
  if (pageDays.length === 0 || services.some((s) => !s)) return empty;
  const pros = rules.professionals.filter((p) => q.servicoIds.every((id) => p.servicoIds.includes(id)));
  if (pros.length === 0) return empty;
  const window: InstantRange = {
    start: Math.max(now, instantIn(pageDays[0] as string, "00:00", zone).getTime()),
    end: Math.min(
      now + rules.settings.maxDaysAhead * DAY,
      instantIn(addDays(pageDays[pageDays.length - 1] as string, 1), "00:00", zone).getTime(),
    ),
  };
  const durationMin = totalDuration(services.map((s) => ({ durationMin: s?.duracaoMin ?? 0 })));
  const slotRules = slotRulesOf(rules, durationMin, now, true);
  const found =
    q.profissional === ANY_PROFESSIONAL
      ? findSlotsForAnyone(slotRules, pros, window)
      : findSlots(slotRules, pros[0] as (typeof pros)[number], window).map((s) => ({ ...s, professionalIds: [q.profissional] }));
  const livres = new Map<number, string[]>();
  const byDay = new Map<string, PublicSlotDay>(pageDays.map((d) => [d, { dia: d, rotulo: dayLabel(d, zone), horarios: [] }]));
  for (const slot of found) {
    livres.set(slot.start, slot.professionalIds);
    byDay.get(dayIn(slot.start, zone))?.horarios.push({ inicio: slot.start, hora: formatTimeIn(slot.start, zone) });
  }
  const next = addDays(pageDays[pageDays.length - 1] as string, 1);
  const previous = first > today ? addDays(first, -q.days) : null;
  return {
    rules,
    dias: [...byDay.values()],
    livres,
    proximo: next <= lastAllowed ? next : null,
    anterior: previous ? (previous < today ? today : previous) : null,
  };
}
