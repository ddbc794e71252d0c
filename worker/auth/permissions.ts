import { type Access, type Action, allows, EVERYONE, permissionsOf, type Permissions, SETTINGS } from "../../shared/permissions.ts";
import type { Role } from "../../shared/enums.ts";
import { isResourceName, moduleOf, RESOURCE_NAMES } from "../resources/registry.ts";
import { type Actor, DomainError } from "../services/context.ts";

/**
 * The permission table's one question, `can(role, resource, action)`: records answer from their
 * definition's `access` (shared/permissions.ts presets), the other areas from `AREAS`. Every
 * service that acts for someone starts with `authorize`; pages, API and edge functions only
 * translate its refusal (403 and this message).
 */
export const FORBIDDEN_MESSAGE = "Você não tem permissão para esta ação.";

/** Areas that are not records: the organization's settings and team. */
export const AREAS = {
  /** Dashboard, profile, preferences. */
  account: EVERYONE,
  /** Business profile, database and diagnostics. */
  organization: SETTINGS,
  "business-settings": SETTINGS,
  team: SETTINGS,
} as const satisfies Record<string, Access>;

export type Area = keyof typeof AREAS;

export function accessOf(resource: string): Access | null {
  if (isResourceName(resource)) return moduleOf(resource).definition.access;
  return (AREAS as Record<string, Access>)[resource] ?? null;
}

export function can(role: Role, resource: string, action: Action): boolean {
  const access = accessOf(resource);
  return access ? allows(access, role, action) : false;
}

/** Throws the pt-BR 403 when the actor's role may not do `action` on `resource`. */
export function authorize(actor: Pick<Actor, "role">, resource: string, action: Action): void {
  if (!can(actor.role, resource, action)) throw new DomainError(FORBIDDEN_MESSAGE, 403);
}

/** What a screen shows for a resource (buttons, links), from the same table. */
export function permissionsFor(role: Role, resource: string): Permissions {
  return permissionsOf(accessOf(resource) ?? SETTINGS, role);
}

/** The resources and areas a role may read: what the navigation shows. */
export function readable(role: Role): string[] {
  return [...Object.keys(AREAS), ...RESOURCE_NAMES].filter((r) => can(role, r, "read"));
}
