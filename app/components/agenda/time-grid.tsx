import { type CSSProperties, type KeyboardEvent, type MouseEvent, type PointerEvent, useMemo, useRef } from "react";
import { useNavigate } from "react-router";
import { closedStretches, clockOf, snapMinutes } from "../../../shared/agenda/calendar-view.ts";
import { fullDayLabel, WEEKDAYS_SHORT, weekdayOf } from "../../../shared/social/calendar.ts";
import type { AgendaViewData } from "../../server/agenda/agenda.server.ts";
import { type Column, type Item, PX_PER_MIN, timeGrid } from "./agenda-layout.ts";
import type { DragTarget } from "./agenda-drag.ts";

/** Where a click, a drop or a key put an appointment: a day, minutes since midnight, a professional. */
export interface GridSpot {
  dia: string;
  minutos: number;
  profissionalId: string | null;
}

export interface TimeGridHandlers {
  /** A click on free time: book there (the Visitas lane: a visit). */
  onEmpty: (spot: GridSpot) => void;
  /** An appointment or visit was clicked, or Enter/Space on it. */
  onOpen: (kind: "a" | "v", id: string) => void;
  /** Arrow keys on a focused appointment (the page asks for confirmation). */
  onArrow: (id: string, key: "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight") => void;
  /** A pointer drag or resize ended on a new place (the page sends it; undo resets the element). */
  onDrop: (target: DragTarget) => void;
  canMove: (id: string) => boolean;
}

/**
 * The day or week time grid (ADR 060): a column per day × professional, hours down the side,
 * closed times shaded, each column's items one HTML text. One handler of each kind on the grid
 * finds the item (`data-appt`, `data-visit`) or the column (`data-col`) under the event.
 */
