import { sql } from "drizzle-orm";
import { z } from "zod";
import { appointments, businessHourDays, businessHours, professionals, professionalTimeOff } from "../../../../db/schema/index.ts";
import { hoursOn } from "../../../../shared/agenda/business-hours.ts";
import { parseWeekly } from "../../../../shared/agenda/availability.ts";
import { type InstantRange, intersect, normalize } from "../../../../shared/agenda/intervals.ts";
import { rangesOn, weekdayOf } from "../../../../shared/agenda/local-times.ts";
import { APPOINTMENT_STATUS, APPOINTMENT_STATUSES } from "../../../../shared/enums/agenda.ts";
import { isId } from "../../../../shared/id.ts";
import type { ReportKpi, ReportRow } from "../../../../shared/reports/document.ts";
import { dayBucketsOf } from "../../../../shared/reports/period.ts";
import { businessHoursFromRows } from "../../agenda/hours-rows.ts";
import { boundsOf, defineReport, num, type ReportBody } from "../engine.ts";

/**
 * Agendamentos (issue 23, ADR 085), for appointments starting in the period (the organização's
 * days, not deleted):
 * - **occupancy** per professional = booked minutes ÷ available minutes. Booked: every appointment
 *   but the cancelled ones (a no-show held the slot). Available: each day's business hours
 *   (Horários: the week, holidays and exceptions, as the agenda books by them) ∩ the
 *   professional's weekly availability, minus their time off;
 * - **no-shows** ("faltou") ÷ appointments not cancelled; **cancellations** ÷ all appointments.
 */

const filtersSchema = z.object({
  profissional: z
    .string()
    .refine((v) => isId(v))
    .optional()
    .catch(undefined),
});

function minutes(ranges: readonly InstantRange[]): number {
  return ranges.reduce((t, r) => t + (r.end - r.start) / 60_000, 0);
}

