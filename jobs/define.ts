import type { Jsonify, TimeStr } from "inngest/types";
import { z } from "zod";
import type { Database } from "../db/client.ts";
import type { Bindings, Config } from "../worker/config/env.ts";
import { parseCron } from "./cron.ts";

/**
 * A durable job (ADR 017): one definition, run by Inngest when configured (jobs/functions.ts)
 * and by the local runner otherwise (jobs/runner.ts), with the same semantics. Its contract
 * (jobs/contracts/) and its code (jobs/handlers/) are apart, the code loaded lazily (ADR 026).
 */

/** Milliseconds, or Inngest's duration text: "30s", "5m", "1h", "1d", "1w", "1h30m". */
export type Duration = number | TimeStr;

/** What `step.run` gives back: the result as JSON would carry it (nothing for a void step). */
export type StepResult<T> = [Awaited<T>] extends [undefined] ? undefined : Jsonify<Awaited<T>>;

/** The step tools, a subset of Inngest's with the same names and arguments. */
export interface JobStep {
  /**
   * Runs `fn` once per run: its JSON result is stored, and a re-run (after a crash, a retry or
   * a sleep) returns the stored value instead of calling `fn` again. Results go through JSON on
   * both runners (a Date comes back as a string), so the first run and a replay see the same.
   */
  run<T>(id: string, fn: () => T | Promise<T>): Promise<StepResult<T>>;
  /** Suspends the run for `duration`; nothing stays in memory while it sleeps. */
  sleep(id: string, duration: Duration): Promise<void>;
  /** Suspends the run until `until` (a Date or an ISO 8601 text). */
  sleepUntil(id: string, until: Date | string): Promise<void>;
}

export interface JobEvent<D> {
  /** The event's id (or the definition's idempotency key on the local runner). */
  id: string;
  name: string;
  data: D;
  /** When the event was sent, in milliseconds. */
  ts: number;
}

/** What a job needs besides its event: passed in, since Worker secrets are not on process.env. */
export interface JobDeps {
  db: Database;
  config: Config;
  /** Work that must finish after the handler returns, as a Worker's `ctx.waitUntil` (a dispatch's runs). */
  waitUntil(promise: Promise<unknown>): void;
  /** The Worker's bindings a job may use (the bucket, the live rooms); absent in Node scripts. */
  bindings?: JobBindings | undefined;
  /** The runner's clock (a test's, on the local runner); the real one when absent. */
  now?: (() => Date) | undefined;
  /**
   * Sends a run's follow-up events (its e-mails, a report's build): to Inngest on Inngest, recorded
   * and run after this one by the local runner. Given to the run, so no handler imports
   * jobs/dispatch.ts, which imports every handler through the registry (an import circle).
   */
  send(events: readonly EventInput[]): Promise<void>;
}

/** The bindings jobs reach: what the request, the cron or Inngest's call had (REPORTS: the report PDFs' Worker, ADR 081/086). */
export type JobBindings = Pick<Bindings, "FILES" | "LIVE"> & { REPORTS?: Pick<Fetcher, "fetch"> | undefined };

export interface JobContext<D> extends JobDeps {
  event: JobEvent<D>;
  step: JobStep;
  runId: string;
  /** 0 on the first attempt of the current step, then 1, 2… up to `retries`. */
  attempt: number;
}

export interface JobFailure {
  name: string;
  message: string;
}

export interface FailureContext<D> extends JobDeps {
  /** The failed run's own event (Inngest's `event.data.event`). */
  event: JobEvent<D>;
  error: JobFailure;
  step: JobStep;
  /** The failed run's id. */
  runId: string;
}

/** A top-level field of the payload, written as Inngest writes it relative to the event. */
export type PayloadField<D> = `data.${Extract<keyof D, string>}`;

export type Retries = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;

// biome-ignore lint/suspicious/noExplicitAny: a zod object of any shape; the definition infers the exact one.
export type PayloadSchema = z.ZodType<Record<string, any>>;

/** The payload of a scheduled run: Inngest's `inngest/scheduled.timer` event carries its cron. */
export const CRON_PAYLOAD = z.object({ cron: z.string().optional() });
/** Inngest's event for a run its cron started (the local runner uses the same name). */
export const CRON_EVENT = "inngest/scheduled.timer";

