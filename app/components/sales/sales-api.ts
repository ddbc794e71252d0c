import type { SaleDraft } from "../../../shared/finance/sale-draft.ts";

/**
 * The point of sale and the receipt talk to the sales API (ADR 071) — the one door that completes
 * and cancels a sale, checked by the permission table like every API route (same origin, the
 * session cookie). Answers: the sale's id, or the server's pt-BR refusal as it is.
 */

export type SalesAnswer<T> = { ok: true; value: T } | { ok: false; error: string };

export const OFFLINE_SALE =
  "Sem resposta do servidor: a venda pode não ter sido concluída. Tente de novo — repetir o envio nunca cria uma segunda venda.";

async function refusalOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  return body?.error?.message ?? fallback;
}

/** POST /api/sales: the same draft id answers the same sale (a retry after a lost answer included). */
export async function completeSaleRequest(draft: SaleDraft): Promise<SalesAnswer<string>> {
  let response: Response;
  try {
    response = await fetch("/api/sales", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(draft),
    });
  } catch {
    return { ok: false, error: OFFLINE_SALE };
  }
  if (!response.ok)
    return { ok: false, error: await refusalOf(response, `A venda não foi concluída (erro ${response.status}). Tente de novo.`) };
  const body = (await response.json().catch(() => null)) as { data?: { id?: string; saleId?: string } } | null;
  const id = body?.data?.id ?? body?.data?.saleId;
  return id ? { ok: true, value: id } : { ok: false, error: OFFLINE_SALE };
}

/** POST /api/sales/:id/cancel with the reason (owner/admin). */
export async function cancelSaleRequest(saleId: string, reason: string): Promise<SalesAnswer<null>> {
  let response: Response;
  try {
    response = await fetch(`/api/sales/${encodeURIComponent(saleId)}/cancel`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ reason }),
    });
  } catch {
    return { ok: false, error: "Sem resposta do servidor: confira a venda antes de tentar de novo." };
  }
  if (!response.ok) return { ok: false, error: await refusalOf(response, `A venda não foi cancelada (erro ${response.status}).`) };
  return { ok: true, value: null };
}
