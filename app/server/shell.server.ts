/** What the app's shell needs to draw itself for a member (the app layout, and the 404 of a signed-in member). */
import type { AuthOrg, AuthState } from "../../worker/auth/sessions.ts";
import { can, readable } from "../../worker/auth/permissions.ts";
import type { NavMenu } from "../modules/navigation.ts";
import { accentCss } from "../../shared/brand/contrast.ts";
import { FORBIDDEN_MESSAGE, normalizePath } from "./guards.server.ts";
import { navFor, screenResource } from "./navigation.server.ts";

export interface ShellData {
  user: { name: string; email: string };
  /** `accentCss`: the organização's accent from /cores (ADR 054), drawn by the shell on every page. */
  org: { name: string; role: AuthOrg["role"]; accentCss?: string };
  nav: NavMenu;
}

export function shellData(auth: AuthState, org: AuthOrg): ShellData {
  return {
    user: { name: auth.user.name, email: auth.user.email },
    org: { name: org.name, role: org.role, ...(org.accent ? { accentCss: accentCss(org.accent) } : {}) },
    // The menu shows what the permission table lets this role read.
    nav: navFor(readable(org.role)),
  };
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
