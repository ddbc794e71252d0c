import { isRouteErrorResponse, Link, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import type { ListLinks } from "../../modules/navigation.ts";
import { pageTitle } from "../../lib/title.ts";
import { screenPathOf } from "../../../shared/resources/screen-path.ts";
import { buttonClass } from "../ui/button.tsx";

/** The app layout's route id: its loader gives every record list's link (app/layouts/app.tsx). */
const APP_LAYOUT = "layouts/app";

/**
 * A resource screen that failed keeps the app's shell around it: says what happened in pt-BR
 * and offers the way back — to the list of the record the path is under (found from the
 * definitions through the layout's data), or to `back` for a screen that is not a record's.
 * Details of a 500 stay in the server log.
 */
export function ResourceErrorBoundary({ back }: { back?: { listTitle: string; basePath: string } }) {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const lists = useRouteLoaderData<{ lists?: ListLinks }>(APP_LAYOUT)?.lists;
  const list = lists ? lists[screenPathOf(pathname, Object.keys(lists)) ?? ""] : undefined;
  const { listTitle, basePath } = back ?? list ?? { listTitle: "o início", basePath: "/" };
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
