import {
  isRouteErrorResponse,
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
import { PAGE_DESCRIPTION, pageTitle } from "./lib/title.ts";
import { getRequestContext } from "../worker/context.ts";
import type { ColorMode } from "../shared/enums.ts";

export async function loader({ context }: Route.LoaderArgs) {
  const rc = getRequestContext(context);
  return { colorMode: (rc.auth?.user.colorMode ?? "system") as ColorMode, nonce: rc.nonce };
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

const INTERNAL = { title: "Erro interno", text: "Algo deu errado do nosso lado. Tente novamente em instantes." };

/** The title and text of a route error, by status (a 4xx is the request's fault, not ours). */
function describeError(error: unknown): { code: number; title: string; text: string | null } {
  if (!isRouteErrorResponse(error)) return { code: 500, ...INTERNAL };
  const detail = typeof error.data === "string" && !/^Error: /.test(error.data) ? error.data : null;
  const code = error.status;
  if (code === 404) return { code, title: "Página não encontrada", text: null };
  if (code === 403) return { code, title: "Acesso negado", text: detail ?? "Você não tem permissão para acessar esta página." };
  // React Router's own 405 text ("You made a POST request…") is English and meant for developers.
  if (code === 405)
    return { code, title: "Ação não permitida", text: "Esta página não recebe envios de formulário. Volte e tente pelo botão da tela." };
  if (code >= 400 && code < 500)
    return { code, title: "Não foi possível atender ao pedido", text: detail ?? "Confira o endereço ou volte ao início." };
  return { code, ...INTERNAL };
}

export function ErrorBoundary() {
  const error = useRouteError();
  const requested = useLocation().pathname;
  const { code, title, text } = describeError(error);
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 px-6">
      <title>{pageTitle(title)}</title>
      <p className="text-sm font-semibold text-accent">{code}</p>
      <h1 className="text-3xl font-bold">{title}</h1>
      {code === 404 ? (
        <p className="text-fg-soft">
          Não encontramos <code className="rounded bg-muted px-1.5 py-0.5 text-fg">{requested}</code>. Confira o endereço ou volte ao
          início.
        </p>
      ) : (
        <p className="text-fg-soft">{text}</p>
      )}
      <p>
        <a href="/" className="font-semibold text-accent underline">
          Voltar ao início
        </a>
      </p>
    </main>
  );
}
