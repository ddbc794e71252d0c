/**
 * The client's link to one appointment (in the online booking's confirmation and the
 * day-before reminder): `/agendamento/{token}`. GET shows the appointment; POST confirms,
 * cancels or reschedules it. Only the token's SHA-256 is stored (`appointments.link_hash`), so
 * a database leak opens no appointment; the token is 32 random bytes (unguessable).
 */

const encoder = new TextEncoder();

/** A fresh token (base64url, 43 characters). */
export function newAppointmentLinkToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** What `appointments.link_hash` keeps of a token: SHA-256, lower-case hex. */
export async function hashAppointmentLinkToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A token as a link can carry it (anything else is refused before a lookup). */
export function isAppointmentLinkToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** The path of the appointment's page for the client. */
export function appointmentLinkPath(token: string): string {
  return `/agendamento/${token}`;
}
