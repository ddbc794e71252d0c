import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/services.$id";
import { AddServiceProduct, type ProductFormError, ServiceProductLines } from "../../components/agenda/service-products.tsx";
import { RecordHeader, ResourceDetail } from "../../components/data/detail.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { buildDetailView } from "../../components/data/view.server.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Toaster } from "../../components/ui/toast.tsx";
import { titleMeta } from "../../lib/title.ts";
import { deleteOne, guard, screenPermissions, takeFlash, toastFor } from "../../server/resources.server.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { formatDuration } from "../../../shared/agenda/duration.ts";
import { serviceProductLine } from "../../../shared/agenda/service-products.ts";
import { formatBRL, formatNumber } from "../../../shared/format.ts";
import { isId } from "../../../shared/id.ts";
import { formatQuantity } from "../../../shared/resources/produtos.ts";
import { serviceCommissionText, serviceMargin, servicoDefinition } from "../../../shared/resources/servicos.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { permissionsFor } from "../../../worker/auth/permissions.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { servicePage } from "../../../worker/services/agenda/service-page.ts";
import { removeServiceProduct, setServiceProduct } from "../../../worker/services/agenda/service-products.ts";

/**
 * A service's page: what it costs to perform (the products it consumes, with the stock and cost
 * now, and the margin over the price), who performs it, and "Gerar post". The products are
 * changed here (one line at a time); the rest in the form.
 */

export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.view.title ?? "Serviço");

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor, org } = guard(args, servicoDefinition, "read");
  const page = await servicePage(ctx, actor, args.params.id);
  if (!page) throw new Response("Serviço não encontrado.", { status: 404 });
  const { service, professionals, productChoices } = page;
  const zone = timeZoneOf(actor.timeZone);
  const permissions = screenPermissions(args, servicoDefinition);
  const confirm = permissions.canDelete && new URL(args.request.url).searchParams.has("excluir") ? "excluir" : null;
  return {
    view: buildDetailView(
      servicoDefinition,
      service,
      {
        duracaoMin: { kind: "text", text: formatDuration(service.duracaoMin) },
        profissionalIds: professionals.length
          ? { kind: "tags", tags: professionals.map((p) => (p.ativo ? p.nome : `${p.nome} (inativo)`)) }
          : { kind: "empty" },
      },
      zone,
    ),
    summary: {
      duracao: formatDuration(service.duracaoMin),
      preco: formatBRL(service.precoCentavos),
      comissao: serviceCommissionText(service),
      custo: formatBRL(service.custoProdutosCentavos),
      margem: serviceMargin(service) || "—",
    },
    lines: service.produtos.map((p) => ({
      produtoId: p.produtoId,
      nome: p.nome,
      sku: p.sku,
      quantidade: formatNumber(p.quantidade, { maximumFractionDigits: 3, useGrouping: false }),
      unidade: p.unidade,
      estoque: formatQuantity(p.estoque, p.unidade),
      estoqueBaixo: p.estoque < p.quantidade,
      custo: formatBRL(Math.round(p.quantidade * p.custoCentavos)),
    })),
    professionals,
    productChoices,
    permissions,
    // "Gerar post": a caption and art from the service's own facts (ADR 065).
    canPost: permissionsFor(org.role, "posts").canCreate,
    confirm,
    toast: toastFor(servicoDefinition, takeFlash(args)),
  };
}

const removal = z.object({ produtoId: z.string().refine(isId, "Produto não encontrado.") });

