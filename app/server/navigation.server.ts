/**
 * The main menu, the settings area's sections and the records' list links, from the definitions
 * (server side: the definitions carry their zod schemas, which the browser's layout chunk must not).
 */
import { DEFINITIONS, screenPaths } from "../../shared/resources/definitions.ts";
import {
  AREA_NAV_ITEMS,
  type ListLinks,
  NAV_GROUPS,
  type NavGroup,
  type NavItem,
  type NavMenu,
  menuOf,
  type Screen,
  type SettingsMenu,
  screensOf,
  settingsOf,
} from "../modules/navigation.ts";

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

/** The route ↔ permission table of every screen a menu leads to (the main menu and the settings area). */
export const SCREENS: readonly Screen[] = screensOf(NAV_ITEMS);

/** The menu of a member who may read `readable` (the permission table's answer for their role). */
export function navFor(readable: readonly string[]): NavMenu {
  return menuOf(NAV_ITEMS, readable);
}

/** The settings area's sections for a member who may read `readable`. */
export function settingsFor(readable: readonly string[]): SettingsMenu {
  return settingsOf(readable);
}

/**
 * The resource whose "read" opens the menu screen at `pathname` (`/config`, `/clients`), or
 * undefined for a page that is no menu screen (a record, a form: those guard themselves).
 */
export function screenResource(pathname: string): string | undefined {
  return SCREENS.find((s) => s.to === pathname)?.resource;
}

/** Every record list's link by the paths its screens answer on (`/clientes` too): where a failed screen leads back. */
export function listLinks(): ListLinks {
  return Object.fromEntries(
    DEFINITIONS.flatMap((def) => screenPaths(def).map((path) => [path, { basePath: def.basePath, listTitle: def.labels.listTitle }])),
  );
}
