import { describe, expect, it } from "vitest";
import {
  addDays,
  calendarDayOf,
  calendarSearch,
  dayStart,
  isDay,
  monthGrid,
  monthLabel,
  parseCalendarQuery,
  sameTimeOn,
  stepDate,
  targetsOf,
  timeInDay,
  viewDays,
  weekGrid,
  weekLabel,
  weekStart,
} from "../../../shared/social/calendar.ts";
import { formatTimeIn } from "../../../shared/time-zone.ts";

/**
 * The posts calendar's days (ADR 045) are the organização's calendar days, read from the IANA
 * zone data: a day of São Paulo's spring-forward (2018-11-04) is 23 hours long and starts at
 * 01:00, the day the clocks went back (2019-02-16) is 25 hours long, and a post at 23:30 sits on
 * its own day, never on the next UTC day. Moving a post to another day keeps its wall-clock time.
 */

const SP = "America/Sao_Paulo";
const HOUR = 3_600_000;
const iso = (ms: number | Date) => new Date(ms).toISOString();

describe("month and week grids", () => {
  it("lays a month out in whole weeks, Sunday first, marking the days of other months", () => {
    const weeks = monthGrid("2026-11-26", SP);
    // November 2026 starts on a Sunday and ends on a Monday: 5 weeks, the last one reaching into December.
    expect(weeks).toHaveLength(5);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]?.[0]?.day).toBe("2026-11-01");
    expect(weeks[4]?.[1]?.day).toBe("2026-11-30");
    expect(weeks[4]?.[6]?.day).toBe("2026-12-05");
    expect(weeks[4]?.[6]?.inMonth).toBe(false);
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(30);
    // February 2026 fits in exactly four weeks (Sunday the 1st to Saturday the 28th).
    const feb = monthGrid("2026-02-10", SP);
    expect(feb).toHaveLength(4);
    expect(feb[0]?.[0]?.day).toBe("2026-02-01");
    expect(feb[3]?.[6]?.day).toBe("2026-02-28");
    // A month starting on Saturday begins with the previous month's Sunday.
    expect(monthGrid("2026-08-15", SP)[0]?.[0]?.day).toBe("2026-07-26");
  });

  it("gives each day its span in the zone: midnight there, not in UTC", () => {
    const [first] = viewDays({ vista: "mes", data: "2026-11-01" }, SP);
    expect(iso(first?.start as number)).toBe("2026-11-01T03:00:00.000Z");
    expect(iso(first?.end as number)).toBe("2026-11-02T03:00:00.000Z");
    const manaus = weekGrid("2026-11-26", "America/Manaus");
    expect(manaus[0]?.day).toBe("2026-11-22");
    expect(iso(manaus[0]?.start as number)).toBe("2026-11-22T04:00:00.000Z");
    const noronha = weekGrid("2026-11-26", "America/Noronha");
    expect(iso(noronha[0]?.start as number)).toBe("2026-11-22T02:00:00.000Z");
    // Consecutive days touch: no instant falls between two days or on two.
    const days = viewDays({ vista: "mes", data: "2018-11-10" }, SP);
    for (let i = 1; i < days.length; i++) expect(days[i]?.start).toBe(days[i - 1]?.end);
  });

  it("São Paulo's DST start (2018-11-04): the day begins at 01:00 −02 and lasts 23 hours", () => {
    const day = viewDays({ vista: "mes", data: "2018-11-01" }, SP).find((d) => d.day === "2018-11-04");
    expect(iso(day?.start as number)).toBe("2018-11-04T03:00:00.000Z");
    expect(iso(day?.end as number)).toBe("2018-11-05T02:00:00.000Z");
    expect(((day?.end as number) - (day?.start as number)) / HOUR).toBe(23);
    expect(iso(dayStart("2018-11-04", SP))).toBe("2018-11-04T03:00:00.000Z");
  });

  it("São Paulo's DST end (2019-02-17): the day before lasts 25 hours and 2019-02-17 starts at 00:00 −03", () => {
    const days = viewDays({ vista: "mes", data: "2019-02-16" }, SP);
    const sat = days.find((d) => d.day === "2019-02-16");
    const sun = days.find((d) => d.day === "2019-02-17");
    expect(((sat?.end as number) - (sat?.start as number)) / HOUR).toBe(25);
    expect(iso(sun?.start as number)).toBe("2019-02-17T03:00:00.000Z");
    expect(((sun?.end as number) - (sun?.start as number)) / HOUR).toBe(24);
    // 23:30 happened twice on the 16th; both readings are that day, not the 17th.
    expect(calendarDayOf("2019-02-17T01:30:00Z", SP)).toBe("2019-02-16");
    expect(calendarDayOf("2019-02-17T02:30:00Z", SP)).toBe("2019-02-16");
    expect(calendarDayOf("2019-02-17T03:00:00Z", SP)).toBe("2019-02-17");
  });

  it("a post at 23:30 in São Paulo is on that day, though UTC has moved to the next", () => {
    const at = "2026-11-27T02:30:00.000Z"; // 26/11 23:30 −03
    expect(calendarDayOf(at, SP)).toBe("2026-11-26");
    const day = viewDays({ vista: "mes", data: "2026-11-01" }, SP).find((d) => d.day === "2026-11-26");
    expect(Date.parse(at) >= (day?.start as number) && Date.parse(at) < (day?.end as number)).toBe(true);
    // In Manaus (−04) the same instant is still 22:30 on the 26th; in Noronha (−02) it is the 27th.
    expect(calendarDayOf(at, "America/Manaus")).toBe("2026-11-26");
    expect(calendarDayOf(at, "America/Noronha")).toBe("2026-11-27");
  });

  it("every day's span is where that day begins, in the four zones, through São Paulo's DST years", () => {
    for (const zone of [SP, "America/Manaus", "America/Rio_Branco", "America/Noronha"]) {
      for (let month = "2017-10-01"; month < "2019-04-01"; month = stepDate({ vista: "mes", data: month }, 1)) {
        for (const d of viewDays({ vista: "mes", data: month }, zone)) {
          expect(d.start, `${zone} ${d.day}`).toBe(dayStart(d.day, zone));
          expect(d.end, `${zone} ${d.day}`).toBe(dayStart(addDays(d.day, 1), zone));
          expect(calendarDayOf(d.start, zone), `${zone} ${d.day}`).toBe(d.day);
          expect(calendarDayOf(d.end - 60_000, zone), `${zone} ${d.day}`).toBe(d.day);
        }
      }
    }
  });
});