/** A refusal as this page's answer: the message, and which line or field it belongs to. */
function refused(error: string, status: number, extra: Omit<ProductFormError, "error"> = {}) {
  return data<ProductFormError>({ error, ...extra }, { status });
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "excluir") return deleteOne(args, servicoDefinition, args.params.id);
  if (intent !== "produto" && intent !== "remover-produto") return unknownIntent();
  const { ctx, actor } = guard(args, servicoDefinition, "update");
  const produtoId = String(form.get("produtoId") ?? "");
  // A line's own form says so: its error shows on that line, not on "Adicionar produto".
  const onLine = form.get("linha") === "existente" ? { produtoId } : {};
  try {
    if (intent === "remover-produto") {
      const parsed = removal.safeParse({ produtoId });
      if (!parsed.success) return refused("Produto não encontrado.", 400);
      await removeServiceProduct(ctx, actor, args.params.id, parsed.data.produtoId);
      return { ok: true };
    }
    const parsed = serviceProductLine.safeParse({ produtoId, quantidade: form.get("quantidade") ?? undefined });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? "produtoId");
      return refused(issue?.message ?? "Pedido inválido.", 400, { field, ...onLine });
    }
    await setServiceProduct(ctx, actor, args.params.id, parsed.data);
    return { ok: true };
  } catch (error) {
    if (error instanceof DomainError && error.status === 404 && error.message.startsWith("Serviço")) {
      throw data(error.message, { status: 404 });
    }
    if (error instanceof DomainError) {
      return refused(error.message, error.status, { field: error.field ?? "produtoId", ...onLine });
    }
    throw error;
  }
}

export default function Servico({ loaderData, actionData }: Route.ComponentProps) {
  const { view, summary, lines, professionals, productChoices, permissions, canPost, confirm, toast } = loaderData;
  const failure = actionData && "error" in actionData ? (actionData as ProductFormError) : null;
  return (
    <>
      <RecordHeader
        view={view}
        listHref="/servicos"
        listLabel="Serviços"
        canWrite={permissions.canWrite}
        canEdit={permissions.canUpdate}
        canDelete={permissions.canDelete}
        confirmingDelete={confirm === "excluir"}
        error={failure && !failure.field ? failure.error : null}
        deleteNote="O serviço sai da lista e da agenda agora. Os agendamentos já feitos continuam com ele. Você pode desfazer logo em seguida."
        extraActions={
          canPost ? (
            <Link to={`/gerar-postagem?servico=${encodeURIComponent(view.id)}`} className={buttonClass("secondary")}>
              Gerar post
            </Link>
          ) : null
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <Card title={`Produtos consumidos (${lines.length})`}>
            <ServiceProductLines lines={lines} canEdit={permissions.canUpdate} failure={failure} />
            {permissions.canUpdate ? <AddServiceProduct failure={failure} choices={productChoices} /> : null}
          </Card>
          <ResourceDetail view={view} />
        </div>
        {/* On a phone what the service costs and earns comes first; beside the products from lg up. */}
        <div className="order-first min-w-0 space-y-6 lg:order-none">
          <Card title="Resumo">
            <dl className="grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-fg-soft">Duração</dt>
                <dd className="text-lg font-semibold tabular-nums">{summary.duracao}</dd>
              </div>
              <div>
                <dt className="text-fg-soft">Preço</dt>
                <dd className="text-lg font-semibold tabular-nums">{summary.preco}</dd>
              </div>
              <div>
                <dt className="text-fg-soft">Custo dos produtos</dt>
                <dd className="tabular-nums" data-testid="custo-produtos">
                  {summary.custo}
                </dd>
              </div>
              <div>
                <dt className="text-fg-soft">Margem</dt>
                <dd className="tabular-nums" data-testid="margem">
                  {summary.margem}
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-fg-soft">Comissão</dt>
                <dd>{summary.comissao}</dd>
              </div>
            </dl>
          </Card>
          <Card
            title="Profissionais"
            actions={
              permissions.canUpdate ? (
                <Link to={`/servicos/${view.id}/edit`} className="text-sm font-semibold text-accent hover:underline">
                  Alterar
                </Link>
              ) : null
            }
          >
            {professionals.length ? (
              <ul className="space-y-2 text-sm">
                {professionals.map((p) => (
                  <li key={p.id} className="flex items-center gap-2">
                    <span aria-hidden="true" className="inline-block size-3 shrink-0 rounded-full" style={{ backgroundColor: p.cor }} />
                    <Link to={`/profissionais/${p.id}`} className="min-w-0 break-words hover:text-accent hover:underline">
                      {p.nome}
                    </Link>
                    {p.ativo ? null : <span className="badge badge-neutral">Inativo</span>}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-fg-soft">Nenhum profissional escolhido: escolha quem realiza este serviço no formulário.</p>
            )}
          </Card>
        </div>
      </div>
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
