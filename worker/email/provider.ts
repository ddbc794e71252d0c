import { and, eq, inArray, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/index.ts";
import type { Config } from "../config/env.ts";
import { redactEmail } from "./redact.ts";

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one action link of the message, printed in the local development log so a developer can click it. */
  link?: string;
}

const DAY_MS = 24 * 3600_000;
/** Failed or stuck messages keep their body this long (the cron retries them meanwhile), then lose it. */
export const OUTBOX_BODY_TTL_MS = DAY_MS;
/** Outbox rows (the delivery record: recipient, subject, status) are deleted after this. */
export const OUTBOX_ROW_TTL_MS = 30 * DAY_MS;

/**
 * Marks a row handed over and drops what it carried (text, HTML, link): e-mailed links are
 * single-use credentials, and once the provider (or, locally, the log) has the message the
 * database has no reason to keep them. One UPDATE, so a row is never "sent" with its token.
 */
function handedOver(db: Database, outboxId: string, status: "sent" | "logged", now: Date) {
  return db
    .update(emailOutbox)
    .set({ status, sentAt: now, error: null, text: null, html: null, link: null })
    .where(eq(emailOutbox.id, outboxId));
}

/**
 * Delivers a queued outbox row. With EMAIL_API_URL set it POSTs JSON
 * `{from,to,subject,text,html}` with `Authorization: Bearer EMAIL_API_KEY` (the shape Resend,
 * Postmark's and most HTTP e-mail APIs accept); without it the message is only logged.
 * Logs never carry a full address or a link, except the one line marked as a development aid
 * when APP_ENV is "development" (the local `npm start`, where nobody else reads the log).
 */
export async function deliverOutboxEmail(
  deps: { db: Database; config: Config; fetch?: typeof fetch },
  outboxId: string,
): Promise<"sent" | "logged" | "missing"> {
  const { db, config } = deps;
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId)).limit(1);
  if (!row) return "missing";
  if (row.status === "sent" || row.status === "logged") return row.status;
  // A body already dropped (a message that kept failing for a day): its links have expired.
  if (row.text === null || row.html === null) return "missing";
  if (!config.EMAIL_API_URL) {
    console.log(`[e-mail] para ${redactEmail(row.to)}: ${row.subject}`);
    if (config.APP_ENV === "development" && row.link) console.log(`[e-mail · só em desenvolvimento] link: ${row.link}`);
    await handedOver(db, outboxId, "logged", new Date());
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
    // The body stays for the retries (the cron's, Inngest's) until outboxSweep drops it.
    await db.update(emailOutbox).set({ status: "failed", error }).where(eq(emailOutbox.id, outboxId));
    // Thrown so the job runner retries it; the message names the row, never the recipient.
    throw new Error(`Falha ao enviar o e-mail ${outboxId}: ${error}`);
  }
  await handedOver(db, outboxId, "sent", new Date());
  return "sent";
}

/** The outbox insert, returned unexecuted so callers can put it in their own batch. */
export function outboxInsert(db: Database, message: EmailMessage, id: string = crypto.randomUUID()) {
  return { id, query: db.insert(emailOutbox).values({ id, ...message, link: message.link ?? null }) };
}

/**
 * What the every-minute cron runs on the outbox (in one batch with its other sweeps):
 * messages still undelivered after OUTBOX_BODY_TTL_MS (the cron stops retrying them then, and
 * their links have expired) lose their text, HTML and link; rows older than OUTBOX_ROW_TTL_MS
 * are deleted.
 */
export function outboxSweep(db: Database, now: Date) {
  return [
    db
      .update(emailOutbox)
      .set({ text: null, html: null, link: null })
      .where(
        and(inArray(emailOutbox.status, ["queued", "failed"]), lt(emailOutbox.createdAt, new Date(now.getTime() - OUTBOX_BODY_TTL_MS))),
      ),
    db.delete(emailOutbox).where(lt(emailOutbox.createdAt, new Date(now.getTime() - OUTBOX_ROW_TTL_MS))),
  ] as const;
}
