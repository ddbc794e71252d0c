import { organizationsToRemind, prepareReminders } from "../../worker/services/agenda/reminders.ts";
import { appointmentReminders } from "../contracts/appointment-reminders.ts";
import { sendEmail } from "../contracts/send-email.ts";
import { jobHandlers } from "../define.ts";

/** One step lists the organizações; one step each prepares and queues its reminders (a retry repeats only what failed). */
export default jobHandlers(appointmentReminders, {
  async handler({ event, step, db, config, now, send }) {
    const at = () => now?.() ?? new Date(event.ts);
    const origin = config.APP_URL ?? "http://localhost";
    const orgs = await step.run("listar", () => organizationsToRemind(db, at()));
    let lembrados = 0;
    for (const orgId of orgs) {
      const outcome = await step.run(`lembrar-${orgId}`, async () => {
        const prepared = await prepareReminders(db, orgId, at(), origin);
        await send(prepared.emails.map((outboxId) => ({ name: sendEmail.event, data: { outboxId } })));
        return prepared.lembrados;
      });
      lembrados += outcome;
    }
    return { organizacoes: orgs.length, lembrados };
  },
});
