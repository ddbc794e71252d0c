import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { BuildWatcher } from "./components/shell/build-watcher.tsx";
import { StandaloneErrorPage } from "./components/shell/error-page.tsx";
import { PAGE_DESCRIPTION, pageTitle } from "./lib/title.ts";
import { getRequestContext } from "../worker/context.ts";
import type { ColorMode } from "../shared/enums.ts";
import { timeZoneOf } from "../shared/time-zone.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const rc = getRequestContext(context);
  return {
    colorMode: (rc.auth?.user.colorMode ?? "system") as ColorMode,
    nonce: rc.nonce,
    // The organização's zone (useTimeZone): times a component renders read in it.
    timeZone: timeZoneOf(rc.auth?.org?.timeZone),
  };
}

export const meta: Route.MetaFunction = () => [{ title: pageTitle() }, { name: "description", content: PAGE_DESCRIPTION }];

/** A route may force a colour mode with `handle = { colorMode: "light" }`. */
function useColorMode(fallback: ColorMode): ColorMode {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const forced = (matches[i]?.handle as { colorMode?: ColorMode } | undefined)?.colorMode;
    if (forced) return forced;
  }
  return fallback;
}

/**
 * A page that works as plain HTML may ship no JavaScript at all with `handle = { scripts: false }`
 * (the public property and landing pages, ADR 022): no bundle, no hydration data.
 */
function useShipsScripts(): boolean {
  return !useMatches().some((m) => (m.handle as { scripts?: boolean } | undefined)?.scripts === false);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const mode = useColorMode(data?.colorMode ?? "system");
  const scripts = useShipsScripts();
  return (
    <html lang="pt-BR" data-theme={mode}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f6e66" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links nonce={data?.nonce} />
      </head>
      <body className="min-h-dvh">
        {children}
        {scripts ? (
          <>
            <ScrollRestoration nonce={data?.nonce} />
            <Scripts nonce={data?.nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return (
    <>
      <Outlet />
      <BuildWatcher />
    </>
  );
}

export function ErrorBoundary() {
  return <StandaloneErrorPage error={useRouteError()} path={useLocation().pathname} />;
}
