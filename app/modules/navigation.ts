import { ROLE, type Role } from "../../shared/enums/account.ts";

export const NAV_GROUPS = ["Negócio", "Imóveis", "Financeiro", "Redes Sociais", "Configurações"] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface NavItem {
  to: string;
  label: string;
  group: NavGroup;
  /** The record or area of the permission table whose "read" shows the item. */
  resource: string;
}

/** Only screens that exist are listed; each feature adds its entry when it ships. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/", label: "Dashboard", group: "Negócio", resource: "account" },
  { to: "/clients", label: "Clientes", group: "Negócio", resource: "clients" },
  { to: "/companies", label: "Empresas", group: "Negócio", resource: "companies" },
  { to: "/produtos", label: "Produtos", group: "Negócio", resource: "produtos" },
  { to: "/properties", label: "Imóveis", group: "Imóveis", resource: "imoveis" },
  { to: "/property-drafts", label: "Rascunhos", group: "Imóveis", resource: "imoveis" },
  { to: "/property_clients", label: "Interesses em Imóveis", group: "Imóveis", resource: "interesses" },
  { to: "/landing-page", label: "Landing Page", group: "Imóveis", resource: "organization" },
  { to: "/portais", label: "Portais", group: "Imóveis", resource: "organization" },
  { to: "/movimentacao-produtos", label: "Movimentações de produtos", group: "Negócio", resource: "movimentacoes-produtos" },
  { to: "/config", label: "Perfil do Negócio", group: "Configurações", resource: "organization" },
  { to: "/business-settings", label: "Configurações do Negócio", group: "Configurações", resource: "business-settings" },
  { to: "/admin/users", label: "Usuários", group: "Configurações", resource: "team" },
  { to: "/settings", label: "Configurações", group: "Configurações", resource: "account" },
  { to: "/setup-database", label: "Banco de Dados", group: "Configurações", resource: "organization" },
  { to: "/supabase-test", label: "Diagnóstico do Sistema", group: "Configurações", resource: "organization" },
];

/** The menu of a member who may read `readable` (the permission table's answer, computed by the layout's loader). */
export function navFor(readable: readonly string[]): { group: NavGroup; items: NavItem[] }[] {
  return NAV_GROUPS.map((group) => ({ group, items: NAV_ITEMS.filter((i) => i.group === group && readable.includes(i.resource)) })).filter(
    (g) => g.items.length > 0,
  );
}

export const ROLE_LABELS: Readonly<Record<Role, string>> = ROLE.labels;
