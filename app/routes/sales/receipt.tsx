import { useEffect } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/receipt";
import { DocumentsSection, documentsOf } from "../../components/documents/documents-section.tsx";
import { CancelSaleDialog } from "../../components/sales/cancel-sale-dialog.tsx";
import { ReceiptView } from "../../components/sales/receipt-view.tsx";
import { receiptWhatsappHref, receiptWhatsappText } from "../../components/sales/receipt-text.ts";
import { ResourceErrorBoundary } from "../../components/data/error-boundary.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { Toaster } from "../../components/ui/toast.tsx";
import { formatBRL } from "../../../shared/format.ts";
import { titleMeta } from "../../lib/title.ts";
import { orgTimeZone, requirePermission } from "../../server/guards.server.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { serviceContext } from "../../../worker/context.ts";
import { linkedDocuments } from "../../../worker/services/documents/linked-documents.ts";
import { saleReceipt } from "../../../worker/services/finance/sale-receipt.ts";

/**
 * /sales/:id: the sale's receipt (issue 22) — on screen and on paper (A4 or an 80 mm thermal
 * printer: one column, no colours, the shell hidden), "Enviar por WhatsApp" with the summary,
 * and "Cancelar venda" for owner/admin (a dialog asking the reason, then the sales API's cancel:
 * stock, receivables and cash reversed with new entries, ADR 071). Below it, on screen only, the
 * sale's documents (the nota fiscal, a comprovante) for the roles that read them.
 */

export const meta: Route.MetaFunction = ({ loaderData }) => titleMeta(loaderData ? `Venda nº ${loaderData.receipt.numero}` : "Venda");

/** Who may cancel: the permission table's cell for cancelling a sale (owner, admin; ADR 071). */
const CANCEL_ACTION = "approve";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const signed = requirePermission(context, request, "vendas", "read");
  const ctx = serviceContext(signed.rc);
  // Two reads side by side: the receipt's batch and the sale's documents (null: the role reads none).
  const [receipt, documents] = await Promise.all([
    saleReceipt(ctx, signed.actor, params.id),
    linkedDocuments(ctx, signed.actor, "vendaId", params.id),
  ]);
  if (!receipt) throw new Response("Venda não encontrada.", { status: 404 });
  const zone = orgTimeZone(context, request);
  const url = new URL(request.url);
  const text = receiptWhatsappText({ ...receipt, business: receipt.business.name || "Recibo" }, zone);
  const toast =
    url.searchParams.get("concluida") === "1"
      ? `Venda nº ${receipt.numero} concluída: ${formatBRL(receipt.totalCentavos)}.${receipt.changeCentavos > 0 ? ` Troco: ${formatBRL(receipt.changeCentavos)}.` : ""}`
      : url.searchParams.get("cancelada") === "1" && receipt.status === "cancelada"
        ? `Venda nº ${receipt.numero} cancelada. Estoque, parcelas e caixa foram estornados.`
        : null;
  return {
    receipt,
    zone,
    whatsappHref: receiptWhatsappHref(receipt.client?.phone, text),
    canCancel: receipt.status === "concluida" && can(signed.actor.role, "vendas", CANCEL_ACTION),
    canSell: can(signed.actor.role, "vendas", "create"),
    documents,
    canSendDocuments: can(signed.actor.role, "documentos", "create"),
    toast: toast ? { id: `${receipt.id}-${url.search}`, message: toast } : null,
  };
}

/**
 * On paper only the receipt, sized for A4 or a thermal roll: everything that neither holds the
 * receipt nor is inside it takes no room (so no blank pages follow), the receipt's ancestors
 * lose their padding, and the receipt flows from the page's top, all in black (a thermal head
 * dithers grey). Browsers without :has() (Safari < 15.4) paint only the receipt, placed at the top.
 * The font scales with the paper: the receipt's Tailwind sizes become relative to it.
 */
const PRINT_CSS = `@media print {
  @page { margin: 6mm; }
  body * { visibility: hidden; }
  #recibo, #recibo * { visibility: visible; color: #000 !important; border-color: #000 !important; }
  #recibo { position: absolute; inset: 0 auto auto 0; width: 100%; max-width: 190mm; margin: 0; padding: 0; font-size: 10pt; background: #fff; border: 0; border-radius: 0; box-shadow: none; }
  #recibo .no-print { display: none !important; }
  #recibo .text-lg { font-size: 1.3em; }
  #recibo .text-base { font-size: 1.1em; }
  #recibo .text-sm { font-size: 1em; }
  #recibo .text-xs { font-size: 0.85em; }
  @supports selector(:has(*)) {
    body *:not(:has(#recibo)):not(#recibo):not(#recibo *) { display: none !important; }
    body, body *:has(#recibo) { display: block !important; position: static !important; margin: 0 !important; padding: 0 !important; border: 0 !important; width: auto !important; max-width: none !important; min-height: 0 !important; height: auto !important; overflow: visible !important; background: none !important; box-shadow: none !important; }
    #recibo { position: static; }
  }
}
@media print and (max-width: 100mm) { #recibo { font-size: 8.5pt; } }`;

export default function SaleReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt, zone, whatsappHref, canCancel, canSell, documents, canSendDocuments, toast } = loaderData;
  // The toast's flag leaves the address bar once shown (no new load: the toast stays), so a
  // reload or a shared link does not repeat it.
  useEffect(() => {
    if (toast) window.history.replaceState(window.history.state, "", `/sales/${receipt.id}`);
  }, [toast, receipt.id]);
  return (
    <>
      <style>{PRINT_CSS}</style>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to="/sales" className="text-sm font-medium text-accent">
          ← Vendas
        </Link>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass("secondary", "px-3")} onClick={() => window.print()}>
            Imprimir
          </button>
          <a href={whatsappHref} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary", "px-3")}>
            Enviar por WhatsApp
          </a>
          {canCancel ? <CancelSaleDialog saleId={receipt.id} numero={receipt.numero} /> : null}
          {canSell ? (
            <Link to="/sales/nova" className={buttonClass("primary")}>
              Nova venda
            </Link>
          ) : null}
        </div>
      </div>
      <ReceiptView receipt={receipt} zone={zone} />
      {documents ? (
        <div className="mx-auto mt-4 max-w-xl">
          <DocumentsSection
            preset={{ field: "vendaId", id: receipt.id, label: `Venda nº ${receipt.numero}`, tipo: "nota_fiscal" }}
            listHref={documentsOf("venda", receipt.id)}
            canCreate={canSendDocuments}
            documents={documents}
          />
        </div>
      ) : null}
      <Toaster toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  return <ResourceErrorBoundary />;
}
