import { formatListingPrice } from "../real-estate/listing-price.ts";
import { publicPageUrl, publicState } from "../real-estate/public-page.ts";
import type { PropertyStatus } from "../enums.ts";
import { CAPTION_MAX_LENGTH, MEDIA_MAX } from "./caption-rules.ts";

/**
 * "Criar post" on an imóvel's page: the post it starts with (issue 19). Pure and client-safe: the
 * editor's loader calls it, a test reads it. The caption is a start the corretor edits: the
 * title, the price in reais, the place, the public link, and a few hashtags of the place and kind.
 */

export interface PropertyForPost {
  id: string;
  codigo: string;
  titulo: string | null;
  slug: string;
  status: PropertyStatus;
  finalidade: string | null;
  precoCentavos: number | null;
  bairro: string | null;
  cidade: string | null;
  /** The kind's label ("Apartamento"), when known. */
  tipoLabel: string | null;
}

export interface PhotoForPost {
  id: string;
  capa: boolean;
  posicao: number;
  legenda: string | null;
}

export interface PostStart {
  legenda: string;
  link: string;
  imovelId: string;
  /** Photo ids in order: the cover first, then the others in the imóvel's order, at most 10. */
  midias: string[];
  textoAlternativo: string;
}

/** A host people on Instagram and Facebook can open (a domain, not `localhost` nor an IP): the only link worth posting. */
const PUBLIC_HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function isPublicOrigin(origin: string): boolean {
  try {
    return PUBLIC_HOST.test(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** A word of a hashtag: letters and digits of the words, accents kept, spaces gone ("#vilamadalena"). */
function hashtag(text: string | null): string | null {
  if (!text) return null;
  const word = text
    .normalize("NFC")
    .toLocaleLowerCase("pt-BR")
    .replace(/[^\p{L}\p{N}]+/gu, "");
  return word && /\p{L}/u.test(word) ? `#${word}` : null;
}

/** The photos in the order a post shows them: the cover first, then the imóvel's order; at most a carousel's 10. */
export function photosForPost<T extends PhotoForPost>(photos: readonly T[]): T[] {
  return [...photos].sort((a, b) => Number(b.capa) - Number(a.capa) || a.posicao - b.posicao).slice(0, MEDIA_MAX);
}

/** The post an imóvel starts: what the corretor would write first, ready to edit. */
export function postFromProperty(origin: string, property: PropertyForPost, photos: readonly PhotoForPost[]): PostStart {
  const title = property.titulo?.trim() || `Imóvel ${property.codigo}`;
  const price = formatListingPrice(property.precoCentavos, property.finalidade);
  const place = [property.bairro, property.cidade].filter(Boolean).join(", ");
  // Only a listing anyone may open gets its link (a draft's page is a 404 to the public), and only
  // on a site the public reaches (a local `npm start` at localhost has no link to give).
  const link = publicState(property.status, false) === "available" && isPublicOrigin(origin) ? publicPageUrl(origin, property.slug) : "";
  const purpose = property.finalidade === "locacao" ? "#imóvelparaalugar" : property.finalidade === "venda" ? "#imóvelàvenda" : null;
  const tags = [...new Set([hashtag(property.tipoLabel), hashtag(property.bairro), hashtag(property.cidade), purpose, "#imóveis"])].filter(
    (t): t is string => Boolean(t),
  );
  const lines = [
    `${title} 🏡`,
    price ? `${property.finalidade === "locacao" ? "Aluguel" : "Valor"}: ${price}` : "",
    place ? `📍 ${place}` : "",
    "",
    link ? "Fotos, detalhes e contato no link da bio." : "Chame a gente no direct para saber mais.",
    "",
    tags.join(" "),
  ];
  const legenda = lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .slice(0, CAPTION_MAX_LENGTH);
  const chosen = photosForPost(photos);
  const alt = chosen[0]?.legenda?.trim() || `Foto de ${title}${place ? `, ${place}` : ""}.`;
  return { legenda, link, imovelId: property.id, midias: chosen.map((p) => p.id), textoAlternativo: alt.slice(0, 1000) };
}
