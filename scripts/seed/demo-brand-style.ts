import type { BrandStyleInput } from "../../worker/services/brand/brand-style.ts";

/**
 * Imobiliária Horizonte's brand (/cores): navy and sunset amber, Montserrat, the navy as the
 * app's accent. Its own file: the landing page's seed reads the primary colour too.
 */
export const DEMO_BRAND: BrandStyleInput = {
  corPrimaria: "#1e3a5f",
  corSecundaria: "#f2a541",
  corTextoSobrePrimaria: "#ffffff",
  fonte: "montserrat",
  corDestaqueApp: "#1e3a5f",
};
