import { eq, sql } from "drizzle-orm";
import { professionals } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { profissionalDefinition } from "../../../shared/resources/profissionais.ts";
import { isId } from "../../../shared/id.ts";
import { authorize } from "../../auth/permissions.ts";
import type { RecentAuth } from "../../auth/reauth.ts";
import type { AuthOrg } from "../../auth/sessions.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { inviteMember, inviteSentMessage } from "../organization/team.ts";

/**
 * A professional's login (ADR 064): linked to a member in the form (`usuarioId`), or invited by
 * e-mail through the team's one invite flow (/admin/users: same token, e-mail, limits and
 * answer), with the professional role. Accepting the invite links the new member to the
 * professional of that e-mail in the same batch that creates the membership.
 */

export const NO_EMAIL = "Cadastre o e-mail do profissional para convidá-lo.";
export const ALREADY_LINKED = "Este profissional já tem acesso ao sistema.";

/**
 * Invites the professional's e-mail to the team as a professional. Managers only (the team's
 * rule, with a recent password). The answer is the team's, whatever the e-mail.
 */
export async function inviteProfessional(
  ctx: ServiceContext,
  actor: Actor,
  org: AuthOrg,
  inviter: { id: string; name: string },
  id: string,
  proof: RecentAuth,
): Promise<string> {
  authorize(actor, profissionalDefinition.name, "update");
  if (!isId(id)) throw new DomainError("Profissional não encontrado.", 404);
  const [row] = await ctx.db
    .select({ nome: professionals.nome, email: professionals.email, usuarioId: professionals.usuarioId })
    .from(professionals)
    .where(orgScope(ctx.db, actor.orgId).where(professionals, eq(professionals.id, id), sql`${professionals.excluidoEm} is null`))
    .limit(1);
  if (!row) throw new DomainError("Profissional não encontrado.", 404);
  if (row.usuarioId) throw new DomainError(ALREADY_LINKED, 409);
  if (!row.email) throw new DomainError(NO_EMAIL, 422, "email");
  await inviteMember(ctx, org, inviter, { nome: row.nome, email: row.email, papel: "professional" }, proof);
  return inviteSentMessage(row.email);
}
