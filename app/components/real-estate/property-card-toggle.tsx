import { Link } from "react-router";
import { formatNumber } from "../../../shared/format.ts";
import { buttonClass } from "../ui/button.tsx";

export type PropertyListMode = "cards" | "table";

function hrefWith(selfHref: string, mode: PropertyListMode): string {
  const [path, search = ""] = selfHref.split("?");
  const params = new URLSearchParams(search);
  params.set("view", mode);
  return `${path}?${params}`;
}

/**
 * "Cartões | Tabela": links (the choice lives in the URL), the current one marked for screen
 * readers. In cards mode the shared list's table is hidden: the cards below show the same rows.
 */
export function ListViewToggle({ mode, selfHref }: { mode: PropertyListMode; selfHref: string }) {
  const item = (m: PropertyListMode, label: string) => (
    <Link
      to={hrefWith(selfHref, m)}
      aria-current={mode === m ? "page" : undefined}
      preventScrollReset
      className={`rounded-md px-3 py-1.5 text-sm font-semibold ${mode === m ? "bg-accent text-accent-fg" : "text-fg-soft hover:text-fg"}`}
    >
      {label}
    </Link>
  );
  return (
    <>
      {mode === "cards" ? <style>{`[data-list-mode="cards"] section table{display:none}`}</style> : null}
      <nav aria-label="Modo de exibição" className="mb-3 flex justify-end">
        <div className="inline-flex gap-1 rounded-lg border border-line bg-surface p-1">
          {item("cards", "Cartões")}
          {item("table", "Tabela")}
        </div>
      </nav>
    </>
  );
}

/** Pages of the cards, under them (the shared list's pager sits above, where its table would end). */
export function CardsPager({
  page,
  pageCount,
  prevHref,
  nextHref,
}: {
  page: number;
  pageCount: number;
  prevHref: string | null;
  nextHref: string | null;
}) {
  if (pageCount <= 1) return null;
  const link = (href: string | null, label: string, rel: "prev" | "next") =>
    href ? (
      <Link to={href} rel={rel} className={buttonClass("secondary", "px-3 py-2")}>
        {label}
      </Link>
    ) : (
      <span aria-disabled="true" className="px-3 py-2 text-sm font-semibold text-fg-soft/60">
        {label}
      </span>
    );
  return (
    <nav aria-label="Paginação" className="mt-4 flex items-center justify-between gap-3 text-sm">
      {link(prevHref, "← Anterior", "prev")}
      <p className="tabular-nums" aria-current="page">
        Página {formatNumber(page)} de {formatNumber(pageCount)}
      </p>
      {link(nextHref, "Próxima →", "next")}
    </nav>
  );
}