describe("a post's time of day on its day", () => {
  it("is the zone's reading, by arithmetic on ordinary days and by the zone's data on days the clock changed", () => {
    for (const zone of [SP, "America/Manaus", "America/Noronha"]) {
      for (const d of [...viewDays({ vista: "mes", data: "2018-11-01" }, zone), ...viewDays({ vista: "mes", data: "2019-02-01" }, zone)]) {
        for (let at = d.start; at < d.end; at += 30 * 60_000 + 7_000)
          expect(timeInDay(at, d, zone), `${zone} ${iso(at)}`).toBe(formatTimeIn(at, zone));
      }
    }
  });
});

describe("moving a post to another day", () => {
  it("keeps its wall-clock time across an offset change", () => {
    // 09:00 −03 on 2018-11-03 → 09:00 −02 on 2018-11-05 (one hour less in UTC terms).
    expect(iso(sameTimeOn("2018-11-03T12:00:00Z", "2018-11-05", SP))).toBe("2018-11-05T11:00:00.000Z");
    // And back after DST ended.
    expect(iso(sameTimeOn("2019-02-15T11:00:00Z", "2019-02-18", SP))).toBe("2019-02-18T12:00:00.000Z");
    expect(iso(sameTimeOn("2026-11-27T02:30:00Z", "2026-11-30", SP))).toBe("2026-12-01T02:30:00.000Z");
  });

  it("a time that never happened on the new day moves forward by the gap (00:30 on 2018-11-04 → 01:30)", () => {
    expect(iso(sameTimeOn("2018-11-03T03:30:00Z", "2018-11-04", SP))).toBe("2018-11-04T03:30:00.000Z");
    expect(calendarDayOf(sameTimeOn("2018-11-03T03:30:00Z", "2018-11-04", SP), SP)).toBe("2018-11-04");
  });
});

describe("dates and the URL", () => {
  it("does calendar arithmetic on dates alone", () => {
    expect(addDays("2026-02-28", 1)).toBe("2026-03-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(weekStart("2026-11-26")).toBe("2026-11-22");
    expect(isDay("2026-02-30")).toBe(false);
    expect(isDay("2026-02-28")).toBe(true);
    expect(stepDate({ vista: "mes", data: "2026-01-31" }, 1)).toBe("2026-02-01");
    expect(stepDate({ vista: "mes", data: "2026-01-31" }, -1)).toBe("2025-12-01");
    expect(stepDate({ vista: "semana", data: "2026-11-26" }, 1)).toBe("2026-11-29");
  });

  it("reads each network's publication from the page data's short form, dropping what it does not know", () => {
    expect(targetsOf("facebook:agendado,instagram:publicado")).toEqual([
      { rede: "facebook", status: "agendado" },
      { rede: "instagram", status: "publicado" },
    ]);
    expect(targetsOf("")).toEqual([]);
    expect(targetsOf("tiktok:agendado,facebook:sumiu,instagram:falhou")).toEqual([{ rede: "instagram", status: "falhou" }]);
  });

  it("names months and weeks in pt-BR", () => {
    expect(monthLabel("2026-03-10")).toBe("março de 2026");
    expect(weekLabel("2026-11-26")).toBe("22 a 28 de novembro de 2026");
    expect(weekLabel("2026-12-01")).toBe("29 de novembro a 5 de dezembro de 2026");
    expect(weekLabel("2026-12-31")).toBe("27 de dezembro de 2026 a 2 de janeiro de 2027");
  });

  it("reads the view, date and filters from the URL, dropping what it does not know", () => {
    const id = "3f1c2d4e-0000-4000-8000-000000000001";
    const q = parseCalendarQuery(
      new URLSearchParams(`vista=semana&data=2026-11-26&rede=instagram&conta=${id}&status=agendado`),
      "2026-01-01",
    );
    expect(q).toEqual({ vista: "semana", data: "2026-11-26", rede: "instagram", conta: id, status: "agendado" });
    expect(calendarSearch(q)).toBe(`?vista=semana&data=2026-11-26&rede=instagram&conta=${id}&status=agendado`);
    expect(parseCalendarQuery(new URLSearchParams("data=2026-11"), "2026-01-01").data).toBe("2026-11-01");
    const junk = parseCalendarQuery(new URLSearchParams("vista=ano&data=2026-13-40&rede=tiktok&conta=a b&status=x"), "2026-01-05");
    expect(junk).toEqual({ vista: "mes", data: "2026-01-05", rede: null, conta: null, status: null });
    expect(calendarSearch(junk, { rede: "facebook" })).toBe("?data=2026-01&rede=facebook");
  });
});
