import { formatBRL } from "../format.ts";

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
