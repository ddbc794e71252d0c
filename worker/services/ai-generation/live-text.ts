import { eq, sql } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { aiGenerations } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { type LiveEvent, MAX_LIVE_EVENT_BYTES } from "../../../shared/live-events.ts";
import { type LiveContext, publishLive } from "../../live/publish.ts";

/**
 * The streamed text's way out (ADR 055): the readable text grows as the model writes; at most
 * every `throttleMs` it is written to the row (a page that opens late or reconnects reads it) and
 * the new piece goes to the asker's pages over the live connection, cut to fit the event's size
 * cap. The row's write is also the cancel check: it only lands while the row is `gerando`, so a
 * write that lands nowhere means someone cancelled, and `onCancelled` aborts the stream.
 */

/** The most the row keeps (three captions of 2,200 characters and the notes fit with room). */
export const PARTIAL_TEXT_MAX = 12_000;
/** How often the text is saved and sent while it streams. */
export const STREAM_THROTTLE_MS = 250;
/** A piece's serialized length: the event's other fields take well under 300 characters. */
const PIECE_JSON_MAX = MAX_LIVE_EVENT_BYTES - 400;

export interface LiveTextOptions {
  db: Database;
  live: LiveContext;
  orgId: string;
  userId: string;
  generationId: string;
  now: () => Date;
  throttleMs?: number;
  onCancelled: () => void;
}

/** Cuts `text` into pieces whose JSON string stays under the cap, never inside a surrogate pair. */
export function pieces(text: string, maxJson = PIECE_JSON_MAX): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + Math.min(1500, maxJson));
    while (end > start + 1 && JSON.stringify(text.slice(start, end)).length > maxJson) end = start + Math.floor((end - start) * 0.8);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}

export class LiveText {
  private text = "";
  private sent = 0;
  private lastFlush = 0;
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;
  /** When the first text was saved (the row's first_text_at), null before. */
  firstTextAt: Date | null = null;

  // A plain field, not a parameter property: `npm start` runs the seed (which runs the engine) in Node's strip-only TypeScript.
  private readonly o: LiveTextOptions;

  constructor(o: LiveTextOptions) {
    this.o = o;
  }

  get current(): string {
    return this.text;
  }

  /** The readable text so far (it only grows); saved and sent when the throttle allows. */
  update(text: string): void {
    if (this.stopped || text.length <= this.text.length) return;
    this.text = text.slice(0, PARTIAL_TEXT_MAX);
    const now = Date.now();
    if (now - this.lastFlush >= (this.o.throttleMs ?? STREAM_THROTTLE_MS)) {
      this.lastFlush = now;
      this.chain = this.chain.then(() => this.flush());
    }
  }

  /** Saves and sends what is pending; resolves once written. */
  async drain(): Promise<void> {
    this.chain = this.chain.then(() => this.flush());
    await this.chain;
  }

  /** No more writes (the run is finishing). */
  stop(): void {
    this.stopped = true;
  }

  private async flush(): Promise<void> {
    if (this.text.length === this.sent) return;
    const text = this.text;
    const at = this.o.now();
    const rows = await this.o.db
      .update(aiGenerations)
      .set({
        textoParcial: text,
        atualizadoEm: at,
        primeiroTextoEm: sql`coalesce(${aiGenerations.primeiroTextoEm}, ${at.getTime()})`,
      })
      .where(
        orgScope(this.o.db, this.o.orgId).where(
          aiGenerations,
          eq(aiGenerations.id, this.o.generationId),
          eq(aiGenerations.status, "gerando"),
        ),
      )
      .returning({ id: aiGenerations.id });
    if (rows.length === 0) {
      this.stopped = true;
      this.o.onCancelled();
      return;
    }
    this.firstTextAt ??= at;
    let desde = this.sent;
    for (const parte of pieces(text.slice(this.sent))) {
      const event: LiveEvent = {
        type: "generation.progress",
        generationId: this.o.generationId,
        // A caption set is ≈4,000 characters: a rough, monotone progress while it streams.
        percent: Math.min(90, 10 + Math.floor((desde + parte.length) / 50)),
        status: "gerando",
        texto: { desde, parte },
      };
      publishLive(this.o.live, this.o.orgId, event, { userId: this.o.userId });
      desde += parte.length;
    }
    this.sent = text.length;
  }
}
