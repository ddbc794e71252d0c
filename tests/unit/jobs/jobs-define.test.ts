import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cronMatches, parseCron } from "../../../jobs/cron.ts";
import {
  type AnyContract,
  type AnyJob,
  checkEvent,
  defineContract,
  defineJob,
  durationMs,
  NonRetriableError,
} from "../../../jobs/define.ts";
import { JOBS } from "../../../jobs/registry.ts";
import { backoffMs } from "../../../jobs/runner.ts";

const job = (overrides: Partial<AnyContract> = {}) =>
  defineJob({
    id: "exemplo",
    event: "exemplo/pedido",
    payload: z.object({ postId: z.string() }),
    retries: 1,
    handler: async () => undefined,
    ...overrides,
  } as Parameters<typeof defineJob>[0]);

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

  it("needs an event or a cron, a payload with an event, and a cron Inngest would read", () => {
    expect(() => job({ event: undefined })).toThrow("evento ou um cron");
    expect(() => defineContract({ id: "sem-payload", event: "x/y", retries: 0 })).toThrow("declara o payload");
    for (const bad of ["* * * *", "60 * * * *", "* 24 * * *", "*/0 * * * *", "5-1 * * * *", "TZ=Lugar/Nenhum * * * * *", "@daily"]) {
      expect(() => job({ event: undefined, cron: bad }), bad).toThrow("cron inválido");
    }
    const scheduled = defineContract({ id: "agendado", cron: "*/15 8-18 * * 1-5", retries: 0 });
    expect(scheduled.payload.parse({ cron: "*/15 8-18 * * 1-5" })).toEqual({ cron: "*/15 8-18 * * 1-5" });
  });
});

describe("cron expressions", () => {
  const at = (iso: string) => new Date(iso);
  const fires = (expression: string, iso: string) => cronMatches(parseCron(expression) ?? expect.fail(expression), at(iso));

  it("match their minute, in UTC unless a TZ= says otherwise", () => {
    expect(fires("* * * * *", "2026-11-20T12:34:56Z")).toBe(true);
    expect(fires("*/15 8-18 * * 1-5", "2026-11-20T08:45:10Z")).toBe(true); // a Friday
    expect(fires("*/15 8-18 * * 1-5", "2026-11-20T08:46:00Z")).toBe(false);
    expect(fires("*/15 8-18 * * 1-5", "2026-11-21T08:45:00Z")).toBe(false); // Saturday
    expect(fires("0 3 * * *", "2026-11-20T03:00:30Z")).toBe(true);
    expect(fires("TZ=America/Sao_Paulo 0 3 * * *", "2026-11-20T03:00:30Z")).toBe(false);
    expect(fires("TZ=America/Sao_Paulo 0 3 * * *", "2026-11-20T06:00:30Z")).toBe(true);
    expect(fires("0 0 * * 7", "2026-11-22T00:00:00Z")).toBe(true); // 7 is Sunday, as 0
    expect(fires("0 9 1,15 * *", "2026-11-15T09:00:00Z")).toBe(true);
  });

  it("fire on either day when both the day of month and the weekday are given (as cron does)", () => {
    expect(fires("0 0 13 * 5", "2026-11-13T00:00:00Z")).toBe(true); // the 13th (a Friday)
    expect(fires("0 0 13 * 5", "2026-11-20T00:00:00Z")).toBe(true); // a Friday
    expect(fires("0 0 13 * 5", "2026-11-19T00:00:00Z")).toBe(false);
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
  const folder = (name: string) => path.resolve(import.meta.dirname, "../../../jobs", name);
  const files = (name: string) =>
    readdirSync(folder(name))
      .filter((f) => f.endsWith(".ts"))
      .sort();

  it("lists every contract once, under unique ids, each with the handler file of the same name", async () => {
    expect(files("handlers")).toEqual(files("contracts"));
    const contracts: unknown[] = [];
    for (const file of files("contracts")) {
      const module = (await import(path.join(folder("contracts"), file))) as Record<string, unknown>;
      const found = Object.values(module).filter((v) => typeof v === "object" && v !== null && "id" in v && "payload" in v);
      expect(found.length, `${file} declares no contract`).toBe(1);
      const [contract] = found as AnyContract[];
      const entry = JOBS.find((job) => job.id === contract?.id) as AnyJob | undefined;
      expect(entry, `${file} is not in jobs/registry.ts`).toBeDefined();
      expect({ ...entry, load: undefined }).toEqual({ ...contract, load: undefined });
      // Its code is the handler file's, loaded on first use.
      const handlers = ((await import(path.join(folder("handlers"), file))) as { default: unknown }).default;
      expect(await entry?.load()).toBe(handlers);
      contracts.push(contract);
    }
    expect(JOBS).toHaveLength(contracts.length);
    expect(new Set(JOBS.map((j) => j.id)).size).toBe(JOBS.length);
  });
});
