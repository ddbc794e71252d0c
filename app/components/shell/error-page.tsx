import { isRouteErrorResponse, Link } from "react-router";
import { pageTitle } from "../../lib/title.ts";

const INTERNAL = { title: "Erro interno", text: "Algo deu errado do nosso lado. Tente novamente em instantes." };

/** The title and text of a route error, by status (a 4xx is the request's fault, not ours). */
export function describeError(error: unknown): { code: number; title: string; text: string | null } {
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

/**
 * What an error page says: the status, the title, the text (a 404 names the requested path) and
 * the way back. Inside the app's shell for a signed-in member, alone on the page otherwise.
 */
export function ErrorContent({ error, path }: { error: unknown; path: string }) {
  const { code, title, text } = describeError(error);
  return (
    <div className="flex flex-col gap-4">
      <title>{pageTitle(title)}</title>
      <p className="text-sm font-semibold text-accent">{code}</p>
      <h1 className="text-3xl font-bold">{title}</h1>
      {code === 404 ? (
        <p className="text-fg-soft">
          Não encontramos <code className="rounded bg-muted px-1.5 py-0.5 break-all text-fg">{path}</code>. Confira o endereço ou volte ao
          início.
        </p>
      ) : (
        <p className="text-fg-soft">{text}</p>
      )}
      <p>
        <Link to="/" className="font-semibold text-accent underline">
          Voltar ao início
        </Link>
      </p>
    </div>
  );
}

/** The error page without the app's shell (signed out, or the shell itself failed). */
export function StandaloneErrorPage({ error, path }: { error: unknown; path: string }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center px-6">
      <ErrorContent error={error} path={path} />
    </main>
  );
}
