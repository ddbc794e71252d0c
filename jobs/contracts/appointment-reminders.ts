import { defineContract } from "../define.ts";

/**
 * Every five minutes: the day-before reminders of every organização (ADR 061). The claim on
 * `appointments.reminder_at`, not this schedule, is what keeps a client from being reminded twice.
 */
export const appointmentReminders = defineContract({
  id: "appointment-reminders",
  cron: "*/5 * * * *",
  retries: 2,
});
