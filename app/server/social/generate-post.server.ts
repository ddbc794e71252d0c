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
import { POST_ORIGINS, type PostOrigin } from "../../../shared/enums/social.ts";
import { postDefinition } from "../../../shared/resources/posts.ts";
import { POST_ORIGIN_CHOICE_TEXT, POST_ORIGIN_DEFS, postOriginDef } from "../../../shared/social/post-origins.ts";
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

export type RecordKind = PostOrigin;

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
  /** The search as typed and its answer (the organização's imóveis, produtos and serviços the person reaches). */
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
  for (const origin of POST_ORIGIN_DEFS) {
    const id = url.searchParams.get(origin.param);
    if (id) return { tipo: origin.tipo, id };
  }
  return null;
}

export async function generatePostLoader(args: Args): Promise<GeneratePostView> {
  const { ctx, actor } = guard(args, postDefinition, "create");
  const url = new URL(args.request.url);
  const busca = (url.searchParams.get("busca") ?? "").trim().slice(0, 100);
  const asked = chosenFromUrl(url);
  const readable = POST_ORIGIN_DEFS.filter((origin) => can(actor.role, origin.resource, "read"));
  const mayRead = asked ? readable.some((origin) => origin.tipo === asked.tipo) : false;
  // Only an imóvel has photos of its own for the art.
  const propertyId = asked?.tipo === "imovel" && mayRead && isId(asked.id) ? asked.id : null;
  const [options, editor, sheet, brand] = await Promise.all([
    Promise.all(readable.map((origin) => recordOptions(ctx, actor, origin.resource, busca, SEARCH_LIMIT))),
    postEditorData(ctx, actor, { propertyId }),
    asked && mayRead ? recordFactSheet(ctx, actor, asked) : Promise.resolve(null),
    // The art draws in the organização's colours, font and logo (/cores, ADR 054).
    getBrandStyle(ctx, actor.orgId),
  ]);
  const choices: RecordChoice[] = readable.flatMap((origin, i) =>
    (options[i] ?? []).map((r) => ({ tipo: origin.tipo, id: r.id, title: r.title })),
  );
  let chosen: ChosenRecord | null = null;
  if (asked && sheet) {
    const photos = propertyId ? editor.photos.map((p) => ({ chave: p.chave, legenda: p.legenda })) : [];
    chosen = {
      tipo: asked.tipo,
      id: asked.id,
      title: sheet.registro.nome,
      sheet,
      art: artContentOf(sheet),
      photos,
      link: sheet.negocio.link ?? "",
      href: postOriginDef(asked.tipo).href(asked.id),
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
  tipo: z.enum(POST_ORIGINS, { error: () => `Escolha ${POST_ORIGIN_CHOICE_TEXT}.` }),
  id: z.string().refine(isId, `Escolha ${POST_ORIGIN_CHOICE_TEXT}.`),
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
  const origin = postOriginDef(input.tipo);
  const sheet = can(actor.role, origin.resource, "read") ? await recordFactSheet(ctx, actor, { tipo: input.tipo, id: input.id }) : null;
  if (!sheet) return failure(`${origin.notFound} Escolha outro.`, 404);
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
