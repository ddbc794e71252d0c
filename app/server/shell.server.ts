/** What the app's shell needs to draw itself for a member (the app layout, and the 404 of a signed-in member). */
import type { AuthOrg, AuthState } from "../../worker/auth/sessions.ts";
import { can, readable } from "../../worker/auth/permissions.ts";
import { type LayoutName, layoutFor, NOT_AVAILABLE_MESSAGE, PROFESSIONAL_HOME, professionalMayOpen } from "../modules/layouts.ts";
import { type NavMenu, SETTINGS_HOME } from "../modules/navigation.ts";
import { redirect } from "react-router";
import { accentCss } from "../../shared/brand/contrast.ts";
import { FORBIDDEN_MESSAGE, normalizePath } from "./guards.server.ts";
import { navFor, screenResource } from "./navigation.server.ts";

export interface ShellData {
  user: { name: string; email: string };
  /** `accentCss`: the organização's accent from /cores (ADR 054), drawn by the shell on every page. */
  org: { name: string; role: AuthOrg["role"]; accentCss?: string };
  nav: NavMenu;
  /** Which shell draws the page (ADR 063): the grouped menu, or the professionals' slim one. */
  layout: LayoutName;
}

export function shellData(auth: AuthState, org: AuthOrg): ShellData {
  const layout = layoutFor(org);
  return {
    user: { name: auth.user.name, email: auth.user.email },
    org: { name: org.name, role: org.role, ...(org.accent ? { accentCss: accentCss(org.accent) } : {}) },
    // The menu shows what the permission table lets this role read (the slim shell has its own two links).
    nav: layout === "default" ? navFor(readable(org.role)) : { groups: [], settings: { to: SETTINGS_HOME.to, label: SETTINGS_HOME.label } },
    layout,
  };
}

/**
 * The professionals layout reaches only their agenda, service desk and account: any other page
 * of the app layout leads a GET to their agenda and refuses anything else in pt-BR (403), before
 * its loader or action runs. What the pages it does reach allow stays the permission table's.
 */
export function requireLayoutScreen(org: AuthOrg, request: Request): void {
  if (layoutFor(org) !== "professionals" || professionalMayOpen(normalizePath(new URL(request.url).pathname))) return;
  if (request.method === "GET" || request.method === "HEAD") throw redirect(PROFESSIONAL_HOME);
  throw new Response(NOT_AVAILABLE_MESSAGE, { status: 403 });
}

/**
 * A menu screen (`/config`, `/supabase-test`) refused, by the route ↔ permission table, to a role
 * that may not read its resource: the table that draws the menu also closes the door. The page's
 * own guard still checks what it does (an update, a record's reach).
 */
export function requireScreen(org: AuthOrg, request: Request): void {
  const resource = screenResource(normalizePath(new URL(request.url).pathname));
  if (resource !== undefined && !can(org.role, resource, "read")) throw new Response(FORBIDDEN_MESSAGE, { status: 403 });
}
