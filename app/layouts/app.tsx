import { Outlet, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/app";
import { Shell } from "../components/shell/shell.tsx";
import { ErrorContent, StandaloneErrorPage } from "../components/shell/error-page.tsx";
import { requireOrg } from "../server/guards.server.ts";
import { listLinks } from "../server/navigation.server.ts";
import { requireLayoutScreen, requireScreen, shellData } from "../server/shell.server.ts";

/**
 * Runs before any child loader or action: no page of the default layout is reachable signed out,
 * and no menu screen by a role the permission table refuses it to.
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => {
    const { org } = requireOrg(context, request);
    requireLayoutScreen(org, request);
    requireScreen(org, request);
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { auth, org } = requireOrg(context, request);
  return {
    ...shellData(auth, org),
    // Where a failed record screen leads back to (ResourceErrorBoundary).
    lists: listLinks(),
  };
}

/**
 * The signed-in layouts: the default one for every role (the menu differs by the permission
 * table, the page does not) and the professionals' slim one (ADR 063), chosen by the shell data.
 */
export default function AppLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell shell={loaderData}>
      <Outlet />
    </Shell>
  );
}

/**
 * A page of the layout that failed without a boundary of its own (a refused settings screen, a
 * 404) keeps the menu around its message; when the layout itself failed there is no menu to draw.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const path = useLocation().pathname;
  const data = useRouteLoaderData<typeof loader>("layouts/app");
  if (!data) return <StandaloneErrorPage error={error} path={path} />;
  return (
    <Shell shell={data}>
      <ErrorContent error={error} path={path} />
    </Shell>
  );
}
