import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { authTokens } from "../../../db/schema/accounts.ts";
import {
  businessHours,
  businessSettings,
  memberships,
  professionalServices,
  professionals,
  services,
  users,
} from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { parseWeekly } from "../../../shared/agenda/availability.ts";
import { formatCommission } from "../../../shared/agenda/commission.ts";
import type { LocalInterval } from "../../../shared/agenda/local-times.ts";
import { ROLE, type Role } from "../../../shared/enums/account.ts";
import type { CommissionKind } from "../../../shared/enums/agenda.ts";
import { type ProfissionalRow, profissionalDefinition } from "../../../shared/resources/profissionais.ts";
import type { FilterOption } from "../../../shared/resources/types.ts";
import { can } from "../../auth/permissions.ts";
import { recordFormStatements, recordStatement, rowsOf } from "../../resources/records.ts";
import type { Actor, ServiceContext } from "../context.ts";
import { type TimeOff, timeOffRows, timeOffStatement } from "./professional-schedule.ts";

/**
 * What the /profissionais form and page read, each in one round trip (ADR 064): the record, the
 * organização's services and members to choose from, the default commission, the business
 * hours, the time off and a pending invite for the professional's e-mail.
 */

const RESOURCE = profissionalDefinition.name;

/** "10%" or "R$ 5,00"; "sem comissão" when the business default is zero. */
function defaultCommissionText(row: { tipo: CommissionKind; valor: number } | undefined): string {
  if (!row || row.valor === 0) return "sem comissão";
  return formatCommission({ kind: row.tipo, value: row.valor });
}

function settingsStatement(ctx: ServiceContext, orgId: string) {
  return ctx.db
    .select({ tipo: businessSettings.comissaoPadraoTipo, valor: businessSettings.comissaoPadraoValor })
    .from(businessSettings)
    .where(orgScope(ctx.db, orgId).where(businessSettings))
    .limit(1);
}

/** The organização's live services, active first by name (the inactive ones say so). */
function servicesStatement(ctx: ServiceContext, orgId: string) {
  return ctx.db
    .select({ id: services.id, nome: services.nome, ativo: services.ativo, duracao: services.duracaoMin })
    .from(services)
    .where(orgScope(ctx.db, orgId).where(services, isNull(services.excluidoEm)))
    .orderBy(sql`${services.ativo} desc`, asc(services.ordem), asc(services.id))
    .limit(500);
}

