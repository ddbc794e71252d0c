export const PRODUCT = "Alicerce";

/** Every page title ends with the product name (product map). */
export function pageTitle(name?: string): string {
  return name ? `${name} | ${PRODUCT}` : PRODUCT;
}

export const PAGE_DESCRIPTION =
  "Alicerce: plataforma completa de gestão para pequenos negócios e corretores, com integração ao Instagram e geração de conteúdo com IA.";

/** A route's `meta` export in one line. */
export function titleMeta(name?: string) {
  return [{ title: pageTitle(name) }];
}
