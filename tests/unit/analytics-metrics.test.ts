import { describe, expect, it } from "vitest";
import {
  BEST_TIME_MIN_POSTS,
  bestTimes,
  bucketOf,
  engagementOf,
  engagementRate,
  periodPresets,
  planPeriod,
  type TimedPost,
} from "../../shared/analytics/metrics.ts";

const SP = "America/Sao_Paulo";
const sp = (local: string) => new Date(`${local}-03:00`).getTime();

function post(at: string, alcance: number | null, engajamento: number): TimedPost {
  return { publicadoEm: sp(at), alcance, curtidas: engajamento, comentarios: null, compartilhamentos: null, salvamentos: null };
}

describe("engagement (ADR 085)", () => {
  it("likes + comments + shares + saves; the rate over reach, none without reach", () => {
    const p = { alcance: 200, curtidas: 10, comentarios: 3, compartilhamentos: 2, salvamentos: null };
    expect(engagementOf(p)).toBe(15);
    expect(engagementRate(p)).toBe(0.075);
    expect(engagementRate({ ...p, alcance: 0 })).toBeNull();
    expect(engagementRate({ ...p, alcance: null })).toBeNull();
  });
});

describe("the period", () => {
  it("by day up to 31 days, by week up to 26 weeks, else by calendar month", () => {
    const days = planPeriod("2026-11-01", "2026-11-30", SP);
    if ("error" in days) throw new Error(days.error);
    expect(days.granularity).toBe("dia");
    expect(days.buckets[0]).toMatchObject({ label: "01/11", start: sp("2026-11-01T00:00:00") });
    expect(days.end).toBe(sp("2026-12-01T00:00:00"));
    const weeks = planPeriod("2026-09-01", "2026-11-29", SP);
    if ("error" in weeks) throw new Error(weeks.error);
    expect(weeks.granularity).toBe("semana");
    expect(weeks.buckets.map((b) => b.label).slice(0, 3)).toEqual(["01/09", "08/09", "15/09"]);
    expect(weeks.buckets.at(-1)).toMatchObject({ from: "2026-11-24", to: "2026-11-29" });
    const months = planPeriod("2025-11-28", "2026-11-27", SP);
    if ("error" in months) throw new Error(months.error);
    expect(months.granularity).toBe("mes");
    expect(months.buckets.map((b) => b.label)).toEqual([
      "nov/25",
      "dez/25",
      "jan/26",
      "fev/26",
      "mar/26",
      "abr/26",
      "mai/26",
      "jun/26",
      "jul/26",
      "ago/26",
      "set/26",
      "out/26",
      "nov/26",
    ]);
    expect(months.buckets[0]).toMatchObject({ from: "2025-11-28", to: "2025-11-30" });
    expect(planPeriod("2026-11-30", "2026-11-01", SP)).toEqual({ error: "A data final vem antes da inicial." });
  });

  it("an instant's bucket: São Paulo's midnight is the edge", () => {
    const plan = planPeriod("2026-11-01", "2026-11-30", SP);
    if ("error" in plan) throw new Error(plan.error);
    expect(bucketOf(plan, Date.parse("2026-11-01T02:59:59.999Z"))).toBe(-1);
    expect(bucketOf(plan, Date.parse("2026-11-01T03:00:00.000Z"))).toBe(0);
    expect(bucketOf(plan, Date.parse("2026-11-02T02:59:59.999Z"))).toBe(0);
    expect(bucketOf(plan, Date.parse("2026-11-02T03:00:00.000Z"))).toBe(1);
    expect(bucketOf(plan, Date.parse("2026-12-01T02:59:59.999Z"))).toBe(29);
    expect(bucketOf(plan, Date.parse("2026-12-01T03:00:00.000Z"))).toBe(-1);
  });

  it("the presets from the organização's today", () => {
    const p = Object.fromEntries(periodPresets("2026-03-15").map((x) => [x.id, [x.de, x.ate]]));
    expect(p["30d"]).toEqual(["2026-02-14", "2026-03-15"]);
    expect(p.mes).toEqual(["2026-03-01", "2026-03-15"]);
    expect(p["mes-passado"]).toEqual(["2026-02-01", "2026-02-28"]);
  });
});

describe("best time to post", () => {
  // Three Tuesdays at 19h at 10%, the rest between 2% and 5%: twelve posts in all.
  const posts: TimedPost[] = [
    post("2026-11-03T19:05:00", 1000, 100),
    post("2026-11-10T19:30:00", 500, 50),
    post("2026-11-17T19:00:00", 200, 20),
    post("2026-11-02T09:00:00", 1000, 20),
    post("2026-11-09T09:00:00", 1000, 30),
    post("2026-11-16T09:00:00", 1000, 40),
    post("2026-11-04T12:30:00", 1000, 50),
    post("2026-11-11T12:30:00", 1000, 20),
    post("2026-11-18T12:30:00", 1000, 30),
    post("2026-11-05T19:00:00", 1000, 40),
    post("2026-11-06T19:00:00", 1000, 50),
    post("2026-11-07T09:00:00", 1000, 20),
  ];

  it("recommends the weekday and the hour with the best mean rate, in plain words", () => {
    const b = bestTimes(posts, SP);
    expect(b.posts).toBe(12);
    expect(b.best).toMatchObject({ weekday: 2, hour: 19, text: "Seus posts vão melhor às terças, 19h." });
    expect(b.grid[2]?.[19]?.posts).toBe(3);
    expect(b.grid[2]?.[19]?.rate).toBeCloseTo(0.1, 10);
    expect(b.hours).toEqual([9, 12, 19]);
    expect(b.missing).toBe(0);
  });

  it("needs enough posts, and enough on the weekday and hour it names", () => {
    const few = bestTimes(posts.slice(0, BEST_TIME_MIN_POSTS - 1), SP);
    expect(few.best).toBeNull();
    expect(few.missing).toBe(1);
    // Ten posts with reach, but no weekday holds three: no recommendation yet.
    const spread = Array.from({ length: 10 }, (_, i) =>
      post(`2026-11-${String(2 + (i % 7) + 7 * Math.floor(i / 7)).padStart(2, "0")}T10:00:00`, 100, i),
    );
    const s = bestTimes(spread, SP);
    expect(s.posts).toBe(10);
    expect(s.best).toBeNull();
    // A post without reach is not read.
    expect(bestTimes([post("2026-11-03T19:00:00", 0, 5)], SP).posts).toBe(0);
  });

  it("reads the weekday and hour in the organização's zone (UTC's Wednesday 01h is São Paulo's Tuesday 22h)", () => {
    const b = bestTimes([{ ...post("2026-11-03T22:00:00", 100, 10) }], SP);
    expect(b.grid[2]?.[22]).toEqual({ posts: 1, rate: 0.1 });
    const utc = bestTimes([{ ...post("2026-11-03T22:00:00", 100, 10) }], "UTC");
    expect(utc.grid[3]?.[1]).toEqual({ posts: 1, rate: 0.1 });
  });
});
