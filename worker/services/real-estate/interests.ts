import { and, asc, eq, gte, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { memberships, properties, propertyInterests, users } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { INTEREST_STAGES, type InterestStage } from "../../../shared/enums.ts";
import { LOST_REASON_REQUIRED } from "../../../shared/resources/interesses.ts";
import { optionalString } from "../../../shared/validation.ts";
import { ownedGuard } from "../../auth/own-records.ts";
import { authorize, can, ownerCondition } from "../../auth/permissions.ts";
import { notFoundMessage, moduleOf } from "../../resources/registry.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { ID_RE, isId } from "../../../shared/id.ts";

const t = propertyInterests;

/** A kanban move: the column, and the card it lands before (none: the end of the column). */
export const moveSchema = z
  .object({
    etapa: z.enum(INTEREST_STAGES, { error: () => "Etapa inválida." }),
    antesDe: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.string().regex(ID_RE, "Posição inválida.").optional()),
    motivoPerda: optionalString("Motivo da perda", { max: 300 }),
  })
  .superRefine((v, ctx) => {
    if (v.etapa === "perdido" && !v.motivoPerda) ctx.addIssue({ code: "custom", path: ["motivoPerda"], message: LOST_REASON_REQUIRED });
  });

export type MoveInput = z.output<typeof moveSchema>;

/**
 * Moves a card to a column, before another card (or to the end), in one round trip: the cards
 * from the landing spot on shift down one place, then the card takes the spot. A lost interest
 * keeps its reason; leaving "perdido" clears it.
 */
export async function moveInterest(ctx: ServiceContext, actor: Actor, id: string, input: MoveInput): Promise<void> {
  // An "own" actor's card must be theirs, checked by both statements (the shift touches other cards).
  const mine = ownedGuard(ctx.db, actor, "interesses", "update", t, id);
  if (!isId(id)) throw new DomainError(notFoundMessage(moduleOf("interesses")), 404);
  const scope = orgScope(ctx.db, actor.orgId);
  const column = (stage: InterestStage) => scope.where(t, eq(t.etapa, stage), isNull(t.excluidoEm));
  // The landing spot: the position of the card it goes before, else one past the column's last.
  const spot = input.antesDe
    ? sql`(select o.stage_position from property_interests o where o.org_id = ${actor.orgId} and o.id = ${input.antesDe} and o.stage = ${input.etapa} and o.deleted_at is null)`
    : sql`(select coalesce(max(o.stage_position), -1) + 1 from property_interests o where o.org_id = ${actor.orgId} and o.stage = ${input.etapa} and o.deleted_at is null and o.id <> ${id})`;
  const shift = ctx.db
    .update(t)
    .set({ posicaoEtapa: sql`${t.posicaoEtapa} + 1` })
    .where(and(column(input.etapa), gte(t.posicaoEtapa, sql`coalesce(${spot}, 1 << 40)`), sql`${t.id} <> ${id}`, mine));
  const move = ctx.db
    .update(t)
    .set({
      etapa: input.etapa,
      // After the shift the card it goes before sits one place down: this one takes the place before it.
      posicaoEtapa: sql`coalesce(${spot} - 1, (select coalesce(max(o.stage_position), -1) + 1 from property_interests o where o.org_id = ${actor.orgId} and o.stage = ${input.etapa} and o.deleted_at is null and o.id <> ${id}))`,
      motivoPerda: input.etapa === "perdido" ? (input.motivoPerda ?? null) : null,
      atualizadoEm: ctx.now,
      atualizadoPor: actor.userId,
    })
    .where(scope.where(t, eq(t.id, id), isNull(t.excluidoEm), mine));
  // Shifting first: the moved card's spot is read before it changes (its own row is excluded).
  const [, moved] = await ctx.db.batch([shift, move]);
  if (moved.rowsAffected === 0) throw new DomainError(notFoundMessage(moduleOf("interesses")), 404);
}

/** A kanban card: who, what they look for, how warm, what is next. */
export interface KanbanCard {
  id: string;
  etapa: InterestStage;
  clienteNome: string;
  temperatura: string;
  proximaAcaoEm: string | null;
  corretorNome: string | null;
  resumo: string;
  alertas: number;
}

/** Cards per column shown (the list view has them all, with filters). */
export const KANBAN_COLUMN_LIMIT = 50;

/** The statements of the kanban: each column's first cards in order, and each column's count (one batch). */
export function kanbanStatements(ctx: ServiceContext, actor: Actor, filters: { corretorId?: string | undefined } = {}) {
  const owner = ownerCondition(actor, "interesses", "read", t);
  const scope = orgScope(ctx.db, actor.orgId);
  const broker = filters.corretorId && isId(filters.corretorId) ? eq(t.corretorId, filters.corretorId) : undefined;
  return INTEREST_STAGES.map((stage) =>
    ctx.db
      .select({
        id: t.id,
        etapa: t.etapa,
        clienteNome: sql<string>`coalesce((select c.name from clients c where c.id = ${t.clienteId}), '')`,
        temperatura: t.temperatura,
        proximaAcaoEm: t.proximaAcaoEm,
        corretorNome: sql<string | null>`(select u.name from users u where u.id = ${t.corretorId})`,
        imovelTitulo: sql<
          string | null
        >`(select coalesce(p.title, p.code) from properties p where p.id = ${t.imovelId} and p.org_id = ${t.orgId})`,
        finalidade: t.finalidade,
        tipos: t.tipos,
        locais: t.locais,
        precoMinCentavos: t.precoMinCentavos,
        precoMaxCentavos: t.precoMaxCentavos,
        quartosMin: t.quartosMin,
        alertas: sql<number>`(select count(*) from match_alerts a where a.org_id = ${t.orgId} and a.interest_id = ${t.id} and a.seen_at is null)`,
        total: sql<number>`count(*) over ()`,
        // The column's R$: each interest's ceiling, else the price of the property it is about.
        valor: sql<number>`sum(coalesce(${t.precoMaxCentavos}, (select p.price_cents from properties p where p.id = ${t.imovelId} and p.org_id = ${t.orgId}), 0)) over ()`,
      })
      .from(t)
      .where(and(scope.where(t, eq(t.etapa, stage), isNull(t.excluidoEm), owner), broker))
      .orderBy(asc(t.posicaoEtapa), asc(t.id))
      .limit(KANBAN_COLUMN_LIMIT),
  );
}

/** Choices an interest's form offers besides clients: the team (corretor) and the live properties (imóvel específico). */
export function formChoiceStatements(ctx: ServiceContext, actor: Actor) {
  authorize(actor, "interesses", "read");
  // The imóveis offered are those the actor may see (their own, when that is their reach).
  const propertyOwner = can(actor.role, "imoveis", "read") ? ownerCondition(actor, "imoveis", "read", properties) : undefined;
  return {
    team: ctx.db
      .select({ value: memberships.userId, label: users.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(orgScope(ctx.db, actor.orgId).where(memberships, isNull(memberships.deactivatedAt)))
      .orderBy(asc(users.name))
      .limit(200),
    properties: ctx.db
      .select({ value: properties.id, label: sql<string>`${properties.codigo} || ' · ' || coalesce(${properties.titulo}, '')` })
      .from(properties)
      .where(orgScope(ctx.db, actor.orgId).where(properties, isNull(properties.excluidoEm), propertyOwner))
      .orderBy(asc(properties.codigo))
      .limit(300),
  };
}
