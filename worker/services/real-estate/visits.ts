import { and, desc, eq, exists, isNull, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { propertyInterests, propertyVisits } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { VISIT_OUTCOMES, type VisitOutcome } from "../../../shared/enums.ts";
import { localInstant } from "../../../shared/format.ts";
import { messages, optionalString } from "../../../shared/validation.ts";
import { ownedGuard } from "../../auth/own-records.ts";
import { ownerCondition } from "../../auth/permissions.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { ID_RE, isId } from "../../../shared/id.ts";
import { DEFAULT_TIME_ZONE } from "../../../shared/time-zone.ts";
import { corretorClashes, corretorClashMessage, corretorTimeIsFree } from "../agenda/overlap-guard.ts";

const v = propertyVisits;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * A visit as the form and the API send it: the day and the start/end times in São Paulo
 * (stored as UTC instants), the property, the broker, the outcome.
 */
export const visitSchema = z
  .object({
    data: z.string({ error: () => messages.required("Data") }).regex(DAY, messages.default("Data")),
    inicio: z.string({ error: () => messages.required("Início") }).regex(TIME, messages.default("Início")),
    fim: z.string({ error: () => messages.required("Fim") }).regex(TIME, messages.default("Fim")),
    imovelId: z.string({ error: () => messages.required("Imóvel") }).regex(ID_RE, messages.required("Imóvel")),
    corretorId: z.preprocess((x) => (x === "" ? undefined : x), z.string().regex(ID_RE, messages.default("Corretor")).optional()),
    resultado: z.preprocess(
      (x) => (x === "" || x === undefined ? "agendada" : x),
      z.enum(VISIT_OUTCOMES, { error: () => messages.one_of("Resultado") }),
    ),
    observacoes: optionalString("Observações", { max: 1000, multiline: true }),
  })
  .superRefine((x, ctx) => {
    const day = new Date(`${x.data}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== x.data)
      ctx.addIssue({ code: "custom", path: ["data"], message: messages.default("Data") });
    else if (x.fim <= x.inicio) ctx.addIssue({ code: "custom", path: ["fim"], message: "O fim deve ser depois do início." });
  });

export type VisitInput = z.output<typeof visitSchema>;

/** A visit as pages list it. */
export interface VisitRow {
  id: string;
  inicio: string;
  fim: string;
  resultado: VisitOutcome;
  observacoes: string | null;
  clienteId: string;
  clienteNome: string | null;
  imovelId: string;
  imovelTitulo: string | null;
  interesseId: string | null;
  corretorNome: string | null;
}

/**
 * Records a visit on an interest (client and interest from it), in one round trip; the property
 * and the broker must be the organization's (checked in the same statement). A scheduled visit
 * moves an interest that was still "novo" or "contato" to "visita agendada".
 */
export async function scheduleVisit(ctx: ServiceContext, actor: Actor, interestId: string, input: VisitInput): Promise<string> {
  // An "own" actor schedules only on an interest of theirs (checked by the insert itself).
  const mine = ownedGuard(ctx.db, actor, "interesses", "update", propertyInterests, interestId) ?? sql`1`;
  const scope = orgScope(ctx.db, actor.orgId);
  const id = crypto.randomUUID();
  // Typed in the organização's zone (a nonexistent time moves forward, an ambiguous one is its first).
  const inicio = localInstant(input.data, input.inicio, actor.timeZone);
  const fim = localInstant(input.data, input.fim, actor.timeZone);
  const broker = input.corretorId ?? null;
  // The corretor: the one chosen, else the interest's.
  const corretor = sql`coalesce(${broker}, (select bi.broker_id from property_interests bi where bi.org_id = ${actor.orgId} and bi.id = ${interestId}))`;
  // A corretor who is also on the agenda (linked to a profissional) has one time: a scheduled
  // visit obeys the agenda's appointments, time off and their other visits (ADR 059).
  const range = { orgId: actor.orgId, brokerId: corretor, start: inicio.getTime(), end: fim.getTime() };
  const free = input.resultado === "agendada" ? corretorTimeIsFree(range) : sql`1`;
  const insert = sql`INSERT INTO property_visits (id, org_id, client_id, property_id, interest_id, broker_id, starts_at, ends_at, outcome, notes, created_at, created_by)
SELECT ${id}, i.org_id, i.client_id, p.id, i.id, coalesce(${broker}, i.broker_id), ${inicio.getTime()}, ${fim.getTime()}, ${input.resultado}, ${input.observacoes ?? null}, ${ctx.now.getTime()}, ${actor.userId}
FROM property_interests i JOIN properties p ON p.org_id = i.org_id AND p.id = ${input.imovelId} AND p.deleted_at IS NULL
WHERE i.org_id = ${actor.orgId} AND i.id = ${interestId} AND i.deleted_at IS NULL
  AND (${broker} IS NULL OR EXISTS (SELECT 1 FROM memberships m WHERE m.org_id = i.org_id AND m.user_id = ${broker})) AND ${mine}
  AND ${free}`;
  const advance = ctx.db
    .update(propertyInterests)
    .set({ etapa: "visita_agendada", atualizadoEm: ctx.now, atualizadoPor: actor.userId })
    .where(
      scope.where(
        propertyInterests,
        eq(propertyInterests.id, interestId),
        isNull(propertyInterests.excluidoEm),
        sql`${propertyInterests.etapa} in ('novo', 'contato')`,
        sql`${input.resultado === "agendada" ? 1 : 0} = 1`,
        sql`exists (select 1 from property_visits pv where pv.org_id = ${actor.orgId} and pv.id = ${id})`,
      ),
    );
  // What clashed, read in the same batch (after the insert, leaving the new visit out), to name a refusal.
  const clash = ctx.db.all<{ kind: string; inicio: number; nome: string }>(corretorClashes({ ...range, exceptVisitId: id }));
  const [inserted, , clashes] = await ctx.db.batch([ctx.db.run(insert), advance, clash]);
  if (inserted.rowsAffected === 0) {
    const found = input.resultado === "agendada" ? clashes[0] : undefined;
    if (found) throw new DomainError(corretorClashMessage(found, actor.timeZone ?? DEFAULT_TIME_ZONE), 409);
    throw new DomainError("Interesse, imóvel ou corretor não encontrado.", 404);
  }
  return id;
}

/**
 * Visits belong to interests: an actor who reaches only their own interests sees and changes
 * the visits they are the corretor of, or of an interest of theirs (undefined: every visit).
 */
export function ownVisits(ctx: ServiceContext, actor: Actor, action: "read" | "update"): SQL | undefined {
  const owner = ownerCondition(actor, "interesses", action, propertyInterests);
  if (!owner) return undefined;
  const i = propertyInterests;
  const ofTheirs = ctx.db
    .select({ one: sql`1` })
    .from(i)
    .where(orgScope(ctx.db, actor.orgId).where(i, eq(i.id, v.interesseId), owner));
  return or(eq(v.corretorId, actor.userId), exists(ofTheirs));
}

/** Changes a visit's outcome (realizada, cancelada…). */
export async function setVisitOutcome(ctx: ServiceContext, actor: Actor, visitId: string, outcome: VisitOutcome): Promise<void> {
  const mine = ownVisits(ctx, actor, "update");
  if (!isId(visitId) || !VISIT_OUTCOMES.includes(outcome)) throw new DomainError("Visita não encontrada.", 404);
  // Back to "agendada" takes the corretor's time again: the agenda's guard, as when scheduling (ADR 059).
  const own = (column: string) =>
    sql`(select ov.${sql.raw(column)} from property_visits ov where ov.org_id = ${actor.orgId} and ov.id = ${visitId})`;
  const range = { orgId: actor.orgId, brokerId: own("broker_id"), start: own("starts_at"), end: own("ends_at"), exceptVisitId: visitId };
  const reopening = outcome === "agendada" ? sql`(${v.resultado} = 'agendada' or ${corretorTimeIsFree(range)})` : undefined;
  const update = ctx.db
    .update(v)
    .set({ resultado: outcome })
    .where(orgScope(ctx.db, actor.orgId).where(v, eq(v.id, visitId), isNull(v.excluidoEm), mine, reopening));
  if (!reopening) {
    const result = await update;
    if (result.rowsAffected === 0) throw new DomainError("Visita não encontrada.", 404);
    return;
  }
  const [result, clashes] = await ctx.db.batch([
    update,
    ctx.db.all<{ kind: string; inicio: number; nome: string }>(corretorClashes(range)),
  ]);
  if (result.rowsAffected > 0) return;
  const found = clashes[0];
  if (found) throw new DomainError(corretorClashMessage(found, actor.timeZone ?? DEFAULT_TIME_ZONE), 409);
  throw new DomainError("Visita não encontrada.", 404);
}

/** The visits of an interest or of a property, newest first (a statement to batch with the page's reads). */
export function visitsStatement(ctx: ServiceContext, actor: Actor, by: { interestId: string } | { propertyId: string }, limit = 50) {
  const mine = ownVisits(ctx, actor, "read");
  const scope = orgScope(ctx.db, actor.orgId);
  const which = "interestId" in by ? eq(v.interesseId, by.interestId) : eq(v.imovelId, by.propertyId);
  return ctx.db
    .select({
      id: v.id,
      inicio: v.inicio,
      fim: v.fim,
      resultado: v.resultado,
      observacoes: v.observacoes,
      clienteId: v.clienteId,
      clienteNome: sql<string | null>`(select c.name from clients c where c.id = ${v.clienteId})`,
      imovelId: v.imovelId,
      imovelTitulo: sql<string | null>`(select coalesce(p.title, p.code) from properties p where p.id = ${v.imovelId})`,
      interesseId: v.interesseId,
      corretorNome: sql<string | null>`(select u.name from users u where u.id = ${v.corretorId})`,
    })
    .from(v)
    .where(and(scope.where(v, which, isNull(v.excluidoEm), mine)))
    .orderBy(desc(v.inicio))
    .limit(limit);
}

export function readVisits(rows: readonly { inicio: Date; fim: Date }[]): VisitRow[] {
  return rows.map((r) => ({ ...(r as unknown as VisitRow), inicio: r.inicio.toISOString(), fim: r.fim.toISOString() }));
}
