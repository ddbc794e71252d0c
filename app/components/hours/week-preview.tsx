import { addDays } from "../../../shared/ai/brazil-dates.ts";
import { type BusinessHours, hoursOn } from "../../../shared/agenda/business-hours.ts";
import { formatDay } from "../../../shared/agenda/hours-fields.ts";
import { WEEKDAY_NAMES } from "../../../shared/agenda/hours-fields.ts";
import { weekdayOf } from "../../../shared/agenda/local-times.ts";
import { DayBar, hoursText } from "./day-bar.tsx";

/**
 * The next seven days as the agenda will read them: the week, then holidays and exceptions
 * (hoursOn, the same rule bookings are checked by), so "Natal" shows closed before anyone books.
 */
export function WeekPreview({ hours, today }: { hours: BusinessHours; today: string }) {
  const days = Array.from({ length: 7 }, (_, i) => hoursOn(hours, addDays(today, i)));
  return (
    <ul className="space-y-3" aria-label="Próximos 7 dias">
      {days.map((d) => (
        <li key={d.day} className="grid grid-cols-[6.5rem_minmax(0,1fr)] items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-medium">
            {WEEKDAY_NAMES[weekdayOf(d.day)]} <span className="text-fg-soft">{formatDay(d.day).slice(0, 5)}</span>
          </span>
          <DayBar intervals={d.intervals} />
          <span className="col-start-2 text-fg-soft">
            {hoursText(d.intervals)}
            {d.motivo ? ` · ${d.motivo}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
