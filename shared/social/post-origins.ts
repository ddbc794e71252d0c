import { POST_ORIGINS, type PostOrigin } from "../enums/social.ts";

/**
 * The kinds of record a post can start from (an imóvel, a produto, a serviço), once: where each
 * is named in /gerar-postagem's URL, which resource's "read" lets a member use it, which post field
 * keeps it, its page and its words. The generation screen, its action, the engine's messages and
 * the post's origin read this table instead of naming the kinds. Pure and client-safe.
 */

export interface PostOriginDef {
  tipo: PostOrigin;
  /** The query parameter of /gerar-postagem that chooses it (`?servico=<id>`). */
  param: string;
  /** The registry name whose "read" lets a member generate from it. */
  resource: string;
  /** The post's field that keeps the link. */
  field: "imovelId" | "produtoId" | "servicoId";
  /** Its page ("Voltar"). */
  href: (id: string) => string;
  /** "o imóvel", for sentences ("O imóvel não foi encontrado…"). */
  withArticle: string;
  /** "Imóvel não encontrado." */
  notFound: string;
}

export const POST_ORIGIN_DEFS: readonly PostOriginDef[] = [
  {
    tipo: "imovel",
    param: "imovel",
    resource: "imoveis",
    field: "imovelId",
    href: (id) => `/properties/${id}`,
    withArticle: "o imóvel",
    notFound: "Imóvel não encontrado.",
  },
  {
    tipo: "produto",
    param: "produto",
    resource: "produtos",
    field: "produtoId",
    href: (id) => `/produtos/${id}`,
    withArticle: "o produto",
    notFound: "Produto não encontrado.",
  },
  {
    tipo: "servico",
    param: "servico",
    resource: "servicos",
    field: "servicoId",
    href: (id) => `/servicos/${id}`,
    withArticle: "o serviço",
    notFound: "Serviço não encontrado.",
  },
];

const BY_KIND = new Map<string, PostOriginDef>(POST_ORIGIN_DEFS.map((d) => [d.tipo, d]));

export function isPostOrigin(value: string): value is PostOrigin {
  return (POST_ORIGINS as readonly string[]).includes(value);
}

/** The definition of a kind (every kind of POST_ORIGIN has one: a test says so). */
export function postOriginDef(tipo: PostOrigin): PostOriginDef {
  const def = BY_KIND.get(tipo);
  if (!def) throw new Error(`Origem de post sem definição: ${tipo}`);
  return def;
}

/** The kind a post's input comes from (its first origin field that is set), or null. */
export function postOriginOf(input: Partial<Record<PostOriginDef["field"], string | null | undefined>>): PostOrigin | null {
  return POST_ORIGIN_DEFS.find((d) => input[d.field])?.tipo ?? null;
}

/** "Imóvel ou produto" lists for messages: "um imóvel, um produto ou um serviço". */
export const POST_ORIGIN_CHOICE_TEXT = "um imóvel, um produto ou um serviço";
