import { createDb } from "../../db/client.ts";
import type { Config } from "../../worker/config/env.ts";
import { deliverOutboxEmail } from "../../worker/email/provider.ts";
import type { EventData } from "../events.ts";

/** Plain job body: runs the same under Inngest (as a step) and in-process (waitUntil). */
export async function sendEmailJob(config: Config, input: EventData<"email/send.requested">): Promise<string> {
  const db = createDb({ url: config.DATABASE_URL, authToken: config.DATABASE_AUTH_TOKEN });
  return deliverOutboxEmail({ db, config }, input.outboxId);
}