/**
 * A job's contract (ADR 026): what dispatching, queueing, registering and scheduling it need, and
 * nothing of its code. It imports zod and shared/ only, so a service that dispatches the job
 * does not load (nor import in a circle) what the job's handler imports.
 */
export interface JobContract<E extends string = string, S extends PayloadSchema = PayloadSchema, C extends string = string> {
  /** Stable id: Inngest's function id and job_runs.function_id. Never rename a deployed job. */
  id: string;
  /** The event that starts a run (a scheduled job may have none). */
  event?: E;
  /** Starts a run on this schedule ("* * * * *", "TZ=America/Sao_Paulo 0 3 * * *"; UTC by default), as Inngest's cron trigger. */
  cron?: string;
  payload: S;
  /** Retries of each step after its first attempt (Inngest counts the same way). */
  retries: Retries;
  /**
   * At most `limit` runs sharing the payload field `key` execute at once; the others wait
   * queued. A field, not a function, because Inngest needs it as an expression.
   */
  concurrency?: { key: PayloadField<z.output<S>>; limit: number };
  /** One run per value of this payload field, however often the event is sent. */
  idempotency?: PayloadField<z.output<S>>;
  /** An event `event` whose `match` field equals this run's cancels it (at its next step). */
  cancelOn?: readonly { event: C; match: PayloadField<z.output<S>> }[];
}

/** A job's code: loaded only when a run executes (or Inngest's functions are built). */
export interface JobHandlers<S extends PayloadSchema = PayloadSchema> {
  handler(ctx: JobContext<z.output<S>>): Promise<unknown>;
  /** Runs once, as a run of its own, after the last retry failed (not after a cancellation). */
  onFailure?(ctx: FailureContext<z.output<S>>): Promise<unknown>;
}

/** A contract with the way to load its code: what the runner and the Inngest functions take. */
export interface JobDefinition<E extends string = string, S extends PayloadSchema = PayloadSchema, C extends string = string>
  extends JobContract<E, S, C> {
  load(): Promise<JobHandlers<S>>;
}

/** Any definition, whatever its event and payload (method parameters are bivariant). */
export type AnyJob = JobDefinition<string, PayloadSchema, string>;
/** Any contract. */
export type AnyContract = JobContract<string, PayloadSchema, string>;

/** What defineContract gives back: with an event, its type says so (dispatch's types read it). */
export type Contract<E extends string, S extends PayloadSchema, C extends string> = JobContract<E, S, C> &
  ([E] extends [never] ? unknown : { event: E });

/** A contract as written: a scheduled job may leave out its payload. */
export type ContractInput<E extends string, S extends PayloadSchema, C extends string> = Omit<JobContract<E, S, C>, "payload"> & {
  payload?: S;
};

const FIELD = /^data\.[A-Za-z_][A-Za-z0-9_]*$/;
const JOB_ID = /^[a-z0-9][a-z0-9-]*$/;

/** Declares a job's contract. Checks what the types cannot (ids, field paths, the cron), when the module loads. */
export function defineContract<
  const E extends string = never,
  S extends PayloadSchema = typeof CRON_PAYLOAD,
  const C extends string = never,
>(input: ContractInput<E, S, C>): Contract<E, S, C> {
  const { id, concurrency, idempotency, cancelOn, event, cron } = input;
  if (!JOB_ID.test(id) || id.endsWith(FAILURE_SUFFIX)) throw new Error(`job id inválido: ${id}`);
  if (event === undefined && cron === undefined) throw new Error(`${id}: declare um evento ou um cron`);
  if (event !== undefined && input.payload === undefined) throw new Error(`${id}: um job com evento declara o payload`);
  if (cron !== undefined && !parseCron(cron)) throw new Error(`${id}: cron inválido ${cron}`);
  const fields = [concurrency?.key, idempotency, ...(cancelOn ?? []).map((c) => c.match)].filter((f) => f !== undefined);
  for (const field of fields) if (!FIELD.test(field)) throw new Error(`${id}: campo inválido ${field} (use "data.<campo>")`);
  if (concurrency && !(Number.isInteger(concurrency.limit) && concurrency.limit > 0)) {
    throw new Error(`${id}: concurrency.limit deve ser um inteiro positivo`);
  }
  return { ...input, payload: input.payload ?? (CRON_PAYLOAD as unknown as S) } as Contract<E, S, C>;
}

