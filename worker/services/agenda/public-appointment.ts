import { and, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import {
  appointmentServices,
  appointments,
  businessSettings,
  clients,
  landingPages,
  organizations,
  professionals,
} from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { checkBooking } from "../../../shared/agenda/booking-check.ts";
import { formatDuration, formatWhen, type PublicAppointment } from "../../../shared/agenda/public-booking.ts";
import type { AppointmentOrigin, AppointmentStatus } from "../../../shared/enums.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";
import { appointmentCancelledEmail, appointmentRescheduledEmail } from "../../email/appointment-emails.ts";
import { outboxInsert } from "../../email/provider.ts";
import { publishLive } from "../../live/publish.ts";
import { countKeyedFailure, enforceFailureLimit, enforceKeyedLimit } from "../../security/rate-limit.ts";
import { queueEmail } from "../account/accounts.ts";
import { DomainError, type ServiceContext } from "../context.ts";
import { agendaRulesReads, clashOf, slotRulesOf } from "./agenda-rules.ts";
import { hashAppointmentLinkToken, isAppointmentLinkToken } from "./appointment-link.ts";
import { APPOINTMENTS } from "./appointments.ts";
import { timeIsFree } from "./overlap-guard.ts";
import { releaseReminderIfMoved } from "./reminders.ts";

/**
 * The client's page of one appointment, `/agendamento/{token}` (ADR 062): from the online
 * booking's confirmation and from the day-before reminder. Anyone holding the link is the
 * client (the token is 32 random bytes; only its SHA-256 is stored). GET shows and changes
 * nothing; POST confirms, cancels or reschedules, each one guarded statement that also insists
 * the appointment is still as it was read (status, start, the link). Unknown links are counted
 * per IP (guessing stays slow) and answered with the same 404, whatever the reason.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
export const INVALID_APPOINTMENT_LINK = "Link de agendamento inválido ou expirado.";
const SLOT_TAKEN = "Esse horário acabou de ser ocupado. Escolha outro horário.";
const CHANGED = "O agendamento mudou enquanto você decidia. Confira como ele está agora.";

interface Found {
  id: string;
  orgId: string;
  linkHash: string;
  clienteId: string;
  profissionalId: string;
  inicio: number;
  fim: number;
  status: AppointmentStatus;
  origem: AppointmentOrigin;
  totalCentavos: number;
  negocio: string;
  whatsapp: string | null;
  timeZone: string;
  antecedenciaMin: number;
  agendamentoOnline: boolean;
  slug: string | null;
  cliente: string;
  clienteEmail: string | null;
  profissional: string;
  servicos: { id: string | null; nome: string; duracaoMin: number }[];
}

/** The appointment a token opens (two round trips: the global lookup by hash, then its organização's details). */
async function findByToken(ctx: ServiceContext, token: string): Promise<Found | null> {
  if (!isAppointmentLinkToken(token)) return null;
  const linkHash = await hashAppointmentLinkToken(token);
  // tenant-exempt: the client's link names the appointment by the SHA-256 of its token (unique); its organização scopes the rest.
  const [hit] = await ctx.db
    .select({ id: appointments.id, orgId: appointments.orgId })
    .from(appointments)
    .where(and(or(eq(appointments.linkHash, linkHash), eq(appointments.lembreteLinkHash, linkHash)), isNull(appointments.excluidoEm)))
    .limit(1);
  if (!hit) return null;
  const scope = orgScope(ctx.db, hit.orgId);
  const a = appointments;
  const [rows, lines, orgRows, settingsRows, pages] = await ctx.db.batch([
    ctx.db
      .select({
        clienteId: a.clienteId,
        profissionalId: a.profissionalId,
        inicio: a.inicio,
        fim: a.fim,
        status: a.status,
        origem: a.origem,
        totalCentavos: a.totalCentavos,
        cliente: clients.nome,
        clienteEmail: clients.email,
        profissional: professionals.nome,
      })
      .from(a)
      .innerJoin(clients, and(eq(clients.orgId, hit.orgId), eq(clients.id, a.clienteId)))
      .innerJoin(professionals, and(eq(professionals.orgId, hit.orgId), eq(professionals.id, a.profissionalId)))
      .where(scope.where(a, eq(a.id, hit.id), isNull(a.excluidoEm)))
      .limit(1),
    ctx.db
      .select({ id: appointmentServices.servicoId, nome: appointmentServices.nome, duracaoMin: appointmentServices.duracaoMin })
      .from(appointmentServices)
      .where(scope.where(appointmentServices, eq(appointmentServices.agendamentoId, hit.id)))
      .orderBy(appointmentServices.posicao),
    ctx.db.select({ name: organizations.name, whatsapp: organizations.whatsapp }).from(organizations).where(scope.self()).limit(1),
    ctx.db
      .select({
        zone: businessSettings.fusoHorario,
        antecedenciaMin: businessSettings.agendaAntecedenciaMin,
        online: businessSettings.agendamentoOnline,
      })
      .from(businessSettings)
      .where(scope.where(businessSettings))
      .limit(1),
    ctx.db
      .select({ slug: landingPages.slug })
      .from(landingPages)
      .where(scope.where(landingPages, sql`${landingPages.publicado} is not null`))
      .limit(1),
  ] as const);
  const row = rows[0];
  const org = orgRows[0];
  if (!row || !org) return null;
  const settings = settingsRows[0];
  return {
    id: hit.id,
    orgId: hit.orgId,
    linkHash,
    clienteId: row.clienteId,
    profissionalId: row.profissionalId,
    inicio: row.inicio.getTime(),
    fim: row.fim.getTime(),
    status: row.status,
    origem: row.origem,
    totalCentavos: row.totalCentavos,
    negocio: org.name,
    whatsapp: org.whatsapp,
    timeZone: timeZoneOf(settings?.zone),
    antecedenciaMin: settings?.antecedenciaMin ?? 60,
    agendamentoOnline: settings?.online ?? false,
    slug: pages[0]?.slug ?? null,
    cliente: row.cliente,
    clienteEmail: row.clienteEmail,
    profissional: row.profissional,
    servicos: lines,
  };
}

/** "1 h", "30 min": how long before the start the client may still change it online. */
function cutoffText(min: number): string {
  return min >= 60 * 24 && min % (60 * 24) === 0 ? `${min / (60 * 24)} dia(s)` : formatDuration(min);
}

/** What the client may do now, and why not. */
function allowed(f: Found, now: number): Pick<PublicAppointment, "pode" | "aviso"> {
  const none = { confirmar: false, cancelar: false, remarcar: false };
  const contact = `fale com ${f.negocio}`;
  switch (f.status) {
    case "cancelado":
      return { pode: none, aviso: "Este agendamento foi cancelado." };
    case "faltou":
    case "concluido":
      return { pode: none, aviso: "Este atendimento já aconteceu." };
    case "em_atendimento":
      return { pode: none, aviso: "Este atendimento está em andamento." };
  }
  if (f.inicio <= now) return { pode: none, aviso: "O horário deste agendamento já passou." };
  const open = now < f.inicio - f.antecedenciaMin * MINUTE;
  // A booking the business still has to accept is the business's to confirm, not the client's.
  const confirmar = f.status === "pendente" && f.origem === "interno";
  // Rescheduling shows the professional's free times: only while the business books online.
  const pode = { confirmar, cancelar: open, remarcar: open && f.agendamentoOnline };
  if (!open) {
    return {
      pode,
      aviso: `Faltam menos de ${cutoffText(f.antecedenciaMin)} para o horário: para cancelar ou remarcar, ${contact}.`,
    };
  }
  if (f.status === "pendente" && f.origem === "online") return { pode, aviso: `Aguardando a confirmação de ${f.negocio}.` };
  return { pode, aviso: null };
}

function firstName(nome: string): string {
  return nome.trim().split(/\s+/)[0] ?? nome;
}

function viewOf(f: Found, now: number): PublicAppointment {
  const digits = f.whatsapp?.replace(/\D/g, "") ?? "";
  return {
    negocio: f.negocio,
    timeZone: f.timeZone,
    cliente: firstName(f.cliente),
    profissional: f.profissional,
    servicos: f.servicos.map((s) => s.nome),
    inicio: f.inicio,
    fim: f.fim,
    totalCentavos: f.totalCentavos,
    status: f.status,
    ...allowed(f, now),
    whatsapp: digits.length >= 10 ? digits : null,
    slug: f.agendamentoOnline ? f.slug : null,
  };
}

/** Answers an unknown link: counted per IP, then the same 404 (or 429 once guessing is too fast). */
async function unknownLink(ctx: ServiceContext): Promise<never> {
  await countKeyedFailure(ctx.db, "appointmentLinkMiss", { ip: ctx.ip });
  throw new DomainError(INVALID_APPOINTMENT_LINK, 404);
}

/** The appointment the link opens, for the GET (nothing changes). */
export async function appointmentByLink(ctx: ServiceContext, token: string): Promise<{ view: PublicAppointment; found: Found }> {
  await enforceFailureLimit(ctx.db, "appointmentLinkMiss", { ip: ctx.ip });
  const found = await findByToken(ctx, token);
  if (!found) return unknownLink(ctx);
  return { view: viewOf(found, ctx.now.getTime()), found };
}

export type LinkAction = { acao: "confirmar" } | { acao: "cancelar" } | { acao: "remarcar"; inicio: number };

/** The link that opened the appointment still opens it (the booking's or the reminder's: either one). */
function linkStillOpens(f: Found): SQL {
  return sql`(link_hash = ${f.linkHash} or reminder_link_hash = ${f.linkHash})`;
}

/** The guarded status change by link: one UPDATE that holds only while the appointment is as read. */
function statusUpdate(ctx: ServiceContext, f: Found, to: AppointmentStatus, extra = sql``) {
  return sql`update appointments set status = ${to}, updated_at = ${ctx.now.getTime()}, updated_by = null
where org_id = ${f.orgId} and id = ${f.id} and ${linkStillOpens(f)} and deleted_at is null
  and status = ${f.status} and starts_at = ${f.inicio}${extra}`;
}

async function mailClient(ctx: ServiceContext, message: ReturnType<typeof appointmentCancelledEmail>): Promise<void> {
  const mail = outboxInsert(ctx.db, message);
  await mail.query;
  await queueEmail(ctx, mail.id);
}

/**
 * What the client does from the link (POST). Per IP and per appointment limits (a link in a
 * forwarded e-mail cannot be hammered); the rules of `allowed` again, on the fresh row.
 */
export async function actOnAppointment(ctx: ServiceContext, token: string, action: LinkAction): Promise<{ feito: LinkAction["acao"] }> {
  await enforceFailureLimit(ctx.db, "appointmentLinkMiss", { ip: ctx.ip });
  const f = await findByToken(ctx, token);
  if (!f) return unknownLink(ctx);
  await enforceKeyedLimit(ctx.db, "appointmentLink", { ip: ctx.ip, appointment: f.id });
  const now = ctx.now.getTime();
  const { pode, aviso } = allowed(f, now);
  const link = `${ctx.origin}/agendamento/${token}`;
  const facts = (inicio: number) => ({
    negocio: f.negocio,
    cliente: firstName(f.cliente),
    servicos: f.servicos.map((s) => s.nome),
    profissional: f.profissional,
    quando: formatWhen(inicio, f.timeZone),
    link,
  });
  if (action.acao === "confirmar" || action.acao === "cancelar") {
    if (!pode[action.acao]) throw new DomainError(aviso ?? "Este agendamento não pode mais ser alterado por aqui.", 409);
    const to: AppointmentStatus = action.acao === "confirmar" ? "confirmado" : "cancelado";
    const result = await ctx.db.run(statusUpdate(ctx, f, to));
    if (result.rowsAffected === 0) throw new DomainError(CHANGED, 409);
    publishLive(ctx, f.orgId, { type: "record.changed", resource: APPOINTMENTS, action: "updated", ids: [f.id] });
    if (to === "cancelado" && f.clienteEmail) {
      const again = f.agendamentoOnline && f.slug ? `${ctx.origin}/agendar/${f.slug}` : null;
      await mailClient(ctx, appointmentCancelledEmail(f.clienteEmail, facts(f.inicio), again));
    }
    return { feito: action.acao };
  }
  if (!pode.remarcar) throw new DomainError(aviso ?? "Este agendamento não pode mais ser remarcado por aqui.", 409);
  await reschedule(ctx, f, action.inicio);
  if (f.clienteEmail) await mailClient(ctx, appointmentRescheduledEmail(f.clienteEmail, facts(action.inicio)));
  return { feito: "remarcar" };
}

/**
 * Reschedules to `inicio` with the same professional and services: the agenda's rules with the
 * business's notice (the public page's), then ONE guarded UPDATE carrying core's overlap guard
 * (`timeIsFree`, the appointment itself left out), and that the appointment is still where and
 * as it was read. A guard miss is answered from the rules re-read in the write's own batch.
 */
async function reschedule(ctx: ServiceContext, f: Found, inicio: number): Promise<void> {
  const now = ctx.now.getTime();
  const range = { start: inicio, end: inicio + (f.fim - f.inicio) };
  const around = { start: range.start - DAY, end: range.end + DAY };
  const opts = { professionalIds: [f.profissionalId], excludeAppointmentId: f.id, onlineOnly: true };
  const reads = agendaRulesReads(ctx, f.orgId, around, opts);
  const rules = reads.read((await ctx.db.batch(reads.statements as unknown as [BatchItem<"sqlite">])) as unknown[]);
  const professional = rules.professionals.find((p) => p.id === f.profissionalId);
  const services = servicesOf(f);
  if (
    !professional ||
    services.length !== f.servicos.length ||
    services.some((id) => !professional.servicoIds.includes(id) || !rules.services.some((s) => s.id === id))
  ) {
    throw new DomainError(`Para remarcar, fale com ${f.negocio}.`, 409);
  }
  if (range.start > now + rules.settings.maxDaysAhead * DAY) {
    throw new DomainError(`Agendamentos online só até ${rules.settings.maxDaysAhead} dias à frente`, 409);
  }
  const verdict = checkBooking(slotRulesOf(rules, (range.end - range.start) / MINUTE, now, true), professional, range.start);
  // Another client's booking is never described to this one: only that the time is taken.
  if (!verdict.ok) throw new DomainError(clashOf(professional, range, rules.settings.bufferMin) ? SLOT_TAKEN : verdict.motivo, 409);
  const update = sql`update appointments set starts_at = ${range.start}, ends_at = ${range.end}, updated_at = ${now}, updated_by = null${releaseReminderIfMoved(range.start, f.inicio)}
where org_id = ${f.orgId} and id = ${f.id} and ${linkStillOpens(f)} and deleted_at is null
  and status = ${f.status} and starts_at = ${f.inicio} and ends_at = ${f.fim} and professional_id = ${f.profissionalId}
  and exists (select 1 from professionals mp where mp.org_id = ${f.orgId} and mp.id = ${f.profissionalId} and mp.deleted_at is null and mp.active = 1)
  and ${timeIsFree({ orgId: f.orgId, professionalId: f.profissionalId, start: range.start, end: range.end, exceptAppointmentId: f.id })}`;
  const reread = agendaRulesReads(ctx, f.orgId, around, opts);
  const written = (await ctx.db.batch([ctx.db.run(update), ...reread.statements] as unknown as [BatchItem<"sqlite">])) as unknown[];
  if ((written[0] as { rowsAffected: number }).rowsAffected === 0) {
    const after = reread.read(written.slice(1)).professionals.find((p) => p.id === f.profissionalId);
    throw new DomainError(after && clashOf(after, range, rules.settings.bufferMin) ? SLOT_TAKEN : CHANGED, 409);
  }
  publishLive(ctx, f.orgId, { type: "record.changed", resource: APPOINTMENTS, action: "updated", ids: [f.id] });
}

/** The services' ids of the appointment (for the reschedule's slots), those still on file. */
export function servicesOf(f: Found): string[] {
  return f.servicos.map((s) => s.id).filter((id): id is string => typeof id === "string");
}

export type { Found as LinkedAppointment };
