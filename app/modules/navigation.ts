import type { Role } from "../../shared/enums.ts";

export const NAV_GROUPS = ["Negócio", "Imóveis", "Financeiro", "Redes Sociais", "Configurações"] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface NavItem {
  to: string;
  label: string;
  group: NavGroup;
  roles: readonly Role[];
}

const ALL: readonly Role[] = ["owner", "admin", "staff", "professional"];
const MANAGERS: readonly Role[] = ["owner", "admin"];

/** Only screens that exist are listed; each feature adds its entry when it ships. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/", label: "Dashboard", group: "Negócio", roles: ALL },
  { to: "/clients", label: "Clientes", group: "Negócio", roles: ALL },
  { to: "/companies", label: "Empresas", group: "Negócio", roles: ALL },
  { to: "/config", label: "Perfil do Negócio", group: "Configurações", roles: MANAGERS },
  { to: "/admin/users", label: "Usuários", group: "Configurações", roles: MANAGERS },
  { to: "/settings", label: "Configurações", group: "Configurações", roles: ALL },
  { to: "/setup-database", label: "Banco de Dados", group: "Configurações", roles: MANAGERS },
  { to: "/supabase-test", label: "Diagnóstico do Sistema", group: "Configurações", roles: MANAGERS },
];

export function navFor(role: Role): { group: NavGroup; items: NavItem[] }[] {
  return NAV_GROUPS.map((group) => ({ group, items: NAV_ITEMS.filter((i) => i.group === group && i.roles.includes(role)) })).filter(
    (g) => g.items.length > 0,
  );
}

export const ROLE_LABELS: Record<Role, string> = {
  owner: "Dono(a)",
  admin: "Administrador(a)",
  staff: "Equipe",
  professional: "Profissional",
};
