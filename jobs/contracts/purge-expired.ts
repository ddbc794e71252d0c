import { defineContract } from "../define.ts";

/** Every minute, the housekeeping deletes: expired sessions, links, rate windows, e-mail bodies, unconfirmed accounts, old job runs. */
export const purgeExpired = defineContract({
  id: "purge-expired",
  cron: "* * * * *",
  retries: 1,
});
