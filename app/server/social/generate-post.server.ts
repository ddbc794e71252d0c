/**
 * /gerar-postagem's server side (issue 20, ADR 056): the loader reads what the screen needs to ask
 * for a generation (the records to choose from, the connected accounts) and, once a record is
 * chosen, its fact sheet (the live check of an edit), the art's content and the photos; the one
 * action renders and stores the art through the art service. Saving the post is the post editor's
 * action (`/posts/create`), the one way a post is created.
 */
import { data } from "react-router";
import { z } from "zod";
import type { FactSheet } from "../../../shared/ai/facts.ts";
import {
  ART_FORMAT_IDS,
  ART_TEMPLATE_IDS,
  type ArtContentInput,
  type ArtFormat,
  artContentSchema,
} from "../../../shared/art/art-content.ts";
import { artContentOf } from "../../../shared/art/art-from-facts.ts";
import type { BrandStyle } from "../../../shared/brand/brand-style.ts";
import { isId } from "../../../shared/id.ts";
import { postDefinition } from "../../../shared/resources/posts.ts";
import type { PostImage } from "../../../shared/social/post-screens.ts";
import { TIME_ZONES, timeZoneOf } from "../../../shared/time-zone.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { recordOptions } from "../../../worker/resources/records.ts";
import { enforceKeyedLimit } from "../../../worker/security/rate-limit.ts";
import { carouselSlides, storeArt, storeCarousel } from "../../../worker/services/art/post-art.ts";
import { recordFactSheet } from "../../../worker/services/ai/record-facts.ts";
import { getBrandStyle } from "../../../worker/services/brand/brand-style.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { type PostAccount, postEditorData } from "../../../worker/services/social/post-editor.ts";
import { readForm, unknownIntent } from "../forms.server.ts";
import { guard } from "../resources.server.ts";

type Args = Parameters<typeof guard>[0];

export type RecordKind = "imovel" | "produto";

/** A record the person may generate a post from (the search's answer). */
export interface RecordChoice {
  tipo: RecordKind;
  id: string;
  title: string;
}

/** A photo the art may draw (the carousel's, in the imóvel's order: cover first). */
export interface ArtPhoto {
  chave: string;
  legenda: string | null;
}

export interface ChosenRecord {
  tipo: RecordKind;
  id: string;
  title: string;
  /** What the caption may state (ADR 053): the live check of an edit reads it. */
  sheet: FactSheet;
  /** What the art draws (built from the same sheet). */
  art: ArtContentInput;
  photos: ArtPhoto[];
  /** The record's public page, or "" (the post's link). */
  link: string;
  /** Where "Voltar" leads. */
  href: string;
}

export interface GeneratePostView {
  /** The search as typed and its answer (the organização's imóveis and produtos the person reaches). */
  busca: string;
  choices: RecordChoice[];
  chosen: ChosenRecord | null;
  /** A record asked for that the person does not reach (deleted, another corretor's). */
  missing: boolean;
  accounts: PostAccount[];
  brand: BrandStyle;
  /** Owner/admin: "Publicar agora" and "Agendar"; others "Enviar para aprovação". */
  canApprove: boolean;
  zoneLabel: string;
}

const SEARCH_LIMIT = 12;

function chosenFromUrl(url: URL): { tipo: RecordKind; id: string } | null {
  const imovel = url.searchParams.get("imovel");
  if (imovel) return { tipo: "imovel", id: imovel };
  const produto = url.searchParams.get("produto");
  return produto ? { tipo: "produto", id: produto } : null;
}

