import { Link } from "react-router";

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
