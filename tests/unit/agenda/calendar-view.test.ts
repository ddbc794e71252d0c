import { describe, expect, it } from "vitest";
import type { BusinessHours } from "../../../shared/agenda/business-hours.ts";
import {
  agendaDays,
  agendaPeriodLabel,
  agendaSearch,
  closedStretches,
  clockOf,
  gridHours,
  instantAt,
  minutesInZone,
  openIntervalsOn,
  parseAgendaQuery,
  placeInLanes,
  snapDuration,
  snapMinutes,
  stepAgendaDate,
} from "../../../shared/agenda/calendar-view.ts";

const SP = "America/Sao_Paulo";
const MANAUS = "America/Manaus";
const HOUR = 3_600_000;
const ID = "0190f5a8-7d3c-7b2a-9c1e-1234567890ab";

const week = (intervals: { start: string; end: string }[]) => [
  [],
  intervals,
  intervals,
  intervals,
  intervals,
  intervals,
  [{ start: "09:00", end: "13:00" }],
];
const hours = (zone: string): BusinessHours => ({
  zone,
  weekly: week([
    { start: "09:00", end: "12:00" },
    { start: "13:00", end: "19:00" },
  ]),
  closedOnNationalHolidays: true,
  localHolidays: [{ day: "2026-01-20", nome: "São Sebastião" }],
  exceptions: [{ day: "2026-12-24", intervals: [{ start: "08:00", end: "12:00" }], motivo: "Véspera" }],
});

describe("the agenda's URL", () => {
  it("falls back to the day view of today, everyone, on anything unknown", () => {
    expect(parseAgendaQuery(new URLSearchParams(""), "2026-11-26")).toEqual({ vista: "dia", data: "2026-11-26", profissional: null });
    expect(parseAgendaQuery(new URLSearchParams("vista=ano&data=2026-02-30&profissional=a%20b%2Fc"), "2026-11-26")).toEqual({
      vista: "dia",
      data: "2026-11-26",
      profissional: null,
    });
  });

  it("keeps view, date and professional, and writes them back without the defaults", () => {
    const q = parseAgendaQuery(new URLSearchParams(`vista=semana&data=2026-03-05&profissional=${ID}`), "2026-11-26");
    expect(q).toEqual({ vista: "semana", data: "2026-03-05", profissional: ID });
    expect(agendaSearch(q)).toBe(`?vista=semana&data=2026-03-05&profissional=${ID}`);
    expect(agendaSearch(q, { vista: "dia", profissional: null })).toBe("?data=2026-03-05");
  });

  it("steps a day, a week (from its Sunday) or a month", () => {
    expect(stepAgendaDate({ vista: "dia", data: "2026-12-31" }, 1)).toBe("2027-01-01");
    expect(stepAgendaDate({ vista: "semana", data: "2026-11-26" }, -1)).toBe("2026-11-15");
    expect(stepAgendaDate({ vista: "mes", data: "2026-01-31" }, 1)).toBe("2026-02-01");
  });

  it("names the period in pt-BR", () => {
    expect(agendaPeriodLabel({ vista: "dia", data: "2026-11-26" })).toBe("quinta-feira, 26 de novembro de 2026");
    expect(agendaPeriodLabel({ vista: "semana", data: "2026-11-26" })).toBe("22 a 28 de novembro de 2026");
    expect(agendaPeriodLabel({ vista: "mes", data: "2026-11-26" })).toBe("novembro de 2026");
  });
});

describe("the days of a view, in the organização's zone", () => {
  it("a day view is one day; a week seven from Sunday; a month whole weeks", () => {
    expect(agendaDays({ vista: "dia", data: "2026-03-05" }, MANAUS).map((d) => d.day)).toEqual(["2026-03-05"]);
    expect(agendaDays({ vista: "semana", data: "2026-03-05" }, MANAUS).map((d) => d.day)).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
      "2026-03-07",
    ]);
    expect(agendaDays({ vista: "mes", data: "2026-02-10" }, MANAUS)).toHaveLength(28);
  });

  it("Manaus (no DST): every day 24 h, starting at 04:00 UTC", () => {
    const [d] = agendaDays({ vista: "dia", data: "2026-03-05" }, MANAUS);
    expect(new Date(d?.start ?? 0).toISOString()).toBe("2026-03-05T04:00:00.000Z");
    expect((d?.end ?? 0) - (d?.start ?? 0)).toBe(24 * HOUR);
  });

  it("São Paulo's DST days: 2018-11-04 is 23 h (starts 01:00), 2019-02-16 is 25 h", () => {
    const [start] = agendaDays({ vista: "dia", data: "2018-11-04" }, SP);
    expect(new Date(start?.start ?? 0).toISOString()).toBe("2018-11-04T03:00:00.000Z");
    expect((start?.end ?? 0) - (start?.start ?? 0)).toBe(23 * HOUR);
    const [end] = agendaDays({ vista: "dia", data: "2019-02-16" }, SP);
    expect((end?.end ?? 0) - (end?.start ?? 0)).toBe(25 * HOUR);
    const weekOfStart = agendaDays({ vista: "semana", data: "2018-11-04" }, SP);
    expect(weekOfStart.map((d) => (d.end - d.start) / HOUR)).toEqual([23, 24, 24, 24, 24, 24, 24]);
  });
});

