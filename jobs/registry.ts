import type { z } from "zod";
import type { AnyJob } from "./define.ts";
import { matchInterest } from "./definitions/match-interest.ts";
import { matchProperty } from "./definitions/match-property.ts";
import { sendEmail } from "./definitions/send-email.ts";

/** Every durable job (ADR 017). A new job is its file in definitions/ and one line here. */
export const JOBS = [sendEmail, matchProperty, matchInterest] as const satisfies readonly AnyJob[];

type Job = (typeof JOBS)[number];
type TriggerEvent = Job["event"];
type CancelEvent = NonNullable<Job["cancelOn"]>[number]["event"];

/** Every event the app may send: what starts a job, and what only cancels one. */
export type EventName = TriggerEvent | CancelEvent;

/** An event's data: the payload of the jobs it starts; any object for a cancel-only event. */
export type EventData<N extends EventName> = [Extract<Job, { event: N }>] extends [never]
  ? Record<string, unknown>
  : z.input<Extract<Job, { event: N }>["payload"]>;
