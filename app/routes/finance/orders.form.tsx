import { redirect } from "react-router";
import type { Route } from "./+types/orders.form";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { RecordEditor } from "../../components/data/record-editor.tsx";
import { formValuesFromRow } from "../../components/data/view.server.ts";
import { titleMeta } from "../../lib/title.ts";
import { isEditableStatus } from "../../../shared/finance/order-pipeline.ts";
import { type PedidoRow, pedidoDefinition } from "../../../shared/resources/pedidos.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { formLoader, guard, saveAction } from "../../server/resources.server.ts";
import { editorFrame, editorLoader, ownScreenDefinition } from "../../server/screens.server.ts";
import { orderCatalogue } from "../../server/finance/orders.server.ts";

/**
 * An order's form, new (`/orders/create`) and edited (`/orders/:id/edit`), on the shared editor:
 * its own module for the items' catalogue (products and services with prices) and the delivery
 * address kept as one value. Only a novo or em preparo order is edited (the module's write
 * condition refuses the rest; the page sends them back to the order).
 */
export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData?.title ?? "Pedido");

const def = ownScreenDefinition(pedidoDefinition);

export async function loader(args: Route.LoaderArgs) {
  const id = args.params.id;
  const { ctx, actor } = guard(args, def, id === undefined ? "create" : "update");
  if (id === undefined) {
    const [editor, catalogue] = await Promise.all([editorLoader(args, def, undefined), orderCatalogue(ctx, actor)]);
    return { ...editor, selectOptions: { itens: catalogue } };
  }
  const [{ row, relations }, catalogue] = await Promise.all([formLoader<PedidoRow>(args, def, id), orderCatalogue(ctx, actor)]);
  const found = row as PedidoRow;
  if (!isEditableStatus(found.status)) throw redirect(`/orders/${id}`);
  const address = found.endereco;
  return {
    ...editorFrame(def, found),
    values: {
      ...formValuesFromRow(def, found, timeZoneOf(actor.timeZone)),
      cep: address?.cep ?? "",
      rua: address?.rua ?? "",
      numeroEndereco: address?.numero ?? "",
      complemento: address?.complemento ?? "",
      bairro: address?.bairro ?? "",
      cidade: address?.cidade ?? "",
      uf: address?.uf ?? "",
    },
    relations,
    selectOptions: { itens: catalogue },
  };
}

export async function action(args: Route.ActionArgs) {
  return saveAction(args, def, args.params.id);
}

export default function OrderForm({ loaderData, actionData }: Route.ComponentProps) {
  return <RecordEditor editor={loaderData} failure={actionData} />;
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
