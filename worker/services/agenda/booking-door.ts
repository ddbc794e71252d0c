import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { businessSettings, landingPages, organizations, professionalServices, professionals, services } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { PublicBookingBusiness, PublicProfessional, PublicService } from "../../../shared/agenda/public-booking.ts";
import type { AppointmentStatus } from "../../../shared/enums.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import type { ServiceContext } from "../context.ts";

/**
 * The public booking page's door (ADR 062): `/agendar/{slug}` answers for the organização whose
 * landing page is published at that slug and which turned online booking on in Configurações do
 * Negócio. Anything else (no page, not published, booking off, a malformed slug) is the same
 * "not found": the page never tells which.
 */

export interface BookingDoor {
  orgId: string;
  negocio: string;
  slug: string;
  timeZone: string;
  cor: string | null;
  /** The business's WhatsApp (as typed in Perfil do Negócio). */
  whatsapp: string | null;
  /** How an online booking arrives on /agenda. */
  status: Extract<AppointmentStatus, "pendente" | "confirmado">;
  /** Minutes of notice a new booking needs, and how many days ahead the page offers. */
  antecedenciaMin: number;
  horizonteDias: number;
}

const SLUG = /^[a-z0-9-]{1,60}$/;

/** The open door at `slug`, or null (404). One statement. */
export async function bookingDoor(ctx: ServiceContext, slug: string): Promise<BookingDoor | null> {
  if (!SLUG.test(slug)) return null;
  // tenant-exempt: the public slug names the organização; only a published page with online booking on opens the door.
  const [row] = await ctx.db
    .select({
      orgId: landingPages.orgId,
      cor: sql<string | null>`json_extract(${landingPages.publicado}, '$.corPrimaria')`,
      negocio: organizations.name,
      whatsapp: organizations.whatsapp,
      aberto: businessSettings.agendamentoOnline,
      status: businessSettings.agendamentoOnlineStatus,
      zona: businessSettings.fusoHorario,
      antecedenciaMin: businessSettings.agendaAntecedenciaMin,
      horizonteDias: businessSettings.agendaHorizonteDias,
    })
    .from(landingPages)
    .innerJoin(organizations, eq(organizations.id, landingPages.orgId))
    .innerJoin(businessSettings, eq(businessSettings.orgId, landingPages.orgId))
    .where(and(eq(landingPages.slug, slug), isNotNull(landingPages.publicado)))
    .limit(1);
  if (!row?.aberto) return null;
  return {
    orgId: row.orgId,
    negocio: row.negocio,
    slug,
    timeZone: timeZoneOf(row.zona),
    cor: typeof row.cor === "string" && /^#[0-9a-fA-F]{6}$/.test(row.cor) ? row.cor : null,
    whatsapp: row.whatsapp,
    status: row.status === "confirmado" ? "confirmado" : "pendente",
    antecedenciaMin: row.antecedenciaMin,
    horizonteDias: row.horizonteDias,
  };
}

/**
 * What the page offers, in one round trip: active services and professionals marked "agenda
 * online", each service only when an offered professional performs it (nobody could take it).
 */
export async function bookingCatalogue(ctx: ServiceContext, door: BookingDoor): Promise<PublicBookingBusiness> {
  const scope = orgScope(ctx.db, door.orgId);
  const [serviceRows, professionalRows, links] = await ctx.db.batch([
    ctx.db
      .select({
        id: services.id,
        nome: services.nome,
        categoria: services.categoria,
        duracaoMin: services.duracaoMin,
        precoCentavos: services.precoCentavos,
        descricao: services.descricao,
      })
      .from(services)
      .where(scope.where(services, eq(services.agendaOnline, true), eq(services.ativo, true), isNull(services.excluidoEm)))
      .orderBy(asc(services.ordem), asc(services.id))
      .limit(500),
    ctx.db
      .select({ id: professionals.id, nome: professionals.nome })
      .from(professionals)
      .where(
        scope.where(professionals, eq(professionals.agendaOnline, true), eq(professionals.ativo, true), isNull(professionals.excluidoEm)),
      )
      .orderBy(asc(professionals.ordem), asc(professionals.id))
      .limit(200),
    ctx.db
      .select({ profissionalId: professionalServices.profissionalId, servicoId: professionalServices.servicoId })
      .from(professionalServices)
      .where(scope.where(professionalServices))
      .limit(20_000),
  ]);
  const offered = new Set(serviceRows.map((s) => s.id));
  const profissionais: PublicProfessional[] = professionalRows
    .map((p) => ({
      id: p.id,
      nome: p.nome,
      servicoIds: links.filter((l) => l.profissionalId === p.id && offered.has(l.servicoId)).map((l) => l.servicoId),
    }))
    .filter((p) => p.servicoIds.length > 0);
  const performed = new Set(profissionais.flatMap((p) => p.servicoIds));
  const servicos: PublicService[] = serviceRows.filter((s) => performed.has(s.id));
  return { negocio: door.negocio, slug: door.slug, timeZone: door.timeZone, cor: door.cor, servicos, profissionais };
}
