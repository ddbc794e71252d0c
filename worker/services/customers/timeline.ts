import type { BatchItem } from "drizzle-orm/batch";
import type { ClientRow } from "../../../shared/resources/clients.ts";
import { recordStatement, rowsOf } from "../../resources/records.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";
import { type TimelineEvent, timelineOf } from "./clients.ts";
import { SOURCE_LIMIT, type TimelineSource } from "./timeline-source.ts";
import { CLIENT_TIMELINE_SOURCES } from "./timeline-sources.ts";
import { timeZoneOf } from "../../../shared/time-zone.ts";

/** The client and every timeline source, read together (see timeline-source.ts). */

/** One line of the summary at the top of the page ("3 interesses"). */
export interface TimelineCount {
  key: string;
  total: number;
  text: string;
}

export interface ClientTimeline {
  row: ClientRow;
  events: TimelineEvent[];
  counts: TimelineCount[];
}

function countText(source: TimelineSource, total: number, more: boolean): string {
  return `${more ? `${SOURCE_LIMIT}+` : total} ${total === 1 && !more ? source.counted.one : source.counted.many}`;
}

/**
 * The client and everything about them, in one round trip; null when the client is not found
 * (another organização's, deleted, or a bad id). Entries newest first; sources the actor may not
 * read are left out of both the entries and the summary.
 */
export async function loadClientTimeline(ctx: ServiceContext, actor: Actor, id: string): Promise<ClientTimeline | null> {
  const { mod, statement } = recordStatement(ctx, actor, "clients", id);
  const sources = CLIENT_TIMELINE_SOURCES.map((source) => ({ source, statement: source.statement(ctx, actor, id) })).filter(
    (s): s is { source: TimelineSource; statement: BatchItem<"sqlite"> } => s.statement !== null,
  );
  const [packed, ...results] = (await ctx.db.batch([statement, ...sources.map((s) => s.statement)] as never)) as unknown[][];
  const [row] = rowsOf(mod, (packed ?? []) as { j: string }[]) as unknown as ClientRow[];
  if (!row) return null;
  const events: TimelineEvent[] = timelineOf(row);
  const counts: TimelineCount[] = [];
  sources.forEach(({ source }, i) => {
    const rows = (results[i] ?? []) as Record<string, unknown>[];
    const more = rows.length > SOURCE_LIMIT;
    const own = source.events(rows.slice(0, SOURCE_LIMIT), id, timeZoneOf(actor.timeZone));
    events.push(...own);
    if (source.summary) counts.push(...source.summary(rows));
    else counts.push({ key: source.key, total: own.length, text: countText(source, own.length, more) });
  });
  // Stable: same-instant entries keep the order of the client's own, then the sources'.
  events.sort((a, b) => b.at.localeCompare(a.at));
  return { row, events, counts };
}

/** The same, refusing a missing client with the resource's 404. */
export async function clientTimelineOrNotFound(ctx: ServiceContext, actor: Actor, id: string): Promise<ClientTimeline> {
  const found = await loadClientTimeline(ctx, actor, id);
  if (!found) throw new DomainError("Cliente não encontrado.", 404);
  return found;
}
