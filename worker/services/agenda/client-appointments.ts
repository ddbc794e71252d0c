import { desc, eq, isNull, sql } from "drizzle-orm";
import { appointments } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { APPOINTMENT_STATUS, type AppointmentStatus } from "../../../shared/enums/agenda.ts";
import { formatBRL } from "../../../shared/format.ts";
import { formatDateIn, formatTimeIn } from "../../../shared/time-zone.ts";
import type { TimelineEvent } from "../customers/clients.ts";
import { SOURCE_LIMIT, type TimelineSource } from "../customers/timeline-source.ts";
import { appointmentReach, professionalReach } from "./desk-access.ts";

/**
 * A client's appointments on their record (ADR 061): each on the timeline with its status, and
 * the summary's three counts — próximos (still to happen), concluídos, faltas (a "faltou" tap at
 * the desk counts here). A professional who reaches only their own appointments sees and counts
 * only theirs. Counted over every appointment of the client (window sums), not only those listed.
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The summary's lines from the window counts the statement read. */
export function appointmentCounts(row: Record<string, unknown> | undefined): { key: string; total: number; text: string }[] {
  const proximos = Number(row?.proximos ?? 0);
  const concluidos = Number(row?.concluidos ?? 0);
  const faltas = Number(row?.faltas ?? 0);
  return [
    { key: "agendamentos-proximos", total: proximos, text: plural(proximos, "próximo agendamento", "próximos agendamentos") },
    { key: "agendamentos-concluidos", total: concluidos, text: plural(concluidos, "atendimento concluído", "atendimentos concluídos") },
    { key: "agendamentos-faltas", total: faltas, text: plural(faltas, "falta", "faltas") },
  ];
}

export const appointmentsSource: TimelineSource = {
  key: "agendamentos",
  counted: { one: "agendamento", many: "agendamentos" },
  statement(ctx, actor, clientId) {
    if (!appointmentReach(actor, "read")) return null;
    const a = appointments;
    const at = ctx.now.getTime();
    return ctx.db
      .select({
        id: a.id,
        inicio: sql<number>`${a.inicio}`,
        status: a.status,
        totalCentavos: a.totalCentavos,
        profissional: sql<
          string | null
        >`(select p.name from professionals p where p.org_id = appointments.org_id and p.id = appointments.professional_id)`,
        servicos: sql<string>`(select group_concat(name, ', ') from (select s.name from appointment_services s where s.org_id = appointments.org_id and s.appointment_id = appointments.id order by s.position))`,
        proximos: sql<number>`sum(case when ${a.status} in ('pendente', 'confirmado', 'em_atendimento') and ${a.fim} > ${at} then 1 else 0 end) over ()`,
        concluidos: sql<number>`sum(case when ${a.status} = 'concluido' then 1 else 0 end) over ()`,
        faltas: sql<number>`sum(case when ${a.status} = 'faltou' then 1 else 0 end) over ()`,
      })
      .from(a)
      .where(
        orgScope(ctx.db, actor.orgId).where(
          a,
          eq(a.clienteId, clientId),
          isNull(a.excluidoEm),
          professionalReach(ctx, actor, "read", a.profissionalId),
        ),
      )
      .orderBy(desc(a.inicio), a.id)
      .limit(SOURCE_LIMIT + 1);
  },
  events: (rows, _clientId, zone) =>
    rows.map((r) => {
      const status = r.status as AppointmentStatus;
      const inicio = Number(r.inicio);
      const servicos = typeof r.servicos === "string" && r.servicos ? r.servicos : "Agendamento";
      return {
        id: `agendamento:${r.id}`,
        kind: "appointment",
        at: new Date(inicio).toISOString(),
        title: `${servicos}${r.profissional ? ` com ${r.profissional}` : ""}`,
        description: `${formatDateIn(inicio, zone)} às ${formatTimeIn(inicio, zone)} · ${formatBRL(Number(r.totalCentavos ?? 0))}`,
        by: null,
        href: null,
        badge: { label: APPOINTMENT_STATUS.label(status), tone: APPOINTMENT_STATUS.tone(status) },
      } satisfies TimelineEvent;
    }),
  summary: (rows) => appointmentCounts(rows[0]),
};
