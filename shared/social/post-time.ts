import { saoPauloInstant, toDateTimeLocal } from "../format.ts";

/**
 * A post's time as the organização reads it. One pair of functions so the organização's own zone
 * (America/Manaus, America/Rio_Branco, America/Noronha; issue 19) replaces São Paulo here alone,
 * when the business settings carry it. Stored as an instant; the zone's IANA data gives the offset
 * (a return of daylight saving time needs no change).
 */

export const POST_TIME_ZONE = "America/Sao_Paulo";

/** "aaaa-mm-ddTHH:mm" on the organização's clock → the instant. */
export function postInstant(local: string): Date {
  const [day, time] = local.split("T") as [string, string | undefined];
  return saoPauloInstant(day, time?.slice(0, 5) ?? "00:00");
}

/** The instant → "aaaa-mm-ddTHH:mm" on the organização's clock (a `datetime-local` input's value). */
export function postLocalTime(instant: Date | string): string {
  return toDateTimeLocal(instant);
}
