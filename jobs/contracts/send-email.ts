import { z } from "zod";
import { defineContract } from "../define.ts";

/** Delivers one outbox row (worker/email/provider.ts); its status is what the app shows. */
export const sendEmail = defineContract({
  id: "send-email",
  event: "email/send.requested",
  payload: z.object({ outboxId: z.string().min(1) }),
  retries: 4,
  // One delivery per outbox row, however often it is requested (the cron re-requests lost ones).
  idempotency: "data.outboxId",
});
