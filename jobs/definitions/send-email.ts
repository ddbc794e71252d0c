import { and, eq, gt, lt, notExists } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { emailOutbox, jobRuns } from "../../db/schema/index.ts";
import { deliverOutboxEmail } from "../../worker/email/provider.ts";
import { defineJob } from "../define.ts";

/** Delivers one outbox row (worker/email/provider.ts); its status is what the app shows. */
export const sendEmail = defineJob({
  id: "send-email",
  event: "email/send.requested",
  payload: z.object({ outboxId: z.string().min(1) }),
  retries: 4,
  // One delivery per outbox row, however often it is requested (the cron re-requests lost ones).
  idempotency: "data.outboxId",
  async handler({ event, step, db, config }) {
    return step.run("deliver", () => deliverOutboxEmail({ db, config }, event.data.outboxId));
  },
  async onFailure({ event, error, step, db }) {
    // An HTTP refusal already marked the row failed; a network error left it queued.
    await step.run("mark-failed", async () => {
      await db
        .update(emailOutbox)
        .set({ status: "failed", error: error.message.slice(0, 300) })
        .where(and(eq(emailOutbox.id, event.data.outboxId), eq(emailOutbox.status, "queued")));
    });
  },
});

/** How long a queued e-mail may wait for its run before the cron asks for it again. */
export const LOST_EMAIL_AFTER_MS = 5 * 60_000;
/** Older than this an e-mail is left alone: its link has expired. */
const LOST_EMAIL_UNTIL_MS = 24 * 3600_000;

/**
 * E-mails still queued a few minutes after they were written and that no local run knows: the
 * request died between the outbox insert and the dispatch, or the row predates the durable runner
 * (ADR 017). Re-requesting is safe: the job is idempotent per outbox row. On Inngest no local run
 * exists, so every such row is re-sent, and Inngest's idempotency drops the ones it already has.
 * Returned unexecuted, to ride in the cron's batch.
 */
export function lostEmails(db: Database, now: Date) {
  return db
    .select({ outboxId: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "queued"),
        lt(emailOutbox.createdAt, new Date(now.getTime() - LOST_EMAIL_AFTER_MS)),
        gt(emailOutbox.createdAt, new Date(now.getTime() - LOST_EMAIL_UNTIL_MS)),
        notExists(
          db
            .select({ id: jobRuns.id })
            .from(jobRuns)
            .where(and(eq(jobRuns.functionId, sendEmail.id), eq(jobRuns.eventId, emailOutbox.id))),
        ),
      ),
    )
    .limit(20);
}
