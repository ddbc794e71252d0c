import { sql } from "drizzle-orm";
import { appointmentKeys, appointments } from "../../../../db/schema/index.ts";
import { FREEING_STATUSES } from "../../../../shared/enums.ts";
import { type AgendamentoInput, type AgendamentoRow, agendamentoDefinition } from "../../../../shared/resources/agendamentos.ts";
import { bookAppointment } from "../../../services/agenda/appointments.ts";
import { updateAppointment } from "../../../services/agenda/appointment-update.ts";
import type { ResourceModule } from "../../define.ts";

const t = appointments;
const FREEING = FREEING_STATUSES.map((s) => `'${s}'`).join(", ");

/** What holds the professional's time in [NEW.starts_at, NEW.ends_at), buffer included (the guard's rule). */
const clash = (row: "NEW") => {
  const buffer = `coalesce((SELECT bs.agenda_buffer_minutes FROM business_settings bs WHERE bs.org_id = ${row}.org_id), 0) * 60000`;
  return `(EXISTS (SELECT 1 FROM appointments o WHERE o.org_id = ${row}.org_id AND o.professional_id = ${row}.professional_id AND o.id <> ${row}.id
    AND o.deleted_at IS NULL AND o.status NOT IN (${FREEING}) AND o.starts_at < ${row}.ends_at + ${buffer} AND o.ends_at + ${buffer} > ${row}.starts_at)
  OR EXISTS (SELECT 1 FROM property_visits v JOIN professionals p ON p.org_id = ${row}.org_id AND p.id = ${row}.professional_id AND p.user_id = v.broker_id
    WHERE v.org_id = ${row}.org_id AND v.deleted_at IS NULL AND v.outcome = 'agendada' AND v.starts_at < ${row}.ends_at + ${buffer} AND v.ends_at + ${buffer} > ${row}.starts_at))`;
};

/**
 * Agendamentos, server side. Every create and update goes through the agenda's service (`save`):
 * the rules for the reason, then one guarded statement. The triggers are the last line for any
 * other door (restoring a deleted appointment, a hand-written statement): a row that newly holds
 * time over another appointment or visit of the professional is refused by the database itself.
 */
export const agendamentosModule: ResourceModule<AgendamentoRow, AgendamentoInput> = {
  definition: agendamentoDefinition,
  table: t,
  keys: appointmentKeys,
  titleSql: sql`(select c.name from clients c where c.id = ${t.clienteId} and c.org_id = ${t.orgId})`,
  // The client's link works by its token alone; its hash stays in the database.
  privateColumns: ["linkHash", "lembreteLinkHash"],
  extras: {
    clienteNome: sql`(select c.name from clients c where c.id = ${t.clienteId} and c.org_id = ${t.orgId})`,
    profissionalNome: sql`(select p.name from professionals p where p.id = ${t.profissionalId} and p.org_id = ${t.orgId})`,
    profissionalCor: sql`(select p.color from professionals p where p.id = ${t.profissionalId} and p.org_id = ${t.orgId})`,
    profissionalUsuarioId: sql`(select p.user_id from professionals p where p.id = ${t.profissionalId} and p.org_id = ${t.orgId} and p.deleted_at is null)`,
    servicoIds: sql`json((select json_group_array(x.service_id) from (select s.service_id from appointment_services s where s.org_id = ${t.orgId} and s.appointment_id = ${t.id} and s.service_id is not null order by s.position) x))`,
    servicoNomes: sql`(select group_concat(x.name, ', ') from (select s.name from appointment_services s where s.org_id = ${t.orgId} and s.appointment_id = ${t.id} order by s.position) x)`,
  },
  extraSchemas: {
    servicoIds: { type: "array", items: { type: "string" }, description: "Os serviços agendados (ids), na ordem." },
    servicoNomes: { type: ["string", "null"], description: "Os nomes dos serviços como foram agendados, separados por vírgula." },
  },
  // Never used: `save` writes the row (kept for the type; the service computes every column).
  values: () => ({}),
  save: {
    create: async (ctx, actor, input) => (await bookAppointment(ctx, actor, input)).id,
    update: async (ctx, actor, id, input) => {
      await updateAppointment(ctx, actor, id, input);
    },
  },
  sorts: { inicio: t.inicio },
  totals: { total: t.totalCentavos },
  filters: {
    inicio: { column: t.inicio },
    nome: { column: t.clienteId },
    profissional: { column: t.profissionalId },
    status: { column: t.status },
    criadoEm: { column: t.criadoEm },
    atualizadoEm: { column: t.atualizadoEm },
  },
  relations: [
    { column: t.clienteId, target: "clients", field: "clienteId", message: "Cliente não encontrado. Escolha um cliente cadastrado." },
    {
      column: t.profissionalId,
      target: "profissionais",
      field: "profissionalId",
      message: "Profissional não encontrado. Escolha um profissional ativo.",
    },
  ],
  errors: [
    { match: "agendamento_conflito", message: "Conflita com outro agendamento ou visita desse profissional nesse horário.", status: 409 },
  ],
  triggers: [
    {
      name: "appointments_overlap_bi",
      sql: `CREATE TRIGGER appointments_overlap_bi BEFORE INSERT ON appointments
  WHEN NEW.deleted_at IS NULL AND NEW.status NOT IN (${FREEING}) AND ${clash("NEW")} BEGIN
  SELECT RAISE(ABORT, 'agendamento_conflito');
END`,
    },
    {
      name: "appointments_overlap_bu",
      sql: `CREATE TRIGGER appointments_overlap_bu BEFORE UPDATE OF deleted_at, status, starts_at, ends_at, professional_id ON appointments
  WHEN NEW.deleted_at IS NULL AND NEW.status NOT IN (${FREEING})
    AND (OLD.deleted_at IS NOT NULL OR OLD.status IN (${FREEING}) OR NEW.starts_at <> OLD.starts_at OR NEW.ends_at <> OLD.ends_at OR NEW.professional_id <> OLD.professional_id)
    AND ${clash("NEW")} BEGIN
  SELECT RAISE(ABORT, 'agendamento_conflito');
END`,
    },
  ],
  example: (related, unique = "") => ({
    clienteId: related("clients"),
    profissionalId: related("profissionais"),
    servicoIds: [related("servicos")],
    inicio: exampleStart(unique),
    status: "confirmado",
    observacoes: "Cliente prefere lavar com água morna.",
  }),
};

/**
 * A start for the API reference and the harnesses: Tuesday 2031-03-04 14:00 in São Paulo, or
 * for `unique` (which tells apart records a harness creates) a half-hour of the two years from
 * 2031 picked from it, so two examples rarely ask for the same slot.
 */
function exampleStart(unique: string): string {
  if (!unique) return "2031-03-04T14:00:00-03:00";
  let n = 0;
  for (const ch of unique) n = (n * 31 + ch.charCodeAt(0)) >>> 0;
  const day = new Date(Date.UTC(2031, 0, 1) + (n % 730) * 86_400_000).toISOString().slice(0, 10);
  const half = Math.floor(n / 730) % 48;
  return `${day}T${String(Math.floor(half / 2)).padStart(2, "0")}:${half % 2 ? "30" : "00"}:00-03:00`;
}
