import { eq, or, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Role } from "../../shared/enums.ts";
import {
  type Access,
  type Action,
  AGENDA_RULES,
  ANALYTICS,
  allows,
  COMMISSION_REPORT,
  EVERYONE,
  MONEY_REPORT,
  OPERATIONS_REPORT,
  permissionsOf,
  REPORT_CATALOGUE,
  type Permissions,
  type Reach,
  reachOf,
  SETTINGS,
  SOCIAL_ANALYTICS,
  SOCIAL_STATUS,
  SYSTEM,
  scopeOf,
} from "../../shared/permissions.ts";
import { DEFINITIONS, definitionByName } from "../../shared/resources/definitions.ts";
import { type Actor, DomainError } from "../services/context.ts";

/**
 * The permission table's one question, `can(role, resource, action)`: records answer from their
 * pure definition's `access` (shared/permissions.ts presets; never the server modules, so the
 * table imports nothing that leads back to the services), the other areas from `AREAS`. Every
 * service that acts for someone starts with `authorize`, which also says how far the actor
 * reaches ("own": `ownerCondition` narrows every query to their rows); pages, API and edge
 * functions only translate its refusal (403 and this message).
 */
export const FORBIDDEN_MESSAGE = "Você não tem permissão para esta ação.";

/** Areas that are not records: the organization's settings, its team and the system pages. */
export const AREAS = {
  /** Dashboard, profile, preferences. */
  account: EVERYONE,
  /** Business profile, landing page, portals. */
  organization: SETTINGS,
  "business-settings": SETTINGS,
  /** Horários (/horarios): managers edit the business hours, holidays and exceptions; staff reads them. */
  "business-hours": AGENDA_RULES,
  /**
   * The brand (/cores "Estilização": colours, font, logo, the app's accent): the business's
   * identity, changed by its managers; staff and professionals use it through the art only.
   */
  brand: SETTINGS,
  team: SETTINGS,
  /** Whether Facebook and Instagram are connected (Conectar Redes): the office sees it; managers connect. */
  "social-connections": SOCIAL_STATUS,
  /** Which account, permissions, Pages, tokens and the Meta app's credentials: managers only. */
  "social-settings": SETTINGS,
  /** /analytics' business numbers (leads, conversion, ticket, returning clients): managers (ADR 085). */
  analytics: ANALYTICS,
  /** /analytics' social numbers (reach, engagement, best time to post): managers and the office (ADR 085). */
  "analytics-social": SOCIAL_ANALYTICS,
  /** Database and diagnostics: the owner only. */
  system: SYSTEM,
  /**
   * Relatórios (issue 23, ADR 083): each report of the catalogue (worker/services/reports/catalogue.ts)
   * names the area whose `read` opens it. The money reports are the managers'.
   */
  "relatorios-financeiros": MONEY_REPORT,
  /** Estoque, Agendamentos, Imóveis, Interesses and Posts reports: the managers (ADR 085). */
  "relatorios-operacionais": OPERATIONS_REPORT,
  /** /relatorios, the catalogue: whoever may open at least one of its reports. */
  relatorios: REPORT_CATALOGUE,
  /** Comissões por profissional: managers every professional's, the professional role their own. */
  "relatorio-comissoes": COMMISSION_REPORT,
} as const satisfies Record<string, Access>;

export type Area = keyof typeof AREAS;

/** Every registered resource's name, from the pure definitions. */
export const RECORD_NAMES: readonly string[] = DEFINITIONS.map((d) => d.name);

export function accessOf(resource: string): Access | null {
  return definitionByName(resource)?.access ?? (AREAS as Record<string, Access>)[resource] ?? null;
}

export function can(role: Role, resource: string, action: Action): boolean {
  const access = accessOf(resource);
  return access ? allows(access, role, action) : false;
}

/**
 * Throws the pt-BR 403 when the actor's role may not do `action` on `resource`; else how far
 * it reaches: "any" record, or only their "own" (then every query adds `ownerCondition`).
 */
export function authorize(actor: Pick<Actor, "role" | "ownOnly">, resource: string, action: Action): Reach {
  const access = accessOf(resource);
  const scope = access ? scopeOf(access, actor.role, action) : undefined;
  if (!scope) throw new DomainError(FORBIDDEN_MESSAGE, 403);
  return reachOf(scope, actor.ownOnly === true);
}

