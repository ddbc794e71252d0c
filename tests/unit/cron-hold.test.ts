import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startCron } from "../../scripts/lib/cron.ts";

const MINUTE = 60_000;

describe("the local cron's hold (the e2e fuzzers' whole-database snapshots)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-27T12:00:30Z"));
  });
  afterEach(() => vi.useRealTimers());

  it("does not fire while held, and fires the missed minute once on release", async () => {
    const fired: string[] = [];
    const cron = startCron({ crons: ["* * * * *"], fire: async (_c, at) => void fired.push(at.toISOString()) });
    await cron.hold();
    await vi.advanceTimersByTimeAsync(3 * MINUTE);
    expect(fired).toEqual([]);
    await cron.release();
    expect(fired).toEqual(["2026-11-27T12:03:00.000Z"]);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(fired).toEqual(["2026-11-27T12:03:00.000Z", "2026-11-27T12:04:00.000Z"]);
    cron.stop();
  });

  it("waits for a tick under way before it holds", async () => {
    let finish!: () => void;
    let ended = false;
    const cron = startCron({
      crons: ["* * * * *"],
      fire: () =>
        new Promise<void>((resolve) => {
          finish = () => {
            ended = true;
            resolve();
          };
        }),
    });
    await vi.advanceTimersByTimeAsync(30_000);
    let held = false;
    const holding = cron.hold().then(() => {
      held = true;
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(held).toBe(false);
    finish();
    await holding;
    expect(ended && held).toBe(true);
    cron.stop();
  });

  it("nested holds release on the last one; a fireNow while held waits for it", async () => {
    const fired: string[] = [];
    const cron = startCron({ crons: ["* * * * *"], fire: async (_c, at) => void fired.push(at.toISOString()) });
    await cron.hold();
    await cron.hold();
    await cron.fireNow();
    expect(fired).toEqual([]);
    await cron.release();
    expect(fired).toEqual([]);
    await cron.release();
    expect(fired).toHaveLength(1);
    await cron.release();
    expect(fired).toHaveLength(1);
    cron.stop();
  });
});
