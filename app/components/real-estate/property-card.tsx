import { Link } from "react-router";
import type { CellView, RowView } from "../data/types.ts";
import { intentPrefetch } from "../ui/prefetch.ts";
import type { ListingShare } from "../../../shared/real-estate/public-page.ts";
import { ListingShareActions } from "./listing-share.tsx";

/**
 * The /properties cards view: one card per row of the shared list (the same view the table
 * reads, so filters, sort and pages are the list engine's). The cover comes from the código
 * column's image cell (the 320 px size); the other sizes share its key, so srcset swaps the width.
 */

const WIDTHS = [320, 640, 1024] as const;

function cellAt(row: RowView, key: string): CellView | undefined {
  const cell = row.cells[key];
  return typeof cell === "string" ? { kind: "text", text: cell } : cell;
}

function textOf(row: RowView, key: string): string {
  return cellAt(row, key)?.text ?? "";
}

/** `/media/<key>/320.webp` (or `.jpg`) → the same photo at each stored width, in its format. */
function srcSet(src: string): string | undefined {
  const ext = /\/320\.(webp|jpg)$/.exec(src)?.[1];
  if (!ext) return undefined;
  return WIDTHS.map((w) => `${src.replace(/\/320\.(webp|jpg)$/, `/${w}.${ext}`)} ${w}w`).join(", ");
}

/** No cover yet: the kind's initials on a soft tile (decorative; the card's text says the rest). */
function Placeholder({ tipo }: { tipo: string }) {
  const initials =
    tipo
      .split(/[\s/]+/)
      .filter((w) => w.length > 2)
      .map((w) => w[0]?.toUpperCase())
      .join("")
      .slice(0, 2) || "IM";
  return (
    <div aria-hidden="true" className="flex h-full w-full flex-col items-center justify-center gap-1 bg-accent-soft text-accent">
      <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
        <title>Imóvel</title>
        <path d="M3 11.5 12 4l9 7.5M5.5 10v9.5h13V10" strokeLinejoin="round" />
      </svg>
      <span className="text-sm font-semibold tracking-wide">{initials}</span>
    </div>
  );
}

export function PropertyCard({ row, share }: { row: RowView; share?: ListingShare | undefined }) {
  const cover = cellAt(row, "codigo");
  const src = cover?.kind === "image" ? cover.src : null;
  const status = cellAt(row, "status");
  const facts = [
    textOf(row, "quartos") && `${textOf(row, "quartos")} ${textOf(row, "quartos") === "1" ? "quarto" : "quartos"}`,
    textOf(row, "vagas") && `${textOf(row, "vagas")} ${textOf(row, "vagas") === "1" ? "vaga" : "vagas"}`,
    textOf(row, "area"),
  ].filter(Boolean);
  const place = [textOf(row, "bairro"), textOf(row, "cidade")].filter(Boolean).join(", ");
  return (
    <li className="group relative flex flex-col overflow-hidden rounded-xl border border-line bg-surface shadow-sm focus-within:ring-2 focus-within:ring-accent">
      <div className="aspect-[4/3] w-full overflow-hidden bg-muted">
        {src ? (
          <img
            src={src}
            srcSet={srcSet(src)}
            sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
            alt=""
            loading="lazy"
            decoding="async"
            width={320}
            height={240}
            className="h-full w-full object-cover"
          />
        ) : (
          <Placeholder tipo={textOf(row, "tipo")} />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <div className="flex items-center justify-between gap-2 text-xs text-fg-soft">
          <span className="font-mono">{cover?.text ?? ""}</span>
          {status?.text ? <span className={status.kind === "badge" ? `badge badge-${status.tone}` : ""}>{status.text}</span> : null}
        </div>
        <h3 className="font-semibold">
          {/* The whole card is the link (its ::after covers it); the title names it for screen readers. */}
          <Link to={row.href} prefetch={intentPrefetch()} className="after:absolute after:inset-0 focus:outline-none">
            {row.title}
          </Link>
        </h3>
        <p className="text-lg font-semibold tabular-nums">{textOf(row, "preco") || "Preço não informado"}</p>
        <p className="text-sm text-fg-soft">{[textOf(row, "tipo"), place].filter(Boolean).join(" · ")}</p>
        {facts.length ? <p className="text-sm">{facts.join(" · ")}</p> : null}
        {share ? (
          // Above the card-wide link (its ::after), so the buttons get the clicks.
          <div className="relative z-10 mt-auto pt-3">
            <ListingShareActions share={share} size="small" label={row.title} />
          </div>
        ) : null}
      </div>
    </li>
  );
}