export function TimeGrid({ view, handlers }: { view: AgendaViewData; handlers: TimeGridHandlers }) {
  const { hours, columns } = useMemo(() => timeGrid(view), [view]);
  const height = (hours.to - hours.from) * PX_PER_MIN;
  const week = view.query.vista === "semana";
  const groups = useMemo(() => {
    const out: { day: string; columns: Column[] }[] = [];
    for (const c of columns) {
      const last = out[out.length - 1];
      if (last && last.day === c.day) last.columns.push(c);
      else out.push({ day: c.day, columns: [c] });
    }
    return out;
  }, [columns]);
  const byId = useMemo(() => {
    const m = new Map<string, { column: Column; item: Item }>();
    for (const column of columns) for (const p of column.items) m.set(`${p.item.kind}:${p.item.id}`, { column, item: p.item });
    return m;
  }, [columns]);
  const navigate = useNavigate();
  const drag = useRef<typeof import("./agenda-drag.ts") | null>(null);
  const loadDrag = () => {
    if (!drag.current) void import("./agenda-drag.ts").then((m) => (drag.current = m));
  };

  const itemAt = (target: EventTarget) => {
    const el = (target as HTMLElement).closest?.("[data-appt],[data-visit]");
    if (!el) return null;
    const appt = el.getAttribute("data-appt");
    return appt ? { kind: "a" as const, id: appt, el } : { kind: "v" as const, id: el.getAttribute("data-visit") ?? "", el };
  };

  const onClick = (event: MouseEvent<HTMLElement>) => {
    // A busy stretch's link (a crowded column in the week) opens that day in the app; a modified click is the browser's.
    const link = (event.target as HTMLElement).closest?.("a[href]");
    if (link) {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(link.getAttribute("href") ?? "");
      return;
    }
    const hit = itemAt(event.target);
    if (hit) {
      if (hit.el.getAttribute("data-dragged") === "1") {
        hit.el.removeAttribute("data-dragged");
        return;
      }
      handlers.onOpen(hit.kind, hit.id);
      return;
    }
    const col = (event.target as HTMLElement).closest?.("[data-col]");
    if (!col) return;
    const rect = col.getBoundingClientRect();
    const minutes = hours.from + (event.clientY - rect.top) / PX_PER_MIN;
    const step = view.settings.stepMin;
    handlers.onEmpty({
      dia: col.getAttribute("data-day") ?? view.query.data,
      minutos: Math.min(snapMinutes(Math.floor(minutes / step) * step, step, step), 1440 - step),
      profissionalId: col.getAttribute("data-pro") || null,
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const hit = itemAt(event.target);
    if (!hit || hit.el !== event.target) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      handlers.onOpen(hit.kind, hit.id);
      return;
    }
    if (hit.kind === "a" && handlers.canMove(hit.id) && ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].includes(event.key)) {
      event.preventDefault();
      handlers.onArrow(hit.id, event.key as "ArrowUp");
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    const hit = itemAt(event.target);
    if (hit?.kind !== "a" || !handlers.canMove(hit.id) || event.button !== 0) return;
    const found = byId.get(`a:${hit.id}`);
    if (!found) return;
    const start = drag.current?.startDrag;
    if (!start) {
      loadDrag();
      return;
    }
    start(event.nativeEvent, hit.el as HTMLElement, {
      id: hit.id,
      startMin: found.item.startMin,
      endMin: found.item.endMin,
      day: found.column.day,
      profissionalId: found.column.profissionalId,
      gridFrom: hours.from,
      stepMin: view.settings.stepMin,
      onDrop: handlers.onDrop,
    });
  };

  return (
    <section
      className="ag-scroll"
      data-agenda-grid={view.query.vista}
      aria-label="Grade de horários"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the grid scrolls on a phone and must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
    >
      <div className="flex w-max min-w-full">
        <div className="ag-time" aria-hidden="true">
          <div className={`sticky top-0 z-[2] border-b border-line bg-surface ${week ? "h-14" : "h-9"}`} />
          <div className="relative" style={{ height }}>
            {Array.from({ length: (hours.to - hours.from) / 60 }, (_, i) => (
              <span key={i} className={`absolute right-1 ${i === 0 ? "" : "-translate-y-1/2"}`} style={{ top: i * 60 * PX_PER_MIN }}>
                {clockOf(hours.from + i * 60)}
              </span>
            ))}
          </div>
        </div>
        {/* One handler of each kind for the whole grid: items and columns are found by their data attributes. */}
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the items inside are role=button with tabindex; empty time is also reachable by "Novo agendamento" */}
        <div
          className="flex min-w-0 flex-1"
          onClick={onClick}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerEnter={loadDrag}
          onFocus={loadDrag}
          onContextMenu={(e) => {
            if (itemAt(e.target)) e.preventDefault();
          }}
        >
          {groups.map((g) => (
            <section key={g.day} className="flex min-w-fit flex-1 flex-col" aria-label={fullDayLabel(g.day)}>
              <div className={`sticky top-0 z-[2] border-b border-l border-line bg-surface ${week ? "h-14" : "h-9"}`}>
                {week ? (
                  <h3 className={`truncate px-1 pt-1 text-center text-xs font-semibold ${g.day === view.today ? "text-accent" : ""}`}>
                    {WEEKDAYS_SHORT[weekdayOf(g.day)]} {Number(g.day.slice(8))}/{g.day.slice(5, 7)}
                  </h3>
                ) : null}
                <div className="flex">
                  {g.columns.map((c) => (
                    <p
                      key={c.key}
                      className={`flex flex-1 items-center gap-1 truncate px-1 py-1 text-xs font-semibold ${week ? "min-w-16" : "min-w-24"}`}
                    >
                      <span className="inline-block size-2.5 shrink-0 rounded-full" style={{ background: c.color }} aria-hidden="true" />
                      <span className="truncate">{c.title}</span>
                    </p>
                  ))}
                </div>
              </div>
              <div className="flex">
                {g.columns.map((c) => (
                  <div
                    key={c.key}
                    className={`ag-col${week ? " ag-col-week" : ""}${g.day === view.today ? " ag-col-today" : ""}`}
                    style={{ height, "--pro": c.color } as CSSProperties}
                    data-col={c.key}
                    data-day={c.day}
                    data-pro={c.profissionalId ?? ""}
                    // biome-ignore lint/security/noDangerouslySetInnerHtml: agenda-layout.ts escapes every value
                    dangerouslySetInnerHTML={{ __html: closedHtml(view, c, hours) + c.html }}
                  />
                ))}
              </div>
            </section>
          ))}
        </div>
      </div>
    </section>
  );
}

/** The closed stretches of the column's day (business hours; a holiday or closed day: all of it). */
function closedHtml(view: AgendaViewData, column: Column, hours: { from: number; to: number }): string {
  let out = "";
  for (const s of closedStretches(view.hours, column.day, hours)) {
    out += `<div class="ag-closed" style="top:${(s.from - hours.from) * PX_PER_MIN}px;height:${(s.to - s.from) * PX_PER_MIN}px" aria-hidden="true"></div>`;
  }
  return out;
}
