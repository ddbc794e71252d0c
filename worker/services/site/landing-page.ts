import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { landingPages, organizations, properties, propertyPhotos } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { type LandingCard, type LandingPageContent, type LandingView, landingPageSchema } from "../../../shared/site/landing-page.ts";
import { leadContactSchema } from "../../../shared/real-estate/lead.ts";
import { zodMessagePtBr } from "../../../shared/validation.ts";
import { authorize } from "../../auth/permissions.ts";
import { enforceKeyedLimit } from "../../security/rate-limit.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { receiveLead, siteLeadKey } from "../real-estate/leads.ts";
import { localDay } from "../../../shared/format.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { orgTimeZoneColumn } from "../organization/time-zone.ts";

/**
 * Landing Page: the business's public page `/p/{slug}`. Managers edit a draft (`rascunho`),
 * preview it with the very component the public page renders, and publish (a validated copy to
 * `publicado`). The public page reads only the published copy; its contact form makes a lead.
 */

export type { LandingCard, LandingView };

export interface LandingEditor {
  slug: string | null;
  rascunho: LandingPageContent;
  publicadoEm: string | null;
  /** Whether the draft differs from what is live. */
  pendente: boolean;
  /** Available properties to feature (with `destaque`, the default choice, first). */
  imoveis: { id: string; codigo: string; titulo: string | null; destaque: boolean }[];
  /** Property photos to use as the cover (the covers of available properties). */
  capas: { chave: string; titulo: string | null }[];
}

const cardColumns = {
  slug: properties.slug,
  titulo: properties.titulo,
  finalidade: properties.finalidade,
  valorVendaCentavos: properties.valorVendaCentavos,
  valorLocacaoCentavos: properties.valorLocacaoCentavos,
  capaChave: properties.capaChave,
  bairro: properties.bairro,
  cidade: properties.cidade,
  quartos: properties.quartos,
  areaUtil: properties.areaUtil,
};

const live = (extra?: ReturnType<typeof eq>) => and(eq(properties.status, "disponivel"), isNull(properties.excluidoEm), extra);

/** What a page shows before anything was saved: the organização's own name and contacts. */
function defaults(org: {
  name: string;
  whatsapp: string | null;
  email: string | null;
  creci: string | null;
  endereco: string;
}): LandingPageContent {
  const base = org.name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return {
    slug: base.length >= 3 ? base : `negocio-${base}`,
    titulo: `${org.name}: encontre o seu próximo imóvel`,
    sobre: undefined,
    capaChave: undefined,
    destaques: [],
    servico1Titulo: undefined,
    servico1Texto: undefined,
    servico2Titulo: undefined,
    servico2Texto: undefined,
    servico3Titulo: undefined,
    servico3Texto: undefined,
    whatsapp: org.whatsapp ?? undefined,
    email: org.email ?? undefined,
    endereco: org.endereco || undefined,
    creci: org.creci ?? undefined,
    corPrimaria: "#1d4ed8",
  };
}

export async function landingEditor(ctx: ServiceContext, actor: Actor): Promise<LandingEditor> {
  authorize(actor, "organization", "read");
  const scope = orgScope(ctx.db, actor.orgId);
  const [pages, orgs, imoveis, capas] = await ctx.db.batch([
    ctx.db.select().from(landingPages).where(scope.where(landingPages)).limit(1),
    ctx.db
      .select({
        name: organizations.name,
        whatsapp: organizations.whatsapp,
        email: organizations.email,
        creci: organizations.creci,
        endereco: sql<string>`trim(coalesce(${organizations.street} || ', ', '') || coalesce(${organizations.number} || ' - ', '') || coalesce(${organizations.city} || '/', '') || coalesce(${organizations.uf}, ''), ' ,-/')`,
      })
      .from(organizations)
      .where(scope.self())
      .limit(1),
    ctx.db
      .select({ id: properties.id, codigo: properties.codigo, titulo: properties.titulo, destaque: properties.destaque })
      .from(properties)
      .where(scope.where(properties, live()))
      .orderBy(desc(properties.destaque), properties.ordem)
      .limit(100),
    ctx.db
      .select({ chave: propertyPhotos.chave, titulo: properties.titulo })
      .from(propertyPhotos)
      .innerJoin(properties, eq(properties.id, propertyPhotos.propertyId))
      .where(scope.where(propertyPhotos, eq(propertyPhotos.capa, true), live()))
      .orderBy(desc(properties.destaque), properties.ordem)
      .limit(24),
  ]);
  const page = pages[0];
  const org = orgs[0];
  if (!org) throw new DomainError("Organização não encontrada.", 404);
  const rascunho = page
    ? (page.rascunho as LandingPageContent)
    : {
        ...defaults(org),
        destaques: imoveis
          .filter((i) => i.destaque)
          .map((i) => i.id)
          .slice(0, 12),
      };
  return {
    slug: page?.slug ?? null,
    rascunho,
    publicadoEm: page?.publicadoEm?.toISOString() ?? null,
    pendente: !page?.publicado || JSON.stringify(page.publicado) !== JSON.stringify(page.rascunho),
    imoveis,
    capas,
  };
}

