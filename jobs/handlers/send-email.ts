import { and, eq } from "drizzle-orm";
import { emailOutbox } from "../../db/schema/index.ts";
import { deliverOutboxEmail } from "../../worker/email/provider.ts";
import { sendEmail } from "../contracts/send-email.ts";
import { jobHandlers } from "../define.ts";

export default jobHandlers(sendEmail, {
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
