import { postDefinition } from "../../../shared/resources/posts.ts";
import { isId } from "../../../shared/id.ts";
import { readFeed } from "../../../worker/services/social/feed.ts";
import { mayReschedule } from "../../../worker/services/social/reschedule.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { guard } from "../resources.server.ts";

/** The permission table's area of the connection screens (/social-connect-simple). */
const CONNECT_AREA = "social-connections";

/** /feed's loader (ADR 045): one Instagram account's grid, in one round trip. The reorder is `swapAction`. */
export async function feedLoader(args: Parameters<typeof guard>[0]) {
  const { ctx, actor } = guard(args, postDefinition, "read");
  const conta = new URL(args.request.url).searchParams.get("conta");
  const read = await readFeed(ctx, actor, isId(conta) ? conta : null);
  return {
    ...read,
    accounts: read.accounts.filter((a) => a.rede === "instagram"),
    now: ctx.now.toISOString(),
    canMove: mayReschedule(actor),
    /** Whether the member may open Conectar Redes (the empty state's way forward). */
    canConnect: can(actor.role, CONNECT_AREA, "read"),
    detailPath: postDefinition.basePath,
  };
}

export type FeedData = Awaited<ReturnType<typeof feedLoader>>;
