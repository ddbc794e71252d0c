import { describe, expect, it } from "vitest";
import {
  DEFAULT_TIME_ZONE,
  dayIn,
  formatDateIn,
  formatDateTimeIn,
  formatTimeIn,
  instantIn,
  TIME_ZONES,
  timeZoneOf,
  zonedParts,
} from "../../shared/time-zone.ts";
import { dateTimesInZone, localDateTimeInstant } from "../../shared/resources/schema-helpers.ts";
import type { FieldDef } from "../../shared/resources/types.ts";

/**
 * Times in the organização's zone (ADR 039), read from the runtime's IANA data. São Paulo kept
 * daylight saving time until 2019: the same functions that answer today's dates (no DST) answer
 * those years right, with no date or offset written in the code — which is what a return of DST
 * would need (the runtime's zone data changes, the code does not).
 */

const SP = "America/Sao_Paulo";
const iso = (d: Date): string => d.toISOString();

describe("the zone list", () => {
  it("offers Brazil's four zones with pt-BR labels, São Paulo by default", () => {
    expect(TIME_ZONES.values).toEqual(["America/Sao_Paulo", "America/Manaus", "America/Rio_Branco", "America/Noronha"]);
    expect(TIME_ZONES.label("America/Manaus")).toBe("Amazonas (America/Manaus)");
    expect(DEFAULT_TIME_ZONE).toBe(SP);
    expect(timeZoneOf("America/Noronha")).toBe("America/Noronha");
    expect(timeZoneOf("Europe/Lisbon")).toBe(SP);
    expect(timeZoneOf(null)).toBe(SP);
  });
});

