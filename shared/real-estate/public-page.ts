import type { PropertyStatus } from "../enums.ts";

/**
 * Which properties have a public page `/imovel/{slug}`, for the page itself and for every
 * screen that links or shares it (one rule). Shown to anyone: `disponivel` and `reservado` (a
 * reservation may fall through; the page says so). Gone (410 page with similar ones): sold,
 * rented, inactive, deleted. A draft was never public: it answers like an unknown slug (404),
 * so drafts can't be probed.
 */
export function publicState(status: PropertyStatus, deleted: boolean): "available" | "unavailable" | "hidden" {
  if (status === "rascunho") return "hidden";
  if (deleted || status === "vendido" || status === "alugado" || status === "inativo") return "unavailable";
  return "available";
}

/** The public page's address on this site. */
export function publicPageUrl(origin: string, slug: string): string {
  return new URL(`/imovel/${encodeURIComponent(slug)}`, origin).toString();
}

/** Why a property has no page to send, in the broker's words; null when it has one. */
export function noPublicPageReason(status: PropertyStatus): string | null {
  switch (status) {
    case "rascunho":
      return "Rascunho: a página pública existe depois de publicar.";
    case "vendido":
      return "Vendido: a página pública não mostra mais este imóvel.";
    case "alugado":
      return "Alugado: a página pública não mostra mais este imóvel.";
    case "inativo":
      return "Inativo: a página pública não mostra este imóvel.";
    default:
      return null;
  }
}

/** What the share buttons need: the link, the words to send with it, or why there is none. */
export interface ListingShare {
  url: string;
  title: string;
  /** "R$ 2.500,00/mês", "R$ 850.000,00" or "". */
  price: string;
  /** Null when the page can be sent. */
  unavailable: string | null;
}

export function listingShare(
  origin: string,
  p: { slug: string; status: PropertyStatus; title: string; price: string; deleted?: boolean },
): ListingShare {
  const unavailable =
    publicState(p.status, p.deleted === true) === "available"
      ? null
      : (noPublicPageReason(p.status) ?? "Este imóvel não tem página pública.");
  return { url: publicPageUrl(origin, p.slug), title: p.title, price: p.price, unavailable };
}

/** What the property is and costs: "Apartamento 2 quartos — R$ 2.500,00/mês". */
export function shareHeadline(share: Pick<ListingShare, "title" | "price">): string {
  return [share.title, share.price].filter(Boolean).join(" — ");
}

/** The message that goes with the link: the headline, then the address on its own line. */
export function shareMessage(share: Pick<ListingShare, "url" | "title" | "price">): string {
  return `${shareHeadline(share)}\n${share.url}`;
}

/** WhatsApp's own share screen (choose the contact there): `https://wa.me/?text=…`. */
export function whatsappShareHref(share: Pick<ListingShare, "url" | "title" | "price">): string {
  return `https://wa.me/?text=${encodeURIComponent(shareMessage(share))}`;
}
