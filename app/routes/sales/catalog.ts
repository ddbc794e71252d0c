import type { Route } from "./+types/catalog";
import { serviceContext } from "../../../worker/context.ts";
import { searchCatalog } from "../../../worker/services/finance/checkout-catalog.ts";
import { requirePermission } from "../../server/guards.server.ts";

/**
 * `/sales/nova/catalogo?q=`: what the point of sale's search box finds (products by name, SKU or
 * barcode; services by name), as JSON for the checkout's script. Whoever may sell.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signed = requirePermission(context, request, "vendas", "create");
  const q = new URL(request.url).searchParams.get("q") ?? "";
  const data = await searchCatalog(serviceContext(signed.rc), signed.actor, q);
  return Response.json({ data }, { headers: { "cache-control": "no-store" } });
}
