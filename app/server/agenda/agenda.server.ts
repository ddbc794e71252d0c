import { type AgendaQuery, agendaDays, parseAgendaQuery } from "../../../shared/agenda/calendar-view.ts";
import { dayIn, timeZoneOf } from "../../../shared/time-zone.ts";
import { can, reachFor } from "../../../worker/auth/permissions.ts";
import { serviceContext } from "../../../worker/context.ts";
import { type AgendaRead, toWire } from "../../../shared/agenda/calendar-data.ts";
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

/**
 * How many appointments ship: a month's day shows 4 (then "+N" → that day); a week's column (day
 * × professional) 8 — a week of everyone is an overview of up to 35 narrow columns, and the page
 * budget holds a few hundred items — the rest as busy stretches leading to that day; a day's
 * column 60 (a 10-minute grid's whole day).
 */
const LIMITS = { mes: { per: "day", n: 4 }, semana: { per: "column", n: 8 }, dia: { per: "column", n: 60 } } as const;

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
  const read = await readAgenda(ctx, actor, { days, limit: LIMITS[query.vista], profissionalId: query.profissional }, zone);
  const view: AgendaViewData = { ...read, query, today, now: ctx.now.getTime(), zone, days: days.map((d) => ({ ...d })) };
  return {
    view: JSON.stringify({ ...view, appointments: view.appointments.map(toWire) }) as AgendaJson,
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
