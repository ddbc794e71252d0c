import { describe, expect, it } from "vitest";
import { hoursOn } from "../../../shared/agenda/business-hours.ts";
import { nationalHolidayOn, nationalHolidays } from "../../../shared/agenda/holidays.ts";
import { weeklyOutsideHours } from "../../../shared/agenda/professional.ts";
import { findSlots } from "../../../shared/agenda/slots.ts";
import { formatTimeIn } from "../../../shared/time-zone.ts";
import { MANAUS, SP, ana, at, rules, salonHours } from "./fixtures.ts";

describe("national holidays", () => {
  it("are the legal ones, Sexta-feira Santa from Easter, Consciência Negra from 2024", () => {
    expect(nationalHolidays(2026).map((h) => h.day)).toEqual([
      "2026-01-01",
      "2026-04-03",
      "2026-04-21",
      "2026-05-01",
      "2026-09-07",
      "2026-10-12",
      "2026-11-02",
      "2026-11-15",
      "2026-11-20",
      "2026-12-25",
    ]);
    expect(nationalHolidayOn("2023-11-20")).toBeUndefined();
    expect(nationalHolidayOn("2019-04-19")).toBe("Sexta-feira Santa");
    // Carnaval is a ponto facultativo: a business adds it as a local holiday if it closes.
    expect(nationalHolidayOn("2026-02-17")).toBeUndefined();
  });

  it("stay open when the business does not close on them", () => {
    const hours = { ...salonHours(), closedOnNationalHolidays: false };
    expect(hoursOn(hours, "2026-04-21").ranges).toHaveLength(2);
    expect(hoursOn(salonHours(), "2026-04-21")).toMatchObject({ ranges: [], motivo: "feriado: Tiradentes" });
  });
});

describe("a professional's week must lie inside the business hours", () => {
  it("lists every interval that does not, in pt-BR", () => {
    const weekly = [
      [{ start: "10:00", end: "12:00" }],
      [
        { start: "08:00", end: "12:00" },
        { start: "13:00", end: "18:00" },
      ],
      [{ start: "11:00", end: "14:00" }],
      [{ start: "15:00", end: "14:00" }],
      [],
      [],
      [],
    ];
    expect(weeklyOutsideHours(weekly, salonHours())).toEqual([
      "Domingo: 10:00–12:00 fica fora do horário de funcionamento (fechado)",
      "Segunda: 08:00–12:00 fica fora do horário de funcionamento (09:00–12:00, 13:00–18:00)",
      "Terça: 11:00–14:00 fica fora do horário de funcionamento (09:00–12:00, 13:00–18:00)",
      "Quarta: 15:00–14:00 não é um intervalo válido",
    ]);
    expect(weeklyOutsideHours(ana().weekly, salonHours())).toEqual([]);
  });
});

describe("zones and São Paulo's historical daylight saving time", () => {
  const allDay = (zone: string, from: string, to: string) => ({
    ...salonHours(zone),
    weekly: Array.from({ length: 7 }, () => [{ start: from, end: to }]),
    closedOnNationalHolidays: false,
  });
  const always = (from: string, to: string) => ana({ weekly: Array.from({ length: 7 }, () => [{ start: from, end: to }]) });
  const early = at("2010-01-01", "00:00");

  it("opens at 09:00 on each zone's own clock (Manaus one hour behind)", () => {
    const window = { start: at("2026-11-23", "00:00", MANAUS), end: at("2026-11-24", "00:00", MANAUS) };
    const slot = findSlots(rules({ hours: salonHours(MANAUS) }), ana(), window)[0];
    expect(new Date(slot?.start ?? 0).toISOString()).toBe("2026-11-23T13:00:00.000Z");
    expect(at("2026-11-23", "09:00", SP)).toBe(Date.parse("2026-11-23T12:00:00Z"));
  });

  it("opens at 09:00 summer time in December 2018 (−02) and in July 2018 (−03)", () => {
    const dec = { start: at("2018-12-03", "00:00"), end: at("2018-12-04", "00:00") };
    expect(new Date(findSlots(rules({ now: early }), ana(), dec)[0]?.start ?? 0).toISOString()).toBe("2018-12-03T11:00:00.000Z");
    const jul = { start: at("2018-07-02", "00:00"), end: at("2018-07-03", "00:00") };
    expect(new Date(findSlots(rules({ now: early }), ana(), jul)[0]?.start ?? 0).toISOString()).toBe("2018-07-02T12:00:00.000Z");
    const manausDec = { start: at("2018-12-03", "00:00", MANAUS), end: at("2018-12-04", "00:00", MANAUS) };
    const manaus = findSlots(rules({ now: early, hours: salonHours(MANAUS) }), ana(), manausDec)[0];
    expect(new Date(manaus?.start ?? 0).toISOString()).toBe("2018-12-03T13:00:00.000Z");
  });

  it("2018-11-04 lost its first hour: 00:00–03:00 holds two hourly slots, from 01:00", () => {
    const r = rules({ now: early, durationMin: 60, stepMin: 60, hours: allDay(SP, "00:00", "03:00") });
    const window = { start: at("2018-11-04", "00:00"), end: at("2018-11-05", "00:00") };
    const slots = findSlots(r, always("00:00", "03:00"), window);
    expect(slots.map((s) => formatTimeIn(s.start, SP))).toEqual(["01:00", "02:00"]);
  });

  it("2019-02-16 lived 23:00 twice: 22:00–24:00 holds three hourly slots", () => {
    const r = rules({ now: early, durationMin: 60, stepMin: 60, hours: allDay(SP, "22:00", "24:00") });
    const window = { start: at("2019-02-16", "00:00"), end: at("2019-02-17", "00:00") };
    const slots = findSlots(r, always("22:00", "24:00"), window);
    expect(slots.map((s) => formatTimeIn(s.start, SP))).toEqual(["22:00", "23:00", "23:00"]);
    expect(slots.map((s) => new Date(s.start).toISOString())).toEqual([
      "2019-02-17T00:00:00.000Z",
      "2019-02-17T01:00:00.000Z",
      "2019-02-17T02:00:00.000Z",
    ]);
  });
});
