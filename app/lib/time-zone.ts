import { useRouteLoaderData } from "react-router";
import { type TimeZone, timeZoneOf } from "../../shared/time-zone.ts";

/**
 * The organização's IANA zone on a page's own render (server and browser alike): the root
 * loader passes it from the session, so a component formats times as the server would, and a
 * page with no organização reads São Paulo's.
 */
export function useTimeZone(): TimeZone {
  const data = useRouteLoaderData<{ timeZone?: string }>("root");
  return timeZoneOf(data?.timeZone);
}
