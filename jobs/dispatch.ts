import { type Config, usesInngest } from "../worker/config/env.ts";
import { sendEmailJob } from "./bodies/send-email.ts";
import { type EventData, type EventName, events } from "./events.ts";

type LocalRunner = { [N in EventName]: (config: Config, data: EventData<N>) => Promise<unknown> };

const local: LocalRunner = {
  "email/send.requested": sendEmailJob,
};

export interface DispatchContext {
  config: Config;
  waitUntil: (promise: Promise<unknown>) => void;
}

/**
 * Sends an event to Inngest when configured; otherwise runs the same job body in-process
 * after the response (waitUntil). Payloads are validated either way.
 */
export async function dispatch<N extends EventName>(ctx: DispatchContext, name: N, data: EventData<N>): Promise<void> {
  const payload = events[name].parse(data) as EventData<N>;
  if (usesInngest(ctx.config)) {
    const { createInngest } = await import("./client.ts");
    await createInngest(ctx.config).send({ name, data: payload });
    return;
  }
  const run = local[name] as (config: Config, d: EventData<N>) => Promise<unknown>;
  ctx.waitUntil(
    run(ctx.config, payload).catch((error: unknown) => {
      console.error(`[job] ${name} falhou`, error);
    }),
  );
}
