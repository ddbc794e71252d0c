import type { Inngest } from "inngest";
import type { Config } from "../worker/config/env.ts";
import { sendEmailJob } from "./bodies/send-email.ts";
import { events } from "./events.ts";

/**
 * Inngest functions. Built per request with that request's config, because a Worker's
 * secrets are not on process.env inside Inngest handlers.
 */
export function createFunctions(inngest: Inngest, config: Config) {
  const sendEmail = inngest.createFunction(
    { id: "send-email", retries: 4, triggers: [{ event: "email/send.requested" }] },
    async ({ event, step }) => {
      const input = events["email/send.requested"].parse(event.data);
      return step.run("deliver", () => sendEmailJob(config, input));
    },
  );
  return [sendEmail];
}