export async function generatePostLoader(args: Args): Promise<GeneratePostView> {
  const { ctx, actor } = guard(args, postDefinition, "create");
  const url = new URL(args.request.url);
  const busca = (url.searchParams.get("busca") ?? "").trim().slice(0, 100);
  const asked = chosenFromUrl(url);
  const readsProperties = can(actor.role, "imoveis", "read");
  const readsProducts = can(actor.role, "produtos", "read");
  const propertyId = asked?.tipo === "imovel" && readsProperties && isId(asked.id) ? asked.id : null;
  const mayRead = asked ? (asked.tipo === "imovel" ? readsProperties : readsProducts) : false;
  const [imoveis, produtos, editor, sheet, brand] = await Promise.all([
    readsProperties ? recordOptions(ctx, actor, "imoveis", busca, SEARCH_LIMIT) : Promise.resolve([]),
    readsProducts ? recordOptions(ctx, actor, "produtos", busca, SEARCH_LIMIT) : Promise.resolve([]),
    postEditorData(ctx, actor, { propertyId }),
    asked && mayRead ? recordFactSheet(ctx, actor, asked) : Promise.resolve(null),
    // The art draws in the organização's colours, font and logo (/cores, ADR 054).
    getBrandStyle(ctx, actor.orgId),
  ]);
  const choices: RecordChoice[] = [
    ...imoveis.map((r) => ({ tipo: "imovel" as const, id: r.id, title: r.title })),
    ...produtos.map((r) => ({ tipo: "produto" as const, id: r.id, title: r.title })),
  ];
  let chosen: ChosenRecord | null = null;
  if (asked && sheet) {
    const photos = asked.tipo === "imovel" ? editor.photos.map((p) => ({ chave: p.chave, legenda: p.legenda })) : [];
    chosen = {
      tipo: asked.tipo,
      id: asked.id,
      title: sheet.registro.nome,
      sheet,
      art: artContentOf(sheet),
      photos,
      link: sheet.negocio.link ?? "",
      href: asked.tipo === "imovel" ? `/properties/${asked.id}` : `/produtos/${asked.id}`,
    };
  }
  return {
    busca,
    choices,
    chosen,
    missing: asked !== null && chosen === null,
    accounts: editor.accounts,
    brand,
    canApprove: can(actor.role, postDefinition.name, "approve"),
    zoneLabel: TIME_ZONES.label(timeZoneOf(actor.timeZone)),
  };
}

// ——— The art ———

const artInput = z.object({
  tipo: z.enum(["imovel", "produto"]),
  id: z.string().refine(isId, "Escolha um imóvel ou produto."),
  modelo: z.enum(ART_TEMPLATE_IDS, { error: () => "Escolha um modelo de arte." }),
  formato: z.enum(ART_FORMAT_IDS as [ArtFormat, ...ArtFormat[]], { error: () => "Escolha um formato." }),
  carrossel: z.preprocess((v) => v === "sim", z.boolean()),
});

/** What the action answers: the stored images (post image keys) in order, with what each slide is. */
export type ArtResult = { ok: true; images: PostImage[]; slides: string[] } | { ok: false; error: string; field?: string | undefined };

function failure(error: string, status: number, field?: string) {
  return data<ArtResult>({ ok: false, error, ...(field ? { field } : {}) }, { status });
}

/**
 * `intent=arte`: renders the chosen template in the chosen format — one image, or the carousel
 * (cover, the further photos, the facts, the contact) — and stores it as post images of the
 * organização. The content is built here from the record, never taken from the form.
 */
export async function generatePostAction(args: Args) {
  const { ctx, actor, rc } = guard(args, postDefinition, "create");
  const form = await readForm(args.request);
  if (form.get("intent") !== "arte") return unknownIntent();
  const parsed = artInput.safeParse(Object.fromEntries(form));
  if (!parsed.success) return failure(parsed.error.issues[0]?.message ?? "Pedido inválido.", 400);
  const input = parsed.data;
  const mayRead = can(actor.role, input.tipo === "imovel" ? "imoveis" : "produtos", "read");
  const sheet = mayRead ? await recordFactSheet(ctx, actor, { tipo: input.tipo, id: input.id }) : null;
  if (!sheet) return failure("Imóvel ou produto não encontrado. Escolha outro.", 404);
  const content = artContentSchema.parse(artContentOf(sheet));
  const photos = input.tipo === "imovel" ? (await postEditorData(ctx, actor, { propertyId: input.id })).photos.map((p) => p.chave) : [];
  const deps = { art: rc.env.ART, bucket: rc.env.FILES };
  const base = { template: input.modelo, format: input.formato, content, brand: await getBrandStyle(ctx, actor.orgId) };
  try {
    await enforceKeyedLimit(ctx.db, "artPreview", { org: actor.orgId, user: actor.userId });
    if (input.carrossel && photos.length > 0) {
      const slides = carouselSlides({ ...base, photoKeys: photos }).map((s) => s.slide);
      const stored = await storeCarousel(ctx, actor, deps, { ...base, photoKeys: photos });
      return { ok: true, images: stored.map(toImage), slides } satisfies ArtResult;
    }
    const stored = await storeArt(ctx, actor, deps, { ...base, slide: "capa", photoKey: photos[0] ?? null });
    return { ok: true, images: [toImage(stored)], slides: ["capa"] } satisfies ArtResult;
  } catch (error) {
    if (error instanceof DomainError) return failure(error.message, error.status, error.field);
    throw error;
  }
}

function toImage(stored: { chave: string; width: number; height: number }): PostImage {
  return { id: stored.chave, chave: stored.chave, largura: stored.width, altura: stored.height, legenda: null };
}
