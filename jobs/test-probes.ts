import { z } from "zod";
import { type AnyJob, defineJob } from "./define.ts";
import { JOBS } from "./registry.ts";

/**
 * Two jobs that exist only for the e2e test of `npm start`'s cron (tests/e2e/start.test.ts,
 * ADR 028): one sleeps a minute, one fails its first attempt. Never in the registry: the Worker
 * adds them to its scheduled run only when APP_ENV is "test" (`scheduledJobs`), so production
 * never knows them.
 */
const probe = z.object({ probe: z.string().min(1) });

export const probeSleep = defineJob({
  id: "test-probe-sleep",
  event: "test/probe.sleep",
  payload: probe,
  retries: 0,
  async handler({ step }) {
    await step.sleep("nap", "1m");
    return step.run("woke", () => new Date().toISOString());
  },
});

export const probeFailOnce = defineJob({
  id: "test-probe-fail-once",
  event: "test/probe.fail-once",
  payload: probe,
  retries: 1,
  async handler({ step, attempt }) {
    return step.run("flaky", () => {
      if (attempt === 0) throw new Error("falha planejada do teste");
      return attempt;
    });
  },
});

export const TEST_PROBES = [probeSleep, probeFailOnce] as const satisfies readonly AnyJob[];

/** The jobs the scheduled run knows: the registry's, plus the probes under APP_ENV=test only. */
export function scheduledJobs(appEnv: unknown): readonly AnyJob[] | undefined {
  return appEnv === "test" ? [...JOBS, ...TEST_PROBES] : undefined;
}
