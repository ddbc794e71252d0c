import { eq, isNull } from "drizzle-orm";
import { properties } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { PropertyStatus } from "../../../shared/enums.ts";
import { portalChecklist, type UnmetRule } from "../../../shared/real-estate/portal-readiness.ts";
import type { PortalProperty } from "../../../shared/real-estate/vrsync.ts";
import { addressWarnings } from "../../../shared/real-estate/hidden-address.ts";
import { ownerCondition } from "../../auth/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { parsePhotos, photosOf, portalColumns } from "./portal-feed.ts";
import { PROPERTY_NOT_FOUND } from "./properties.ts";
import { isId } from "../../../shared/id.ts";

/**
 * The property's "Portal" tab: the VRSync checklist (the same rules the feed applies) and the
 * "Enviar para portais" switch, which refuses to turn on while a rule is unmet.
 */

const RESOURCE = "imoveis";

export interface PropertyPortal {
  id: string;
  status: PropertyStatus;
  portal: boolean;
  checklist: UnmetRule[];
  /** Not rules of the feed, but what the broker should fix before it goes out (a hidden street named in the description). */
  warnings: string[];
}

/** The property's portal flag and checklist: one statement (photos as a JSON subquery). */
export async function propertyPortal(ctx: ServiceContext, actor: Actor, id: string): Promise<PropertyPortal | null> {
  const owner = ownerCondition(actor, RESOURCE, "read", properties);
  if (!isId(id)) return null;
  const p = properties;
  const [row] = await ctx.db
    .select({ ...portalColumns, id: p.id, status: p.status, portal: p.portal, fotos: photosOf(actor.orgId) })
    .from(p)
    .where(orgScope(ctx.db, actor.orgId).where(p, eq(p.id, id), isNull(p.excluidoEm), owner))
    .limit(1);
  if (!row) return null;
  const checklist = portalChecklist(row as PortalProperty, parsePhotos(row.fotos));
  return { id: row.id, status: row.status, portal: row.portal, checklist, warnings: addressWarnings(row as PortalProperty) };
}

/** The refusal's text: every unmet rule, so the person sees all of them at once. */
export function notReadyMessage(checklist: readonly UnmetRule[]): string {
  return `Ainda falta para enviar aos portais: ${checklist.map((r) => r.text).join("; ")}.`;
}

/**
 * Turns "Enviar para portais" on or off. On is refused (409, nothing changed) while the
 * checklist has items; off is always allowed.
 */
export async function setPropertyPortal(ctx: ServiceContext, actor: Actor, id: string, on: boolean): Promise<void> {
  const owner = ownerCondition(actor, RESOURCE, "update", properties);
  const current = await propertyPortal(ctx, actor, id);
  if (!current) throw new DomainError(PROPERTY_NOT_FOUND, 404);
  if (on && current.checklist.length > 0) throw new DomainError(notReadyMessage(current.checklist), 409, "portal");
  if (current.portal === on) return;
  const p = properties;
  await ctx.db
    .update(p)
    .set({ portal: on, atualizadoEm: ctx.now, atualizadoPor: actor.userId })
    .where(orgScope(ctx.db, actor.orgId).where(p, eq(p.id, id), isNull(p.excluidoEm), owner));
}
