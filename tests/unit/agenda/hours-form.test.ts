import { describe, expect, it } from "vitest";
import { hoursOn } from "../../../shared/agenda/business-hours.ts";
import {
  businessWeekSchema,
  calendarDay,
  hoursExceptionSchema,
  intervalsFrom,
  localHolidaySchema,
  MAX_INTERVALS_PER_DAY,
} from "../../../shared/agenda/hours-form.ts";
import { validateForm } from "../../../shared/validation.ts";
import { businessHoursFromRows, parseIntervals, parseWeekly } from "../../../worker/services/agenda/hours-rows.ts";
import { formatTimeIn } from "../../../shared/time-zone.ts";
import { MANAUS, SP } from "./fixtures.ts";

const form = (entries: [string, string][]): URLSearchParams => new URLSearchParams(entries);

describe("Horários: a day's intervals", () => {
  it("pairs starts and ends in order, sorts them, skips blank rows, pads 9:00", () => {
    expect(intervalsFrom(["13:00", "", "9:00"], ["18:00", "", "12:00"], "Segunda")).toEqual([
      { start: "09:00", end: "12:00" },
      { start: "13:00", end: "18:00" },
    ]);
    expect(intervalsFrom([], [], "Domingo")).toEqual([]);
    // Touching intervals are fine (half-open): 12:00 ends one and starts the next.
    expect(intervalsFrom(["09:00", "12:00"], ["12:00", "24:00"], "Sábado")).toHaveLength(2);
  });

  it("refuses, in pt-BR naming the day, an end before the start, overlaps, bad times, half rows, too many", () => {
    expect(intervalsFrom(["09:00"], ["08:00"], "Segunda")).toBe("Segunda: o fim (08:00) deve ser depois do início (09:00).");
    expect(intervalsFrom(["09:00"], ["09:00"], "Segunda")).toBe("Segunda: o fim (09:00) deve ser depois do início (09:00).");
    expect(intervalsFrom(["09:00", "11:00"], ["12:00", "14:00"], "Terça")).toBe(
      "Terça: os intervalos 09:00–12:00 e 11:00–14:00 se sobrepõem.",
    );
    expect(intervalsFrom(["08:00", "09:00"], ["18:00", "10:00"], "Quarta")).toContain("se sobrepõem");
    for (const bad of ["25:00", "9h", "12:60", "24:00", "?", "09:00:00"]) {
      expect(intervalsFrom([bad], ["24:00"], "Quinta"), bad).toBe("Quinta: horário inválido; use HH:mm, de 00:00 a 24:00 (ex.: 09:00).");
    }
    expect(intervalsFrom(["09:00"], [""], "Sexta")).toBe("Sexta: informe o início e o fim de cada intervalo.");
    const many = Array.from({ length: MAX_INTERVALS_PER_DAY + 1 }, (_, i) => `${String(i * 2).padStart(2, "0")}:00`);
    const ends = many.map((s) => `${s.slice(0, 2)}:30`);
    expect(intervalsFrom(many, ends, "Sábado")).toBe(`Sábado: no máximo ${MAX_INTERVALS_PER_DAY} intervalos por dia.`);
  });
});

describe("Horários: the week form", () => {
  it("reads every weekday's pairs and the national holidays box (last value wins)", () => {
    const result = validateForm(
      businessWeekSchema,
      form([
        ["inicio-1", "09:00"],
        ["fim-1", "12:00"],
        ["inicio-1", "13:00"],
        ["fim-1", "18:00"],
        ["inicio-6", "08:00"],
        ["fim-6", "12:00"],
        ["fechaFeriadosNacionais", "off"],
        ["fechaFeriadosNacionais", "on"],
      ]),
    );
    expect(result).toEqual({
      ok: true,
      data: {
        semana: [
          [],
          [
            { start: "09:00", end: "12:00" },
            { start: "13:00", end: "18:00" },
          ],
          [],
          [],
          [],
          [],
          [{ start: "08:00", end: "12:00" }],
        ],
        fechaFeriadosNacionais: true,
      },
    });
  });

  it("puts each day's problem under that day", () => {
    const result = validateForm(
      businessWeekSchema,
      form([
        ["inicio-2", "10:00"],
        ["fim-2", "09:00"],
        ["inicio-5", "09:00"],
        ["fim-5", "12:00"],
        ["inicio-5", "11:00"],
        ["fim-5", "13:00"],
      ]),
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        "dia-2": "Terça: o fim (09:00) deve ser depois do início (10:00).",
        "dia-5": "Sexta: os intervalos 09:00–12:00 e 11:00–13:00 se sobrepõem.",
      },
    });
  });
});

