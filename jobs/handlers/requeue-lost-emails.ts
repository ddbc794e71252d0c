import { and, eq, gt, lt, notExists } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { emailOutbox, jobRuns } from "../../db/schema/index.ts";
import { requeueLostEmails } from "../contracts/requeue-lost-emails.ts";
import { sendEmail } from "../contracts/send-email.ts";
import { jobHandlers } from "../define.ts";

/** How long a queued e-mail may wait for its run before the cron asks for it again. */
export const LOST_EMAIL_AFTER_MS = 5 * 60_000;
/** Older than this an e-mail is left alone: its link has expired. */
const LOST_EMAIL_UNTIL_MS = 24 * 3600_000;

/**
 * E-mails still queued a few minutes after they were written and that no local run knows: the
 * request died between the outbox insert and the dispatch, or the row predates the durable runner
 * (ADR 017). Re-requesting is safe: the job is idempotent per outbox row. On Inngest no local run
 * exists, so every such row is re-sent, and Inngest's idempotency drops the ones it already has.
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

export default jobHandlers(requeueLostEmails, {
  async handler({ event, step, db, send }) {
    return step.run("requeue", async () => {
      const lost = await lostEmails(db, new Date(event.ts));
      await send(lost.map((row) => ({ name: sendEmail.event, data: { outboxId: row.outboxId } })));
      return { requeued: lost.length };
    });
  },
});
