import { Link } from "react-router";
import type { Route } from "./+types/interests";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { ResourceListPage } from "../../components/data/list-page.tsx";
import { KanbanBoard } from "../../components/real-estate/kanban-board.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { titleMeta } from "../../lib/title.ts";
import { interesseDefinition } from "../../../shared/resources/interesses.ts";
import { guard, listAction, listLoader } from "../../server/resources.server.ts";
import { definitionWithTeam, interestChoices } from "../../server/real-estate/interests.server.ts";
import { kanbanLoader, moveAction } from "../../server/real-estate/kanban.server.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Interesses em Imóveis");

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, interesseDefinition, "read");
  const url = new URL(args.request.url);
  // The view is in the URL: `?vista=kanban` (a link can be shared, the back button works).
  if (url.searchParams.get("vista") === "kanban") return { vista: "kanban" as const, kanban: await kanbanLoader(ctx, actor) };
  const { team } = await interestChoices(ctx, actor);
  return { vista: "lista" as const, list: await listLoader(args, definitionWithTeam(team)) };
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request.clone() as unknown as Request);
  const intent = form.get("intent");
  if (intent === "mover") return moveAction(args, form);
  if (intent === "excluir" || intent === "restaurar") return listAction(args, interesseDefinition);
  return unknownIntent();
}

const DESCRIPTION = "O que cada cliente procura, por etapa. Os imóveis que combinam aparecem em cada interesse.";

export default function Interesses({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.vista === "kanban") {
    return (
      <>
        <PageHeader
          title="Interesses em Imóveis"
          description={DESCRIPTION}
          actions={
            <div className="flex flex-wrap gap-2">
              <Link to="/property_clients" className={buttonClass("secondary")}>
                Ver em lista
              </Link>
              <Link to="/property_clients/create" className={buttonClass("primary")}>
                Novo interesse
              </Link>
            </div>
          }
        />
        <KanbanBoard
          columns={loaderData.kanban.columns}
          error={actionData && "error" in actionData ? (actionData.error as string) : null}
        />
      </>
    );
  }
  const { list } = loaderData;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/property_clients?vista=kanban" className="font-semibold text-accent hover:underline">
          Ver em quadro (kanban) por etapa
        </Link>
      </p>
      <ResourceListPage
        {...list}
        error={actionData && "error" in actionData ? (actionData.error as string) : undefined}
        description={DESCRIPTION}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
