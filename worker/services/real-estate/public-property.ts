import { and, asc, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { organizations, properties, propertyPhotos, users } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { AddressVisibility, PropertyPurpose, PropertyType } from "../../../shared/enums.ts";
import type { ImovelRow } from "../../../shared/resources/imoveis.ts";
import { portalColumns } from "./portal-feed.ts";
import { localDay } from "../../../shared/format.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { orgTimeZoneColumn } from "../organization/time-zone.ts";
import { publicState } from "../../../shared/real-estate/public-page.ts";
import { type LeadContact, leadContactSchema } from "../../../shared/real-estate/lead.ts";
import { HONEYPOT_FIELD } from "../../../shared/real-estate/lead-form.ts";
import { enforceKeyedLimit } from "../../security/rate-limit.ts";
import { DomainError, type ServiceContext } from "../context.ts";
import { receiveLead, siteLeadKey } from "./leads.ts";

/**
 * The public property page `/imovel/{slug}`: what a visitor may see of a property, and its
 * contact form. Nothing private leaves here: never the owner, keys, notes, captador, the exact
 * address beyond the level the broker chose, nor a draft. The slug is unguessable and unique
 * across Alicerce, so it is the one lookup not scoped by a session's organization; everything
 * after it is scoped by the organization of the property found.
 */

/** The address as the broker chose to show it: hidden parts are null, not just not rendered. */
export interface PublicAddress {
  rua: string | null;
  numero: string | null;
  complemento: string | null;
  cep: string | null;
  bairro: string | null;
  cidade: string | null;
  uf: string | null;
}

export interface PublicPhoto {
  chave: string;
  largura: number;
  altura: number;
  legenda: string | null;
}

/** The facts a visitor sees, as the Imóveis resource names them. */
type PublicFacts = Pick<
  ImovelRow,
  | "slug"
  | "codigo"
  | "descricao"
  | "finalidade"
  | "tipo"
  | "subtipo"
  | "status"
  | "valorVendaCentavos"
  | "valorLocacaoCentavos"
  | "condominioCentavos"
  | "iptuCentavos"
  | "iptuPeriodo"
  | "areaUtil"
  | "areaTotal"
  | "areaTerreno"
  | "quartos"
  | "suites"
  | "banheiros"
  | "vagas"
  | "andar"
  | "anoConstrucao"
  | "mobiliado"
  | "aceitaPermuta"
  | "aceitaFinanciamento"
  | "capaChave"
>;

export interface PublicProperty extends PublicFacts {
  titulo: string;
  imagemCompartilhamentoChave: string | null;
  caracteristicas: string[];
  endereco: PublicAddress;
  fotos: PublicPhoto[];
  contato: { empresa: string; corretor: string | null; whatsapp: string | null; creci: string | null };
}

/** A similar available property (the "não está mais disponível" page offers these). */
export interface SimilarProperty {
  slug: string;
  titulo: string;
  tipo: PropertyType | null;
  finalidade: PropertyPurpose | null;
  bairro: string | null;
  cidade: string | null;
  valorVendaCentavos: number | null;
  valorLocacaoCentavos: number | null;
  quartos: number | null;
  areaUtil: number | null;
  capaChave: string | null;
}

export type PublicPage =
  | { kind: "available"; property: PublicProperty }
  | { kind: "unavailable"; titulo: string; empresa: string; similar: SimilarProperty[] };

/** Only the parts of the address the chosen level shows. */
export function visibleAddress(
  level: AddressVisibility,
  a: {
    rua: string | null;
    numero: string | null;
    complemento: string | null;
    cep: string | null;
    bairro: string | null;
    cidade: string | null;
    uf: string | null;
  },
): PublicAddress {
  const street = level === "completo" || level === "rua";
  const full = level === "completo";
  return {
    rua: street ? a.rua : null,
    numero: full ? a.numero : null,
    complemento: full ? a.complemento : null,
    cep: full ? a.cep : null,
    bairro: a.bairro,
    cidade: a.cidade,
    uf: a.uf,
  };
}

const SLUG = /^[a-z0-9-]{1,120}$/;

/** The page for `slug`, or null (unknown slug or a draft). One round trip; two for a gone property. */
export async function publicPropertyPage(ctx: ServiceContext, slug: string): Promise<PublicPage | null> {
  if (!SLUG.test(slug)) return null;
  const ofSlug = sql`(select p.id from ${properties} p where p.slug = ${slug})`;
  const orgOfSlug = sql`(select p.org_id from ${properties} p where p.slug = ${slug})`;
  // tenant-exempt: the public page finds the property by its unguessable, globally unique slug; its org is read from the row.
  const [found, photos, org] = await ctx.db.batch([
    ctx.db
      .select({
        ...portalColumns,
        orgId: properties.orgId,
        excluidoEm: properties.excluidoEm,
        subtipo: properties.subtipo,
        status: properties.status,
        precoCentavos: properties.precoCentavos,
        andar: properties.andar,
        anoConstrucao: properties.anoConstrucao,
        mobiliado: properties.mobiliado,
        aceitaPermuta: properties.aceitaPermuta,
        aceitaFinanciamento: properties.aceitaFinanciamento,
        cidadeChave: properties.cidadeChave,
        capaChave: properties.capaChave,
        imagemCompartilhamentoChave: properties.imagemCompartilhamentoChave,
        corretor: users.name,
      })
      .from(properties)
      .leftJoin(users, eq(users.id, properties.corretorId))
      .where(eq(properties.slug, slug))
      .limit(1),
    ctx.db
      .select({
        chave: propertyPhotos.chave,
        largura: propertyPhotos.largura,
        altura: propertyPhotos.altura,
        legenda: propertyPhotos.legenda,
      })
      .from(propertyPhotos)
      // tenant-exempt: photos of the property found by slug, within that property's own organization.
      .where(and(eq(propertyPhotos.propertyId, ofSlug), eq(propertyPhotos.orgId, orgOfSlug)))
      .orderBy(asc(propertyPhotos.posicao), asc(propertyPhotos.id)),
    ctx.db
      .select({ name: organizations.name, whatsapp: organizations.whatsapp, creci: organizations.creci })
      .from(organizations)
      // tenant-exempt: the public contact of the organization that owns the property found by slug.
      .where(eq(organizations.id, orgOfSlug))
      .limit(1),
  ]);
  const row = found[0];
  if (!row) return null;
  const state = publicState(row.status, row.excluidoEm !== null);
  if (state === "hidden") return null;
  const empresa = org[0]?.name ?? "";
  const titulo = row.titulo?.trim() || `Imóvel ${row.codigo}`;
  if (state === "unavailable") {
    return { kind: "unavailable", titulo, empresa, similar: await similarProperties(ctx, row) };
  }
  return {
    kind: "available",
    property: {
      slug: row.slug,
      codigo: row.codigo,
      titulo,
      descricao: row.descricao,
      finalidade: row.finalidade,
      tipo: row.tipo,
      subtipo: row.subtipo,
      status: row.status,
      valorVendaCentavos: row.valorVendaCentavos,
      valorLocacaoCentavos: row.valorLocacaoCentavos,
      condominioCentavos: row.condominioCentavos,
      iptuCentavos: row.iptuCentavos,
      iptuPeriodo: row.iptuPeriodo,
      areaUtil: row.areaUtil,
      areaTotal: row.areaTotal,
      areaTerreno: row.areaTerreno,
      quartos: row.quartos,
      suites: row.suites,
      banheiros: row.banheiros,
      vagas: row.vagas,
      andar: row.andar,
      anoConstrucao: row.anoConstrucao,
      mobiliado: row.mobiliado,
      aceitaPermuta: row.aceitaPermuta,
      aceitaFinanciamento: row.aceitaFinanciamento,
      caracteristicas: row.caracteristicas,
      endereco: visibleAddress(row.enderecoPublico, row),
      fotos: photos,
      capaChave: row.capaChave,
      imagemCompartilhamentoChave: row.imagemCompartilhamentoChave,
      contato: { empresa, corretor: row.corretor, whatsapp: org[0]?.whatsapp ?? null, creci: org[0]?.creci ?? null },
    },
  };
}

/**
 * Up to 4 available properties of the same organization like the gone one: same kind or city
 * first, then the closest price (within ±35% when it had a price).
 */
async function similarProperties(
  ctx: ServiceContext,
  gone: { orgId: string; slug: string; tipo: PropertyType | null; cidadeChave: string | null; precoCentavos: number | null },
): Promise<SimilarProperty[]> {
  const scope = orgScope(ctx.db, gone.orgId);
  const band: SQL | undefined = gone.precoCentavos
    ? sql`${properties.precoCentavos} between ${Math.floor(gone.precoCentavos * 0.65)} and ${Math.ceil(gone.precoCentavos * 1.35)}`
    : undefined;
  const sameKind = gone.tipo ? sql`(${properties.tipo} = ${gone.tipo})` : sql`0`;
  const sameCity = gone.cidadeChave ? sql`(${properties.cidadeChave} = ${gone.cidadeChave})` : sql`0`;
  return ctx.db
    .select({
      slug: properties.slug,
      titulo: sql<string>`coalesce(nullif(trim(${properties.titulo}), ''), 'Imóvel ' || ${properties.codigo})`,
      tipo: properties.tipo,
      finalidade: properties.finalidade,
      bairro: properties.bairro,
      cidade: properties.cidade,
      valorVendaCentavos: properties.valorVendaCentavos,
      valorLocacaoCentavos: properties.valorLocacaoCentavos,
      quartos: properties.quartos,
      areaUtil: properties.areaUtil,
      capaChave: properties.capaChave,
    })
    .from(properties)
    .where(
      scope.where(
        properties,
        eq(properties.status, "disponivel"),
        sql`${properties.excluidoEm} is null`,
        ne(properties.slug, gone.slug),
        band,
      ),
    )
    .orderBy(
      desc(sql`${sameKind} + ${sameCity}`),
      sql`abs(coalesce(${properties.precoCentavos}, 0) - ${gone.precoCentavos ?? 0})`,
      asc(properties.id),
    )
    .limit(4);
}

/**
 * The page's contact form → a lead (client + interest with origem "site"). Rate-limited per IP
 * before anything else, and per organização once the message is valid; the same person about the same property on the
 * same local day (the organização's zone) folds into the first lead. Returns false for a honeypot hit (answered as
 * success, nothing kept).
 */
export async function sendPropertyContact(
  ctx: ServiceContext,
  slug: string,
  fields: Record<string, unknown>,
): Promise<{ ok: true; repetido: boolean } | { ok: false; errors: Record<string, string> }> {
  if (!SLUG.test(slug)) throw new DomainError("Imóvel não encontrado.", 404);
  // tenant-exempt: the public form finds the property by its unguessable, globally unique slug (with its organização's time zone).
  const [row] = await ctx.db
    .select({
      id: properties.id,
      orgId: properties.orgId,
      status: properties.status,
      excluidoEm: properties.excluidoEm,
      timeZone: orgTimeZoneColumn(properties),
    })
    .from(properties)
    .where(eq(properties.slug, slug))
    .limit(1);
  if (!row || publicState(row.status, row.excluidoEm !== null) !== "available") throw new DomainError("Imóvel não encontrado.", 404);
  const admission = await enforceKeyedLimit(ctx.db, "propertyLead", { ip: ctx.ip, org: row.orgId });
  if (typeof fields[HONEYPOT_FIELD] === "string" && (fields[HONEYPOT_FIELD] as string).trim() !== "") return { ok: true, repetido: false };
  const parsed = leadContactSchema.safeParse(fields);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "_form")] ??= issue.message;
    return { ok: false, errors };
  }
  // Only a valid message spends the business's daily quota: junk must not switch its leads off.
  await admission.accept();
  const contact: LeadContact = parsed.data;
  const chave = await siteLeadKey("site", contact, row.id, localDay(ctx.now, timeZoneOf(row.timeZone)));
  const lead = await receiveLead(ctx, row.orgId, { origem: "site", chave, ...contact, imovelId: row.id });
  return { ok: true, repetido: lead.repetido };
}
