import { defineContract } from "../define.ts";

/**
 * Every day at 03:10 (São Paulo): the next occurrences of every recurring bill, up to 35 days
 * ahead (ADR 072). The (organização, série, vencimento) unique index, not this schedule, keeps
 * an occurrence from being created twice (a retry or a second run adds nothing).
 */
export const recurringExpenses = defineContract({
  id: "recurring-expenses",
  cron: "TZ=America/Sao_Paulo 10 3 * * *",
  retries: 2,
});
