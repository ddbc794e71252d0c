import { describe, expect, it } from "vitest";
import { addDays, brazilDates, brazilDatesInMonth, easterSunday, nthWeekday } from "../../../shared/ai/brazil-dates.ts";

const dateOf = (year: number, nome: string) => brazilDates(year).find((d) => d.nome === nome)?.data;

describe("Brazilian dates", () => {
  it("Easter by the computus (known years)", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2038)).toBe("2038-04-25");
  });

  it("the moveable dates of 2026", () => {
    expect(dateOf(2026, "Carnaval")).toBe("2026-02-17");
    expect(dateOf(2026, "Sexta-feira Santa")).toBe("2026-04-03");
    expect(dateOf(2026, "Corpus Christi")).toBe("2026-06-04");
    expect(dateOf(2026, "Dia das Mães")).toBe("2026-05-10");
    expect(dateOf(2026, "Dia dos Pais")).toBe("2026-08-09");
    expect(dateOf(2026, "Black Friday")).toBe("2026-11-27");
    expect(dateOf(2025, "Black Friday")).toBe("2025-11-28");
    expect(dateOf(2025, "Dia das Mães")).toBe("2025-05-11");
  });

  it("fixed dates and the month filter by audience", () => {
    expect(brazilDatesInMonth("2026-06").map((d) => d.nome)).toEqual(["Corpus Christi", "Dia dos Namorados", "São João"]);
    expect(brazilDatesInMonth("2026-08", "imoveis").map((d) => d.nome)).toEqual(["Dia dos Pais", "Dia do Corretor de Imóveis"]);
    expect(brazilDatesInMonth("2026-08", "comercio").map((d) => d.nome)).toEqual(["Dia dos Pais"]);
    expect(brazilDatesInMonth("2026-03", "imoveis").map((d) => d.nome)).toEqual(["Dia Internacional da Mulher"]);
    expect(brazilDatesInMonth("2026-12").map((d) => d.data)).toEqual(["2026-12-24", "2026-12-25", "2026-12-31"]);
  });

  it("every year's dates are real days, sorted, in their year", () => {
    for (let year = 2020; year <= 2040; year++) {
      const dates = brazilDates(year).map((d) => d.data);
      expect([...dates].sort()).toEqual(dates);
      for (const d of dates) expect(addDays(d, 0)).toBe(d);
      expect(dates.every((d) => d.startsWith(String(year)))).toBe(true);
    }
  });

  it("helpers: days across months and years, the n-th weekday", () => {
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(nthWeekday(2026, 11, 4, 4)).toBe("2026-11-26");
  });
});
