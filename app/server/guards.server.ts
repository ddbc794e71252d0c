import { redirect, type RouterContextProvider } from "react-router";
import type { AuthOrg, AuthState } from "../../worker/auth/sessions.ts";
import { getRequestContext, type RequestContext } from "../../worker/context.ts";
import type { Role } from "../../db/schema/organizations.ts";
import { safeRedirectPath } from "../lib/safe-redirect.ts";
import type { Action } from "../../shared/permissions.ts";
import { can } from "../../worker/auth/permissions.ts";
import type { Actor } from "../../worker/services/context.ts";
import { type TimeZone, timeZoneOf } from "../../shared/time-zone.ts";

export const RETURN_COOKIE = "alicerce_return_to";

/** Spec §4: the six public routes (each also with a trailing slash). */
export const PUBLIC_PATHS = [
  "/login",
  "/criar-conta",
  "/forgot-password",
  "/recover-password",
  "/email-confirmation",
  "/auth/callback",
] as const;
/** A signed-in user on a public route goes to /, except on these. */
export const SIGNED_IN_ALLOWED = ["/setup-instagram", "/email-confirmation", "/criar-conta", "/auth/callback", "/convite"] as const;

/** A page's path from its document or data request ("/clients.data" → "/clients"; the index's "/_.data" → "/"). */
export function normalizePath(pathname: string): string {
  const clean = pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  return clean.length > 1 ? clean.replace(/\/+$/, "") : clean;
}

function loginRedirect(rc: RequestContext, request: Request): never {
  const url = new URL(request.url);
  const path = safeRedirectPath(normalizePath(url.pathname) + url.search, "/");
  // The original path waits in a short-lived cookie for after the login (spec §4).
  const cookie = `${RETURN_COOKIE}=${encodeURIComponent(path)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=900${rc.secureCookies ? "; Secure" : ""}`;
  throw redirect("/login", { headers: { "set-cookie": cookie } });
}

export interface SignedIn {
  rc: RequestContext;
  auth: AuthState;
}
export interface InOrg extends SignedIn {
  org: AuthOrg;
}

/** A signed-in user (organization not required: onboarding screens). */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): SignedIn {
  const rc = getRequestContext(context);
  if (!rc.auth) loginRedirect(rc, request);
  return { rc, auth: rc.auth };
}

export const DEACTIVATED_MESSAGE =
  "Seu acesso a esta organização foi desativado. Fale com o responsável, ou saia da organização em /sair-da-organizacao para criar o seu próprio negócio ou aceitar outro convite.";

/** A signed-in, active member of an organization; otherwise to onboarding or login. */
export function requireOrg(context: Readonly<RouterContextProvider>, request: Request): InOrg {
  const { rc, auth } = requireUser(context, request);
  if (!auth.org) {
    if (auth.deactivated) throw new Response(DEACTIVATED_MESSAGE, { status: 403 });
    throw redirect("/completar-cadastro");
  }
  return { rc, auth, org: auth.org };
}

/**
 * A signed-in user on the onboarding screens. A deactivated member is refused as on every app
 * page: their account belongs to an organization, so there is no business to create.
 */
export function requireOnboarding(context: Readonly<RouterContextProvider>, request: Request): SignedIn {
  const signed = requireUser(context, request);
  if (signed.auth.deactivated) throw new Response(DEACTIVATED_MESSAGE, { status: 403 });
  return signed;
}

export const FORBIDDEN_MESSAGE = "Você não tem permissão para acessar esta página.";

/** A member whose role the permission table lets do `action` on `resource` (a record or an area); else 403. */
export function requirePermission(
  context: Readonly<RouterContextProvider>,
  request: Request,
  resource: string,
  action: Action,
): InOrg & { actor: Actor } {
  const signed = requireOrg(context, request);
  if (!can(signed.org.role, resource, action)) throw new Response(FORBIDDEN_MESSAGE, { status: 403 });
  return { ...signed, actor: actorOf(signed) };
}

/** The organização's IANA zone, read with the session (no round trip of its own): every time on its pages is read in it. */
export function orgTimeZone(context: Readonly<RouterContextProvider>, request: Request): TimeZone {
  return timeZoneOf(requireOrg(context, request).org.timeZone);
}

/** Who the services act for. */
export function actorOf(signed: InOrg): Actor {
  return {
    userId: signed.auth.user.id,
    orgId: signed.org.id,
    role: signed.org.role,
    ownOnly: signed.org.ownOnly,
    timeZone: signed.org.timeZone,
    ...(signed.org.professionalId ? { professionalId: signed.org.professionalId } : {}),
  };
}

export function requireRole(context: Readonly<RouterContextProvider>, request: Request, roles: readonly Role[]): InOrg {
  const signed = requireOrg(context, request);
  if (!roles.includes(signed.org.role)) throw new Response(FORBIDDEN_MESSAGE, { status: 403 });
  return signed;
}

/** A cookie's value; a value we did not write (broken percent-encoding) counts as absent, not a 500. */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie") ?? "";
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}
