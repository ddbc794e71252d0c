import { describe, expect, it } from "vitest";
import { itemsHtml, PX_PER_MIN, timeGrid } from "../../../app/components/agenda/agenda-layout.ts";
import type { AgendaViewData } from "../../../app/server/agenda/agenda.server.ts";
import { agendaDays } from "../../../shared/agenda/calendar-view.ts";
import { instantIn } from "../../../shared/time-zone.ts";

const SP = "America/Sao_Paulo";
const MANAUS = "America/Manaus";
const open = [{ start: "09:00", end: "18:00" }];

function view(zone: string, data: string, vista: "dia" | "semana", extra: Partial<AgendaViewData> = {}): AgendaViewData {
  const days = agendaDays({ vista, data }, zone);
  return {
    corretores: [],
    appointments: [],
    hidden: [],
    appointmentTotals: {},
    visits: [],
    visitTotals: {},
    professionals: [
      { id: "p1", nome: "Ana", cor: "#2563eb", usuarioId: "u1", semana: [open, open, open, open, open, open, open], servicos: [] },
      { id: "p2", nome: "Bia", cor: "#db2777", usuarioId: null, semana: [open, open, open, open, open, open, open], servicos: [] },
    ],
    services: [],
    hours: { zone, weekly: [open, open, open, open, open, open, open], closedOnNationalHolidays: false, localHolidays: [], exceptions: [] },
    timeOff: [],
    settings: { stepMin: 30, bufferMin: 0, minNoticeMin: 60 },
    query: { vista, data, profissional: null },
    today: data,
    now: 0,
    zone,
    days,
    ...extra,
  };
}

const appointment = (id: string, p: string, day: string, at: string, min: number, zone: string) => {
  const inicio = instantIn(day, at, zone).getTime();
  return {
    id,
    day,
    profissionalId: p,
    clienteId: "c",
    cliente: `<Cliente ${id}>`,
    servicos: "Corte",
    inicio,
    fim: inicio + min * 60_000,
    status: "confirmado" as const,
    online: false,
    totalCentavos: 0,
  };
};

describe("the time grid's columns", () => {
  it("one column per professional per day; an appointment at its wall-clock minute in its professional's column", () => {
    const v = view(MANAUS, "2026-03-05", "dia", { appointments: [appointment("a1", "p2", "2026-03-05", "14:30", 45, MANAUS)] });
    const { hours, columns } = timeGrid(v);
    expect(columns.map((c) => c.key)).toEqual(["2026-03-05|p1", "2026-03-05|p2"]);
    expect(hours).toEqual({ from: 540, to: 1080 });
    const [placed] = columns[1]?.items ?? [];
    expect(placed?.item).toMatchObject({ id: "a1", startMin: 870, endMin: 915 });
    // Positioned from the grid's top; every database value escaped.
    expect(columns[1]?.html).toContain(`top:${(870 - 540) * PX_PER_MIN}px`);
    expect(columns[1]?.html).toContain("&lt;Cliente a1&gt;");
    expect(columns[1]?.html).not.toContain("<Cliente");
  });

  it("on São Paulo's 23-hour day (2018-11-04) 10:00 is still 10:00 on the grid", () => {
    const v = view(SP, "2018-11-04", "dia", { appointments: [appointment("a1", "p1", "2018-11-04", "10:00", 60, SP)] });
    const { columns } = timeGrid(v);
    expect(columns[0]?.items[0]?.item).toMatchObject({ startMin: 600, endMin: 660 });
  });

  it("and on the 25-hour day (2019-02-16) 23:30 (the first one) is 23:30", () => {
    const v = view(SP, "2019-02-16", "dia", { appointments: [appointment("a1", "p1", "2019-02-16", "22:30", 60, SP)] });
    const { hours, columns } = timeGrid(v);
    expect(columns[0]?.items[0]?.item).toMatchObject({ startMin: 1350, endMin: 1410 });
    expect(hours.to).toBe(1440);
  });

  it("a visit goes in its corretor's column when they are a professional, else in the Visitas lane", () => {
    const at = instantIn("2026-03-05", "10:00", MANAUS).getTime();
    const visit = (id: string, corretorId: string | null) => ({
      id,
      day: "2026-03-05",
      inicio: at,
      fim: at + 3_600_000,
      resultado: "agendada" as const,
      cliente: "Joana",
      imovel: "Apto 12",
      imovelId: "i",
      interesseId: null,
      corretorId,
      corretor: "Corretor",
    });
    const { columns } = timeGrid(view(MANAUS, "2026-03-05", "dia", { visits: [visit("v1", "u1"), visit("v2", "u9")] }));
    expect(columns.map((c) => c.title)).toEqual(["Ana", "Bia", "Visitas"]);
    expect(columns[0]?.items.map((p) => p.item.id)).toEqual(["v1"]);
    expect(columns[2]?.items.map((p) => p.item.id)).toEqual(["v2"]);
    expect(columns[2]?.html).toContain('data-visit="v2"');
  });

  it("the week with one professional chosen: seven columns of theirs, no lane", () => {
    const v = view(MANAUS, "2026-03-05", "semana");
    const { columns } = timeGrid({ ...v, query: { ...v.query, profissional: "p1" } });
    expect(columns).toHaveLength(7);
    expect(new Set(columns.map((c) => c.profissionalId))).toEqual(new Set(["p1"]));
  });

  it("overlapping items share the column side by side; a freed one is marked", () => {
    const a = appointment("a1", "p1", "2026-03-05", "10:00", 60, MANAUS);
    const b = { ...appointment("a2", "p1", "2026-03-05", "10:30", 30, MANAUS), status: "cancelado" as const };
    const { columns, hours } = timeGrid(view(MANAUS, "2026-03-05", "dia", { appointments: [a, b] }));
    const html = itemsHtml(columns[0]?.items ?? [], hours);
    expect(html).toContain("left:0%;width:50%");
    expect(html).toContain("left:50%;width:50%");
    expect(html).toContain("ag-item ag-freed");
  });

  it("a crowded column's busy stretch is a link to that professional's day, in their column", () => {
    const inicio = instantIn("2026-03-05", "13:00", MANAUS).getTime();
    const v = view(MANAUS, "2026-03-05", "semana", {
      hidden: [{ day: "2026-03-05", profissionalId: "p2", inicio, fim: inicio + 3_600_000, count: 3 }],
    });
    const { columns } = timeGrid(v);
    const column = columns.find((c) => c.key === "2026-03-05|p2");
    expect(column?.items.map((p) => [p.item.kind, p.item.startMin, p.item.endMin])).toEqual([["h", 780, 840]]);
    expect(column?.html).toContain('href="?data=2026-03-05&amp;profissional=p2"');
    expect(column?.html).toContain("+3 agendamentos");
  });
});
