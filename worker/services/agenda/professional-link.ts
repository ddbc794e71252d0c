import { sql } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";

/**
 * A member who accepts an invite becomes the login of the professional registered with their
 * e-mail (ADR 064): the team's invite flow runs this in the batch that creates the membership.
 * Apart from professional-login.ts, which calls the team's service (no import circle).
 */

/**
 * The statement that links a member who just joined to the professional registered with their
 * e-mail (the oldest live one without a login), riding in the batch that creates the membership.
 */
export function linkOnJoin(ctx: ServiceContext, orgId: string, userId: string, email: string) {
  return ctx.db.run(sql`update professionals set user_id = ${userId}, updated_at = ${ctx.now.getTime()}
    where org_id = ${orgId} and id = (select p.id from professionals p where p.org_id = ${orgId} and p.email = ${email}
      and p.user_id is null and p.deleted_at is null order by p.created_at, p.id limit 1)`);
}
