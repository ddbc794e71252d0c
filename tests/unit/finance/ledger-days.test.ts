import { describe, expect, it } from "vitest";
import { dayBoundaries, foldBalances, nextDay, periodDays } from "../../../shared/finance/ledger-days.ts";
import { signedAmount, transferLegs } from "../../../shared/finance/movement-rules.ts";

describe("ledger days", () => {
  it("walks local days across month and leap-year ends", () => {
    expect(nextDay("2028-02-28")).toBe("2028-02-29");
    expect(nextDay("2026-12-31")).toBe("2027-01-01");
    expect(periodDays("2026-02-27", "2026-03-01")).toEqual({ ok: true, days: ["2026-02-27", "2026-02-28", "2026-03-01"] });
    expect(periodDays("2026-02-30", "2026-03-01")).toMatchObject({ ok: false });
    // A month past December is refused in words, not thrown (its Date is invalid).
    expect(periodDays("2026-13-01", "2026-03-01")).toEqual({ ok: false, error: "Data inicial inválida: use o formato aaaa-mm-dd." });
    expect(periodDays("2026-03-02", "2026-03-01")).toEqual({ ok: false, error: "A data final vem antes da inicial." });
    expect(periodDays("2026-01-01", "2026-12-31")).toMatchObject({ ok: true });
    expect(periodDays("2025-01-01", "2026-01-02")).toMatchObject({ ok: false });
  });

  it("bounds each day at local midnight, 23 or 25 hours where the clock jumps", () => {
    const b = dayBoundaries(["2026-03-09", "2026-03-10"], "America/Sao_Paulo");
    expect(b.map((ms) => new Date(ms).toISOString())).toEqual([
      "2026-03-09T03:00:00.000Z",
      "2026-03-10T03:00:00.000Z",
      "2026-03-11T03:00:00.000Z",
    ]);
    // New York springs forward on 2026-03-08: a 23-hour day.
    const ny = dayBoundaries(["2026-03-08"], "America/New_York");
    expect((ny[1] as number) - (ny[0] as number)).toBe(23 * 3_600_000);
  });

  it("folds opening and per-day sums into running balances, quiet days and accounts included", () => {
    const [a, b] = foldBalances(["a", "b"], ["d1", "d2", "d3"], new Map([["a", 100]]), [
      { contaId: "a", dia: 0, entradas: 50, saidas: -20 },
      { contaId: "a", dia: 2, entradas: 0, saidas: -130 },
    ]);
    expect(a).toMatchObject({ saldoInicial: 100, entradas: 50, saidas: -150, saldoFinal: 0 });
    expect(a?.dias.map((d) => d.saldoFinal)).toEqual([130, 130, 0]);
    expect(b).toMatchObject({ saldoInicial: 0, saldoFinal: 0 });
    expect(b?.dias).toHaveLength(3);
  });

  it("signs amounts and builds transfer legs, refusing what is not whole centavos", () => {
    expect(signedAmount("saida", 150)).toEqual({ ok: true, value: -150 });
    expect(signedAmount("entrada", 0.5)).toMatchObject({ ok: false });
    expect(transferLegs("x", "y", 10)).toEqual({
      ok: true,
      value: [
        { contaId: "x", valorCentavos: -10 },
        { contaId: "y", valorCentavos: 10 },
      ],
    });
  });
});
