import { Link } from "react-router";
import { agendaSearch, clockOf, minutesInZone } from "../../../shared/agenda/calendar-view.ts";
import { APPOINTMENT_STATUS } from "../../../shared/enums/agenda.ts";
import { fullDayLabel, WEEKDAYS_SHORT, weekdayOf } from "../../../shared/social/calendar.ts";
import type { AgendaViewData } from "../../server/agenda/agenda.server.ts";

/**
 * The month (ADR 060): whole weeks, Sunday first; each day its first few appointments and
 * visits (time, client, the professional's colour) and how many more, the day's number leading
 * to that day's view. On a phone, one column of the days that have something (today stays).
 */
export function MonthGrid({ view, onOpen }: { view: AgendaViewData; onOpen: (kind: "a" | "v", id: string) => void }) {
  const colors = new Map(view.professionals.map((p) => [p.id, p.cor]));
  const byUser = new Map(view.professionals.filter((p) => p.usuarioId).map((p) => [p.usuarioId as string, p.cor]));
  type Entry = { kind: "a" | "v"; id: string; at: number; text: string; color: string; freed: boolean; label: string };
  const byDay = new Map<string, Entry[]>();
  const add = (day: string, e: Entry) => byDay.set(day, [...(byDay.get(day) ?? []), e]);
  for (const a of view.appointments) {
    const time = clockOf(minutesInZone(a.inicio, view.zone));
    add(a.day, {
      kind: "a",
      id: a.id,
      at: a.inicio,
      text: `${time} ${a.cliente}`,
      color: colors.get(a.profissionalId) ?? "#64748b",
      freed: a.status === "cancelado" || a.status === "faltou",
      label: `${time}, ${a.cliente}, ${a.servicos}, ${APPOINTMENT_STATUS.label(a.status)}`,
    });
  }
  for (const v of view.visits) {
    const time = clockOf(minutesInZone(v.inicio, view.zone));
    add(v.day, {
      kind: "v",
      id: v.id,
      at: v.inicio,
      text: `${time} Visita · ${v.cliente}`,
      color: (v.corretorId && byUser.get(v.corretorId)) || "#64748b",
      freed: v.resultado === "cancelada",
      label: `Visita ${time}, ${v.cliente}, ${v.imovel}`,
    });
  }
  return (
    <div className="min-w-0">
      <div className="hidden grid-cols-7 gap-1 pb-1 text-center text-xs font-semibold text-fg-soft uppercase sm:grid" aria-hidden="true">
        {WEEKDAYS_SHORT.map((w) => (
          <span key={w}>{w}</span>
        ))}
      </div>
      <ol className="grid grid-cols-1 gap-1 sm:grid-cols-7">
        {view.days.map((d) => {
          const entries = (byDay.get(d.day) ?? []).sort((a, b) => a.at - b.at);
          const total = (view.appointmentTotals[d.day] ?? 0) + (view.visitTotals[d.day] ?? 0);
          const more = total - entries.length;
          const today = d.day === view.today;
          const hidden = total === 0 && !today ? " cal-day-empty" : "";
          const shade = !d.inMonth ? " cal-day-out" : d.day < view.today ? " cal-day-past" : "";
          const dayHref = agendaSearch(view.query, { vista: "dia", data: d.day });
          return (
            <li
              key={d.day}
              className={`cal-day${shade}${hidden}${today ? " cal-day-today" : ""}`}
              aria-label={`${fullDayLabel(d.day)}${today ? " (hoje)" : ""}: ${total === 1 ? "1 compromisso" : `${total} compromissos`}`}
            >
              <h3>
                <Link to={dayHref} aria-label={`Ver o dia ${fullDayLabel(d.day)}`} className={today ? "cal-today" : undefined}>
                  <span className="sm:hidden">{WEEKDAYS_SHORT[weekdayOf(d.day)]}, </span>
                  {Number(d.day.slice(8))}
                </Link>
                {today ? <small>hoje</small> : null}
              </h3>
              <ul className="space-y-0.5">
                {entries.map((e) => (
                  <li key={`${e.kind}${e.id}`}>
                    <button
                      type="button"
                      onClick={() => onOpen(e.kind, e.id)}
                      aria-label={e.label}
                      className={`block w-full truncate rounded border-l-[3px] px-1 text-left text-[0.7rem] leading-4 hover:bg-muted ${e.freed ? "line-through opacity-60" : ""} ${e.kind === "v" ? "border-dashed" : ""}`}
                      style={{ borderLeftColor: e.color }}
                    >
                      {e.text}
                    </button>
                  </li>
                ))}
              </ul>
              {more > 0 ? (
                <Link to={dayHref} className="cal-more">
                  +{more} {more === 1 ? "compromisso" : "compromissos"}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
