import { describe, expect, it } from "vitest";
import { cartesianGeometry, donutGeometry, labelsShown, niceMax, niceMin, PLOT_HEIGHT } from "../../../app/components/charts/geometry.ts";
import { formatAxisValue, formatChartValue } from "../../../app/components/charts/format.ts";

describe("chart scale", () => {
  it("rounds the top up to 1, 2, 2.5 or 5 × 10ⁿ", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(10)).toBe(10);
    expect(niceMax(11)).toBe(20);
    expect(niceMax(210)).toBe(250);
    expect(niceMax(0.31)).toBe(0.5);
    expect(niceMin(5)).toBe(0);
    expect(niceMin(-30)).toBe(-50);
  });
});

describe("bars", () => {
  it("side by side: each series its own bar, heights proportional to the scale", () => {
    const g = cartesianGeometry({
      type: "bar",
      labels: ["a", "b"],
      series: [
        { name: "x", values: [10, 5] },
        { name: "y", values: [0, 20] },
      ],
    });
    expect(g.max).toBe(20);
    expect(g.bars).toHaveLength(4);
    const b = g.bars.find((r) => r.series === 1 && r.label === 1);
    expect(b?.height).toBe(PLOT_HEIGHT);
    const a = g.bars.find((r) => r.series === 0 && r.label === 0);
    expect(a?.height).toBe(PLOT_HEIGHT / 2);
    expect(a?.y).toBe(PLOT_HEIGHT / 2);
    // The second series' bar sits right of the first's, in the same slot.
    const a1 = g.bars.find((r) => r.series === 1 && r.label === 0);
    expect(a1 && a ? a1.x - a.x : 0).toBeCloseTo(a?.width ?? 0);
  });

  it("stacked: the column's total sets the scale and each series sits on the previous one", () => {
    const g = cartesianGeometry({
      type: "stacked-bar",
      labels: ["a"],
      series: [
        { name: "x", values: [30] },
        { name: "y", values: [20] },
      ],
    });
    expect(g.max).toBe(50);
    const [x, y] = g.bars;
    expect(x?.height).toBeCloseTo((30 / 50) * PLOT_HEIGHT);
    expect(y?.y).toBeCloseTo(0);
    expect((y?.y ?? 0) + (y?.height ?? 0)).toBeCloseTo(x?.y ?? -1);
  });

  it("negative values go below the zero line", () => {
    const g = cartesianGeometry({ type: "bar", labels: ["a", "b"], series: [{ name: "x", values: [10, -10] }] });
    expect(g.min).toBe(-10);
    expect(g.zeroY).toBe(PLOT_HEIGHT / 2);
    expect(g.bars[1]?.y).toBe(PLOT_HEIGHT / 2);
  });
});

describe("lines and donuts", () => {
  it("a line's points are centred in their slots", () => {
    const g = cartesianGeometry({ type: "line", labels: ["a", "b"], series: [{ name: "x", values: [0, 5] }] });
    expect(g.lines[0]?.points).toBe("150,200 450,0");
  });

  it("a donut's slices share the ring by value, zeros left out", () => {
    const slices = donutGeometry({ labels: ["a", "b", "c"], series: [{ name: "x", values: [3, 0, 1] }] });
    expect(slices.map((s) => [s.label, s.share])).toEqual([
      [0, 0.75],
      [2, 0.25],
    ]);
    expect(donutGeometry({ labels: ["a"], series: [{ name: "x", values: [0] }] })).toEqual([]);
  });

  it("labels under a long axis: first, last and evenly between", () => {
    expect(labelsShown(5, 7)).toEqual([0, 1, 2, 3, 4]);
    expect(labelsShown(31, 6)).toEqual([0, 6, 12, 18, 24, 30]);
  });
});

describe("chart values in pt-BR", () => {
  it("by kind, full and on the scale", () => {
    expect(formatChartValue(123456, "money")).toBe("R$ 1.234,56");
    expect(formatChartValue(0.125, "percent")).toBe("12,5%");
    expect(formatChartValue(1234, "integer")).toBe("1.234");
    expect(formatAxisValue(1_250_000, "money")).toBe("R$ 12,5 mil");
    expect(formatAxisValue(0.5, "percent")).toBe("50%");
  });
});
