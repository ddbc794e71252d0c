import { data, isRouteErrorResponse, useLocation, useRouteError } from "react-router";
import type { Route } from "./+types/not-found";
import { Shell } from "../../components/shell/shell.tsx";
import { ErrorContent, StandaloneErrorPage } from "../../components/shell/error-page.tsx";
import { type ShellData, shellData } from "../../server/shell.server.ts";
import { getRequestContext } from "../../../worker/context.ts";

/** What the 404 carries: the path, and for a signed-in member the shell to draw it in. */
interface NotFound {
  path: string;
  shell: ShellData | null;
}

/**
 * Any unknown path: status 404 with the path. A signed-in member of an organização sees it inside
 * the app (menu and all, so the way on is one click away); anyone else sees the public page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = getRequestContext(context).auth;
  const shell = auth?.org ? shellData(auth, auth.org) : null;
  throw data({ path: new URL(request.url).pathname, shell } satisfies NotFound, { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const path = useLocation().pathname;
  const shell = isRouteErrorResponse(error) ? (error.data as Partial<NotFound> | undefined)?.shell : null;
  if (!shell) return <StandaloneErrorPage error={error} path={path} />;
  return (
    <Shell shell={shell}>
      <ErrorContent error={error} path={path} />
    </Shell>
  );
}
