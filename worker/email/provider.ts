import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import type { Config } from "../config/env.ts";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one action link of the message, printed in the local log so a developer can click it. */
  link?: string;
}

/**
 * Delivers a queued outbox row. With EMAIL_API_URL set it POSTs JSON
 * `{from,to,subject,text,html}` with `Authorization: Bearer EMAIL_API_KEY` (the shape Resend,
 * Postmark's and most HTTP e-mail APIs accept); without it the message stays in the outbox
 * and one log line carries its link.
 */
export async function deliverOutboxEmail(
  deps: { db: Database; config: Config; fetch?: typeof fetch },
  outboxId: string,
): Promise<"sent" | "logged" | "missing"> {
  const { db, config } = deps;
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId)).limit(1);
  if (!row) return "missing";
  if (row.status === "sent" || row.status === "logged") return row.status;
  if (!config.EMAIL_API_URL) {
    console.log(`[e-mail] para ${row.to}: ${row.subject}${row.link ? ` — ${row.link}` : ""}`);
    await db.update(emailOutbox).set({ status: "logged", sentAt: new Date() }).where(eq(emailOutbox.id, outboxId));
    return "logged";
  }
  const doFetch = deps.fetch ?? fetch;
  const response = await doFetch(config.EMAIL_API_URL, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(config.EMAIL_API_KEY ? { authorization: `Bearer ${config.EMAIL_API_KEY}` } : {}),
    },
    body: JSON.stringify({ from: config.EMAIL_FROM, to: row.to, subject: row.subject, text: row.text, html: row.html }),
  });
  if (!response.ok) {
    const error = `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`;
    await db.update(emailOutbox).set({ status: "failed", error }).where(eq(emailOutbox.id, outboxId));
    // Thrown so the job runner (Inngest) retries it.
    throw new Error(`Falha ao enviar e-mail: ${error}`);
  }
  await db.update(emailOutbox).set({ status: "sent", sentAt: new Date(), error: null }).where(eq(emailOutbox.id, outboxId));
  return "sent";
}

/** The outbox insert, returned unexecuted so callers can put it in their own batch. */
export function outboxInsert(db: Database, message: EmailMessage, id: string = crypto.randomUUID()) {
  return { id, query: db.insert(emailOutbox).values({ id, ...message, link: message.link ?? null }) };
}
