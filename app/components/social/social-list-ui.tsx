import type { ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { formatNumber } from "../../../shared/format.ts";
import { TONE_CLASS } from "../data/rows.tsx";
import type { BadgeTone } from "../data/types.ts";
import { Button, buttonClass } from "../ui/button.tsx";
import { intentPrefetch } from "../ui/prefetch.ts";

/**
 * The pieces /historico, /facebook-posts and /instagram-posts share: a GET form for the search
 * and the filters (the URL is the list's state, with or without JavaScript), the active filters
 * as chips with their remove links, the keyset pager, and the empty state. Data comes formatted
 * from the loader (app/server/social/social-lists.server.ts).
 */

export interface FilterOptionView {
  value: string;
  label: string;
}

export type FilterFieldView =
  | { kind: "select"; name: string; label: string; value: string; options: FilterOptionView[] }
  | { kind: "date"; name: string; label: string; value: string };

export interface ActiveChip {
  label: string;
  removeHref: string;
}

const control =
  "block w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2 text-sm text-fg focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none";

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={TONE_CLASS[tone] ?? TONE_CLASS.neutral}>{children}</span>;
}

/** The search box and a "Filtros e ordem" panel. */
export function SocialFilters({
  id,
  q,
  searchLabel,
  searchPlaceholder,
  fields,
  activeCount,
  clearHref,
}: {
  id: string;
  q: string;
  searchLabel: string;
  searchPlaceholder: string;
  fields: readonly FilterFieldView[];
  activeCount: number;
  clearHref: string;
}) {
  return (
    <Form method="get" role="search" className="mb-3 space-y-2" preventScrollReset>
      <div className="flex min-w-0 gap-2">
        <label htmlFor={`${id}-busca`} className="sr-only">
          {searchLabel}
        </label>
        <input
          id={`${id}-busca`}
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          placeholder={searchPlaceholder}
          autoComplete="off"
          className={`${control} flex-1`}
        />
        <Button type="submit" variant="secondary" className="px-3">
          Buscar
        </Button>
      </div>
      {/* Closed on arrival: the chips below say what is on, and a phone sees the list first. */}
      <details className="group rounded-xl border border-line bg-surface">
        <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm font-semibold [&::-webkit-details-marker]:hidden">
          <span aria-hidden="true" className="transition group-open:rotate-90">
            ›
          </span>
          Filtros e ordem
          {activeCount > 0 ? (
            <span className="rounded-full bg-accent px-1.5 text-xs text-accent-fg">
              {activeCount}
              <span className="sr-only"> ativos</span>
            </span>
          ) : null}
        </summary>
        <div className="grid gap-3 border-t border-line p-3 sm:grid-cols-2 lg:grid-cols-3">
          {fields.map((field) => (
            <div key={field.name} className="min-w-0 space-y-1.5">
              <label htmlFor={`${id}-${field.name}`} className="block text-sm font-medium">
                {field.label}
              </label>
              {field.kind === "select" ? (
                <select id={`${id}-${field.name}`} name={field.name} defaultValue={field.value} key={field.value} className={control}>
                  {field.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`${id}-${field.name}`}
                  type="date"
                  name={field.name}
                  defaultValue={field.value}
                  key={field.value}
                  className={control}
                />
              )}
            </div>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-3 border-t border-line p-3">
          <Button type="submit">Aplicar filtros</Button>
          {activeCount > 0 ? (
            <Link to={clearHref} preventScrollReset className="text-sm font-semibold text-accent hover:underline">
              Limpar filtros
            </Link>
          ) : null}
        </div>
      </details>
    </Form>
  );
}

/** The filters in force, each with its "×" (the list without it). */
export function ActiveChips({ chips }: { chips: readonly ActiveChip[] }) {
  if (chips.length === 0) return null;
  return (
    <ul className="mb-3 flex flex-wrap gap-2" aria-label="Filtros ativos">
      {chips.map((chip) => (
        <li key={chip.removeHref}>
          <Link
            to={chip.removeHref}
            preventScrollReset
            className="inline-flex max-w-full items-center gap-1 rounded-full border border-line bg-surface px-3 py-1 text-sm hover:border-accent"
          >
            <span className="min-w-0 truncate">{chip.label}</span>
            <span aria-hidden="true">×</span>
            <span className="sr-only">(remover filtro)</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** "N tentativas" above the list, said again when it changes. */
export function ResultCount({
  total,
  singular,
  plural,
  filtered,
  feminine,
}: {
  total: number;
  singular: string;
  plural: string;
  filtered: boolean;
  /** "tentativas encontradas" vs "posts encontrados". */
  feminine: boolean;
}) {
  const pending = useListPending();
  return (
    <p className="mb-2 text-sm text-fg-soft" aria-live="polite" aria-busy={pending || undefined}>
      <span className="tabular-nums">{formatNumber(total)}</span> {total === 1 ? singular : plural}
      {filtered ? ` encontrad${feminine ? "a" : "o"}${total === 1 ? "" : "s"}` : ""}
    </p>
  );
}

function useListPending(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === pathname;
}

/** Keyset pages: newer / older, and back to the first page when deep in. */
export function KeysetPager({
  prevHref,
  nextHref,
  firstHref,
  prevLabel,
  nextLabel,
}: {
  prevHref: string | null;
  nextHref: string | null;
  firstHref: string | null;
  prevLabel: string;
  nextLabel: string;
}) {
  if (!prevHref && !nextHref && !firstHref) return null;
  const disabled = "inline-flex items-center rounded-lg px-3 py-2 text-sm font-semibold text-fg-soft/60";
  return (
    <nav aria-label="Paginação" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      {prevHref ? (
        <Link to={prevHref} prefetch={intentPrefetch()} className={buttonClass("secondary", "px-3 py-2")} rel="prev">
          ← {prevLabel}
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          ← {prevLabel}
        </span>
      )}
      {firstHref ? (
        <Link to={firstHref} className="font-semibold text-accent hover:underline">
          Voltar ao início
        </Link>
      ) : null}
      {nextHref ? (
        <Link to={nextHref} prefetch={intentPrefetch()} className={buttonClass("secondary", "px-3 py-2")} rel="next">
          {nextLabel} →
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          {nextLabel} →
        </span>
      )}
    </nav>
  );
}

/** An empty list: what it will hold, and how to start (or how to widen the filters). */
export function EmptyState({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="rounded-xl border border-dashed border-line bg-surface p-6 text-center">
      <h2 className="text-base font-semibold">{title}</h2>
      <p className="mx-auto mt-1 max-w-prose text-sm text-fg-soft">{children}</p>
      {action ? <div className="mt-4 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </section>
  );
}
