import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { type AnyJob, checkEvent, defineJob, durationMs, NonRetriableError } from "../../jobs/define.ts";
import { JOBS } from "../../jobs/registry.ts";
import { backoffMs } from "../../jobs/runner.ts";

const job = (overrides: Partial<AnyJob> = {}) =>
  defineJob({
    id: "exemplo",
    event: "exemplo/pedido",
    payload: z.object({ postId: z.string() }),
    retries: 1,
    handler: async () => undefined,
    ...overrides,
  } as AnyJob);

describe("durations", () => {
  it("reads milliseconds and Inngest's duration text", () => {
    expect(durationMs(1_500)).toBe(1_500);
    expect(durationMs("30s")).toBe(30_000);
    expect(durationMs("5m")).toBe(300_000);
    expect(durationMs("1h")).toBe(3_600_000);
    expect(durationMs("1d")).toBe(86_400_000);
    expect(durationMs("1w")).toBe(7 * 86_400_000);
    expect(durationMs("1h30m")).toBe(5_400_000);
    expect(durationMs("1.5h")).toBe(5_400_000);
  });

  it("refuses what Inngest would not read, without retries", () => {
    for (const bad of ["", "5x", "m5", "1m1h", "-1s"]) expect(() => durationMs(bad as never), bad).toThrow(NonRetriableError);
    expect(() => durationMs(-1)).toThrow(NonRetriableError);
    expect(() => durationMs(Number.NaN)).toThrow(NonRetriableError);
  });

  it("backs off 15 s, 1 min, 4 min, 16 min, then at most an hour", () => {
    expect([0, 1, 2, 3, 4, 10].map(backoffMs)).toEqual([15_000, 60_000, 240_000, 960_000, 3_600_000, 3_600_000]);
  });
});

describe("defineJob", () => {
  it("refuses ids Inngest or the failure handler's id would trip on", () => {
    expect(() => job({ id: "Com Espaço" })).toThrow("job id inválido");
    expect(() => job({ id: "algo-failure" })).toThrow("job id inválido");
  });

  it("refuses field paths that are not data.<field>", () => {
    expect(() => job({ concurrency: { key: "postId" as never, limit: 1 } })).toThrow("campo inválido");
    expect(() => job({ idempotency: "data.a.b" as never })).toThrow("campo inválido");
    expect(() => job({ cancelOn: [{ event: "x", match: "event.data.postId" as never }] })).toThrow("campo inválido");
    expect(() => job({ concurrency: { key: "data.postId", limit: 0 } })).toThrow("concurrency.limit");
    expect(job({ concurrency: { key: "data.postId", limit: 2 } }).concurrency).toEqual({ key: "data.postId", limit: 2 });
  });
});

describe("checkEvent", () => {
  const jobs = [job({ cancelOn: [{ event: "exemplo/cancelado", match: "data.postId" }] })];
  const now = new Date("2026-11-20T12:00:00Z");

  it("stamps a known event with an id and a time", () => {
    const event = checkEvent(jobs, { name: "exemplo/pedido", data: { postId: "p1" } }, now);
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: "exemplo/pedido",
      data: { postId: "p1" },
      ts: now.getTime(),
    });
    expect(checkEvent(jobs, { name: "exemplo/pedido", data: { postId: "p1" }, id: "e1" }, now).id).toBe("e1");
  });

  it("accepts a cancel-only event with any object", () => {
    expect(checkEvent(jobs, { name: "exemplo/cancelado", data: { postId: "p1" } }, now).name).toBe("exemplo/cancelado");
  });

  it("refuses unknown events, data that is not an object, and payloads the job refuses", () => {
    expect(() => checkEvent(jobs, { name: "outro", data: {} }, now)).toThrow("evento desconhecido");
    expect(() => checkEvent(jobs, { name: "exemplo/cancelado", data: [1] }, now)).toThrow("objeto");
    expect(() => checkEvent(jobs, { name: "exemplo/pedido", data: { postId: 1 } }, now)).toThrow();
  });
});

describe("the registry", () => {
  it("lists every definition file once, under unique ids", async () => {
    const dir = path.resolve(import.meta.dirname, "../../jobs/definitions");
    const defined: unknown[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
      const module = (await import(path.join(dir, file))) as Record<string, unknown>;
      const jobs = Object.values(module).filter((v) => typeof v === "object" && v !== null && "handler" in v && "event" in v);
      expect(jobs.length, `${file} defines no job`).toBeGreaterThan(0);
      defined.push(...jobs);
    }
    expect(new Set(JOBS)).toEqual(new Set(defined));
    expect(new Set(JOBS.map((j) => j.id)).size).toBe(JOBS.length);
  });
});