describe("formatting an instant in a zone", () => {
  const instant = "2026-11-20T17:30:00Z";
  it("reads each zone's own offset today", () => {
    expect(formatDateTimeIn(instant, SP)).toBe("20/11/2026 14:30");
    expect(formatDateTimeIn(instant, "America/Manaus")).toBe("20/11/2026 13:30");
    expect(formatDateTimeIn(instant, "America/Rio_Branco")).toBe("20/11/2026 12:30");
    expect(formatDateTimeIn(instant, "America/Noronha")).toBe("20/11/2026 15:30");
    expect(formatTimeIn(instant, "America/Manaus")).toBe("13:30");
    expect(formatDateIn(instant, "America/Noronha")).toBe("20/11/2026");
  });

  it("gives the zone's calendar day, which differs near midnight", () => {
    const lateNight = "2026-11-21T03:30:00Z";
    expect(dayIn(lateNight, SP)).toBe("2026-11-21");
    expect(dayIn(lateNight, "America/Manaus")).toBe("2026-11-20");
    expect(dayIn(lateNight, "America/Noronha")).toBe("2026-11-21");
    expect(formatDateIn(lateNight, "America/Rio_Branco")).toBe("20/11/2026");
  });

  it("reads São Paulo's summer time in the years it had one (−02 instead of −03)", () => {
    expect(formatDateTimeIn("2018-12-01T15:00:00Z", SP)).toBe("01/12/2018 13:00");
    expect(formatDateTimeIn("2018-07-01T15:00:00Z", SP)).toBe("01/07/2018 12:00");
    // Manaus never had it in those years.
    expect(formatDateTimeIn("2018-12-01T15:00:00Z", "America/Manaus")).toBe("01/12/2018 11:00");
  });

  it("refuses an invalid instant", () => {
    expect(() => formatDateIn("não é data", SP)).toThrow(RangeError);
    expect(() => zonedParts("2026-11-20T17:30:00Z", "America/Atlantida")).toThrow(RangeError);
  });

  it("answers exactly what the zone data says, minute by minute across every kind of clock change", () => {
    // An independent reading (a formatter of its own), against the remembered hourly offsets.
    const truth = (ms: number, zone: string) => {
      const parts = new Intl.DateTimeFormat("en-CA", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).formatToParts(ms);
      const get = (type: string) => parts.find((p) => p.type === type)?.value;
      return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour"), minute: get("minute") };
    };
    const around = [
      ["America/Sao_Paulo", "2018-11-04T03:00:00Z"], // spring forward at local midnight
      ["America/Sao_Paulo", "2019-02-17T02:00:00Z"], // fall back at local midnight
      ["America/Sao_Paulo", "2026-11-27T12:00:00Z"],
      ["America/Manaus", "2026-11-27T12:00:00Z"],
      ["America/Noronha", "2026-12-31T23:00:00Z"],
      ["Australia/Lord_Howe", "2026-10-03T15:30:00Z"], // a half-hour change
      ["Asia/Kathmandu", "2026-06-01T00:00:00Z"], // +05:45
      ["America/St_Johns", "2026-03-08T05:30:00Z"], // −03:30 → −02:30
      ["Pacific/Chatham", "2026-04-04T14:00:00Z"], // +13:45 → +12:45
      ["Europe/London", "2026-03-29T01:00:00Z"],
    ] as const;
    for (const [zone, at] of around) {
      const center = Date.parse(at);
      for (let ms = center - 3 * 3_600_000; ms <= center + 3 * 3_600_000; ms += 60_000) {
        // Twice: the first reads the zone data, the second the remembered hour; seconds do not round up.
        expect(zonedParts(ms + 59_999, zone), `${zone} ${new Date(ms).toISOString()}`).toEqual(truth(ms + 59_999, zone));
        expect(zonedParts(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toEqual(truth(ms, zone));
      }
    }
    // Before 1980 (local mean times of seconds) the zone data is read every time.
    for (const at of ["1913-12-31T03:06:00Z", "1914-01-01T03:06:27Z", "1914-01-01T03:06:29Z"])
      expect(zonedParts(at, SP)).toEqual(truth(Date.parse(at), SP));
  });
});

describe("a local date and time typed in a zone → the instant", () => {
  it("today, with no DST: São Paulo −03, Manaus −04, Acre −05, Noronha −02", () => {
    expect(iso(instantIn("2026-03-05", "14:30", SP))).toBe("2026-03-05T17:30:00.000Z");
    expect(iso(instantIn("2026-03-05", "14:30", "America/Manaus"))).toBe("2026-03-05T18:30:00.000Z");
    expect(iso(instantIn("2026-03-05", "14:30", "America/Rio_Branco"))).toBe("2026-03-05T19:30:00.000Z");
    expect(iso(instantIn("2026-03-05", "14:30", "America/Noronha"))).toBe("2026-03-05T16:30:00.000Z");
  });

  it("in a summer-time season, uses that season's offset (2018-12-01 in São Paulo was −02)", () => {
    expect(iso(instantIn("2018-12-01", "13:00", SP))).toBe("2018-12-01T15:00:00.000Z");
    expect(iso(instantIn("2018-07-01", "13:00", SP))).toBe("2018-07-01T16:00:00.000Z");
  });

  it("a time that never happened moves forward by the gap (2018-11-04 00:00–00:59 in São Paulo)", () => {
    // At 00:00 −03 the clocks jumped to 01:00 −02: 00:30 is shown as 01:30.
    const gap = instantIn("2018-11-04", "00:30", SP);
    expect(iso(gap)).toBe("2018-11-04T03:30:00.000Z");
    expect(formatDateTimeIn(gap, SP)).toBe("04/11/2018 01:30");
    expect(iso(instantIn("2018-11-04", "00:00", SP))).toBe("2018-11-04T03:00:00.000Z");
    expect(formatDateTimeIn(instantIn("2018-11-04", "00:00", SP), SP)).toBe("04/11/2018 01:00");
    // 01:00 exists (−02) and is the same instant as the moved 00:00.
    expect(iso(instantIn("2018-11-04", "01:00", SP))).toBe("2018-11-04T03:00:00.000Z");
    // The day before the jump is still −03.
    expect(iso(instantIn("2018-11-03", "23:59", SP))).toBe("2018-11-04T02:59:00.000Z");
  });

  it("the 2017-10-15 spring-forward: 00:15 did not exist, 12:00 that day is −02", () => {
    expect(formatDateTimeIn(instantIn("2017-10-15", "00:15", SP), SP)).toBe("15/10/2017 01:15");
    expect(iso(instantIn("2017-10-15", "12:00", SP))).toBe("2017-10-15T14:00:00.000Z");
    expect(iso(instantIn("2017-10-14", "12:00", SP))).toBe("2017-10-14T15:00:00.000Z");
  });

  it("a time that happened twice takes the first occurrence (2019-02-16 23:00–23:59 in São Paulo)", () => {
    // At 24:00 −02 the clocks went back to 23:00 −03: 23:30 was lived at 01:30Z and again at 02:30Z.
    const first = instantIn("2019-02-16", "23:30", SP);
    expect(iso(first)).toBe("2019-02-17T01:30:00.000Z");
    expect(formatDateTimeIn("2019-02-17T02:30:00Z", SP)).toBe("16/02/2019 23:30");
    expect(formatDateTimeIn(first, SP)).toBe("16/02/2019 23:30");
    // Just before and after the repeated hour there is one reading only.
    expect(iso(instantIn("2019-02-16", "22:59", SP))).toBe("2019-02-17T00:59:00.000Z");
    expect(iso(instantIn("2019-02-17", "00:00", SP))).toBe("2019-02-17T03:00:00.000Z");
  });

  /**
   * Every half hour of the two days around each of São Paulo's 2018–19 clock changes, and every
   * 3½ hours of the season between (7 half-hours, prime to a day's 48, so each half-hour of the
   * day is met): the whole season half-hourly timed out on a busy machine.
   */
  function roundTripInstants(): number[] {
    const HALF_HOUR = 30 * 60_000;
    const near = [Date.UTC(2018, 10, 4, 3), Date.UTC(2019, 1, 17, 2)];
    const out = new Set<number>();
    for (let t = Date.UTC(2018, 9, 1); t < Date.UTC(2019, 2, 1); t += 7 * HALF_HOUR) out.add(t);
    for (const change of near) for (let t = change - 2 * 86_400_000; t <= change + 2 * 86_400_000; t += HALF_HOUR) out.add(t);
    return [...out];
  }

  it("round-trips every half hour around the clock changes and the season between, in every zone", () => {
    for (const zone of TIME_ZONES.values) {
      for (const t of roundTripInstants()) {
        const day = dayIn(t, zone);
        const time = formatTimeIn(t, zone);
        const back = instantIn(day, time, zone).getTime();
        // An ambiguous reading answers its first occurrence: never later than the instant read.
        expect(back <= t && t - back <= 3_600_000, `${zone} ${new Date(t).toISOString()}`).toBe(true);
        expect(formatDateTimeIn(back, zone)).toBe(formatDateTimeIn(t, zone));
      }
    }
  }, 20_000);

  it("refuses impossible dates and times", () => {
    expect(() => instantIn("2026-02-30", "10:00", SP)).toThrow(RangeError);
    expect(() => instantIn("2026-03-05", "24:00", SP)).toThrow(RangeError);
    expect(() => instantIn("05/03/2026", "10:00", SP)).toThrow(RangeError);
  });
});

describe("a record's typed date and time, read in the organização's zone before validation", () => {
  const fields = [
    { name: "ocorridoEm", label: "Data e hora", kind: "datetime", section: "Movimentação" },
    { name: "nome", label: "Nome", kind: "text", section: "Dados" },
  ] as unknown as readonly FieldDef[];

  it("turns the form's and the file's wall-clock text into the instant in that zone", () => {
    expect(localDateTimeInstant("2026-11-20T14:30", "America/Manaus")).toBe("2026-11-20T18:30:00.000Z");
    expect(localDateTimeInstant("20/11/2026 14:30", "America/Noronha")).toBe("2026-11-20T16:30:00.000Z");
    expect(localDateTimeInstant("2018-11-04T00:30", SP)).toBe("2018-11-04T03:30:00.000Z");
    // Already an instant, or not a time: left for the schema to judge.
    expect(localDateTimeInstant("2026-11-20T14:30:00-03:00", "America/Manaus")).toBeNull();
    expect(localDateTimeInstant("2026-11-20T25:30", SP)).toBeNull();
    expect(localDateTimeInstant("ontem", SP)).toBeNull();
  });

  it("changes only datetime fields", () => {
    const input = { ocorridoEm: "2026-11-20T14:30", nome: "2026-11-20T14:30" };
    expect(dateTimesInZone(fields, input, "America/Rio_Branco")).toEqual({
      ocorridoEm: "2026-11-20T19:30:00.000Z",
      nome: "2026-11-20T14:30",
    });
    expect(dateTimesInZone(fields, { ocorridoEm: "2026-11-20T17:30:00Z" }, "America/Manaus")).toEqual({
      ocorridoEm: "2026-11-20T17:30:00Z",
    });
  });
});
