import type { BatchItem } from "drizzle-orm/batch";
import type { Actor, ServiceContext } from "../context.ts";
import type { TimelineEvent } from "./clients.ts";

/**
 * A client's page is the timeline of everything about the person. Each kind of thing that
 * names a client (interests, visits, properties owned, leads; later appointments and sales) is a
 * `TimelineSource` listed in timeline-sources.ts: the statement reading it for one client (with
 * the reader's reach: org-scoped, own rows only where the permission table says so, or null when
 * the role may not read it) and how its rows read as events. The page reads the client and every
 * source in one batch, one round trip.
 */
export interface TimelineSource {
  /** Stable key ("interesses"): the summary's order and the API's `resumo`. */
  key: string;
  /** How the summary counts it: "1 visita", "3 visitas". */
  counted: { one: string; many: string };
  /** The rows about `clientId` the actor may see, newest first; null when they may see none. */
  statement: (ctx: ServiceContext, actor: Actor, clientId: string) => BatchItem<"sqlite"> | null;
  /** The rows as timeline entries. */
  /** `zone`: the organização's IANA zone, for the times a description reads out. */
  events: (rows: readonly Record<string, unknown>[], clientId: string, zone: string) => TimelineEvent[];
  /**
   * The summary's lines when one count is not enough (appointments: próximos, concluídos, faltas),
   * from the rows as read (window counts in the statement cover rows past the limit too).
   */
  summary?: (rows: readonly Record<string, unknown>[]) => { key: string; total: number; text: string }[];
}

/** Most rows a source lists on the page (the summary says "100+" beyond). */
export const SOURCE_LIMIT = 100;
