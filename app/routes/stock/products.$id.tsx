import { Link } from "react-router";
import type { Route } from "./+types/products.$id";
import { RecordHeader, ResourceDetail } from "../../components/data/detail.tsx";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { buildDetailView } from "../../components/data/view.server.ts";
import { buttonClass } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Toaster } from "../../components/ui/toast.tsx";
import { formatBRL, formatDateTime } from "../../../shared/format.ts";
import { STOCK_MOVEMENT_KIND } from "../../../shared/enums/records.ts";
import { formatSignedQuantity } from "../../../shared/resources/movimentacoes-produtos.ts";
import { formatMargin, formatQuantity, isLowStock, produtoDefinition } from "../../../shared/resources/produtos.ts";
import { titleMeta } from "../../lib/title.ts";
import { deleteOne, guard, screenPermissions, takeFlash, toastFor } from "../../server/resources.server.ts";
import { readForm, unknownIntent } from "../../server/forms.server.ts";
import { permissionsFor } from "../../../worker/auth/permissions.ts";
import { productPage } from "../../../worker/services/stock/products.ts";
import { isId } from "../../../shared/id.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";

/**
 * Ledger lines on the page: enough to see the latest movements above the fold on a phone; the
 * whole ledger is the movimentações list filtered by the product ("Ver todas as movimentações").
 */
const PAGE_LEDGER_LINES = 10;

export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.view.title ?? "Produto");

export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor, org } = guard(args, produtoDefinition, "read");
  // One round trip: the product and its newest ledger lines with the running balance.
  const page = isId(args.params.id) ? await productPage(ctx, actor, args.params.id, PAGE_LEDGER_LINES) : null;
  if (!page) throw new Response("Produto não encontrado.", { status: 404 });
  const { product, ledger, movements } = page;
  const permissions = screenPermissions(args, produtoDefinition);
  const canMove = permissionsFor(org.role, "movimentacoes-produtos").canCreate;
  const confirm = permissions.canDelete && new URL(args.request.url).searchParams.has("excluir") ? "excluir" : null;
  return {
    view: buildDetailView(
      produtoDefinition,
      product,
      {
        fornecedorId:
          product.fornecedorId && product.fornecedorNome
            ? { kind: "link", text: product.fornecedorNome, href: `/companies/${product.fornecedorId}` }
            : { kind: "empty" },
      },
      timeZoneOf(actor.timeZone),
    ),
    stock: {
      estoque: formatQuantity(product.estoque, product.unidade),
      minimo: formatQuantity(product.estoqueMinimo, product.unidade),
      low: isLowStock(product),
      empty: product.estoque <= 0,
      margem: formatMargin(product) || "—",
      valorEmEstoque: formatBRL(Math.round(Math.max(0, product.estoque) * product.custoCentavos)),
    },
    ledger: ledger.map((l) => ({
      id: l.id,
      when: formatDateTime(l.ocorridoEm, timeZoneOf(actor.timeZone)),
      kind: STOCK_MOVEMENT_KIND.label(l.tipo),
      tone: `badge badge-${STOCK_MOVEMENT_KIND.tone(l.tipo)}`,
      quantity: formatSignedQuantity(l.quantidade, product.unidade),
      balance: formatQuantity(l.saldo, product.unidade),
      reason: l.motivo ?? "",
      by: l.criadoPorNome ?? "",
    })),
    movements,
    permissions,
    canMove,
    // "Gerar post": a caption and art from the produto's own facts (issue 20).
    canPost: permissionsFor(org.role, "posts").canCreate,
    confirm,
    toast: toastFor(produtoDefinition, takeFlash(args)),
  };
}

export async function action(args: Route.ActionArgs) {
  // Every action here deletes: who may not gets the answer before their form is even read.
  guard(args, produtoDefinition, "delete");
  const form = await readForm(args.request);
  if (form.get("intent") === "excluir") return deleteOne(args, produtoDefinition, args.params.id);
  return unknownIntent();
}

