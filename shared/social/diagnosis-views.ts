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

/** The text of the real test post on a Page ("Teste de Publicação"). */
export const TEST_POST_TEXT = "Teste de publicação do Alicerce — pode apagar";

/** What a test action on /test-posting answers. */
export interface TestResult {
  ok: boolean;
  /** pt-BR: what happened and, when not ok, what to do. */
  message: string;
  /** Meta's raw code ("190/460", "ERROR/2207026"), when Meta refused. */
  code?: string;
  /** What was created at Meta: the container, the unpublished photo or the post. */
  createdId?: string;
  permalink?: string;
}
