import { data, Form, Link } from "react-router";
import type { Route } from "./+types/movement.$id";
import { RecordHeader, RecordNote, ResourceDetail } from "../../components/data/detail.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { buildDetailView } from "../../components/data/view.server.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button, buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Field } from "../../components/ui/form.tsx";
import { Toaster } from "../../components/ui/toast.tsx";
import { type MovimentacaoRow, movimentacaoDefinition } from "../../../shared/resources/movimentacoes.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { originRefusal, reverseManualMovement } from "../../../worker/services/finance/ledger-actions.ts";
import { titleMeta } from "../../lib/title.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { orgTimeZone } from "../../server/guards.server.ts";
import { guard, loadRecord, screenPermissions } from "../../server/resources.server.ts";

/**
 * A movement's page (/movimentacoes/:id): what it is, where it came from, and — for one a person
 * recorded — the estorno after a confirmation (an opposite row; a transfer is undone whole).
 */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.view.title ?? "Movimentação");

function origin(row: MovimentacaoRow): { href: string; label: string } | null {
  if (row.despesaId) return { href: `/contas/${row.despesaId}`, label: "Ver a despesa" };
  if (row.recebivelId) return { href: `/receitas/${row.recebivelId}`, label: "Ver a receita" };
  if (row.vendaId) return { href: `/sales/${row.vendaId}`, label: "Ver a venda" };
  return null;
}

export async function loader(args: Route.LoaderArgs) {
  const def = movimentacaoDefinition;
  const row = await loadRecord<MovimentacaoRow>(args, def, args.params.id);
  const permissions = screenPermissions(args, def);
  const refusal =
    row.tipo === "estorno" ? "Um estorno não se estorna." : row.estornadoPor ? "Este lançamento já foi estornado." : originRefusal(row);
  return {
    view: buildDetailView(def, row, {}, orgTimeZone(args.context, args.request)),
    note: def.screens?.detail?.note?.(row) ?? null,
    origin: origin(row),
    reversedBy: row.estornadoPor,
    reverses: row.estornoDe,
    canReverse: permissions.canCreate && refusal === null,
    refusal,
    confirming: new URL(args.request.url).searchParams.has("estornar"),
    selfHref: `${def.basePath}/${row.id}`,
    // The component reads these, not the definition: the page's client bundle stays free of zod.
    listHref: def.basePath,
    listLabel: def.labels.listTitle,
  };
}

export async function action(args: Route.ActionArgs) {
  const { ctx, actor } = guard(args, movimentacaoDefinition, "create");
  const form = await readForm(args.request);
  if (form.get("intent") !== "estornar") return unknownIntent();
  try {
    const motivo = String(form.get("motivo") ?? "").trim();
    await reverseManualMovement(ctx, actor, args.params.id, motivo ? { motivo } : {});
  } catch (error) {
    if (error instanceof DomainError && error.status !== 403 && error.status !== 404)
      return data({ error: error.message }, { status: error.status });
    throw error;
  }
  return { toast: { id: crypto.randomUUID(), message: "Estorno lançado: o saldo da conta voltou." } };
}

export default function Movimentacao({ loaderData, actionData }: Route.ComponentProps) {
  const { view, note, canReverse, confirming, selfHref, refusal } = loaderData;
  const error = actionData && "error" in actionData ? (actionData.error as string) : null;
  const toast = actionData && "toast" in actionData ? actionData.toast : null;
  return (
    <>
      <RecordHeader
        view={view}
        listHref={loaderData.listHref}
        listLabel={loaderData.listLabel}
        canWrite={false}
        canEdit={false}
        canDelete={false}
        confirmingDelete={false}
        error={null}
        deleteNote=""
      />
      {note ? <RecordNote note={note} /> : null}
      <div className="mb-6">
        <Card title="Estorno">
          {error ? (
            <div className="mb-3">
              <Alert tone="error">{error}</Alert>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2 text-sm">
            {loaderData.origin ? (
              <Link to={loaderData.origin.href} className={buttonClass("secondary")}>
                {loaderData.origin.label}
              </Link>
            ) : null}
            {loaderData.reversedBy ? (
              <Link to={`/movimentacoes/${loaderData.reversedBy}`} className={buttonClass("secondary")}>
                Ver o estorno
              </Link>
            ) : null}
            {loaderData.reverses ? (
              <Link to={`/movimentacoes/${loaderData.reverses}`} className={buttonClass("secondary")}>
                Ver o lançamento estornado
              </Link>
            ) : null}
          </div>
          {canReverse ? (
            confirming ? (
              <Form method="post" className="mt-4 space-y-3 rounded-lg border border-line p-4" aria-labelledby="estorno-titulo">
                <h3 id="estorno-titulo" className="font-semibold">
                  Estornar este lançamento?
                </h3>
                <p className="text-sm text-fg-soft">
                  Um lançamento de valor oposto entra hoje e o saldo da conta volta. Numa transferência, as duas pernas são estornadas.
                </p>
                <input type="hidden" name="intent" value="estornar" />
                <Field label="Motivo" name="motivo" maxLength={200} placeholder="Ex.: lançado em duplicidade" />
                <div className="flex flex-wrap gap-2">
                  <Button type="submit" variant="danger">
                    Sim, estornar
                  </Button>
                  <Link to={selfHref} className={buttonClass("secondary")}>
                    Cancelar
                  </Link>
                </div>
              </Form>
            ) : (
              <div className="mt-3">
                <Link to={`${selfHref}?estornar`} className={buttonClass("secondary")}>
                  Estornar
                </Link>
              </div>
            )
          ) : (
            <p className="mt-3 text-sm text-fg-soft">{refusal ?? "Lançamentos não se editam nem se excluem."}</p>
          )}
        </Card>
      </div>
      <ResourceDetail view={view} />
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
