import { defineContract } from "../define.ts";

/**
 * Every morning (06:00 in Brasília, before the office opens), Meta's metrics of the last 30 days'
 * publications and each account's own recent posts (worker/services/social/insights.ts).
 * Bounded per run; an account read in the last 20 hours is skipped, so a second run costs nothing.
 */
export const socialInsights = defineContract({
  id: "social-insights",
  cron: "TZ=America/Sao_Paulo 0 6 * * *",
  retries: 2,
});
