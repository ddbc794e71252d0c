import { asc, gte, inArray, isNull, lt, sql } from "drizzle-orm";
import { appointments, businessSettings, organizations, professionals } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { dayRange } from "../../../shared/agenda/desk.ts";
import { reminderWhatsappHref } from "../../../shared/agenda/reminder.ts";
import type { AppointmentStatus } from "../../../shared/enums/agenda.ts";
import { addDays } from "../../../shared/ai/brazil-dates.ts";
import { dayIn, timeZoneOf } from "../../../shared/time-zone.ts";
import type { Actor, ServiceContext } from "../context.ts";
import { professionalReach } from "./desk-access.ts";

/**
 * The service desk's read (/atendimento, ADR 061): a day's appointments of the professionals the
 * actor may serve for, grouped by professional, and tomorrow's reminders to send by WhatsApp —
 * in one batch, one round trip. Days are the organização's (ADR 039).
 */

export interface DeskAppointment {
  id: string;
  profissionalId: string;
  /** Epoch ms (UTC). */
  inicio: number;
  fim: number;
  status: AppointmentStatus;
  clienteId: string;
  clienteNome: string;
  servicos: string[];
  totalCentavos: number;
  chegadaEm: number | null;
  iniciadoEm: number | null;
  concluidoEm: number | null;
  observacoes: string | null;
}

export interface DeskProfessional {
  id: string;
  nome: string;
  cor: string;
  appointments: DeskAppointment[];
}

/** One of tomorrow's appointments whose reminder the business may send by WhatsApp. */
export interface DeskReminder {
  id: string;
  inicio: number;
  clienteNome: string;
  profissionalNome: string;
  servicos: string[];
  /** When the job prepared it (the e-mail went out then, when the client has one); null: not yet. */
  preparadoEm: number | null;
  /** `https://wa.me/55…?text=…`; null when the client has no usable phone. */
  whatsapp: string | null;
}

export interface DeskQueue {
  day: string;
  today: string;
  timeZone: string;
  professionals: DeskProfessional[];
  reminders: DeskReminder[];
  remindersEnabled: boolean;
}

interface AppointmentRead {
  id: string;
  profissionalId: string;
  profissionalNome: string;
  inicio: number;
  fim: number;
  status: AppointmentStatus;
  clienteId: string;
  clienteNome: string | null;
  telefone: string | null;
  servicos: string;
  totalCentavos: number;
  chegadaEm: number | null;
  iniciadoEm: number | null;
  concluidoEm: number | null;
  lembreteEm: number | null;
  observacoes: string | null;
}

const ms = (value: unknown): number | null => (value == null ? null : value instanceof Date ? value.getTime() : Number(value));

/** An appointment's services' names in their order, as a JSON array text. */
const servicesJson = sql<string>`(select json_group_array(name) from (select s.name from appointment_services s where s.org_id = appointments.org_id and s.appointment_id = appointments.id order by s.position))`;

function appointmentsIn(ctx: ServiceContext, actor: Actor, range: { start: number; end: number }, statuses?: readonly AppointmentStatus[]) {
  const a = appointments;
  const scope = orgScope(ctx.db, actor.orgId);
  return ctx.db
    .select({
      id: a.id,
      profissionalId: a.profissionalId,
      profissionalNome: sql<string>`(select p.name from professionals p where p.org_id = appointments.org_id and p.id = appointments.professional_id)`,
      inicio: sql<number>`${a.inicio}`,
      fim: sql<number>`${a.fim}`,
      status: a.status,
      clienteId: a.clienteId,
      clienteNome: sql<
        string | null
      >`(select c.name from clients c where c.org_id = appointments.org_id and c.id = appointments.client_id)`,
      telefone: sql<
        string | null
      >`(select coalesce((select json_extract(j.value, '$.numero') from json_each(c.phones) j where json_extract(j.value, '$.whatsapp') = 1 limit 1), c.primary_phone) from clients c where c.org_id = appointments.org_id and c.id = appointments.client_id)`,
      servicos: servicesJson,
      totalCentavos: a.totalCentavos,
      chegadaEm: sql<number | null>`${a.chegadaEm}`,
      iniciadoEm: sql<number | null>`${a.iniciadoEm}`,
      concluidoEm: sql<number | null>`${a.concluidoEm}`,
      lembreteEm: sql<number | null>`${a.lembreteEm}`,
      observacoes: a.observacoes,
    })
    .from(a)
    .where(
      scope.where(
        a,
        gte(a.inicio, new Date(range.start)),
        lt(a.inicio, new Date(range.end)),
        isNull(a.excluidoEm),
        statuses ? inArray(a.status, [...statuses]) : undefined,
        professionalReach(ctx, actor, "read", a.profissionalId),
      ),
    )
    .orderBy(asc(a.inicio), asc(a.id));
}