describe("Horários: special days", () => {
  it("accepts real dates only (ISO or dd/mm/aaaa)", () => {
    expect(calendarDay("2027-01-20")).toBe("2027-01-20");
    expect(calendarDay("20/01/2027")).toBe("2027-01-20");
    expect(calendarDay("2028-02-29")).toBe("2028-02-29");
    for (const bad of ["2027-02-29", "2026-13-01", "31/04/2026", "1999-12-31", "amanhã", "2026-1-5"])
      expect(calendarDay(bad), bad).toBeNull();
    expect(
      validateForm(
        localHolidaySchema,
        form([
          ["dia", "2026-02-30"],
          ["nome", "Aniversário"],
        ]),
      ),
    ).toEqual({
      ok: false,
      errors: { dia: "Data inválida: use dd/mm/aaaa (ex.: 20/01/2027)." },
    });
    expect(
      validateForm(
        localHolidaySchema,
        form([
          ["dia", "2027-01-20"],
          ["nome", "São Sebastião"],
        ]),
      ),
    ).toEqual({
      ok: true,
      data: { dia: "2027-01-20", nome: "São Sebastião" },
    });
  });

  it("an exception is closed, or open at valid hours; never open with none", () => {
    expect(
      validateForm(
        hoursExceptionSchema,
        form([
          ["dia", "2026-12-24"],
          ["fechado", "on"],
          ["motivo", "Inventário"],
        ]),
      ),
    ).toEqual({
      ok: true,
      data: { dia: "2026-12-24", intervalos: [], motivo: "Inventário" },
    });
    expect(
      validateForm(
        hoursExceptionSchema,
        form([
          ["dia", "2026-12-24"],
          ["fechado", "off"],
          ["inicio", "08:00"],
          ["fim", "12:00"],
        ]),
      ),
    ).toEqual({ ok: true, data: { dia: "2026-12-24", intervalos: [{ start: "08:00", end: "12:00" }], motivo: undefined } });
    const none = validateForm(
      hoursExceptionSchema,
      form([
        ["dia", "2026-12-24"],
        ["fechado", "off"],
      ]),
    );
    expect(none.ok).toBe(false);
    const backwards = validateForm(
      hoursExceptionSchema,
      form([
        ["dia", "2026-12-24"],
        ["inicio", "12:00"],
        ["fim", "08:00"],
      ]),
    );
    expect(backwards).toEqual({ ok: false, errors: { inicio: "Horário especial: o fim (08:00) deve ser depois do início (12:00)." } });
  });
});

describe("rows → BusinessHours (the mapping the agenda's rules reuse)", () => {
  const week = JSON.stringify([[], [{ start: "09:00", end: "18:00" }], [], [], [], [], [{ start: "09:00", end: "13:00" }]]);

  it("maps the week, the box, local holidays and exceptions", () => {
    const hours = businessHoursFromRows(SP, { semana: week, fechaFeriadosNacionais: false }, [
      { dia: "2026-01-20", tipo: "feriado", intervalos: "[]", motivo: "São Sebastião" },
      { dia: "2026-12-24", tipo: "excecao", intervalos: '[{"start":"08:00","end":"12:00"}]', motivo: "Véspera de Natal" },
      { dia: "2026-12-26", tipo: "excecao", intervalos: "[]", motivo: null },
    ]);
    expect(hours).toEqual({
      zone: SP,
      weekly: [[], [{ start: "09:00", end: "18:00" }], [], [], [], [], [{ start: "09:00", end: "13:00" }]],
      closedOnNationalHolidays: false,
      localHolidays: [{ day: "2026-01-20", nome: "São Sebastião" }],
      exceptions: [
        { day: "2026-12-24", intervals: [{ start: "08:00", end: "12:00" }], motivo: "Véspera de Natal" },
        { day: "2026-12-26", intervals: [] },
      ],
    });
    expect(hoursOn(hours, "2026-01-20")).toMatchObject({ ranges: [], motivo: "feriado: São Sebastião" });
  });

  it("no row: closed every day, national holidays closed; broken JSON closes, never opens", () => {
    const none = businessHoursFromRows(MANAUS, undefined, []);
    expect(none.weekly.every((d) => d.length === 0)).toBe(true);
    expect(none.closedOnNationalHolidays).toBe(true);
    expect(parseWeekly("not json")).toEqual([[], [], [], [], [], [], []]);
    expect(parseWeekly('[[{"start":"10:00","end":"09:00"}],"x"]')).toEqual([[], [], [], [], [], [], []]);
    expect(parseIntervals('[{"start":"08:00","end":"12:00"},{"start":1}]')).toEqual([{ start: "08:00", end: "12:00" }]);
  });

  it("reads the wall clock in the zone: Manaus all year, São Paulo on its DST days", () => {
    const hours = (zone: string) =>
      businessHoursFromRows(
        zone,
        { semana: JSON.stringify(Array(7).fill([{ start: "09:00", end: "18:00" }])), fechaFeriadosNacionais: true },
        [],
      );
    // 2018-11-04: São Paulo's clocks jumped 00:00 → 01:00; the working day keeps 9 hours, 09:00 local is 11:00Z.
    const sp = hoursOn(hours(SP), "2018-11-05").ranges[0];
    expect(sp && [formatTimeIn(sp.start, SP), (sp.end - sp.start) / 3_600_000, new Date(sp.start).toISOString()]).toEqual([
      "09:00",
      9,
      "2018-11-05T11:00:00.000Z",
    ]);
    const before = hoursOn(hours(SP), "2018-11-03").ranges[0];
    expect(before && new Date(before.start).toISOString()).toBe("2018-11-03T12:00:00.000Z");
    const manaus = hoursOn(hours(MANAUS), "2018-11-05").ranges[0];
    expect(manaus && new Date(manaus.start).toISOString()).toBe("2018-11-05T13:00:00.000Z");
  });
});
