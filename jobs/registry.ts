import type { z } from "zod";
import { aiContent } from "./contracts/ai-content.ts";
import { appointmentReminders } from "./contracts/appointment-reminders.ts";
import { sweepAiGenerations } from "./contracts/sweep-ai-generations.ts";
import { matchInterest } from "./contracts/match-interest.ts";
import { matchProperty } from "./contracts/match-property.ts";
import { publishPost } from "./contracts/publish-post.ts";
import { purgeExpired } from "./contracts/purge-expired.ts";
import { monthlySummary } from "./contracts/monthly-summary.ts";
import { recurringExpenses } from "./contracts/recurring-expenses.ts";
import { reportFile } from "./contracts/report-file.ts";
import { sweepReportFilesJob } from "./contracts/sweep-report-files.ts";
import { requeueLostEmails } from "./contracts/requeue-lost-emails.ts";
import { sendEmail } from "./contracts/send-email.ts";
import { socialInsights } from "./contracts/social-insights.ts";
import { sweepPostImagesJob } from "./contracts/sweep-post-images.ts";
import { sweepDocumentsJob } from "./contracts/sweep-documents.ts";
import { socialTokenHealth } from "./contracts/social-token-health.ts";
import { sweepPublications } from "./contracts/sweep-publications.ts";
import { type AnyJob, lazyJob } from "./define.ts";

/**
 * Every durable job (ADR 017): its contract, and its handler file loaded on first use (ADR 026:
 * dispatching needs only the contract, so a service that dispatches never imports, even in a
 * circle, what a handler imports). A new job is its contract, its handler and one line here.
 */
export const JOBS = [
  lazyJob(sendEmail, () => import("./handlers/send-email.ts")),
  lazyJob(matchProperty, () => import("./handlers/match-property.ts")),
  lazyJob(matchInterest, () => import("./handlers/match-interest.ts")),
  lazyJob(purgeExpired, () => import("./handlers/purge-expired.ts")),
  lazyJob(requeueLostEmails, () => import("./handlers/requeue-lost-emails.ts")),
  lazyJob(socialInsights, () => import("./handlers/social-insights.ts")),
  lazyJob(sweepPostImagesJob, () => import("./handlers/sweep-post-images.ts")),
  lazyJob(socialTokenHealth, () => import("./handlers/social-token-health.ts")),
  lazyJob(publishPost, () => import("./handlers/publish-post.ts")),
  lazyJob(sweepPublications, () => import("./handlers/sweep-publications.ts")),
  lazyJob(aiContent, () => import("./handlers/ai-content.ts")),
  lazyJob(sweepAiGenerations, () => import("./handlers/sweep-ai-generations.ts")),
  lazyJob(appointmentReminders, () => import("./handlers/appointment-reminders.ts")),
  lazyJob(sweepDocumentsJob, () => import("./handlers/sweep-documents.ts")),
  lazyJob(recurringExpenses, () => import("./handlers/recurring-expenses.ts")),
  lazyJob(reportFile, () => import("./handlers/report-file.ts")),
  lazyJob(monthlySummary, () => import("./handlers/monthly-summary.ts")),
  lazyJob(sweepReportFilesJob, () => import("./handlers/sweep-report-files.ts")),
] as const satisfies readonly AnyJob[];

type Job = (typeof JOBS)[number];
type TriggerEvent = NonNullable<Job["event"]>;
type CancelEvent = NonNullable<Job["cancelOn"]>[number]["event"];

/** Every event the app may send: what starts a job, and what only cancels one. */
export type EventName = TriggerEvent | CancelEvent;

/** An event's data: the payload of the jobs it starts; any object for a cancel-only event. */
export type EventData<N extends EventName> = [Extract<Job, { event: N }>] extends [never]
  ? Record<string, unknown>
  : z.input<Extract<Job, { event: N }>["payload"]>;