export const agendamentosReport = defineReport({
  id: "agendamentos",
  title: "Agendamentos",
  description: "Ocupação de cada profissional (horas agendadas ÷ horas disponíveis), faltas e cancelamentos.",
  group: "Agenda",
  area: "relatorios-operacionais",
  filters: { schema: filtersSchema, fields: [{ key: "profissional", label: "Profissional" }] },
  queries(db, ctx, params) {
    const org = ctx.actor.orgId;
    const { start, end } = boundsOf(params.period, ctx.zone);
    const prof = params.filters.profissional;
    const onlyProf = prof ? sql` and p.id = ${prof}` : sql``;
    return {
      professionals: db.all<{ id: string; nome: string; semana: string }>(sql`
        select p.id as id, p.name as nome, p.weekly as semana from ${professionals} p
        where p.org_id = ${org} and p.deleted_at is null and p.active = 1${onlyProf}
        order by p.sort_name, p.id`),
      appointments: db.all<{ profissional: string; status: string; n: number; minutos: number }>(sql`
        select a.professional_id as profissional, a.status as status, count(*) as n,
          coalesce(sum((a.ends_at - a.starts_at) / 60000.0), 0) as minutos
        from ${appointments} a
        where a.org_id = ${org} and a.deleted_at is null and a.starts_at >= ${start} and a.starts_at < ${end}${prof ? sql` and a.professional_id = ${prof}` : sql``}
        group by a.professional_id, a.status`),
      hours: db.all<{ semana: string; fechaFeriadosNacionais: number }>(sql`
        select h.weekly as semana, h.closed_on_national_holidays as "fechaFeriadosNacionais" from ${businessHours} h where h.org_id = ${org}`),
      days: db.all<{ dia: string; tipo: "feriado" | "excecao"; intervalos: string; motivo: string | null }>(sql`
        select d.day as dia, d.kind as tipo, d.intervals as intervalos, d.reason as motivo from ${businessHourDays} d
        where d.org_id = ${org} and d.day >= ${params.period.from} and d.day <= ${params.period.to}`),
      timeOff: db.all<{ profissional: string; inicio: number; fim: number }>(sql`
        select t.professional_id as profissional, t.starts_at as inicio, t.ends_at as fim from ${professionalTimeOff} t
        where t.org_id = ${org} and t.starts_at < ${end} and t.ends_at > ${start}`),
    };
  },
  assemble(rows, ctx, params): ReportBody {
    const row = rows.hours[0];
    const hours = businessHoursFromRows(
      ctx.zone,
      row ? { semana: row.semana, fechaFeriadosNacionais: Boolean(num(row.fechaFeriadosNacionais)) } : undefined,
      rows.days,
    );
    const days = dayBucketsOf(params.period).map((b) => b.key);
    const open = new Map(days.map((d) => [d, hoursOn(hours, d).ranges]));
    const stat = (profissional: string | null, status?: string) =>
      rows.appointments
        .filter((a) => (profissional === null || a.profissional === profissional) && (status === undefined || a.status === status))
        .reduce((t, a) => ({ n: t.n + num(a.n), minutos: t.minutos + num(a.minutos) }), { n: 0, minutos: 0 });
    const profRows: ReportRow[] = rows.professionals.map((p) => {
      const weekly = parseWeekly(p.semana);
      const off = normalize(rows.timeOff.filter((t) => t.profissional === p.id).map((t) => ({ start: num(t.inicio), end: num(t.fim) })));
      let available = 0;
      for (const day of days) {
        const avail = intersect(open.get(day) ?? [], rangesOn(day, weekly[weekdayOf(day)] ?? [], ctx.zone));
        available += minutes(avail) - minutes(intersect(avail, off));
      }
      const all = stat(p.id);
      const cancelled = stat(p.id, "cancelado");
      const noShow = stat(p.id, "faltou");
      const booked = all.minutos - cancelled.minutos;
      return {
        profissional: p.nome,
        agendamentos: all.n - cancelled.n,
        horasAgendadas: Math.round((booked / 60) * 100) / 100,
        horasDisponiveis: Math.round((available / 60) * 100) / 100,
        ocupacao: available > 0 ? booked / available : 0,
        faltas: noShow.n,
        cancelados: cancelled.n,
      };
    });
    const all = stat(null);
    const cancelled = stat(null, "cancelado");
    const noShow = stat(null, "faltou");
    const held = all.n - cancelled.n;
    const bookedH = profRows.reduce((t, r) => t + num(r.horasAgendadas), 0);
    const availableH = profRows.reduce((t, r) => t + num(r.horasDisponiveis), 0);
    const kpis: ReportKpi[] = [
      { label: "Agendamentos", kind: "integer", value: held },
      { label: "Ocupação", kind: "percent", value: availableH > 0 ? bookedH / availableH : 0 },
      { label: "Faltas", kind: "integer", value: noShow.n },
      { label: "Taxa de faltas", kind: "percent", value: held > 0 ? noShow.n / held : 0 },
      { label: "Cancelados", kind: "integer", value: cancelled.n },
      { label: "Taxa de cancelamento", kind: "percent", value: all.n > 0 ? cancelled.n / all.n : 0 },
    ];
    const statusRows: ReportRow[] = APPOINTMENT_STATUSES.map((s) => ({
      situacao: APPOINTMENT_STATUS.label(s),
      agendamentos: stat(null, s).n,
    }));
    return {
      kpis,
      sections: [
        {
          id: "ocupacao",
          title: "Ocupação por profissional",
          note: "Horas agendadas (sem os cancelados; uma falta ocupou o horário) ÷ horas disponíveis: o horário de funcionamento do dia ∩ a disponibilidade do profissional, menos folgas e férias.",
          ...(profRows.length
            ? {
                chart: {
                  type: "bar" as const,
                  labels: profRows.map((r) => String(r.profissional)),
                  series: [{ name: "Ocupação", values: profRows.map((r) => num(r.ocupacao)) }],
                  kind: "percent" as const,
                },
              }
            : {}),
          table: {
            columns: [
              { key: "profissional", label: "Profissional", kind: "text", width: 3 },
              { key: "agendamentos", label: "Agendamentos", kind: "integer" },
              { key: "horasAgendadas", label: "Horas agendadas", kind: "number" },
              { key: "horasDisponiveis", label: "Horas disponíveis", kind: "number" },
              { key: "ocupacao", label: "Ocupação", kind: "percent" },
              { key: "faltas", label: "Faltas", kind: "integer" },
              { key: "cancelados", label: "Cancelados", kind: "integer" },
            ],
            rows: profRows,
          },
        },
        {
          id: "por-situacao",
          title: "Por situação",
          note: "Taxa de faltas: faltas ÷ agendamentos não cancelados. Taxa de cancelamento: cancelados ÷ todos.",
          table: {
            columns: [
              { key: "situacao", label: "Situação", kind: "text", width: 2 },
              { key: "agendamentos", label: "Agendamentos", kind: "integer" },
            ],
            rows: statusRows,
            totals: { situacao: "Total", agendamentos: all.n },
          },
        },
      ],
    };
  },
});
