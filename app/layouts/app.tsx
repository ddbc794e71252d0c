import { Outlet } from "react-router";
import type { Route } from "./+types/app";
import { AppShell, ProfessionalShell } from "../components/shell/app-shell.tsx";
import { requireOrg } from "../server/guards.server.ts";
import { readable } from "../../worker/auth/permissions.ts";
import { listLinks, navFor } from "../server/navigation.server.ts";

/** Runs before any child loader or action: no page of the default layout is reachable signed out. */
export const middleware: Route.MiddlewareFunction[] = [({ request, context }) => void requireOrg(context, request)];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, org } = requireOrg(context, request);
  return {
    user: { name: auth.user.name, email: auth.user.email },
    org: { name: org.name, role: org.role },
    // The menu shows what the permission table lets this role read.
    nav: navFor(readable(org.role)),
    // Where a failed record screen leads back to (ResourceErrorBoundary).
    lists: listLinks(),
  };
}

export default function AppLayout({ loaderData }: Route.ComponentProps) {
  const Shell = loaderData.org.role === "professional" ? ProfessionalShell : AppShell;
  return (
    <Shell user={loaderData.user} org={loaderData.org} nav={loaderData.nav}>
      <Outlet />
    </Shell>
  );
}
