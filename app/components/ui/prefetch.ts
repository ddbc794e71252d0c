/**
 * How our links prefetch: React Router's own `prefetch="intent"` (hovering or focusing a link
 * loads its page's data and modules), except on a slow-2g connection or with the data saver on
 * (spec §9). The choice only changes the link's event handlers, never its markup, so the server
 * (which has no connection information) and the browser can decide differently without a
 * hydration mismatch. Read at render time: it costs no hook.
 */
interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

export function intentPrefetch(): "intent" | "none" {
  if (typeof navigator === "undefined") return "intent";
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return connection && (connection.saveData || connection.effectiveType === "slow-2g") ? "none" : "intent";
}
