import type { MouseEvent } from "react";
import { buttonClass } from "../ui/button.tsx";

/**
 * "Baixar": the page's link works for 5 minutes; a click asks for a fresh one first (the page may
 * have been open longer), so the download always goes through a live, member-bound link. Without
 * JavaScript the page's own link is followed.
 */
export function DownloadLink({ id, href, label = "Baixar", className }: { id: string; href: string; label?: string; className?: string }) {
  async function fresh(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    const res = await fetch(`/api/documents/${encodeURIComponent(id)}/link?d=attachment`).catch(() => null);
    const body = res?.ok ? ((await res.json()) as { data?: { url?: string } }) : null;
    window.location.assign(body?.data?.url ?? href);
  }
  return (
    <a href={href} onClick={fresh} className={className ?? buttonClass("secondary")} rel="noreferrer" data-testid="document-download">
      {label}
    </a>
  );
}
