import { defineContract } from "../define.ts";

/**
 * Every day at 06:00 (São Paulo): Meta tokens refreshed before they lapse, owners warned 7 days
 * before one that cannot be refreshed expires, revoked ones flipped to "reconectar", tokens
 * sealed under an old key sealed again (worker/services/social/token-health.ts).
 */
export const socialTokenHealth = defineContract({
  id: "social-token-health",
  cron: "TZ=America/Sao_Paulo 0 6 * * *",
  retries: 2,
});
