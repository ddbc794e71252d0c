import { asc, eq, gte, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../../../db/client.ts";
import { appointments, businessSettings, emailOutbox, organizations } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { dayRange } from "../../../shared/agenda/desk.ts";
import { addDays } from "../../../shared/ai/brazil-dates.ts";
import { dayIn, timeZoneOf, zonedParts } from "../../../shared/time-zone.ts";
import { hashAppointmentLinkToken, newAppointmentLinkToken, appointmentLinkPath } from "./appointment-link.ts";
import { reminderEmail } from "./reminder-email.ts";

/**
 * The day-before reminders (ADR 061). A job every few minutes finds the organizações with
 * appointments tomorrow (in their zone) still to remind, and for each prepares the reminders:
 * it claims each appointment by setting `reminder_at` in the same statement that checks it is
 * still unclaimed, pendente/confirmado and at the time read — so a re-run, a retry or two runners
 * never remind twice — gives it a link of its own (its hash in `reminder_link_hash`, so the online
 * booking's confirmation link keeps working) and queues the e-mail in the same batch, only where
 * the claim happened. Moving an appointment releases the claim: the new time gets its reminder. The WhatsApp message needs no preparing: the
 * desk builds it from the appointment (shared/agenda/reminder.ts) for the business to send.
 */

/**
 * What a reschedule adds to its UPDATE: a new start releases the reminder claim, so the day
 * before the new time the client is reminded of it (a same-start edit keeps the one sent).
 */
export function releaseReminderIfMoved(start: number, previous: number): SQL {
  return start === previous ? sql`` : sql`, reminder_at = null`;
}

/** The statuses a reminder is for (cancelado, faltou and the served ones get none). */
const REMINDED = ["pendente", "confirmado"] as const;
/** Reminders go out from this local hour of the day before (no e-mail at midnight). */
export const REMINDER_FROM_HOUR = 8;
/** Appointments one organização's run reminds at most (the next run takes the rest). */
const PER_RUN = 200;
const HOUR_MS = 3_600_000;

/**
 * The organizações with appointments in the next two days still to remind, reminders on. Across
 * organizações (tenant-exempt); every read and write after is org-scoped.
 */
export async function organizationsToRemind(db: Database, now: Date): Promise<string[]> {
  const at = now.getTime();
  // tenant-exempt: the reminders job lists every organização with an unreminded appointment soon; each is then reminded org-scoped.
  const rows = await db.all<{ orgId: string }>(sql`select o.id as orgId from organizations o
where coalesce((select s.reminders_enabled from business_settings s where s.org_id = o.id), 1) = 1
and exists (select 1 from appointments a where a.org_id = o.id and a.starts_at >= ${at} and a.starts_at < ${at + 50 * HOUR_MS}
  and a.reminder_at is null and a.status in ('pendente', 'confirmado') and a.deleted_at is null)
order by o.id limit 1000`);
  return rows.map((r) => r.orgId);
}

interface Candidate {
  id: string;
  inicio: number;
  clienteNome: string | null;
  email: string | null;
  profissionalNome: string | null;
  servicos: string;
}

export interface ReminderOutcome {
  /** Appointments claimed (reminded) by this run. */
  lembrados: number;
  /** Outbox rows queued (clients with an e-mail). */
  emails: string[];
}

/**
 * Prepares one organização's reminders for tomorrow (its zone): nothing before REMINDER_FROM_HOUR
 * or with reminders off. Returns the outbox rows to send (the caller dispatches them).
 */
export async function prepareReminders(db: Database, orgId: string, now: Date, origin: string): Promise<ReminderOutcome> {
  const scope = orgScope(db, orgId);
  const [settings] = await db
    .select({
      nome: organizations.name,
      zona: sql<
        string | null
      >`(select ${businessSettings.fusoHorario} from ${businessSettings} where ${businessSettings.orgId} = organizations.id)`,
      lembretes: sql<number>`coalesce((select ${businessSettings.lembretes} from ${businessSettings} where ${businessSettings.orgId} = organizations.id), 1)`,
    })
    .from(organizations)
    .where(scope.self());
  if (!settings || Number(settings.lembretes) !== 1) return { lembrados: 0, emails: [] };
  const zone = timeZoneOf(settings.zona);
  if (Number(zonedParts(now, zone).hour) < REMINDER_FROM_HOUR) return { lembrados: 0, emails: [] };
  const tomorrow = dayRange(addDays(dayIn(now, zone), 1), zone);
  const a = appointments;
  const candidates = (await db
    .select({
      id: a.id,
      inicio: sql<number>`${a.inicio}`,
      clienteNome: sql<
        string | null
      >`(select c.name from clients c where c.org_id = appointments.org_id and c.id = appointments.client_id)`,
      email: sql<
        string | null
      >`(select c.email from clients c where c.org_id = appointments.org_id and c.id = appointments.client_id and c.deleted_at is null)`,
      profissionalNome: sql<
        string | null
      >`(select p.name from professionals p where p.org_id = appointments.org_id and p.id = appointments.professional_id)`,
      servicos: sql<string>`(select json_group_array(name) from (select s.name from appointment_services s where s.org_id = appointments.org_id and s.appointment_id = appointments.id order by s.position))`,
    })
    .from(a)
    .where(
      scope.where(
        a,
        gte(a.inicio, new Date(tomorrow.start)),
        lt(a.inicio, new Date(tomorrow.end)),
        isNull(a.lembreteEm),
        inArray(a.status, [...REMINDED]),
        isNull(a.excluidoEm),
      ),
    )
    .orderBy(asc(a.inicio), asc(a.id))
    .limit(PER_RUN)) as Candidate[];
  if (!candidates.length) return { lembrados: 0, emails: [] };

  const batch: BatchItem<"sqlite">[] = [];
  const claims: { at: number; outboxId: string | null }[] = [];
  for (const c of candidates) {
    const claim = [
      eq(a.id, c.id),
      isNull(a.lembreteEm),
      inArray(a.status, [...REMINDED]),
      isNull(a.excluidoEm),
      // Moved since it was read: the next run reminds it at its new time (or not, if no longer tomorrow).
      eq(a.inicio, new Date(Number(c.inicio))),
    ];
    if (!c.email) {
      claims.push({ at: batch.length, outboxId: null });
      batch.push(
        db
          .update(a)
          .set({ lembreteEm: now })
          .where(scope.where(a, ...claim)),
      );
      continue;
    }
    const token = newAppointmentLinkToken();
    const hash = await hashAppointmentLinkToken(token);
    const link = new URL(appointmentLinkPath(token), origin).toString();
    const message = reminderEmail(
      c.email,
      {
        clientName: c.clienteNome ?? "",
        inicio: Number(c.inicio),
        servicos: JSON.parse(c.servicos || "[]") as string[],
        profissional: c.profissionalNome ?? "",
        negocio: settings.nome,
      },
      zone,
      link,
    );
    const outboxId = crypto.randomUUID();
    claims.push({ at: batch.length, outboxId });
    batch.push(
      db
        .update(a)
        .set({ lembreteEm: now, lembreteLinkHash: hash })
        .where(scope.where(a, ...claim)),
      // Queued only where this claim happened (the link hash is this run's, unique).
      db.run(sql`insert into ${emailOutbox} (id, "to", subject, text, html, link, status, created_at)
select ${outboxId}, ${message.to}, ${message.subject}, ${message.text}, ${message.html}, ${message.link ?? null}, 'queued', ${now.getTime()}
where exists (select 1 from ${a} w where w.org_id = ${orgId} and w.id = ${c.id} and w.reminder_link_hash = ${hash})`),
    );
  }
  const results = (await db.batch(batch as unknown as [BatchItem<"sqlite">])) as { rowsAffected: number }[];
  const done = claims.filter((c) => (results[c.at]?.rowsAffected ?? 0) > 0);
  return { lembrados: done.length, emails: done.map((c) => c.outboxId).filter((id): id is string => id !== null) };
}
