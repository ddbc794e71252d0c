import { localInstant, toDateTimeLocal } from "../format.ts";
import { DEFAULT_TIME_ZONE } from "../time-zone.ts";

/**
 * A post's time as the organização reads it (ADR 039): stored as an instant; the zone's IANA data
 * gives the offset (a return of daylight saving time needs no change). The server reads a typed
 * time in the organização's zone before the schema does (`dateTimesInZone`, the field being a
 * `datetime`); the schema alone, shared with the browser, reads the default zone.
 */

/** "aaaa-mm-ddTHH:mm" on the zone's clock → the instant; an invalid date or time → an invalid Date. */
export function postInstant(local: string, zone: string = DEFAULT_TIME_ZONE): Date {
  const [day, time] = local.split("T") as [string, string | undefined];
  try {
    return localInstant(day, time?.slice(0, 5) ?? "00:00", zone);
  } catch {
    return new Date(Number.NaN); // 2026-02-30, 24:00: the schema says "não é válido"
  }
}

/** The instant → "aaaa-mm-ddTHH:mm" on the zone's clock (a `datetime-local` input's value). */
export function postLocalTime(instant: Date | string, zone: string = DEFAULT_TIME_ZONE): string {
  return toDateTimeLocal(instant, zone);
}
