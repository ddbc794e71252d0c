/**
 * The sale's reference as the Pix txid (ADR 068: letters and digits, ≤ 25, never a UUID): at the
 * counter, before the sale has its number, the checkout's own draft reference "PDV" + the draft
 * id's first 12 hex digits (unique enough to find the payment in the bank's statement). Its own
 * module, free of zod: the point of sale's page imports it.
 */
export function checkoutTxid(draftId: string): string {
  return `PDV${draftId.replace(/[^0-9a-f]/gi, "").slice(0, 12)}`.toUpperCase();
}
