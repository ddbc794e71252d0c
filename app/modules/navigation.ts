import { ROLE, type Role } from "../../shared/enums/account.ts";

export const NAV_GROUPS = ["Negócio", "Imóveis", "Financeiro", "Redes Sociais", "Configurações"] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface NavItem {
  to: string;
  label: string;
  group: NavGroup;
  /** Position in its group (the record definitions' `nav.order` use the same scale). */
  order: number;
  /** The record or area of the permission table whose "read" shows the item. */
  resource: string;
}

/** The menu as the shell draws it: groups in order, each with the items the member may read. */
export type NavMenu = { group: NavGroup; items: Pick<NavItem, "to" | "label">[] }[];

/** A record screen's way back, by the path's first segment (`/clients`, `/clientes`). */
export type ListLinks = Record<string, { basePath: string; listTitle: string }>;

/**
 * The areas that are not kinds of record, listed by hand; every record's entry comes from its
 * definition (`nav`), merged by app/server/navigation.server.ts. Only screens that exist are listed.
 */
export const AREA_NAV_ITEMS: readonly NavItem[] = [
  { to: "/", label: "Dashboard", group: "Negócio", order: 0, resource: "account" },
  { to: "/property-drafts", label: "Rascunhos", group: "Imóveis", order: 20, resource: "imoveis" },
  { to: "/landing-page", label: "Landing Page", group: "Imóveis", order: 40, resource: "organization" },
  { to: "/portais", label: "Portais", group: "Imóveis", order: 50, resource: "organization" },
  { to: "/config", label: "Perfil do Negócio", group: "Configurações", order: 10, resource: "organization" },
  { to: "/business-settings", label: "Configurações do Negócio", group: "Configurações", order: 20, resource: "business-settings" },
  { to: "/admin/users", label: "Usuários", group: "Configurações", order: 30, resource: "team" },
  { to: "/settings", label: "Configurações", group: "Configurações", order: 40, resource: "account" },
  { to: "/setup-database", label: "Banco de Dados", group: "Configurações", order: 50, resource: "organization" },
  { to: "/supabase-test", label: "Diagnóstico do Sistema", group: "Configurações", order: 60, resource: "organization" },
];

/** The menu of a member who may read `readable`, from every item (areas and records). */
export function menuOf(items: readonly NavItem[], readable: readonly string[]): NavMenu {
  return NAV_GROUPS.map((group) => ({
    group,
    items: items
      .filter((i) => i.group === group && readable.includes(i.resource))
      .sort((a, b) => a.order - b.order)
      .map(({ to, label }) => ({ to, label })),
  })).filter((g) => g.items.length > 0);
}

export const ROLE_LABELS: Readonly<Record<Role, string>> = ROLE.labels;
