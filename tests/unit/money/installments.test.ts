import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addMonthsClamped, dueDates, firstDueDate } from "../../../shared/money/due-dates.ts";
import { installmentPlan } from "../../../shared/money/installment-plan.ts";
import { INSTALLMENTS_MAX, splitInstallments } from "../../../shared/money/installments.ts";

const amounts = (total: number, count: number): number[] => {
  const r = splitInstallments(total, count);
  if (!r.ok) throw new Error(r.error);
  return r.value;
};

describe("splitting a total in installments", () => {
  it("R$ 100,00 em 3x = 33,34 + 33,33 + 33,33 (the first takes the extra centavo)", () => {
    expect(amounts(100_00, 3)).toEqual([33_34, 33_33, 33_33]);
  });

  it("puts every leftover centavo in the first installment", () => {
    expect(amounts(10_00, 6)).toEqual([1_70, 1_66, 1_66, 1_66, 1_66, 1_66]);
    expect(amounts(99_99, 1)).toEqual([99_99]);
    expect(amounts(3, 3)).toEqual([1, 1, 1]);
    expect(amounts(50_00, 2)).toEqual([25_00, 25_00]);
  });

  it("refuses in pt-BR what cannot be split", () => {
    expect(splitInstallments(100_00, 0)).toEqual({ ok: false, error: "O número de parcelas deve ser pelo menos 1." });
    expect(splitInstallments(100_00, INSTALLMENTS_MAX + 1)).toEqual({ ok: false, error: "O número de parcelas não pode passar de 24." });
    expect(splitInstallments(0, 1)).toEqual({ ok: false, error: "O valor a parcelar deve ser maior que zero." });
    expect(splitInstallments(2, 3)).toEqual({ ok: false, error: "Não dá para dividir 2 centavo(s) em 3 parcelas." });
    expect(splitInstallments(100_00, 2.5).ok).toBe(false);
  });

  it("sums exactly, never goes below a centavo, later installments equal and at most the first (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: INSTALLMENTS_MAX }), fc.integer({ min: 0, max: 1e12 }), (count, extra) => {
        const total = count + extra;
        const parts = amounts(total, count);
        expect(parts).toHaveLength(count);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        for (const p of parts) expect(Number.isSafeInteger(p) && p >= 1).toBe(true);
        const [first, ...rest] = parts as [number, ...number[]];
        for (const p of rest) expect(p).toBe(rest[0]);
        if (rest.length) expect(first - (rest[0] as number)).toBeLessThan(count);
        expect(first).toBeGreaterThanOrEqual(rest[0] ?? first);
        expect(amounts(total, count)).toEqual(parts); // deterministic
      }),
    );
  });
});

describe("due dates", () => {
  it("monthly keeps the day asked, clamped to a short month: 31 Jan → 28/29 Feb → 31 Mar", () => {
    expect(dueDates("2026-01-31", 4, "mensal")).toEqual(["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]);
    expect(dueDates("2028-01-31", 3, "mensal")).toEqual(["2028-01-31", "2028-02-29", "2028-03-31"]);
    expect(dueDates("2026-11-30", 4, "mensal")).toEqual(["2026-11-30", "2026-12-30", "2027-01-30", "2027-02-28"]);
    expect(dueDates("2026-03-10", 2, "mensal")).toEqual(["2026-03-10", "2026-04-10"]);
  });

  it("weekly is every 7 days, across months and years", () => {
    expect(dueDates("2026-12-24", 3, "semanal")).toEqual(["2026-12-24", "2026-12-31", "2027-01-07"]);
  });

  it("the first due date is the one given, else today in the organização's zone", () => {
    // 02:30 UTC on 1 Dec is still 30 Nov in São Paulo and in Manaus.
    const now = Date.UTC(2026, 11, 1, 2, 30);
    expect(firstDueDate(null, now, "America/Sao_Paulo")).toBe("2026-11-30");
    expect(firstDueDate(undefined, now, "America/Manaus")).toBe("2026-11-30");
    expect(firstDueDate("", Date.UTC(2026, 11, 1, 4, 30), "America/Manaus")).toBe("2026-12-01");
    expect(firstDueDate("2027-01-15", now, "America/Sao_Paulo")).toBe("2027-01-15");
    expect(firstDueDate("2027-02-30", now, "America/Sao_Paulo")).toBe("2026-11-30");
  });

  it("monthly: every date is in its own month, on the asked day or its month's last (property)", () => {
    const dayArb = fc
      .date({ min: new Date("2000-01-01"), max: new Date("2099-12-31"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(dayArb, fc.integer({ min: 1, max: INSTALLMENTS_MAX }), (first, count) => {
        const dates = dueDates(first, count, "mensal");
        const asked = Number(first.slice(8));
        dates.forEach((d, i) => {
          const [y, m, day] = d.split("-").map(Number) as [number, number, number];
          const index = Number(first.slice(0, 4)) * 12 + Number(first.slice(5, 7)) - 1 + i;
          expect(y * 12 + m - 1).toBe(index);
          const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
          expect(day).toBe(Math.min(asked, last));
        });
        expect([...dates].sort()).toEqual(dates);
      }),
    );
  });

  it("adds months backwards too", () => {
    expect(addMonthsClamped("2026-03-31", -1)).toBe("2026-02-28");
    expect(addMonthsClamped("2026-01-15", -1)).toBe("2025-12-15");
  });
});

describe("installment plan", () => {
  it("numbers amounts and dates together", () => {
    expect(installmentPlan(100_00, 3, "2026-01-31")).toEqual({
      ok: true,
      value: [
        { number: 1, amountCentavos: 33_34, dueDate: "2026-01-31" },
        { number: 2, amountCentavos: 33_33, dueDate: "2026-02-28" },
        { number: 3, amountCentavos: 33_33, dueDate: "2026-03-31" },
      ],
    });
  });

  it("refuses an impossible first date", () => {
    expect(installmentPlan(100_00, 3, "2026-02-30")).toEqual({ ok: false, error: "A data do primeiro vencimento é inválida." });
  });
});
