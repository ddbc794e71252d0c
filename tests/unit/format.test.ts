import { describe, expect, it } from "vitest";
import { DEFAULT_TIME_ZONE } from "../../shared/time-zone.ts";
import {
  LOCALE,
  formatBRL,
  formatDate,
  formatDateTime,
  formatNumber,
  formatRelative,
  formatTime,
  normalizeSpaces,
  parseBRL,
} from "../../shared/format.ts";

describe("constants", () => {
  it("are the spec's locale and time zone", () => {
    expect(LOCALE).toBe("pt-BR");
    expect(DEFAULT_TIME_ZONE).toBe("America/Sao_Paulo");
  });
});

describe("formatBRL", () => {
  it.each([
    [0, "R$ 0,00"],
    [1, "R$ 0,01"],
    [10, "R$ 0,10"],
    [100, "R$ 1,00"],
    [123456, "R$ 1.234,56"],
    [100000000, "R$ 1.000.000,00"],
    [-123456, "-R$ 1.234,56"],
    [-5, "-R$ 0,05"],
    [-0, "R$ 0,00"],
  ])("%d centavos → %s", (centavos, expected) => {
    expect(formatBRL(centavos)).toBe(expected);
  });

  it("emits plain spaces only, never U+00A0 / U+202F", () => {
    const out = formatBRL(123456);
    expect(out).not.toMatch(/[\u00a0\u202f]/);
    expect(out.charCodeAt(2)).toBe(0x20);
  });

  it("agrees with Intl pt-BR currency output once spaces are normalised", () => {
    const intl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
    for (const c of [0, 7, 99, 100, 12345, 987654321, -12345, -100]) {
      expect(formatBRL(c)).toBe(normalizeSpaces(intl.format(c / 100)));
    }
  });

  it("is exact for large amounts (no float drift)", () => {
    expect(formatBRL(900719925474099)).toBe("R$ 9.007.199.254.740,99");
  });

  it("rounds fractional centavos and rejects non-finite values", () => {
    expect(formatBRL(100.6)).toBe("R$ 1,01");
    expect(() => formatBRL(Number.NaN)).toThrow(RangeError);
    expect(() => formatBRL(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("parseBRL", () => {
  it.each([
    ["1.234,56", 123456],
    ["R$ 1.234,56", 123456],
    ["R$1.234,56", 123456],
    ["R$\u00a01.234,56", 123456],
    ["r$ 10", 1000],
    ["1234,5", 123450],
    ["1234", 123400],
    ["1.234", 123400],
    ["12.345.678,90", 1234567890],
    ["0,01", 1],
    [",50", 50],
    ["  42,00  ", 4200],
    ["1234.56", 123456],
    ["1234.5", 123450],
    ["12.34", 1234],
    ["-1.234,56", -123456],
    ["-R$ 1.234,56", -123456],
    ["R$ -1.234,56", -123456],
    ["-0,00", 0],
  ])("%j → %d", (input, expected) => {
    expect(parseBRL(input)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "R$",
    "abc",
    "1,2,3",
    "1,234",
    "12,3a",
    "1.23,45",
    "1.2345,00",
    "1.234.5",
    "1.234.56",
    "--1",
    "-R$ -1",
    "1e5",
    "R$ 1.234,56 reais",
    "99999999999999999999",
  ])("rejects %j", (input) => {
    expect(parseBRL(input)).toBeNull();
  });

  it("round-trips with formatBRL", () => {
    for (const c of [0, 1, 99, 100, 123456, 1000000, -98765]) {
      expect(parseBRL(formatBRL(c))).toBe(c);
    }
  });

  it("returns null for non-strings at runtime", () => {
    expect(parseBRL(undefined as unknown as string)).toBeNull();
  });
});

describe("formatNumber", () => {
  it("uses pt-BR grouping and decimal comma", () => {
    expect(formatNumber(1234567.891)).toBe("1.234.567,891");
    expect(formatNumber(0.5, { minimumFractionDigits: 2 })).toBe("0,50");
    expect(formatNumber(1234)).toBe("1.234");
  });

  it("normalises non-breaking spaces (e.g. percent)", () => {
    expect(formatNumber(0.25, { style: "percent" })).toBe(normalizeSpaces("25%"));
    expect(formatNumber(0.25, { style: "percent" })).not.toMatch(/[\u00a0\u202f]/);
  });
});

describe("formatDate / formatDateTime / formatTime", () => {
  it("converts instants to São Paulo (UTC−3)", () => {
    const d = new Date("2026-01-05T02:30:00Z"); // 04/01 23:30 in São Paulo
    expect(formatDate(d)).toBe("04/01/2026");
    expect(formatDateTime(d)).toBe("04/01/2026 23:30");
    expect(formatTime(d)).toBe("23:30");
  });

  it("accepts Date, ISO string and epoch ms", () => {
    const iso = "2026-07-15T17:05:00.000Z";
    expect(formatDateTime(iso)).toBe("15/07/2026 14:05");
    expect(formatDateTime(Date.parse(iso))).toBe("15/07/2026 14:05");
    expect(formatDateTime(new Date(iso))).toBe("15/07/2026 14:05");
  });

  it("uses 24 h with midnight as 00", () => {
    expect(formatDateTime("2026-03-10T03:00:00Z")).toBe("10/03/2026 00:00");
    expect(formatDateTime("2026-03-10T15:00:00Z")).toBe("10/03/2026 12:00");
  });

  it("keeps date-only strings on their own calendar day", () => {
    expect(formatDate("2026-03-05")).toBe("05/03/2026");
    expect(formatDate("2026-01-01")).toBe("01/01/2026");
  });

  it("handles historic daylight-saving time (UTC−2)", () => {
    // 2018-01-15 São Paulo was on summer time (UTC−2).
    expect(formatDateTime("2018-01-15T12:00:00Z")).toBe("15/01/2018 10:00");
  });

  it("throws RangeError on invalid input", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
    expect(() => formatDateTime(Number.NaN)).toThrow(RangeError);
    expect(() => formatDate("2026-13-40")).toThrow(RangeError);
    expect(() => formatDate("2026-02-30")).toThrow(RangeError);
    expect(() => formatRelative("2026-02-29", new Date())).toThrow(RangeError);
    expect(formatDate("2028-02-29")).toBe("29/02/2028");
  });

  it("emits plain spaces only", () => {
    expect(formatDateTime("2026-07-15T17:05:00Z")).not.toMatch(/[\u00a0\u202f]/);
  });
});

describe("formatRelative", () => {
  const now = new Date("2026-05-20T15:00:00Z"); // 20/05/2026 12:00 in São Paulo

  it("says hoje / amanhã / ontem with the time", () => {
    expect(formatRelative("2026-05-20T17:30:00Z", now)).toBe("hoje às 14:30");
    expect(formatRelative("2026-05-21T12:00:00Z", now)).toBe("amanhã às 09:00");
    expect(formatRelative("2026-05-19T21:00:00Z", now)).toBe("ontem às 18:00");
  });

  it("uses the full date otherwise", () => {
    expect(formatRelative("2026-05-22T12:00:00Z", now)).toBe("22/05/2026 às 09:00");
    expect(formatRelative("2025-12-31T23:00:00Z", now)).toBe("31/12/2025 às 20:00");
  });

  it("compares São Paulo calendar days, not UTC days", () => {
    // 02:30 UTC on the 21st is still 23:30 on the 20th in São Paulo → hoje.
    expect(formatRelative("2026-05-21T02:30:00Z", now)).toBe("hoje às 23:30");
    // 03:00 UTC on the 21st is 00:00 on the 21st → amanhã.
    expect(formatRelative("2026-05-21T03:00:00Z", now)).toBe("amanhã às 00:00");
    // Late evening "now": a time 2 h later is already tomorrow.
    const lateNow = new Date("2026-05-21T02:00:00Z"); // 20/05 23:00
    expect(formatRelative("2026-05-21T04:00:00Z", lateNow)).toBe("amanhã às 01:00");
  });

  it("works across month and year boundaries", () => {
    const newYearsEve = new Date("2026-12-31T15:00:00Z");
    expect(formatRelative("2027-01-01T13:00:00Z", newYearsEve)).toBe("amanhã às 10:00");
    const march1 = new Date("2026-03-01T15:00:00Z");
    expect(formatRelative("2026-02-28T15:00:00Z", march1)).toBe("ontem às 12:00");
  });

  it("gives day-only text for date-only strings", () => {
    expect(formatRelative("2026-05-20", now)).toBe("hoje");
    expect(formatRelative("2026-05-21", now)).toBe("amanhã");
    expect(formatRelative("2026-05-19", now)).toBe("ontem");
    expect(formatRelative("2026-06-01", now)).toBe("01/06/2026");
  });

  it("defaults `now` to the current time", () => {
    expect(formatRelative(new Date())).toMatch(/^hoje às \d{2}:\d{2}$/);
  });
});
