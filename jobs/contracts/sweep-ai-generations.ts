import { defineContract } from "../define.ts";

/** Every 5 minutes: generations whose run died are marked failed (never a frozen "gerando"). */
export const sweepAiGenerations = defineContract({
  id: "sweep-ai-generations",
  cron: "*/5 * * * *",
  retries: 1,
});
