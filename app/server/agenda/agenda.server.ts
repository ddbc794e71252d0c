import { type AgendaQuery, agendaDays, parseAgendaQuery } from "../../../shared/agenda/calendar-view.ts";
import { dayIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { can, reachFor } from "../../../worker/auth/permissions.ts";
import { serviceContext } from "../../../worker/context.ts";
import type { AgendaRead } from "../../../shared/agenda/calendar-data.ts";
import { APPOINTMENTS, readAgenda } from "../../../worker/services/agenda/calendar.ts";
import type { ServiceContext } from "../../../worker/services/context.ts";
import { requirePermission } from "../guards.server.ts";
import type { RouterContextProvider } from "react-router";

/**
 * /agenda's loader (ADR 060): the day, week or month of appointments and visits in the
 * organização's zone, in one round trip. The page's data travels as one JSON text (React
 * Router's page-data encoder pays per value; a week of 2,000 appointments is ~25,000 values).
 */

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** How many items a month's day ships (then "+N" → that day). */
const MONTH_PER_DAY = 4;

export function agendaGuard(args: Args, action: "read" | "create" | "update") {
  const signed = requirePermission(args.context, args.request, APPOINTMENTS, action);
  return { ...signed, ctx: serviceContext(signed.rc) as ServiceContext };
}

/** Everything the page draws, parsed once by the page (`AgendaView`). */
export interface AgendaViewData extends AgendaRead {
  query: AgendaQuery;
  today: string;
  now: number;
  zone: string;
  days: { day: string; start: number; end: number; inMonth: boolean }[];
}

/** The JSON text of AgendaViewData, typed so only the page's parser reads it. */
export type AgendaJson = string & { readonly __agenda: AgendaViewData };

export async function agendaLoader(args: Args) {
  const { ctx, actor } = agendaGuard(args, "read");
  const zone = timeZoneOf(actor.timeZone);
  const today = dayIn(ctx.now, zone);
  const asked = parseAgendaQuery(new URL(args.request.url).searchParams, today);
  const canSeeAll = reachFor(actor, APPOINTMENTS, "read") === "any";
  // A professional who reaches only their own agenda sees their column, whatever the URL names.
  const query = canSeeAll ? asked : { ...asked, profissional: null };
  const days = agendaDays(query, zone);
  const read = await readAgenda(
    ctx,
    actor,
    { days, perDay: query.vista === "mes" ? MONTH_PER_DAY : null, profissionalId: query.profissional },
    zone,
  );
  const view: AgendaViewData = { ...read, query, today, now: ctx.now.getTime(), zone, days: days.map((d) => ({ ...d })) };
  return {
    view: JSON.stringify(view) as AgendaJson,
    query,
    canBook: can(actor.role, APPOINTMENTS, "create"),
    /** Everyone's agenda (a professional who reaches only their own sees their column, no choice). */
    canSeeAll,
    canMove: reachFor(actor, APPOINTMENTS, "update") !== undefined,
    /** Visits are booked on an interest's rules (ADR 059): who may update interests. */
    canBookVisit: can(actor.role, "interesses", "update"),
  };
}

export type AgendaLoaderData = Awaited<ReturnType<typeof agendaLoader>>;