/** The resource's owner columns (its definition's `owners`) on `table`. */
export function ownerColumns(resource: string, table: object): SQLiteColumn[] {
  const owners = definitionByName(resource)?.owners ?? [];
  return owners.map((key) => {
    const column = (table as Record<string, SQLiteColumn | undefined>)[key];
    if (!column) throw new Error(`${resource}: a coluna de dono "${key}" não existe na tabela`);
    return column;
  });
}

/**
 * `authorize`, then the condition a query on `table` (the resource's own) adds for the actor:
 * none when they reach any record; "one of the owner columns is theirs" when they reach only
 * their own. A row outside it is simply not found (404: another member's record is not
 * revealed to exist).
 */
export function ownerCondition(
  actor: Pick<Actor, "role" | "ownOnly" | "userId">,
  resource: string,
  action: Action,
  table: object,
): SQL | undefined {
  if (authorize(actor, resource, action) === "any") return undefined;
  const columns = ownerColumns(resource, table);
  const linked = linkedOwner(actor, resource, table);
  // A resource with an "own" cell and no owners is refused outright rather than opened (a test checks none exists).
  if (!columns.length && !linked) throw new DomainError(FORBIDDEN_MESSAGE, 403);
  return or(...columns.map((column) => eq(column, actor.userId)), linked) as SQL;
}

/**
 * The definition's `ownerLink` as a condition on `table`: the linked record (live, of the same
 * organization) names the member. Undefined when the resource has no link.
 */
function linkedOwner(actor: Pick<Actor, "userId">, resource: string, table: object): SQL | undefined {
  const link = definitionByName(resource)?.ownerLink;
  if (!link) return undefined;
  const columns = table as Record<string, SQLiteColumn | undefined>;
  const field = columns[link.field];
  const org = columns.orgId;
  if (!field || !org) throw new Error(`${resource}: a coluna "${link.field}" do dono vinculado não existe na tabela`);
  const linkedTable = sql.identifier(link.table);
  const user = sql.identifier(link.userColumn);
  return sql`exists (select 1 from ${linkedTable} ol where ol.id = ${field} and ol.org_id = ${org} and ol.${user} = ${actor.userId} and ol.deleted_at is null)`;
}

/** Whether a row already read belongs to the actor by one of the resource's owner fields. */
export function ownsRow(actor: Pick<Actor, "userId">, resource: string, row: Record<string, unknown>): boolean {
  const def = definitionByName(resource);
  return (
    (def?.owners ?? []).some((key) => row[key] === actor.userId) ||
    (def?.ownerLink !== undefined && row[def.ownerLink.rowKey] === actor.userId)
  );
}

/**
 * Whether the actor may do `action` on a row already read (a page's Editar button): the table
 * allows it, and an "own" reach needs one of the owner fields to name them.
 */
export function mayActOn(
  actor: Pick<Actor, "role" | "ownOnly" | "userId">,
  resource: string,
  action: Action,
  row: Record<string, unknown>,
): boolean {
  const reach = reachFor(actor, resource, action);
  return reach === "any" || (reach === "own" && ownsRow(actor, resource, row));
}

/** How far the actor reaches for `action` (undefined: refused), without throwing: what a screen asks. */
export function reachFor(actor: Pick<Actor, "role" | "ownOnly">, resource: string, action: Action): Reach | undefined {
  const access = accessOf(resource);
  const scope = access ? scopeOf(access, actor.role, action) : undefined;
  return scope ? reachOf(scope, actor.ownOnly === true) : undefined;
}

/** `authorize`, and refuses (403) an actor who reaches only their own records: for acts across every record of a kind. */
export function authorizeAll(actor: Pick<Actor, "role" | "ownOnly">, resource: string, action: Action): void {
  if (authorize(actor, resource, action) !== "any") throw new DomainError(FORBIDDEN_MESSAGE, 403);
}

/** What a screen shows for a resource (buttons, links), from the same table. */
export function permissionsFor(role: Role, resource: string): Permissions {
  return permissionsOf(accessOf(resource) ?? SETTINGS, role);
}

/** The resources and areas a role may read: what the navigation shows. */
export function readable(role: Role): string[] {
  return [...Object.keys(AREAS), ...RECORD_NAMES].filter((r) => can(role, r, "read"));
}