function invalid(error: import("zod").ZodError): DomainError {
  const issue = error.issues[0];
  return new DomainError(
    issue ? issue.message || zodMessagePtBr(issue) : "Dados inválidos.",
    400,
    issue?.path.map(String).join(".") || undefined,
  );
}

/** The slug is free when no other organização's page has it (published or not). */
async function checkSlugFree(ctx: ServiceContext, orgId: string, slug: string): Promise<void> {
  // tenant-exempt: slugs are unique across Alicerce; this reads only whether another page has it.
  const [taken] = await ctx.db
    .select({ n: sql<number>`1` })
    .from(landingPages)
    .where(and(eq(landingPages.slug, slug), ne(landingPages.orgId, orgId)))
    .limit(1);
  if (taken) throw new DomainError("Este endereço já está em uso por outro negócio. Escolha outro.", 409, "slug");
}

/** The cover must be a photo of this organização. */
async function checkCover(ctx: ServiceContext, orgId: string, chave: string | undefined): Promise<void> {
  if (!chave) return;
  const [photo] = await ctx.db
    .select({ n: sql<number>`1` })
    .from(propertyPhotos)
    .where(orgScope(ctx.db, orgId).where(propertyPhotos, eq(propertyPhotos.chave, chave)))
    .limit(1);
  if (!photo) throw new DomainError("Escolha a capa entre as fotos dos seus imóveis.", 400, "capaChave");
}

/** Saves the draft (validated); the live page does not change until "Publicar". */
export async function saveLandingDraft(ctx: ServiceContext, actor: Actor, input: unknown): Promise<LandingPageContent> {
  authorize(actor, "organization", "update");
  const parsed = landingPageSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  const draft = parsed.data;
  await checkSlugFree(ctx, actor.orgId, draft.slug);
  await checkCover(ctx, actor.orgId, draft.capaChave);
  const scope = orgScope(ctx.db, actor.orgId);
  const values = { slug: draft.slug, rascunho: draft as Record<string, unknown>, atualizadoEm: ctx.now, atualizadoPor: actor.userId };
  // Once published, the live address changes only on publish: a draft save keeps the column.
  await ctx.db
    .insert(landingPages)
    .values(scope.values(values))
    .onConflictDoUpdate({
      target: landingPages.orgId,
      set: {
        rascunho: values.rascunho,
        atualizadoEm: ctx.now,
        atualizadoPor: actor.userId,
        slug: sql`case when ${landingPages.publicado} is null then ${draft.slug} else ${landingPages.slug} end`,
      },
    });
  return draft;
}

/** Publishes the saved draft (validated again: the slug may have been taken meanwhile). */
export async function publishLanding(ctx: ServiceContext, actor: Actor): Promise<{ slug: string }> {
  authorize(actor, "organization", "update");
  const scope = orgScope(ctx.db, actor.orgId);
  const [page] = await ctx.db.select({ rascunho: landingPages.rascunho }).from(landingPages).where(scope.where(landingPages)).limit(1);
  if (!page) throw new DomainError("Salve a página antes de publicar.", 400);
  const parsed = landingPageSchema.safeParse(page.rascunho);
  if (!parsed.success) throw invalid(parsed.error);
  await checkSlugFree(ctx, actor.orgId, parsed.data.slug);
  await checkCover(ctx, actor.orgId, parsed.data.capaChave);
  try {
    await ctx.db
      .update(landingPages)
      .set({
        slug: parsed.data.slug,
        publicado: parsed.data as Record<string, unknown>,
        publicadoEm: ctx.now,
        atualizadoEm: ctx.now,
        atualizadoPor: actor.userId,
      })
      .where(scope.where(landingPages));
  } catch (error) {
    // Two businesses publishing the same slug at once: the unique index decides.
    if (String((error as Error)?.message ?? error).includes("UNIQUE"))
      throw new DomainError("Este endereço já está em uso por outro negócio. Escolha outro.", 409, "slug");
    throw error;
  }
  return { slug: parsed.data.slug };
}

/**
 * The page as visitors see it. Only live properties reach it: the featured cards (the chosen ones
 * in their order, or, none chosen, those marked `destaque`) and the cover while its property is
 * live. No internal id leaves: the chosen ids and the cards' ids stay on the server.
 */
