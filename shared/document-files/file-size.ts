import { formatNumber } from "../format.ts";

/** A file's size as people read it: "2,4 MB", "512 kB" (never "0 kB"). */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${formatNumber(bytes / (1024 * 1024), { maximumFractionDigits: 1 })} MB`;
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} kB`;
}
