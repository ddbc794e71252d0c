import type { Inngest, InngestFunction } from "inngest";
import { createDb } from "../db/client.ts";
import type { Config } from "../worker/config/env.ts";
import { type AnyJob, type JobDeps, type JobEvent, type JobStep, NonRetriableError } from "./define.ts";
import { JOBS } from "./registry.ts";

/**
 * Every job definition as an Inngest function (ADR 017). Built per request with that request's
 * config, because a Worker's secrets are not on process.env inside Inngest handlers.
 */
export function createFunctions(inngest: Inngest, config: Config, jobs: readonly AnyJob[] = JOBS): InngestFunction.Any[] {
  return jobs.map((job) => toInngestFunction(inngest, config, job));
}

/** Inngest's own step tools, as much of them as a definition uses. */
interface InngestSteps {
  run(id: string, fn: () => unknown): Promise<unknown>;
  sleep(id: string, duration: number | string): Promise<void>;
  sleepUntil(id: string, until: Date | string): Promise<void>;
}

function adaptSteps(step: InngestSteps): JobStep {
  return {
    // A replay gets the stored JSON; the first execution gets the same, as on the local runner.
    // (Our NonRetriableError needs no translation: Inngest stops retrying any error of that name.)
    run: (id, fn) => step.run(id, fn).then((value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)))) as never,
    sleep: (id, duration) => step.sleep(id, duration),
    sleepUntil: (id, until) => step.sleepUntil(id, until),
  };
}

/** An incoming event as the definition sees it, its payload checked by the definition's schema. */
function eventFor(
  job: AnyJob,
  event: { id?: string; name: string; data: unknown; ts?: number },
  fallbackId: string,
): JobEvent<Record<string, unknown>> {
  const data = job.payload.safeParse(event.data);
  if (!data.success) throw new NonRetriableError(`${job.id}: payload inválido (${data.error.message})`);
  return { id: event.id ?? fallbackId, name: event.name, data: data.data, ts: event.ts ?? Date.now() };
}

function toInngestFunction(inngest: Inngest, config: Config, job: AnyJob): InngestFunction.Any {
  const deps = (): JobDeps => ({ db: createDb({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN }), config });
  const { concurrency, idempotency, cancelOn, onFailure } = job;
  return inngest.createFunction(
    {
      id: job.id,
      retries: job.retries,
      triggers: [{ event: job.event }],
      // Inngest reads these as expressions over the event: "data.x" → "event.data.x".
      ...(concurrency && { concurrency: { key: `event.${concurrency.key}`, limit: concurrency.limit } }),
      ...(idempotency && { idempotency: `event.${idempotency}` }),
      ...(cancelOn && { cancelOn: cancelOn.map(({ event, match }) => ({ event, match })) }),
      ...(onFailure && {
        onFailure: async ({
          event,
          error,
          step,
        }: {
          event: { data: { run_id: string; event: never } };
          error: Error;
          step: InngestSteps;
        }) =>
          onFailure.call(job, {
            ...deps(),
            event: eventFor(job, event.data.event, event.data.run_id),
            error: { name: error.name, message: error.message },
            step: adaptSteps(step),
            runId: event.data.run_id,
          }),
      }),
    },
    async ({ event, step, runId, attempt }) =>
      job.handler({ ...deps(), event: eventFor(job, event, runId), step: adaptSteps(step as unknown as InngestSteps), runId, attempt }),
  ) as unknown as InngestFunction.Any;
}
