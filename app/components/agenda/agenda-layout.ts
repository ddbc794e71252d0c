import { APPOINTMENT_STATUS, type AppointmentStatus } from "../../../shared/enums/agenda.ts";
import { VISIT_OUTCOME } from "../../../shared/enums/real-estate.ts";
import { escapeHtml } from "../../../shared/escape.ts";
import {
  agendaSearch,
  clockOf,
  type GridHours,
  gridHours,
  minutesInZone,
  type Placed,
  placeInLanes,
} from "../../../shared/agenda/calendar-view.ts";
import type { AgendaViewData } from "../../server/agenda/agenda.server.ts";

/**
 * The time grid's columns (ADR 060): one per day × professional (all side by side, or the one
 * chosen), and a "Visitas" lane for visits whose corretor is not a professional of the agenda.
 * Each column's items are one escaped HTML text (as the posts calendar's chips, ADR 045): a week
 * of 2,000 appointments renders as 35 strings instead of ~20,000 React elements, and the grid
 * holds one handler of each kind that finds the item by its `data-appt` / `data-visit`.
 */

/** Pixels per minute of the grid (30 min = 48 px: a 10-minute appointment is still one line). */
export const PX_PER_MIN = 1.6;

export type Item =
  | { kind: "a"; id: string; startMin: number; endMin: number; status: AppointmentStatus; color: string; label: string; html: string }
  | { kind: "v"; id: string; startMin: number; endMin: number; color: string; label: string; html: string }
  /** A crowded column's appointments not shipped (the week): where the time is taken, and the way to that day. */
  | { kind: "h"; id: string; startMin: number; endMin: number; color: string; label: string; html: string; href: string };

export interface Column {
  key: string;
  day: string;
  /** The professional of the column; null: the Visitas lane. */
  profissionalId: string | null;
  title: string;
  color: string;
  items: Placed<Item>[];
  /** The items as escaped HTML (`itemsHtml`). */
  html: string;
}

const DAY_MS = 86_400_000;

/** Wall-clock minutes of an instant in its day: arithmetic on a 24-hour day, the zone's data on a DST day. */
function minutesIn(instant: number, span: { start: number; end: number }, zone: string): number {
  if (span.end - span.start === DAY_MS && instant >= span.start && instant < span.end) return Math.floor((instant - span.start) / 60_000);
  return minutesInZone(instant, zone);
}

/** The status badge's classes (app.css `.badge-<tone>`, as the lists' badges; not imported from them: the list code is not this page's). */
export const STATUS_CLASS: Record<AppointmentStatus, string> = Object.fromEntries(
  APPOINTMENT_STATUS.values.map((s) => [s, `badge badge-${APPOINTMENT_STATUS.tone(s)}`]),
) as Record<AppointmentStatus, string>;

