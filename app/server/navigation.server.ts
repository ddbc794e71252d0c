/**
 * The main menu and the records' list links, from the definitions (server side: the definitions
 * carry their zod schemas, which the browser's layout chunk must not).
 */
import { DEFINITIONS, screenPaths } from "../../shared/resources/definitions.ts";
import { AREA_NAV_ITEMS, type NavGroup, type ListLinks, type NavItem, NAV_GROUPS, type NavMenu, menuOf } from "../modules/navigation.ts";

function isNavGroup(group: string): group is NavGroup {
  return (NAV_GROUPS as readonly string[]).includes(group);
}

/** Every menu item: the hand-listed areas and each definition's entry (its list, under its list title). */
export const NAV_ITEMS: readonly NavItem[] = [
  ...AREA_NAV_ITEMS,
  ...DEFINITIONS.flatMap((def): NavItem[] => {
    const nav = def.nav;
    if (!nav) return [];
    if (!isNavGroup(nav.group)) throw new Error(`${def.name}: grupo de menu desconhecido (${nav.group}).`);
    return [{ to: def.basePath, label: nav.label ?? def.labels.listTitle, group: nav.group, order: nav.order, resource: def.name }];
  }),
];

/** The menu of a member who may read `readable` (the permission table's answer for their role). */
export function navFor(readable: readonly string[]): NavMenu {
  return menuOf(NAV_ITEMS, readable);
}

/** Every record list's link by the paths its screens answer on (`/clientes` too): where a failed screen leads back. */
export function listLinks(): ListLinks {
  return Object.fromEntries(
    DEFINITIONS.flatMap((def) => screenPaths(def).map((path) => [path, { basePath: def.basePath, listTitle: def.labels.listTitle }])),
  );
}
