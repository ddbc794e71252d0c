/** The recovery token rides in an HttpOnly cookie, not the URL: it never reaches history or referrers. */
export const RECOVERY_COOKIE = "alicerce_recovery";

export function recoveryCookie(token: string, secure: boolean): string {
  return `${RECOVERY_COOKIE}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600${secure ? "; Secure" : ""}`;
}

export function clearRecoveryCookie(): string {
  return `${RECOVERY_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
}
