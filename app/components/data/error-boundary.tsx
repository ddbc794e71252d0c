import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";
import { pageTitle } from "../../lib/title.ts";
import { buttonClass } from "../ui/button.tsx";

/**
 * A resource screen that failed keeps the app's shell around it: says what happened in pt-BR
 * and offers the way back. Details of a 500 stay in the server log.
 */
export function ResourceErrorBoundary({ listTitle, basePath }: { listTitle: string; basePath: string }) {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  const title =
    status === 404
      ? "Não encontrado"
      : status === 403
        ? "Acesso negado"
        : status < 500
          ? "Não foi possível concluir"
          : "Não foi possível carregar";
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-xl border border-line bg-surface p-6 shadow-sm">
      <title>{pageTitle(title)}</title>
      <p className="text-sm font-semibold text-accent">{status}</p>
      <h1 className="mt-1 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-fg-soft">
        {status === 404
          ? (message ?? "Este registro não existe ou foi excluído.")
          : status === 403
            ? (message ?? "Você não tem permissão para fazer isso.")
            : status < 500
              ? (message ?? "O pedido não pôde ser atendido. Volte e tente de novo.")
              : "Algo deu errado do nosso lado. Tente de novo em instantes."}
      </p>
      <div className="mt-5 flex flex-wrap gap-2">
        {status >= 500 ? (
          <a href={`${pathname}${search}`} className={buttonClass("primary")}>
            Tentar de novo
          </a>
        ) : null}
        <Link to={basePath} className={buttonClass(status >= 500 ? "secondary" : "primary")}>
          Voltar para {listTitle}
        </Link>
      </div>
    </div>
  );
}
