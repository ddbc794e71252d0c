/**
 * How long account links and unconfirmed accounts live. Apart from accounts.ts so the purge job
 * reads them without importing the service (which dispatches jobs: an import circle).
 */
export const CONFIRMATION_TTL_MS = 24 * 3600_000;
export const RECOVERY_TTL_MS = 3600_000;
export const INVITE_TTL_MS = 7 * 24 * 3600_000;
/** An account never confirmed this long after its last sign-up is deleted by the cron (scheduled.ts). */
export const UNCONFIRMED_ACCOUNT_TTL_MS = 7 * 24 * 3600_000;
