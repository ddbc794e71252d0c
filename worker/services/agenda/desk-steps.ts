import { eq, inArray, isNull } from "drizzle-orm";
import { appointments } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { type DeskStep, STEP_LABEL, STEP_STATUS, stepAllowed } from "../../../shared/agenda/desk.ts";
import { APPOINTMENT_STATUS, type AppointmentStatus } from "../../../shared/enums/agenda.ts";
import { ID_RE } from "../../../shared/id.ts";
import { publishLive } from "../../live/publish.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { setAppointmentStatus } from "./appointments.ts";
import { APPOINTMENTS, professionalReach } from "./desk-access.ts";

/**
 * The desk's one-tap steps (ADR 061). Status changes go through the agenda's own
 * `setAppointmentStatus` (ADR 059: the same rules as /agenda, e.g. undoing a no-show re-checks
 * that nobody took the freed time); check-in only records the arrival (`checked_in_at`), in one
 * guarded statement. Finishing is desk-finish.ts (it records what was done in the same batch).
 */

export interface StepResult {
  id: string;
  passo: DeskStep;
  /** The status before the step (the no-show's undo returns to it). */
  anterior: AppointmentStatus;
}

async function current(ctx: ServiceContext, actor: Actor, id: string) {
  if (!ID_RE.test(id)) throw new DomainError("Agendamento não encontrado.", 404);
  const a = appointments;
  const [row] = await ctx.db
    .select({ status: a.status, chegadaEm: a.chegadaEm })
    .from(a)
    .where(
      orgScope(ctx.db, actor.orgId).where(a, eq(a.id, id), isNull(a.excluidoEm), professionalReach(ctx, actor, "update", a.profissionalId)),
    )
    .limit(1);
  if (!row) throw new DomainError("Agendamento não encontrado.", 404);
  return row;
}

function refusal(step: DeskStep, status: AppointmentStatus, checkedIn: boolean): DomainError {
  if (step === "faltou" && checkedIn) return new DomainError("O cliente já chegou: não pode ser marcado como falta.", 409);
  if (step === "chegou" && checkedIn) return new DomainError("A chegada deste cliente já foi registrada.", 409);
  return new DomainError(
    `Não é possível "${STEP_LABEL[step]}": o agendamento está ${APPOINTMENT_STATUS.label(status).toLowerCase()}. A fila foi atualizada.`,
    409,
  );
}

export async function deskStep(ctx: ServiceContext, actor: Actor, id: string, step: DeskStep): Promise<StepResult> {
  const row = await current(ctx, actor, id);
  const checkedIn = row.chegadaEm !== null;
  if (!stepAllowed(step, row.status, checkedIn)) throw refusal(step, row.status, checkedIn);
  const target = STEP_STATUS[step];
  if (target) {
    await setAppointmentStatus(ctx, actor, id, target);
    return { id, passo: step, anterior: row.status };
  }
  const a = appointments;
  const [written] = await ctx.db.batch([
    ctx.db
      .update(a)
      .set({ chegadaEm: ctx.now, atualizadoEm: ctx.now, atualizadoPor: actor.userId })
      .where(
        orgScope(ctx.db, actor.orgId).where(
          a,
          eq(a.id, id),
          isNull(a.excluidoEm),
          isNull(a.chegadaEm),
          inArray(a.status, ["pendente", "confirmado"]),
          professionalReach(ctx, actor, "update", a.profissionalId),
        ),
      ),
  ]);
  if (!written.rowsAffected) {
    const again = await current(ctx, actor, id);
    throw refusal(step, again.status, again.chegadaEm !== null);
  }
  publishLive(ctx, actor.orgId, { type: "record.changed", resource: APPOINTMENTS, action: "updated", ids: [id] });
  return { id, passo: step, anterior: row.status };
}

/** "Desfazer" of a no-show: back to the status it had (pendente or confirmado), by the agenda's rules. */
export async function undoDeskStep(ctx: ServiceContext, actor: Actor, id: string, previous: AppointmentStatus): Promise<StepResult> {
  if (previous !== "pendente" && previous !== "confirmado") throw new DomainError("Não há o que desfazer.", 400);
  const row = await current(ctx, actor, id);
  if (row.status !== "faltou") throw new DomainError("Não há falta para desfazer: o agendamento mudou. A fila foi atualizada.", 409);
  await setAppointmentStatus(ctx, actor, id, previous);
  return { id, passo: "faltou", anterior: row.status };
}
