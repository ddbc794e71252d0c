import { Link } from "react-router";
import type { Route } from "./+types/orders";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { ResourceListPage } from "../../components/data/list-page.tsx";
import { OrderBoard } from "../../components/finance/order-board.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { titleMeta } from "../../lib/title.ts";
import { pedidoDefinition } from "../../../shared/resources/pedidos.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { guard, listAction, listLoader, screenPermissions } from "../../server/resources.server.ts";
import { orderBoardLoader, orderMoveAction } from "../../server/finance/orders.server.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Pedidos");

/** Pedidos (ADR 073): the registry list, or the board by status (`?vista=quadro`: a link can be shared, the back button works). */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, pedidoDefinition, "read");
  const url = new URL(args.request.url);
  if (url.searchParams.get("vista") === "quadro")
    return {
      vista: "quadro" as const,
      board: await orderBoardLoader(ctx, actor, timeZoneOf(actor.timeZone)),
      canCreate: screenPermissions(args, pedidoDefinition).canCreate,
      description: description(),
    };
  return { vista: "lista" as const, list: await listLoader(args, pedidoDefinition), description: description() };
}

/** Read in the loader: the definition's module (and zod) stays out of the page's browser bundle. */
function description(): string {
  return pedidoDefinition.screens?.listDescription ?? "";
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request.clone() as unknown as Request);
  const intent = form.get("intent");
  if (intent === "mover") return orderMoveAction(args, form, String(form.get("id") ?? ""));
  if (intent === "excluir" || intent === "restaurar") return listAction(args, pedidoDefinition);
  return unknownIntent();
}

/** The two views' switch: a pair of links, the current one marked for screen readers. */
function ViewSwitch({ current }: { current: "lista" | "quadro" }) {
  const item = (vista: "lista" | "quadro", label: string, href: string) => (
    <Link
      to={href}
      aria-current={current === vista ? "page" : undefined}
      className={`rounded-md px-3 py-1.5 text-sm font-semibold ${current === vista ? "bg-accent text-white" : "hover:bg-accent-soft"}`}
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Ver pedidos como" className="mb-3 inline-flex gap-1 rounded-lg border border-line p-1">
      {item("lista", "Lista", "/orders")}
      {item("quadro", "Quadro", "/orders?vista=quadro")}
    </nav>
  );
}

export default function Pedidos({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.vista === "quadro") {
    return (
      <>
        <PageHeader
          title="Pedidos"
          description={loaderData.description}
          actions={
            loaderData.canCreate ? (
              <Link to="/orders/create" className={buttonClass("primary")}>
                Novo pedido
              </Link>
            ) : undefined
          }
        />
        <ViewSwitch current="quadro" />
        <OrderBoard columns={loaderData.board.columns} />
      </>
    );
  }
  return (
    <>
      <ViewSwitch current="lista" />
      <ResourceListPage
        {...loaderData.list}
        error={actionData && "error" in actionData ? (actionData.error as string) : undefined}
        description={loaderData.description}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
