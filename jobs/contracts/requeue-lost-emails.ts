import { defineContract } from "../define.ts";

/** Every minute, requests again the e-mails still queued whose run was lost (the send-email job is idempotent per row). */
export const requeueLostEmails = defineContract({
  id: "requeue-lost-emails",
  cron: "* * * * *",
  retries: 1,
});