/** A handler file's export: the code of `contract`, typed by its payload. */
export function jobHandlers<S extends PayloadSchema>(_contract: JobContract<string, S, string>, handlers: JobHandlers<S>): JobHandlers<S> {
  return handlers;
}

/** A registry entry: the contract, and its handler file loaded on first use (a dynamic import breaks the cycle). */
export function lazyJob<K extends AnyContract>(
  contract: K,
  load: () => Promise<{ default: JobHandlers<K["payload"]> }>,
): K & { load(): Promise<JobHandlers<K["payload"]>> } {
  return { ...contract, load: () => load().then((module) => module.default) };
}

/** A contract and its code in one (tests, and jobs whose code imports nothing heavy). */
export function defineJob<const E extends string = never, S extends PayloadSchema = typeof CRON_PAYLOAD, const C extends string = never>(
  definition: ContractInput<E, S, C> & JobHandlers<S>,
): Contract<E, S, C> & JobDefinition<E, S, C> {
  const { handler, onFailure, ...contract } = definition;
  const handlers: JobHandlers<S> = { handler, ...(onFailure && { onFailure }) };
  return { ...defineContract(contract as ContractInput<E, S, C>), load: async () => handlers };
}

/** Inngest's suffix for the separate function that runs a job's onFailure. */
export const FAILURE_SUFFIX = "-failure";
/** Inngest's system event that triggers a failure handler. */
export const FAILURE_EVENT = "inngest/function.failed";

/** An event as the app sends it; `id` makes a second send of the same event start nothing. */
export interface EventInput {
  name: string;
  data: unknown;
  id?: string | undefined;
}

/**
 * Checks an event against every job it starts (their payload schemas) or cancels, and stamps it
 * with an id and a time. Throws on an event no job knows or a payload a job refuses: a bug in the
 * caller, never a user's input (forms validate before they dispatch).
 */
export function checkEvent(jobs: readonly AnyContract[], input: EventInput, now: Date): JobEvent<Record<string, unknown>> {
  const starts = jobs.filter((job) => job.event === input.name);
  const cancels = jobs.some((job) => job.cancelOn?.some((c) => c.event === input.name));
  if (starts.length === 0 && !cancels) throw new Error(`evento desconhecido: ${input.name}`);
  if (input.data === null || typeof input.data !== "object" || Array.isArray(input.data)) {
    throw new Error(`${input.name}: os dados do evento devem ser um objeto`);
  }
  for (const job of starts) job.payload.parse(input.data);
  return { id: input.id ?? crypto.randomUUID(), name: input.name, data: input.data as Record<string, unknown>, ts: now.getTime() };
}

/** The value of a `data.<field>` path in an event's data. */
export function fieldValue(data: unknown, field: string): unknown {
  const key = field.slice("data.".length);
  return data !== null && typeof data === "object" ? (data as Record<string, unknown>)[key] : undefined;
}

/**
 * Thrown by a job (or a step) that must not be retried: the run fails at once and onFailure
 * runs. On Inngest it becomes Inngest's own NonRetriableError.
 */
export class NonRetriableError extends Error {
  override name = "NonRetriableError";
}

const UNIT_MS: Record<string, number> = { w: 7 * 86_400_000, d: 86_400_000, h: 3_600_000, m: 60_000, s: 1_000 };
const DURATION = /^(?:(\d+(?:\.\d+)?)w)?(?:(\d+(?:\.\d+)?)d)?(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m)?(?:(\d+(?:\.\d+)?)s)?$/;

/** A Duration in milliseconds ("1h30m" → 5 400 000); refuses anything Inngest would not read. */
export function durationMs(duration: Duration): number {
  if (typeof duration === "number") {
    if (!Number.isFinite(duration) || duration < 0) throw new NonRetriableError(`duração inválida: ${duration}`);
    return duration;
  }
  const match = DURATION.exec(duration);
  if (!match || duration === "") throw new NonRetriableError(`duração inválida: ${duration}`);
  return ["w", "d", "h", "m", "s"].reduce((total, unit, i) => total + Number(match[i + 1] ?? 0) * (UNIT_MS[unit] as number), 0);
}
