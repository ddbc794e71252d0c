import type { Inngest, InngestFunction } from "inngest";
import { createDb } from "../db/client.ts";
import type { Config } from "../worker/config/env.ts";
import {
  type AnyJob,
  checkEvent,
  type JobBindings,
  type JobDeps,
  type JobEvent,
  type JobHandlers,
  type JobStep,
  NonRetriableError,
} from "./define.ts";
import { JOBS } from "./registry.ts";

/**
 * Every job definition as an Inngest function (ADR 017), with its event and cron triggers. Built
 * per request with that request's config, because a Worker's secrets are not on process.env inside
 * Inngest handlers; the handlers are loaded here (whether a job has an onFailure is in its code).
 */
export async function createFunctions(
  inngest: Inngest,
  config: Config,
  jobs: readonly AnyJob[] = JOBS,
  bindings?: JobBindings,
): Promise<InngestFunction.Any[]> {
  const handlers = await Promise.all(jobs.map((job) => job.load()));
  return jobs.map((job, i) => toInngestFunction(inngest, config, job, handlers[i] as JobHandlers, bindings, jobs));
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

function toInngestFunction(
  inngest: Inngest,
  config: Config,
  job: AnyJob,
  { handler, onFailure }: JobHandlers,
  bindings: JobBindings | undefined,
  jobs: readonly AnyJob[],
): InngestFunction.Any {
  // On Inngest a dispatch only sends the event: there is no after-the-response work to wait for.
  const deps = (): JobDeps => ({
    db: createDb({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN }),
    config,
    waitUntil: () => {},
    bindings,
    send: async (events) => {
      if (events.length === 0) return;
      const at = new Date();
      await inngest.send(events.map((event) => checkEvent(jobs, event, at)));
    },
  });
  const { concurrency, idempotency, cancelOn } = job;
  return inngest.createFunction(
    {
      id: job.id,
      retries: job.retries,
      triggers: [...(job.event === undefined ? [] : [{ event: job.event }]), ...(job.cron === undefined ? [] : [{ cron: job.cron }])],
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
          onFailure({
            ...deps(),
            event: eventFor(job, event.data.event, event.data.run_id),
            error: { name: error.name, message: error.message },
            step: adaptSteps(step),
            runId: event.data.run_id,
          }),
      }),
    },
    async ({ event, step, runId, attempt }) =>
      handler({ ...deps(), event: eventFor(job, event, runId), step: adaptSteps(step as unknown as InngestSteps), runId, attempt }),
  ) as unknown as InngestFunction.Any;
}