/** Every member (active first), with the profissional they already sign in as, if any. */
function membersStatement(ctx: ServiceContext, orgId: string) {
  return ctx.db
    .select({
      id: users.id,
      nome: users.name,
      email: users.email,
      papel: memberships.role,
      desativado: sql<number>`${memberships.deactivatedAt} is not null`,
      profissional: sql<
        string | null
      >`(select p.name from professionals p where p.org_id = ${orgId} and p.user_id = ${users.id} and p.deleted_at is null)`,
      profissionalId: sql<
        string | null
      >`(select p.id from professionals p where p.org_id = ${orgId} and p.user_id = ${users.id} and p.deleted_at is null)`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(orgScope(ctx.db, orgId).where(memberships))
    .orderBy(sql`${memberships.deactivatedAt} is not null`, asc(users.name))
    .limit(500);
}

function usedColorsStatement(ctx: ServiceContext, orgId: string) {
  return ctx.db
    .select({ cor: professionals.cor })
    .from(professionals)
    .where(orgScope(ctx.db, orgId).where(professionals, isNull(professionals.excluidoEm)));
}

export type ServiceOption = { id: string; nome: string; ativo: boolean; duracao: number };
type MemberOption = {
  id: string;
  nome: string;
  email: string;
  papel: Role;
  desativado: number;
  profissional: string | null;
  profissionalId: string | null;
};

/** "Corte feminino (45 min)", "Escova (inativo)". */
function serviceOptions(rows: readonly ServiceOption[]): FilterOption[] {
  return rows.map((s) => ({ value: s.id, label: `${s.nome} (${s.ativo ? `${s.duracao} min` : "inativo"})` }));
}

/** "Ana Souza — Profissional", "… (já é Bia)", "… (desativado)"; the professional itself is not "already". */
function memberOptions(rows: readonly MemberOption[], self: string | null): FilterOption[] {
  return rows.map((m) => {
    const notes = [m.desativado ? "desativado" : "", m.profissional && m.profissionalId !== self ? `já é ${m.profissional}` : ""].filter(
      Boolean,
    );
    return { value: m.id, label: `${m.nome || m.email} — ${ROLE.label(m.papel)}${notes.length ? ` (${notes.join(", ")})` : ""}` };
  });
}

export interface ProfessionalFormData {
  row: ProfissionalRow | null;
  services: FilterOption[];
  members: FilterOption[];
  /** "10%", "R$ 5,00", "sem comissão". */
  defaultCommission: string;
  usedColors: string[];
}

/** The form's reads: the record (editing), the services and members to choose, the default commission and the colours in use. */
export async function professionalFormData(ctx: ServiceContext, actor: Actor, id: string | null): Promise<ProfessionalFormData> {
  const { statements, read } = recordFormStatements(ctx, actor, RESOURCE, id);
  const results = (await ctx.db.batch([
    servicesStatement(ctx, actor.orgId),
    membersStatement(ctx, actor.orgId),
    settingsStatement(ctx, actor.orgId),
    usedColorsStatement(ctx, actor.orgId),
    ...statements,
  ] as never)) as unknown[];
  const [serviceRows, memberRows, settingsRows, colorRows] = results as [
    ServiceOption[],
    MemberOption[],
    { tipo: CommissionKind; valor: number }[],
    { cor: string }[],
  ];
  const { row } = read(results.slice(4));
  return {
    row: row as ProfissionalRow | null,
    services: serviceOptions(serviceRows),
    members: memberOptions(memberRows, id),
    defaultCommission: defaultCommissionText(settingsRows[0]),
    usedColors: colorRows.map((c) => c.cor),
  };
}

export interface ProfessionalPage {
  professional: ProfissionalRow;
  /** The professional's week and the business hours', seven lists each (0 = domingo). */
  semana: LocalInterval[][];
  horario: LocalInterval[][];
  /** Whether Horários was ever saved (else every day reads closed). */
  horarioDefinido: boolean;
  timeOff: TimeOff[];
  /** The live services they perform, by name. */
  services: ServiceOption[];
  defaultCommission: string;
  /** The linked member, while still on the team. */
  member: { nome: string; email: string; papel: Role; ativo: boolean } | null;
  /** An invite not yet accepted for the professional's e-mail (managers only). */
  invite: { email: string; enviadoEm: string; expirado: boolean } | null;
}

/** The professional's page in one round trip; null when not found (or not the organização's). */
export async function professionalPage(ctx: ServiceContext, actor: Actor, id: string): Promise<ProfessionalPage | null> {
  const { mod, statement } = recordStatement(ctx, actor, RESOURCE, id);
  const scope = orgScope(ctx.db, actor.orgId);
  const member = ctx.db
    .select({ nome: users.name, email: users.email, papel: memberships.role, desativadoEm: memberships.deactivatedAt })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      scope.where(
        memberships,
        sql`${memberships.userId} = (select p.user_id from professionals p where p.org_id = ${actor.orgId} and p.id = ${id})`,
      ),
    )
    .limit(1);
  // Invites are the team's business: only who manages the team sees one.
  const invites = can(actor.role, "team", "read")
    ? ctx.db
        .select({ email: authTokens.email, enviadoEm: authTokens.createdAt, expiraEm: authTokens.expiresAt })
        .from(authTokens)
        .where(
          and(
            eq(authTokens.orgId, actor.orgId),
            eq(authTokens.purpose, "invite"),
            isNull(authTokens.usedAt),
            gt(authTokens.expiresAt, new Date(ctx.now.getTime() - 30 * 86_400_000)),
            sql`${authTokens.email} = (select p.email from professionals p where p.org_id = ${actor.orgId} and p.id = ${id})`,
          ),
        )
        .orderBy(sql`${authTokens.createdAt} desc`)
        .limit(1)
    : null;
  const hours = ctx.db.select({ semana: businessHours.semana }).from(businessHours).where(scope.where(businessHours)).limit(1);
  // The services they perform, each with its duration (the page names and links them).
  const performed = ctx.db
    .select({ id: services.id, nome: services.nome, duracao: services.duracaoMin, ativo: services.ativo })
    .from(services)
    .innerJoin(professionalServices, and(eq(professionalServices.servicoId, services.id), eq(professionalServices.orgId, services.orgId)))
    .where(scope.where(services, eq(professionalServices.profissionalId, id), isNull(services.excluidoEm)))
    .orderBy(asc(services.ordem), asc(services.id));
  const batch = [
    statement,
    hours,
    timeOffStatement(ctx, actor, id),
    settingsStatement(ctx, actor.orgId),
    member,
    performed,
    ...(invites ? [invites] : []),
  ];
  const results = (await ctx.db.batch(batch as never)) as unknown[];
  const [packed, hourRows, timeOff, settingsRows, memberRows, serviceRows, inviteRows] = results as [
    { j: string }[],
    { semana: string }[],
    { id: string; inicio: Date; fim: Date; motivo: string | null }[],
    { tipo: CommissionKind; valor: number }[],
    { nome: string; email: string; papel: Role; desativadoEm: Date | null }[],
    ServiceOption[],
    { email: string; enviadoEm: Date; expiraEm: Date }[] | undefined,
  ];
  const [professional] = rowsOf(mod, packed) as unknown as ProfissionalRow[];
  if (!professional) return null;
  const linked = memberRows[0];
  const invite = inviteRows?.[0];
  return {
    professional,
    semana: parseWeekly(professional.semana),
    horario: parseWeekly(hourRows[0]?.semana),
    horarioDefinido: hourRows.length > 0,
    timeOff: timeOffRows(timeOff),
    services: serviceRows,
    defaultCommission: defaultCommissionText(settingsRows[0]),
    member: linked ? { nome: linked.nome, email: linked.email, papel: linked.papel, ativo: linked.desativadoEm === null } : null,
    invite:
      invite && !linked
        ? { email: invite.email, enviadoEm: invite.enviadoEm.toISOString(), expirado: invite.expiraEm.getTime() <= ctx.now.getTime() }
        : null,
  };
}
