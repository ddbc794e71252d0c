import type { Role } from "../../shared/enums/account.ts";
import { isUnder, type MenuLink, PAGES_REACHED_FROM } from "./navigation.ts";

/**
 * The spec's signed-in layouts (ADR 063): "default" (the grouped menu, every role) and
 * "professionals" — the slim shell of a member with the professional role whose login is linked
 * to a profissional record (professionals.user_id): their agenda, their service desk, their
 * account, nothing else. A professional-role member without the link (a corretor) keeps the
 * default layout. The permission table still decides what each page and API lets them do; the
 * layout only narrows where they can go.
 */
export type LayoutName = "default" | "professionals";

/** Where the professionals layout leads every screen outside it. */
export const PROFESSIONAL_HOME = "/agenda";

/**
 * The slim shell's menu: their summary — the dashboard, "/", where sign-in lands: their own day
 * and their commissions this month (ADR 084) — their own agenda and service desk, and the
 * reports they may open (their own commissions over any period, ADR 083).
 */
export const PROFESSIONAL_MENU: readonly MenuLink[] = [
  { to: "/", label: "Resumo" },
  { to: "/agenda", label: "Agenda" },
  { to: "/atendimento", label: "Atendimento" },
  // Their own commissions (the Comissões report, ADR 083).
  { to: "/relatorios", label: "Relatórios" },
];

/** Their own account (the user menu's entries): profile and colour preferences. */
export const PROFESSIONAL_ACCOUNT: readonly string[] = ["/perfil", "/settings/preferences"];

/** Told when a form of another screen is posted from the professionals layout (a GET is redirected home). */
export const NOT_AVAILABLE_MESSAGE = "Esta página não está disponível no acesso de profissional. Use a Agenda ou o Atendimento.";

export function layoutFor(org: { role: Role; professionalId?: string | undefined }): LayoutName {
  return org.role === "professional" && org.professionalId ? "professionals" : "default";
}

/** Whether the professionals layout opens `pathname` (normalized: no ".data", no trailing slash). */
export function professionalMayOpen(pathname: string): boolean {
  const opens = (path: string) => [...PROFESSIONAL_MENU.map((m) => m.to), ...PROFESSIONAL_ACCOUNT].some((to) => isUnder(path, to));
  // A page its menu screen leads to (/relatorio from /relatorios); the page itself still asks the table.
  const from = PAGES_REACHED_FROM[pathname];
  return opens(pathname) || (from !== undefined && opens(from));
}