/** The grid's hours and columns of a day or week view. */
export function timeGrid(view: AgendaViewData): { hours: GridHours; columns: Column[] } {
  const { zone } = view;
  const pros = view.query.profissional ? view.professionals.filter((p) => p.id === view.query.profissional) : view.professionals;
  const byUser = new Map(view.professionals.filter((p) => p.usuarioId).map((p) => [p.usuarioId as string, p]));
  const proName = new Map(view.professionals.map((p) => [p.id, p.nome]));
  const spans = new Map(view.days.map((d) => [d.day, d]));
  const items = new Map<string, Item[]>();
  const push = (key: string, item: Item) => {
    const list = items.get(key);
    if (list) list.push(item);
    else items.set(key, [item]);
  };
  const colorOf = new Map(view.professionals.map((p) => [p.id, p.cor]));
  for (const a of view.appointments) {
    const span = spans.get(a.day);
    if (!span) continue;
    const startMin = minutesIn(a.inicio, span, zone);
    const endMin = Math.min(1440, startMin + Math.round((a.fim - a.inicio) / 60_000));
    const status = APPOINTMENT_STATUS.label(a.status);
    const time = `${clockOf(startMin)}–${clockOf(endMin)}`;
    const label = `${time}, ${a.cliente}${a.servicos ? `, ${a.servicos}` : ""}, ${status}, com ${proName.get(a.profissionalId) ?? "profissional"}`;
    const color = colorOf.get(a.profissionalId) ?? "#64748b";
    const html =
      `<b>${clockOf(startMin)}</b> <span class="ag-client">${escapeHtml(a.cliente)}</span>` +
      (a.servicos ? `<span class="ag-services">${escapeHtml(a.servicos)}</span>` : "") +
      `<span class="${STATUS_CLASS[a.status]} ag-badge">${escapeHtml(status)}</span>`;
    push(`${a.day}|${a.profissionalId}`, { kind: "a", id: a.id, startMin, endMin, status: a.status, color, label, html });
  }
  for (const h of view.hidden) {
    const span = spans.get(h.day);
    if (!span) continue;
    const startMin = minutesIn(h.inicio, span, zone);
    const endMin = Math.min(1440, startMin + Math.round((h.fim - h.inicio) / 60_000));
    const more = `+${h.count} ${h.count === 1 ? "agendamento" : "agendamentos"}`;
    const label = `${more} de ${clockOf(startMin)} a ${clockOf(endMin)} com ${proName.get(h.profissionalId) ?? "profissional"}: ver o dia`;
    const href = agendaSearch(view.query, { vista: "dia", data: h.day, profissional: h.profissionalId });
    const html = `<b>${clockOf(startMin)}–${clockOf(endMin)}</b> <span class="ag-client">${more}</span><span class="ag-services">ver o dia</span>`;
    push(`${h.day}|${h.profissionalId}`, {
      kind: "h",
      id: `${h.day}${h.inicio}`,
      startMin,
      endMin,
      color: colorOf.get(h.profissionalId) ?? "#64748b",
      label,
      html,
      href,
    });
  }
  let laneNeeded = false;
  for (const v of view.visits) {
    const span = spans.get(v.day);
    if (!span) continue;
    const startMin = minutesIn(v.inicio, span, zone);
    const endMin = Math.min(1440, startMin + Math.max(15, Math.round((v.fim - v.inicio) / 60_000)));
    const pro = v.corretorId ? byUser.get(v.corretorId) : undefined;
    const inColumn = pro && pros.includes(pro);
    if (!inColumn) laneNeeded = true;
    const outcome = VISIT_OUTCOME.label(v.resultado);
    const label = `Visita ${clockOf(startMin)}–${clockOf(endMin)}: ${v.cliente}, ${v.imovel}${v.corretor ? `, corretor ${v.corretor}` : ""}, ${outcome}`;
    const html = `<b>${clockOf(startMin)}</b> <span class="ag-client">Visita · ${escapeHtml(v.cliente)}</span><span class="ag-services">${escapeHtml(v.imovel)}${v.corretor && !inColumn ? ` · ${escapeHtml(v.corretor)}` : ""}</span>`;
    push(`${v.day}|${inColumn ? pro.id : "visitas"}`, { kind: "v", id: v.id, startMin, endMin, color: pro?.cor ?? "#64748b", label, html });
  }
  const hours = gridHours(
    view.hours,
    view.days.map((d) => d.day),
    [...items.values()].flat(),
  );
  const columns: Column[] = [];
  for (const d of view.days) {
    const keys: { id: string | null; title: string; color: string }[] = pros.map((p) => ({ id: p.id, title: p.nome, color: p.cor }));
    if (laneNeeded && !view.query.profissional) keys.push({ id: null, title: "Visitas", color: "#64748b" });
    for (const k of keys) {
      const key = `${d.day}|${k.id ?? "visitas"}`;
      const placed = placeInLanes(items.get(key) ?? []);
      columns.push({
        key,
        day: d.day,
        profissionalId: k.id,
        title: k.title,
        color: k.color,
        items: placed,
        html: itemsHtml(placed, hours),
      });
    }
  }
  return { hours, columns };
}

/** A column's items as HTML (every database value escaped; positions in px from the grid's top). */
export function itemsHtml(placed: readonly Placed<Item>[], hours: GridHours): string {
  let out = "";
  for (const { item, lane, lanes } of placed) {
    const top = (item.startMin - hours.from) * PX_PER_MIN;
    const height = Math.max(14, (item.endMin - item.startMin) * PX_PER_MIN - 1);
    const width = 100 / lanes;
    // Only what differs from the column's defaults (one lane, the professional's colour): a week ships hundreds of these.
    const lanesStyle = lanes > 1 ? `;left:${lane * width}%;width:${width}%` : "";
    const colorStyle = item.kind === "v" ? `;--pro:${escapeHtml(item.color)}` : "";
    const style = `top:${top}px;height:${height}px${lanesStyle}${colorStyle}`;
    if (item.kind === "h") {
      out += `<a class="ag-item ag-busy" href="${escapeHtml(item.href)}" style="${style}" aria-label="${escapeHtml(item.label)}">${item.html}</a>`;
    } else if (item.kind === "a") {
      const freed = item.status === "cancelado" || item.status === "faltou" ? " ag-freed" : "";
      out += `<div class="ag-item${freed}" role="button" tabindex="0" data-appt="${escapeHtml(item.id)}" style="${style}" aria-label="${escapeHtml(item.label)}">${item.html}</div>`;
    } else {
      out += `<div class="ag-item ag-visit" role="button" tabindex="0" data-visit="${escapeHtml(item.id)}" style="${style}" aria-label="${escapeHtml(item.label)}">${item.html}</div>`;
    }
  }
  return out;
}
