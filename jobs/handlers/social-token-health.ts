import { checkAccountToken, checkConnectionToken, tokenHealthWork } from "../../worker/services/social/token-health.ts";
import { sendEmail } from "../contracts/send-email.ts";
import { socialTokenHealth } from "../contracts/social-token-health.ts";
import { jobHandlers } from "../define.ts";

/** One step lists the work; one step per connection and per account, so a retry repeats only what failed. */
export default jobHandlers(socialTokenHealth, {
  async handler({ event, step, db, config, send }) {
    const now = new Date(event.ts);
    const ctx = {
      db,
      config,
      now,
      sendEmails: (ids: string[]) => send(ids.map((outboxId) => ({ name: sendEmail.event, data: { outboxId } }))),
    };
    const work = await step.run("listar", () => tokenHealthWork(db));
    const outcomes: Record<string, number> = {};
    const count = (key: string) => {
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    };
    for (const c of work.connections) count(`conexao-${await step.run(`conexao-${c.id}`, () => checkConnectionToken(ctx, c.orgId, c.id))}`);
    for (const a of work.accounts) count(`conta-${await step.run(`conta-${a.id}`, () => checkAccountToken(ctx, a.orgId, a.id))}`);
    return outcomes;
  },
});
