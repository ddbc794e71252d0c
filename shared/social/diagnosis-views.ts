import type { SocialNetwork } from "../enums/social.ts";

/** What the social diagnostics say per account (worker/services/social/diagnostics.ts), as the screens show it. */

export type CheckStatus = "ok" | "warn" | "fail";

export interface SocialCheck {
  id: string;
  label: string;
  status: CheckStatus;
  /** pt-BR: what was found, and what to do when it is not ok. */
  summary: string;
  /** Meta's raw code, when a call failed. */
  code?: string;
}

export interface AccountDiagnosis {
  id: string;
  rede: SocialNetwork;
  nome: string;
  demo: boolean;
  checks: SocialCheck[];
}
