import { defineContract } from "../define.ts";

/**
 * Every hour (ADR 086): on the 1st of the month in each organização's own zone, last month's
 * summary (Vendas + DRE, one PDF) is queued as a report file and, once built, e-mailed to the
 * owners. Hourly so every zone's 1st is seen; the (organização, month) unique index — not this
 * schedule — keeps it to one file and one e-mail per month. On any other day a run reads nothing.
 */
export const monthlySummary = defineContract({
  id: "monthly-summary",
  cron: "5 * * * *",
  retries: 2,
});
