import { explainMetaError, type MetaErrorExplanation } from "../../../../shared/social/meta-errors.ts";
import { MetaApiError } from "../../../integrations/meta/graph.ts";
import { AccountNotReadyError, type AccountCredentials, accountCredentials } from "../account-credentials.ts";
import { ClaimLostError } from "./claim.ts";
import type { PublishingContext } from "./context.ts";
import type { TargetRow } from "./load.ts";
import { IMAGE_CHANGED_CODE } from "./media.ts";
import { holdAccount, holdForApproval as holdPostForApproval, holdPublication, markFailed, noteRetry } from "./outcomes.ts";

/** How long a publication waits after Instagram's daily limit before it looks again. */
export const QUOTA_HOLD_MS = 60 * 60_000;

/** Thrown to have the job retry the step with backoff (a transient or ambiguous Meta answer, already noted). */
export class RetryPublishError extends Error {
  override name = "RetryPublishError";
}

/** What a step gives back: its value, or why the run stops here (the row already says so). */
export type Guarded<T> = { ok: true; value: T } | { ok: false; stop: "held" | "failed" | "lost" | "published" };

/** A failure the publisher found itself (no Meta code), as the history keeps it. */
export function ownProblem(message: string, rawCode = "alicerce"): MetaErrorExplanation {
  return { action: "fail", message, rawCode };
}

/** Acts on an explanation: holds, fails, or notes and throws for a retry. */
export async function actOn(
  ctx: PublishingContext,
  target: TargetRow,
  step: string,
  explanation: MetaErrorExplanation,
  metaRaw?: string,
): Promise<Guarded<never>> {
  const note = { step, explanation, metaRaw };
  switch (explanation.action) {
    case "reconnect":
      await holdAccount(ctx, target, note);
      return { ok: false, stop: "held" };
    case "quota":
      await holdPublication(ctx, target, note, new Date(ctx.now().getTime() + QUOTA_HOLD_MS));
      return { ok: false, stop: "held" };
    case "fail":
      await markFailed(ctx, target, note);
      return { ok: false, stop: "failed" };
    default:
      await noteRetry(ctx, target, note);
      throw new RetryPublishError(`${explanation.message} [${explanation.rawCode}]`);
  }
}

/** An image is not the approved one: the publication (and its post) go back for approval; nothing is asked of Meta. */
export async function holdForApproval(ctx: PublishingContext, target: TargetRow, step: string, message: string): Promise<Guarded<never>> {
  await holdPostForApproval(ctx, target, { step, message, code: IMAGE_CHANGED_CODE });
  return { ok: false, stop: "held" };
}

/**
 * Runs one Meta-calling step for the publication: opens the account's token (an account to
 * reconnect holds the publication), and turns Meta's errors into the action they call for.
 * `write`: the call creates something, so an unanswered call is ambiguous (looked up next time).
 */
export async function guarded<T>(
  ctx: PublishingContext,
  target: TargetRow,
  step: string,
  write: boolean,
  fn: (creds: AccountCredentials) => Promise<T>,
): Promise<Guarded<T>> {
  try {
    const creds = await accountCredentials(ctx.db, ctx.config, target.orgId, target.contaId);
    return { ok: true, value: await fn(creds) };
  } catch (error) {
    if (error instanceof ClaimLostError) return { ok: false, stop: "lost" };
    if (error instanceof AccountNotReadyError) {
      await holdPublication(ctx, target, { step, message: error.message }, null);
      return { ok: false, stop: "held" };
    }
    if (!(error instanceof MetaApiError)) throw error;
    const explanation = explainMetaError(error.fields, { network: target.rede, write });
    return actOn(ctx, target, step, explanation, error.fields.metaMessage);
  }
}