describe("grid positions ↔ instants (the wall clock of the day)", () => {
  it("Manaus: 14:30 is 18:30 UTC, and back", () => {
    const at = instantAt("2026-03-05", 14 * 60 + 30, MANAUS);
    expect(new Date(at).toISOString()).toBe("2026-03-05T18:30:00.000Z");
    expect(minutesInZone(at, MANAUS)).toBe(870);
  });

  it("São Paulo in DST (2018-12-10, -02): 10:00 is 12:00 UTC; out of DST (2019-03-10, -03): 15:00 UTC", () => {
    expect(new Date(instantAt("2018-12-10", 600, SP)).toISOString()).toBe("2018-12-10T12:00:00.000Z");
    expect(new Date(instantAt("2019-03-10", 600, SP)).toISOString()).toBe("2019-03-10T13:00:00.000Z");
    expect(minutesInZone(Date.parse("2018-12-10T12:00:00Z"), SP)).toBe(600);
  });

  it("a time the clock skipped moves forward (00:30 on 2018-11-04 → 01:30); an ambiguous one is its first", () => {
    const skipped = instantAt("2018-11-04", 30, SP);
    expect(new Date(skipped).toISOString()).toBe("2018-11-04T03:30:00.000Z");
    expect(clockOf(minutesInZone(skipped, SP))).toBe("01:30");
    const twice = instantAt("2019-02-16", 23 * 60 + 30, SP);
    expect(new Date(twice).toISOString()).toBe("2019-02-17T01:30:00.000Z");
  });

  it("24:00 is the next day's midnight", () => {
    expect(instantAt("2026-03-05", 1440, MANAUS)).toBe(instantAt("2026-03-06", 0, MANAUS));
    expect(clockOf(1440)).toBe("24:00");
    expect(clockOf(545)).toBe("09:05");
  });

  it("drops snap to the agenda's step inside the day; resizes keep at least one step", () => {
    expect(snapMinutes(9 * 60 + 14, 30, 60)).toBe(9 * 60);
    expect(snapMinutes(9 * 60 + 16, 30, 60)).toBe(9 * 60 + 30);
    expect(snapMinutes(-40, 15, 30)).toBe(0);
    expect(snapMinutes(1430, 30, 60)).toBe(1380);
    expect(snapDuration(600, 605, 30)).toBe(30);
    expect(snapDuration(600, 700, 30)).toBe(90);
    expect(snapDuration(1400, 1500, 20)).toBe(40);
  });
});

describe("the grid's hours and shading", () => {
  it("spans the days' opening hours, widened to whole hours and to what is booked", () => {
    const h = hours(MANAUS);
    expect(gridHours(h, ["2026-03-02"], [])).toEqual({ from: 540, to: 1140 });
    expect(gridHours(h, ["2026-03-02"], [{ startMin: 7 * 60 + 30, endMin: 20 * 60 + 10 }])).toEqual({ from: 420, to: 1260 });
    // A Sunday (closed): the default 08:00–20:00.
    expect(gridHours(h, ["2026-03-01"], [])).toEqual({ from: 480, to: 1200 });
  });

  it("shades lunch and after closing; a holiday or a local one all day; an exception wins", () => {
    const h = hours(SP);
    const grid = { from: 480, to: 1200 };
    expect(closedStretches(h, "2026-03-02", grid)).toEqual([
      { from: 480, to: 540 },
      { from: 720, to: 780 },
      { from: 1140, to: 1200 },
    ]);
    // Tiradentes (national), São Sebastião (local): closed.
    expect(closedStretches(h, "2026-04-21", grid)).toEqual([{ from: 480, to: 1200 }]);
    expect(openIntervalsOn(h, "2026-01-20")).toEqual([]);
    expect(openIntervalsOn(h, "2026-12-24")).toEqual([{ start: "08:00", end: "12:00" }]);
    expect(closedStretches(h, "2026-12-24", grid)).toEqual([{ from: 720, to: 1200 }]);
  });
});

describe("side-by-side lanes", () => {
  it("overlapping items share a cluster's lanes; the next free lane is reused; apart, each is whole", () => {
    const placed = placeInLanes([
      { id: "a", startMin: 600, endMin: 660 },
      { id: "b", startMin: 630, endMin: 690 },
      { id: "c", startMin: 660, endMin: 720 },
      { id: "d", startMin: 800, endMin: 830 },
    ]);
    const by = Object.fromEntries(placed.map((p) => [p.item.id, [p.lane, p.lanes]]));
    expect(by).toEqual({ a: [0, 2], b: [1, 2], c: [0, 2], d: [0, 1] });
  });

  it("touching items (one ends as the next starts) do not overlap", () => {
    const placed = placeInLanes([
      { startMin: 600, endMin: 630 },
      { startMin: 630, endMin: 660 },
    ]);
    expect(placed.map((p) => [p.lane, p.lanes])).toEqual([
      [0, 1],
      [0, 1],
    ]);
  });
});