export default function Produto({ loaderData, actionData }: Route.ComponentProps) {
  const { view, stock, ledger, movements, permissions, canMove, canPost, confirm, toast } = loaderData;
  const newMovement = (tipo: string) => `/movimentacao-produtos/create?produto=${encodeURIComponent(view.id)}&tipo=${tipo}`;
  return (
    <>
      <RecordHeader
        view={view}
        listHref="/produtos"
        listLabel="Produtos"
        canWrite={permissions.canWrite}
        canEdit={permissions.canUpdate}
        canDelete={permissions.canDelete}
        confirmingDelete={confirm === "excluir"}
        error={actionData && "error" in actionData ? actionData.error : null}
        deleteNote="O produto sai da lista agora. As movimentações continuam no razão. Você pode desfazer logo em seguida."
        // The stock's daily moves come first, at the top, on every screen size.
        extraActions={
          canMove || canPost ? (
            <>
              {canMove ? (
                <>
                  <Link to={newMovement("entrada")} className={buttonClass("primary")}>
                    Registrar entrada
                  </Link>
                  <Link to={newMovement("saida")} className={buttonClass("secondary")}>
                    Registrar saída
                  </Link>
                  <Link to={newMovement("ajuste")} className={buttonClass("secondary")}>
                    Ajustar
                  </Link>
                </>
              ) : null}
              {canPost ? (
                <Link to={`/gerar-postagem?produto=${encodeURIComponent(view.id)}`} className={buttonClass("secondary")}>
                  Gerar post
                </Link>
              ) : null}
            </>
          ) : null
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <Card title={`Razão do estoque (${movements.toLocaleString("pt-BR")} ${movements === 1 ? "movimentação" : "movimentações"})`}>
            {ledger.length ? (
              <div className="-mx-4 overflow-x-auto sm:mx-0">
                <table className="w-full text-sm">
                  <caption className="sr-only">Movimentações mais recentes, com o saldo depois de cada uma</caption>
                  <thead className="text-left text-xs text-fg-soft">
                    <tr className="border-b border-line">
                      <th scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                        Data
                      </th>
                      <th scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                        Tipo
                      </th>
                      <th scope="col" className="px-2 py-2 sm:px-3 text-right font-semibold">
                        Quantidade
                      </th>
                      <th scope="col" className="px-2 py-2 sm:px-3 text-right font-semibold">
                        Saldo
                      </th>
                      <th scope="col" className="hidden px-2 py-2 sm:px-3 font-semibold md:table-cell">
                        Motivo
                      </th>
                      <th scope="col" className="hidden px-2 py-2 sm:px-3 font-semibold md:table-cell">
                        Por
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {ledger.map((l) => (
                      <tr key={l.id} className="border-b border-line last:border-0">
                        <td className="px-2 py-2 sm:px-3 whitespace-nowrap tabular-nums">
                          <Link to={`/movimentacao-produtos/${l.id}`} className="hover:text-accent hover:underline">
                            {l.when}
                          </Link>
                        </td>
                        <td className="px-2 py-2 sm:px-3">
                          <span className={l.tone}>{l.kind}</span>
                        </td>
                        <td className="px-2 py-2 sm:px-3 text-right whitespace-nowrap tabular-nums">{l.quantity}</td>
                        <td className="px-2 py-2 sm:px-3 text-right font-semibold whitespace-nowrap tabular-nums">{l.balance}</td>
                        <td className="hidden px-2 py-2 sm:px-3 md:table-cell">{l.reason}</td>
                        <td className="hidden px-2 py-2 sm:px-3 text-fg-soft md:table-cell">{l.by}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p className="text-sm text-fg-soft">Nenhuma movimentação ainda. Registre a primeira entrada para o produto ter estoque.</p>
            )}
            {movements > 0 ? (
              <p className="mt-3 text-sm">
                <Link
                  to={`/movimentacao-produtos?f.produto=${encodeURIComponent(view.id)}`}
                  className="font-semibold text-accent hover:underline"
                >
                  Ver todas as movimentações
                </Link>
                {movements > ledger.length ? <span className="text-fg-soft"> (mostrando as {ledger.length} mais recentes)</span> : null}
              </p>
            ) : null}
          </Card>
          <ResourceDetail view={view} />
        </div>
        {/* On a phone the stock (what the page is opened for) comes first; beside the ledger from lg up. */}
        <Card title="Estoque" className="order-first lg:order-none">
          <dl className="grid grid-cols-2 gap-3 text-sm">
            <div>
              <dt className="text-fg-soft">Em estoque</dt>
              <dd className="text-2xl font-semibold tabular-nums" data-testid="estoque-atual">
                {stock.estoque}
              </dd>
            </div>
            <div>
              <dt className="text-fg-soft">Mínimo</dt>
              <dd className="text-lg tabular-nums">{stock.minimo}</dd>
            </div>
            <div>
              <dt className="text-fg-soft">Margem</dt>
              <dd className="tabular-nums">{stock.margem}</dd>
            </div>
            <div>
              <dt className="text-fg-soft">Valor em estoque (custo)</dt>
              <dd className="tabular-nums">{stock.valorEmEstoque}</dd>
            </div>
          </dl>
          <p className="mt-3">
            {stock.low ? (
              <span className={stock.empty ? "badge badge-red" : "badge badge-yellow"}>
                {stock.empty ? "Sem estoque" : "Abaixo do mínimo"}
              </span>
            ) : (
              <span className="badge badge-green">Em dia</span>
            )}
          </p>
        </Card>
      </div>
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
