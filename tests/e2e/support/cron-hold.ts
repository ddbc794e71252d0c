/**
 * Holds the e2e server's every-minute cron for the whole of a file that compares the entire
 * database before and after each request (the bad-input fuzzers): the jobs a tick starts
 * (reminders, sweeps) write to tables the request must leave alone, so a tick between two
 * snapshots would look like the request's doing. Holding waits for a tick under way to finish;
 * a minute missed while held fires once on release. e2e files run one at a time, so no other
 * file waits on a held cron; a test that needs a tick meanwhile would not get it.
 */
import { afterAll, beforeAll, inject } from "vitest";

async function post(path: "hold" | "release"): Promise<void> {
  const res = await fetch(new URL(path, inject("cronTriggerUrl")), { method: "POST" });
  if (res.status !== 204) throw new Error(`cron ${path}: ${res.status}`);
}

export function holdCronDuringFile(): void {
  beforeAll(() => post("hold"), 120_000);
  afterAll(() => post("release"), 120_000);
}