async function viewOf(ctx: ServiceContext, orgId: string, negocio: string, content: LandingPageContent): Promise<LandingView> {
  const scope = orgScope(ctx.db, orgId);
  const { destaques: chosen, ...page } = content;
  const [rows, covers] = await ctx.db.batch([
    ctx.db
      .select({ id: properties.id, ...cardColumns })
      .from(properties)
      .where(scope.where(properties, live(chosen.length ? inArray(properties.id, chosen) : eq(properties.destaque, true))))
      .orderBy(properties.ordem)
      .limit(12),
    ctx.db
      .select({ n: sql<number>`1` })
      .from(propertyPhotos)
      .innerJoin(properties, eq(properties.id, propertyPhotos.propertyId))
      .where(scope.where(propertyPhotos, eq(propertyPhotos.chave, page.capaChave ?? ""), live()))
      .limit(1),
  ]);
  const ordered = chosen.length ? chosen.flatMap((id) => rows.filter((r) => r.id === id)) : rows;
  const cards = ordered.map(({ id: _id, ...card }): LandingCard => card);
  return { negocio, page: { ...page, capaChave: covers.length ? page.capaChave : undefined }, cards };
}

async function organizationName(ctx: ServiceContext, orgId: string): Promise<string> {
  const [org] = await ctx.db.select({ name: organizations.name }).from(organizations).where(orgScope(ctx.db, orgId).self()).limit(1);
  return org?.name ?? "";
}

/** The draft exactly as the public page will show it (Pré-visualizar). */
export async function previewLanding(ctx: ServiceContext, actor: Actor): Promise<LandingView | null> {
  const editor = await landingEditor(ctx, actor);
  if (!editor.slug) return null;
  return viewOf(ctx, actor.orgId, await organizationName(ctx, actor.orgId), editor.rascunho);
}

/** The published page at `slug`, with its organização; null when there is none (404). */
async function publishedBySlug(ctx: ServiceContext, slug: string) {
  if (!/^[a-z0-9-]{1,60}$/.test(slug)) return null;
  // tenant-exempt: the public slug names the organização; only the published copy is read (and that organização's time zone).
  const [row] = await ctx.db
    .select({
      orgId: landingPages.orgId,
      publicado: landingPages.publicado,
      negocio: organizations.name,
      timeZone: orgTimeZoneColumn(landingPages),
      agendar: sql<number | null>`(select bs.online_booking_enabled from business_settings bs where bs.org_id = "landing_pages"."org_id")`,
    })
    .from(landingPages)
    .innerJoin(organizations, eq(organizations.id, landingPages.orgId))
    .where(and(eq(landingPages.slug, slug), isNotNull(landingPages.publicado)))
    .limit(1);
  // The same person on the same local day (the organização's) folds into one lead.
  return row?.publicado
    ? {
        orgId: row.orgId,
        negocio: row.negocio,
        page: row.publicado as LandingPageContent,
        timeZone: timeZoneOf(row.timeZone),
        agendar: Boolean(row.agendar),
      }
    : null;
}

export async function publicLanding(ctx: ServiceContext, slug: string): Promise<LandingView | null> {
  const found = await publishedBySlug(ctx, slug);
  if (!found) return null;
  const view = await viewOf(ctx, found.orgId, found.negocio, found.page);
  return found.agendar ? { ...view, agendar: true } : view;
}

/**
 * The public contact form. A filled honeypot answers as if sent and creates nothing; limits per
 * IP first, and per organização only for valid messages; a malformed form is a pt-BR 400 with nothing created; the same person
 * the same day folds into one lead.
 */
export async function landingContact(ctx: ServiceContext, slug: string, input: Record<string, unknown>): Promise<{ enviado: true }> {
  const found = await publishedBySlug(ctx, slug);
  if (!found) throw new DomainError("Página não encontrada.", 404);
  const admission = await enforceKeyedLimit(ctx.db, "landingContact", { ip: ctx.ip, org: found.orgId });
  if (typeof input.site === "string" && input.site.trim() !== "") return { enviado: true };
  const parsed = leadContactSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error);
  // Only a valid message spends the business's daily quota: junk must not switch its leads off.
  await admission.accept();
  const contact = parsed.data;
  await receiveLead(ctx, found.orgId, {
    origem: "landing_page",
    chave: await siteLeadKey("landing_page", contact, null, localDay(ctx.now, found.timeZone)),
    nome: contact.nome,
    email: contact.email ?? null,
    telefone: contact.telefone ?? null,
    mensagem: contact.mensagem ?? null,
  });
  return { enviado: true };
}
