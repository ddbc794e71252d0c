import { createDb, type Database } from "../db/client.ts";
import { type Config, usesInngest } from "../worker/config/env.ts";
import { checkEvent, type EventInput, type JobBindings } from "./define.ts";
import { type EventData, type EventName, JOBS } from "./registry.ts";
import { createRunner } from "./runner.ts";

export interface DispatchContext {
  config: Config;
  waitUntil: (promise: Promise<unknown>) => void;
  /** The request's database handle, when the caller has one (else one is opened from config). */
  db?: Database;
  /** The bindings the runs started here may use (the local runner executes them after the response). */
  bindings?: JobBindings | undefined;
  /** The local runner's clock (a job passes its runner's on, so a test's clock reaches the runs it starts). */
  now?: (() => Date) | undefined;
}

export interface DispatchOptions {
  /** The event's id: sending the same id again starts no second run. Random by default. */
  id?: string;
}

/**
 * Sends an event: to Inngest when configured; otherwise the local runner records its runs now
 * (one round trip) and executes them after the response (waitUntil). Payloads are checked
 * against the definitions either way.
 */
export async function dispatch<N extends EventName>(
  ctx: DispatchContext,
  name: N,
  data: EventData<N>,
  options: DispatchOptions = {},
): Promise<void> {
  await sendEvents(ctx, [{ name, data, id: options.id }]);
}

/** Several events at once (one request to Inngest, or one round trip to the local runner's tables). */
export async function sendEvents(ctx: DispatchContext, events: readonly EventInput[]): Promise<void> {
  if (events.length === 0) return;
  if (usesInngest(ctx.config)) {
    const at = new Date();
    const checked = events.map((event) => checkEvent(JOBS, event, at));
    const { createInngest } = await import("./client.ts");
    await createInngest(ctx.config).send(checked);
    return;
  }
  const runner = createRunner({
    db: ctx.db ?? createDb({ url: ctx.config.DATABASE_URL, authToken: ctx.config.DATABASE_AUTH_TOKEN }),
    config: ctx.config,
    waitUntil: ctx.waitUntil,
    bindings: ctx.bindings,
    ...(ctx.now && { now: ctx.now }),
  });
  const queued = await runner.enqueue(events);
  if (queued.length === 0) return;
  ctx.waitUntil(
    runner.execute(queued).catch((error: unknown) => {
      // The runs stay in job_runs: the cron picks them up once their lease lapses.
      console.error("[job] falha ao iniciar", error);
    }),
  );
}
