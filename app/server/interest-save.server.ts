import type { ActionFunctionArgs } from "react-router";
import { interesseDefinition } from "../../shared/resources/interesses.ts";
import { interestCreated } from "../../worker/services/matching.ts";
import { guard, saveAction } from "./resources.server.ts";

/**
 * The shared create action, then the reverse matching: a new interest's already-available
 * matches become alerts (a durable job, after the redirect is decided).
 */
export async function createInterestAction(args: ActionFunctionArgs) {
  const { ctx, actor } = guard(args, interesseDefinition, "create");
  try {
    return await saveAction(args, interesseDefinition);
  } catch (thrown) {
    const location = thrown instanceof Response && thrown.status >= 300 && thrown.status < 400 ? thrown.headers.get("location") : null;
    const id = location ? /^\/property_clients\/([0-9A-Za-z-]{1,64})$/.exec(location)?.[1] : undefined;
    if (id) await interestCreated(ctx, actor.orgId, id);
    throw thrown;
  }
}