function toAppointment(r: AppointmentRead): DeskAppointment {
  return {
    id: r.id,
    profissionalId: r.profissionalId,
    inicio: Number(r.inicio),
    fim: Number(r.fim),
    status: r.status,
    clienteId: r.clienteId,
    clienteNome: r.clienteNome ?? "Cliente",
    servicos: JSON.parse(r.servicos || "[]") as string[],
    totalCentavos: r.totalCentavos,
    chegadaEm: ms(r.chegadaEm),
    iniciadoEm: ms(r.iniciadoEm),
    concluidoEm: ms(r.concluidoEm),
    observacoes: r.observacoes,
  };
}

/**
 * The queue of `day` ("aaaa-mm-dd" in the organização's zone; today when absent): every
 * appointment of the day in every status (the ended ones stay, marked), per professional in the
 * registry's order; active professionals without appointments are listed too, so a receptionist
 * sees who is free. Tomorrow's pendente/confirmado appointments come with their WhatsApp reminder.
 */
export async function readDeskQueue(ctx: ServiceContext, actor: Actor, day?: string): Promise<DeskQueue> {
  const zone = timeZoneOf(actor.timeZone);
  const today = dayIn(ctx.now, zone);
  const shown = day ?? today;
  const p = professionals;
  const scope = orgScope(ctx.db, actor.orgId);
  const pros = ctx.db
    .select({ id: p.id, nome: p.nome, cor: p.cor, ativo: p.ativo })
    .from(p)
    .where(scope.where(p, isNull(p.excluidoEm), professionalReach(ctx, actor, "read", p.id)))
    .orderBy(asc(p.ordem), asc(p.id));
  const tomorrow = addDays(today, 1);
  const org = ctx.db
    .select({
      nome: organizations.name,
      lembretes: sql<number>`coalesce((select ${businessSettings.lembretes} from ${businessSettings} where ${businessSettings.orgId} = organizations.id), 1)`,
    })
    .from(organizations)
    .where(scope.self());
  const [proRows, dayRows, tomorrowRows, orgRows] = await ctx.db.batch([
    pros,
    appointmentsIn(ctx, actor, dayRange(shown, zone)),
    appointmentsIn(ctx, actor, dayRange(tomorrow, zone), ["pendente", "confirmado"]),
    org,
  ]);
  const business = orgRows[0]?.nome ?? "";
  const byPro = new Map<string, DeskProfessional>();
  for (const r of proRows) byPro.set(r.id, { id: r.id, nome: r.nome, cor: r.cor, appointments: [] });
  for (const r of dayRows as AppointmentRead[]) byPro.get(r.profissionalId)?.appointments.push(toAppointment(r));
  // Inactive professionals appear only on a day they still have appointments.
  const inactive = new Set(proRows.filter((r) => !r.ativo).map((r) => r.id));
  const list = [...byPro.values()].filter((pro) => !inactive.has(pro.id) || pro.appointments.length > 0);
  const reminders = (tomorrowRows as AppointmentRead[]).map((r): DeskReminder => {
    const servicos = JSON.parse(r.servicos || "[]") as string[];
    const facts = {
      clientName: r.clienteNome ?? "",
      inicio: Number(r.inicio),
      servicos,
      profissional: r.profissionalNome,
      negocio: business,
    };
    return {
      id: r.id,
      inicio: Number(r.inicio),
      clienteNome: r.clienteNome ?? "Cliente",
      profissionalNome: r.profissionalNome,
      servicos,
      preparadoEm: ms(r.lembreteEm),
      whatsapp: reminderWhatsappHref(r.telefone, facts, zone),
    };
  });
  return { day: shown, today, timeZone: zone, professionals: list, reminders, remindersEnabled: Number(orgRows[0]?.lembretes ?? 1) === 1 };
}
