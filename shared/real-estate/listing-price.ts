import { formatBRL } from "../format.ts";

/**
 * Every price of a listing as screens, e-mails and messages show it: a rent always says it is
 * monthly ("R$ 2.500,00/mês"), a sale does not ("R$ 850.000,00"). Listing prices are formatted
 * here only (the property page, cards, the public and landing pages, the share image, the match
 * e-mail and WhatsApp text).
 */

/** "R$ 2.500,00/mês": a rent always says it is monthly. */
export function formatRent(centavos: number): string {
  return `${formatBRL(centavos)}/mês`;
}

/**
 * The one price of a listing or match as every screen shows it: a rent (finalidade "locacao")
 * reads "R$ 2.500,00/mês", a sale "R$ 850.000,00"; empty when there is no price.
 */
export function formatListingPrice(centavos: number | null | undefined, finalidade: string | null | undefined): string {
  if (centavos === null || centavos === undefined) return "";
  return finalidade === "locacao" ? formatRent(centavos) : formatBRL(centavos);
}

/** A listing's two prices (a "venda e locação" property has both). */
export interface ListingPrices {
  valorVendaCentavos: number | null;
  valorLocacaoCentavos: number | null;
}

/** Each price the listing has: ["R$ 850.000,00", "R$ 4.500,00/mês"]. */
export function listingPriceParts(p: ListingPrices): string[] {
  const parts: string[] = [];
  if (p.valorVendaCentavos) parts.push(formatBRL(p.valorVendaCentavos));
  if (p.valorLocacaoCentavos) parts.push(formatRent(p.valorLocacaoCentavos));
  return parts;
}

/** "R$ 850.000,00 · R$ 4.500,00/mês", one of them, or "" without a price. */
export function formatListingPrices(p: ListingPrices): string {
  return listingPriceParts(p).join(" · ");
}

/**
 * The price one purpose looks at: the rent for "locacao" (a tenant), else the sale price; the
 * other one when that is missing. "" without a price.
 */
export function formatPriceFor(p: ListingPrices, purpose: string | null | undefined): string {
  if (purpose === "locacao" && p.valorLocacaoCentavos) return formatRent(p.valorLocacaoCentavos);
  if (p.valorVendaCentavos) return formatBRL(p.valorVendaCentavos);
  if (p.valorLocacaoCentavos) return formatRent(p.valorLocacaoCentavos);
  return "";
}
