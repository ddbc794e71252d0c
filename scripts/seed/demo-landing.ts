import { eq, inArray, isNull } from "drizzle-orm";
import type { Config } from "../../worker/config/env.ts";
import type { Actor, ServiceContext } from "../../worker/services/context.ts";
import { publishLanding, saveLandingDraft } from "../../worker/services/site/landing-page.ts";
import { rotateFeedToken, rotateLeadSecret } from "../../worker/services/real-estate/portal-settings.ts";
import type { Database } from "../../db/client.ts";
import { properties, propertyPhotos } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import { DEMO_BRAND } from "./demo-brand-style.ts";

/**
 * The demo's public face: Imobiliária Horizonte's published landing page (/p/imobiliaria-horizonte)
 * and its portal secrets. Written through the app's own services (validation, slug and cover
 * rules), so the demo cannot hold a page the editor would refuse. The feed token and webhook
 * secret are random and never printed: a newcomer rotates them on /portais to see them.
 */

export const DEMO_LANDING_SLUG = "imobiliaria-horizonte";
/** Featured cards on the page (the editor allows up to 12). */
const FEATURED = 6;

const PAGE = {
  slug: DEMO_LANDING_SLUG,
  titulo: "Seu próximo endereço em São Paulo começa aqui",
  sobre:
    "Há mais de 15 anos a Imobiliária Horizonte ajuda famílias e empresas a comprar, vender e alugar imóveis na Zona Oeste de São Paulo. " +
    "Conhecemos cada rua de Pinheiros, Vila Madalena, Perdizes e Butantã, e acompanhamos você da primeira visita à entrega das chaves, " +
    "com avaliação honesta, documentação conferida e atendimento de quem mora no bairro.",
  servico1Titulo: "Venda com avaliação gratuita",
  servico1Texto: "Avaliamos seu imóvel com dados reais do bairro, fazemos fotos profissionais e anunciamos nos principais portais.",
  servico2Titulo: "Locação sem dor de cabeça",
  servico2Texto: "Análise de crédito do inquilino, contrato, vistoria com fotos e repasse do aluguel todo mês.",
  servico3Titulo: "Assessoria na compra",
  servico3Texto: "Buscamos o imóvel que cabe no seu orçamento e cuidamos do financiamento e das certidões até a escritura.",
  whatsapp: "(11) 98765-4321",
  email: "contato@imobiliariahorizonte.com.br",
  endereco: "Rua dos Pinheiros, 870, conjunto 42 — Pinheiros, São Paulo/SP",
  creci: "J-28471",
  // The brand's primary colour (/cores): one identity on the page and in the posts' art.
  corPrimaria: DEMO_BRAND.corPrimaria,
};

/** A service context for the seed: no request, so no IP, user agent nor background work. */
export function seedContext(db: Database, now: Date): ServiceContext {
  // The services called here read the database, the clock and the origin only.
  return { db, config: {} as Config, origin: "", ip: "127.0.0.1", userAgent: "seed", waitUntil: () => {}, now };
}

/**
 * The featured properties among `propertyIds`: available ones first, those marked destaque and
 * with a cover before the rest, in the order given; and the cover of the first one with a photo.
 */
async function featured(db: Database, orgId: string, propertyIds: string[]): Promise<{ ids: string[]; capa: string | undefined }> {
  if (propertyIds.length === 0) return { ids: [], capa: undefined };
  const scope = orgScope(db, orgId);
  const [rows, covers] = await db.batch([
    db
      .select({ id: properties.id, capaChave: properties.capaChave, destaque: properties.destaque })
      .from(properties)
      .where(
        scope.where(properties, inArray(properties.id, propertyIds), eq(properties.status, "disponivel"), isNull(properties.excluidoEm)),
      ),
    // The cover must be one of the organização's photos (the editor's rule): the photos marked cover.
    db
      .select({ propertyId: propertyPhotos.propertyId, chave: propertyPhotos.chave })
      .from(propertyPhotos)
      .where(scope.where(propertyPhotos, inArray(propertyPhotos.propertyId, propertyIds), eq(propertyPhotos.capa, true))),
  ]);
  const coverOf = new Map(covers.map((c) => [c.propertyId, c.chave]));
  const order = new Map(propertyIds.map((id, i) => [id, i]));
  const ranked = rows.sort(
    (a, b) =>
      Number(b.destaque) - Number(a.destaque) ||
      Number(coverOf.has(b.id)) - Number(coverOf.has(a.id)) ||
      (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0),
  );
  const chosen = ranked.slice(0, FEATURED);
  const first = chosen.find((r) => coverOf.has(r.id));
  return { ids: chosen.map((r) => r.id), capa: first ? coverOf.get(first.id) : undefined };
}

export async function seedDemoLanding(
  db: Database,
  orgId: string,
  ownerId: string,
  propertyIds: string[],
  now: Date,
): Promise<{ slug: string }> {
  const ctx = seedContext(db, now);
  const actor: Actor = { orgId, userId: ownerId, role: "owner" };
  const { ids, capa } = await featured(db, orgId, propertyIds);
  await saveLandingDraft(ctx, actor, { ...PAGE, destaques: ids, capaChave: capa });
  const published = await publishLanding(ctx, actor);
  await rotateFeedToken(ctx, actor);
  await rotateLeadSecret(ctx, actor);
  return published;
}
