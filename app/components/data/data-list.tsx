import { type FormEvent, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigate, useNavigation } from "react-router";
import { formatNumber } from "../../../shared/format.ts";
import { Button, buttonClass } from "../ui/button.tsx";
import { useHydrated } from "../ui/hydrated.ts";
import { intentPrefetch } from "../ui/prefetch.ts";
import { FilterControls } from "./filters.tsx";
import { normalizeListParams } from "./list-params.ts";
import { ListRow, TotalsFoot, TotalsSummary } from "./rows.tsx";
import { dangerOutlineClass } from "./styles.ts";
import { ConfirmPanel } from "./detail.tsx";
import type { BulkConfirmView, ColumnView, ListPanel, ListView, Permissions, RowView } from "./types.ts";

/** Hidden inputs that carry the rest of the list state through a GET form. */
export function HiddenParams({ params, drop }: { params: [string, string][]; drop: (name: string) => boolean }) {
  return (
    <>
      {params
        .filter(([name]) => !drop(name))
        .map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

const isFilterParam = (name: string) => name.startsWith("f.");
const isPaging = (name: string) => name === "page" || name === "after";

/** The list is loading its next state (search, filter, sort, page) — not another screen. */
function useListPending(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === "loading" && navigation.location?.pathname === pathname;
}

/** Submits a list's GET form to the normal URL (no blank values, joined columns and ranges). */
function useListSubmit() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const raw = new URLSearchParams();
    for (const [name, value] of new FormData(form, submitter)) if (typeof value === "string") raw.append(name, value);
    for (const details of form.closest("details") ? [form.closest("details")] : form.querySelectorAll("details"))
      details?.removeAttribute("open");
    const search = normalizeListParams(raw).toString();
    void navigate(search ? `${pathname}?${search}` : pathname, { preventScrollReset: true });
  };
}

function SortIcon({ dir }: { dir: "asc" | "desc" | null }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className={`size-3.5 ${dir ? "text-accent" : "text-fg-soft/60"}`} fill="currentColor">
      {dir !== "desc" ? <path d="M8 3l4 5H4z" /> : null}
      {dir !== "asc" ? <path d="M8 13l-4-5h8z" /> : null}
    </svg>
  );
}

function HeaderCell({ column }: { column: ColumnView }) {
  const ariaSort = column.sortDir === "asc" ? "ascending" : column.sortDir === "desc" ? "descending" : undefined;
  const right = column.align === "right";
  return (
    <th scope="col" aria-sort={ariaSort} className={`px-3 py-2 font-semibold ${right ? "text-right" : "text-left"}`}>
      {column.sortHref ? (
        <Link
          to={column.sortHref}
          preventScrollReset
          prefetch={intentPrefetch()}
          className={`inline-flex items-center gap-1 rounded hover:text-fg ${right ? "flex-row-reverse" : ""}`}
        >
          {column.label}
          <span className="sr-only">
            {column.sortDir === "asc" ? ", ordenar decrescente" : column.sortDir === "desc" ? ", ordenar crescente" : ", ordenar"}
          </span>
          <SortIcon dir={column.sortDir} />
        </Link>
      ) : (
        column.label
      )}
    </th>
  );
}

function SkeletonRows({ count, columns, selectable }: { count: number; columns: number; selectable: boolean }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <tr key={i} className="block rounded-xl border border-line p-4 md:table-row md:rounded-none md:border-0 md:border-b md:p-0">
          {selectable ? <td className="hidden md:table-cell md:w-10 md:px-3" /> : null}
          {Array.from({ length: columns }, (_, c) => (
            <td key={c} className="block py-1.5 md:table-cell md:px-3 md:py-3.5">
              <span className={`block h-3.5 animate-pulse rounded bg-muted ${c === 0 ? "w-40" : "w-24"}`} />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

function DeleteConfirmation({ view }: { view: ListView }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigation = useNavigation();
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const confirm = view.confirmDelete;
  if (!confirm) return null;
  const n = confirm.ids.length;
  const what = n === 1 ? view.labels.singular.toLowerCase() : view.labels.plural.toLowerCase();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "excluir";
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby="confirmar-exclusao-titulo"
      aria-describedby="confirmar-exclusao-texto"
      className="mb-4 space-y-3 rounded-xl border border-danger/30 bg-danger-soft p-4 focus:outline-none"
    >
      <h2 id="confirmar-exclusao-titulo" className="font-semibold">
        Excluir {formatNumber(n)} {what}?
      </h2>
      <div id="confirmar-exclusao-texto" className="space-y-2 text-sm">
        <ul className="list-inside list-disc">
          {confirm.names.slice(0, 10).map((name, i) => (
            <li key={i}>{name}</li>
          ))}
          {confirm.names.length > 10 ? <li>e mais {formatNumber(confirm.names.length - 10)}</li> : null}
        </ul>
        <p>Eles saem da lista agora. Você pode desfazer logo em seguida.</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Form method="post" action={view.basePath} preventScrollReset>
          <input type="hidden" name="intent" value="excluir" />
          <input type="hidden" name="redirectTo" value={confirm.cancelHref} />
          {confirm.ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          <Button type="submit" variant="danger" busy={deleting}>
            Confirmar exclusão
          </Button>
        </Form>
        <Link to={confirm.cancelHref} preventScrollReset className={buttonClass("ghost")}>
          Cancelar
        </Link>
      </div>
    </div>
  );
}

const bulkInputClass =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-sm text-fg focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none";

/**
 * The confirmation of a definition's bulk action (`?acao=<key>&excluir=…`): the selected rows by
 * name, their sum, the action's fields, and one POST to the list. Reached by a GET form, so it
 * works without JavaScript; the panel takes the focus, "Cancelar" goes back to the list.
 */
function BulkConfirmation({ view }: { view: ListView }) {
  const confirm = view.confirmBulk;
  if (!confirm) return null;
  return (
    <ConfirmPanel
      title={confirm.title}
      cancelHref={confirm.cancelHref}
      intent={confirm.key}
      confirmLabel={confirm.confirmLabel}
      action={view.basePath}
      tone="primary"
      fields={
        <>
          <input type="hidden" name="redirectTo" value={confirm.cancelHref} />
          {confirm.ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          {confirm.fields.length ? (
            <div className="grid gap-3 sm:grid-cols-3">
              {confirm.fields.map((f) => (
                <BulkField key={f.name} field={f} id={`${view.name}-acao-${f.name}`} />
              ))}
            </div>
          ) : null}
        </>
      }
    >
      <ul className="list-inside list-disc">
        {confirm.names.slice(0, 10).map((name, i) => (
          <li key={i}>{name}</li>
        ))}
        {confirm.names.length > 10 ? <li>e mais {formatNumber(confirm.names.length - 10)}</li> : null}
      </ul>
      {confirm.totalText ? (
        <p className="font-semibold">
          Total: <span className="tabular-nums">{confirm.totalText}</span>
        </p>
      ) : null}
      <p>{confirm.note}</p>
    </ConfirmPanel>
  );
}

function BulkField({ field: f, id }: { field: BulkConfirmView["fields"][number]; id: string }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {f.label}
      </label>
      {f.kind === "date" ? (
        <input
          id={id}
          type="date"
          name={f.name}
          defaultValue={f.defaultValue}
          max={f.max ?? undefined}
          required={f.required}
          className={bulkInputClass}
        />
      ) : (
        <select id={id} name={f.name} defaultValue={f.defaultValue} required={f.required} className={bulkInputClass}>
          {f.required ? null : <option value="">{f.placeholder ?? "—"}</option>}
          {f.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

function EmptyState({ view, permissions }: { view: ListView; permissions: Permissions }) {
  if (view.filtered) {
    return (
      <div className="rounded-xl border border-dashed border-line px-6 py-12 text-center">
        <p className="font-semibold">Nenhum resultado{view.q ? ` para “${view.q}”` : " com esses filtros"}.</p>
        <p className="mt-1 text-sm text-fg-soft">Confira a grafia ou tire algum filtro.</p>
        <Link to={view.clearHref} preventScrollReset className={buttonClass("secondary", "mt-4")}>
          Limpar busca e filtros
        </Link>
      </div>
    );
  }
  return (
    <div className="rounded-xl border border-dashed border-line px-6 py-12 text-center">
      <p className="font-semibold">{view.labels.empty}</p>
      <p className="mt-1 text-sm text-fg-soft">{view.labels.emptyHint}</p>
      {permissions.canCreate || permissions.canImport ? (
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {permissions.canCreate ? (
            <Link to={view.createPath} prefetch={intentPrefetch()} className={buttonClass("primary")}>
              {view.labels.newButton}
            </Link>
          ) : null}
          {permissions.canImport ? (
            <Link to={`${view.basePath}/import`} prefetch={intentPrefetch()} className={buttonClass("secondary")}>
              Importar CSV
            </Link>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** "← Anterior · Página n de m · Próxima →", for the list engine's pages and any other paged screen. */
export function Pagination({ view }: { view: Pick<ListView, "page" | "pageCount" | "prevHref" | "nextHref"> }) {
  if (view.pageCount <= 1) return null;
  const disabled = "inline-flex items-center rounded-lg px-3 py-2 text-sm font-semibold text-fg-soft/60";
  return (
    <nav aria-label="Paginação" className="mt-4 flex items-center justify-between gap-3 text-sm">
      {view.prevHref ? (
        <Link to={view.prevHref} prefetch={intentPrefetch()} className={buttonClass("secondary", "px-3 py-2")} rel="prev">
          ← Anterior
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          ← Anterior
        </span>
      )}
      <p className="tabular-nums" aria-current="page">
        Página {formatNumber(view.page)} de {formatNumber(view.pageCount)}
      </p>
      {view.nextHref ? (
        <Link to={view.nextHref} prefetch={intentPrefetch()} className={buttonClass("secondary", "px-3 py-2")} rel="next">
          Próxima →
        </Link>
      ) : (
        <span className={disabled} aria-disabled="true">
          Próxima →
        </span>
      )}
    </nav>
  );
}

const menuSummaryClass = buttonClass("secondary", "cursor-pointer list-none px-3 [&::-webkit-details-marker]:hidden");

/**
 * A <details> menu whose content is rendered only while open: the filter menu alone holds
 * dozens of inputs, and every page view would render and hydrate them for nothing. Without
 * JavaScript the opened menu shows a link that reloads the list with it open (`?painel=`).
 */
function LazyMenu({
  panel,
  view,
  open,
  onOpenChange,
  summary,
  className,
  children,
}: {
  panel: ListPanel;
  view: ListView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  summary: ReactNode;
  className: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <details
      className={className}
      open={view.openPanel === panel || undefined}
      onToggle={(e) => onOpenChange(e.currentTarget.open)}
      // Escape closes the menu as any popover does, and gives the focus back to its button.
      onKeyDown={(e) => {
        if (e.key !== "Escape" || !e.currentTarget.open) return;
        e.currentTarget.removeAttribute("open");
        e.currentTarget.querySelector("summary")?.focus();
      }}
    >
      <summary className={menuSummaryClass}>{summary}</summary>
      {open ? (
        children
      ) : hydrated ? null : (
        <div className="absolute z-20 mt-2 rounded-xl border border-line bg-surface p-4 shadow-lg">
          <a href={view.panelHrefs[panel]} className="text-sm font-semibold text-accent underline">
            Mostrar opções
          </a>
        </div>
      )}
    </details>
  );
}

function ColumnChooser({ view }: { view: ListView }) {
  const onSubmit = useListSubmit();
  const [open, setOpen] = useState(view.openPanel === "colunas");
  return (
    <LazyMenu panel="colunas" view={view} open={open} onOpenChange={setOpen} summary="Colunas" className="relative">
      <Form
        method="get"
        onSubmit={onSubmit}
        className="absolute right-0 z-20 mt-2 w-60 space-y-3 rounded-xl border border-line bg-surface p-4 shadow-lg"
      >
        <HiddenParams params={view.params} drop={(name) => name === "cols"} />
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-semibold">Colunas visíveis</legend>
          {view.columns.map((c) => (
            <label key={c.key} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="cols" value={c.key} defaultChecked={c.visible} className="size-4 accent-[var(--c-accent)]" />
              {c.label}
            </label>
          ))}
        </fieldset>
        <Button type="submit" variant="secondary" className="w-full py-2">
          Aplicar
        </Button>
      </Form>
    </LazyMenu>
  );
}

/** The filters in the URL as chips, each with a link to the list without it, and "Limpar filtros". */
function ActiveFilters({ view }: { view: ListView }) {
  if (!view.activeFilters.length) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul aria-label="Filtros ativos" className="flex flex-wrap items-center gap-2">
        {view.activeFilters.map((chip) => (
          <li key={`${chip.key}-${chip.removeHref}`}>
            <Link
              to={chip.removeHref}
              preventScrollReset
              className="inline-flex items-center gap-1.5 rounded-full border border-line bg-surface py-1 pr-2 pl-3 text-sm hover:border-accent hover:bg-accent-soft"
            >
              <span className="sr-only">Remover filtro </span>
              {chip.label}
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-3.5 text-fg-soft"
                fill="none"
                stroke="currentColor"
                strokeWidth="3"
              >
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to={view.clearFiltersHref}
        preventScrollReset
        className="px-2 py-1 text-sm font-semibold text-accent underline-offset-2 hover:underline"
      >
        Limpar filtros
      </Link>
    </div>
  );
}

/**
 * The shared list: search, filters, sort, page and columns live in the URL (GET forms and
 * links: the back button and a copied link show the same list, with or without JavaScript).
 */
export function DataList({
  view,
  permissions,
  rowActions,
}: {
  view: ListView;
  permissions: Permissions;
  /** A screen's own actions per row, as a last column (the Imóveis share menu). */
  rowActions?: ((row: RowView) => ReactNode) | undefined;
}) {
  const pending = useListPending();
  const onSubmit = useListSubmit();
  const hydrated = useHydrated();
  const visible = useMemo(() => view.columns.filter((c) => c.visible), [view.columns]);
  const bulkFormId = `${view.name}-selecao`;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A new page of rows starts with nothing selected.
  const shownKey = `${view.selfHref}|${view.rows.map((r) => r.id).join(",")}`;
  const [rowsKey, setRowsKey] = useState(shownKey);
  if (rowsKey !== shownKey) {
    setRowsKey(shownKey);
    setSelected(new Set());
  }
  const allSelected = view.rows.length > 0 && view.rows.every((r) => selected.has(r.id));
  const count = view.rows.filter((r) => selected.has(r.id)).length;
  const toggle = useCallback(
    (id: string, on: boolean) =>
      setSelected((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const [filtersOpen, setFiltersOpen] = useState(view.openPanel === "filtros");
  const activeFilters = view.filters.filter((f) => f.values.some((v) => v !== "")).length;
  // The selection deletes or runs the definition's bulk actions: who may do neither gets no checkboxes.
  const selectable = (permissions.canDelete || view.bulkActions.length > 0) && view.rows.length > 0;
  const plural = view.labels.plural.toLowerCase();
  // A definition without a search placeholder has no search (Movimentações: filters only).
  const searchable = view.labels.searchPlaceholder.trim() !== "";

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-2">
        {searchable || view.filters.length > 0 ? (
          <Form
            method="get"
            role={searchable ? "search" : undefined}
            aria-label={searchable ? undefined : `Filtrar ${plural}`}
            onSubmit={onSubmit}
            className="flex min-w-0 flex-1 items-start gap-2"
          >
            {/* While the filter menu is closed its inputs aren't rendered: the active filters ride along hidden. */}
            <HiddenParams params={view.params} drop={(name) => name === "q" || isPaging(name) || (filtersOpen && isFilterParam(name))} />
            {searchable ? (
              <div className="relative min-w-0 flex-1">
                <label htmlFor={`${view.name}-busca`} className="sr-only">
                  Buscar {plural}
                </label>
                <input
                  id={`${view.name}-busca`}
                  type="search"
                  name="q"
                  defaultValue={view.q}
                  key={view.q}
                  placeholder={view.labels.searchPlaceholder}
                  autoComplete="off"
                  className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-sm text-fg placeholder:text-fg-soft/70 focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none"
                />
              </div>
            ) : null}
            {view.filters.length > 0 ? (
              <LazyMenu
                panel="filtros"
                view={view}
                open={filtersOpen}
                onOpenChange={setFiltersOpen}
                className="group relative"
                summary={
                  <>
                    Filtros
                    {activeFilters > 0 ? (
                      <span className="rounded-full bg-accent px-1.5 text-xs text-accent-fg">
                        {activeFilters}
                        <span className="sr-only"> ativos</span>
                      </span>
                    ) : null}
                  </>
                }
              >
                {/* On a phone a tap beside the sheet closes it, as on any sheet. */}
                <button
                  type="button"
                  tabIndex={-1}
                  aria-hidden="true"
                  className="fixed inset-0 z-40 cursor-default bg-black/30 sm:hidden"
                  onClick={(e) => e.currentTarget.closest("details")?.removeAttribute("open")}
                />
                <div
                  className={`fixed inset-x-0 bottom-0 z-40 max-h-[85dvh] overflow-y-auto rounded-t-2xl border border-line bg-surface p-4 pb-[max(1rem,env(safe-area-inset-bottom))] shadow-2xl sm:absolute sm:inset-x-auto sm:bottom-auto sm:left-0 sm:z-20 sm:mt-2 sm:max-h-[min(36rem,calc(100dvh-8rem))] sm:w-[min(24rem,calc(100vw-2rem))] sm:rounded-xl sm:pb-4 sm:shadow-lg ${
                    // On a phone the panel is a sheet over the bottom of the screen (a popover beside
                    // the search box would run off it). Without a search box the menu is the first
                    // thing on the left: it opens to the right.
                    searchable ? "sm:right-0 sm:left-auto" : ""
                  }`}
                >
                  <div className="mb-3 flex items-center justify-between gap-3 sm:hidden">
                    <p className="font-semibold">Filtros</p>
                    <button
                      type="button"
                      className="rounded-md px-2 py-1 text-sm font-semibold text-accent hover:underline"
                      // Closing the <details> fires its toggle, which unmounts the panel.
                      onClick={(e) => e.currentTarget.closest("details")?.removeAttribute("open")}
                    >
                      Fechar
                    </button>
                  </div>
                  <FilterControls filters={view.filters} idPrefix={view.name} />
                  <Button type="submit" className="mt-4 w-full py-2">
                    Aplicar filtros
                  </Button>
                </div>
              </LazyMenu>
            ) : null}
            {searchable ? (
              <Button type="submit" variant="secondary" className="px-3">
                Buscar
              </Button>
            ) : null}
          </Form>
        ) : null}
      </div>

      <ActiveFilters view={view} />

      <DeleteConfirmation key={view.confirmDelete?.ids.join(",") ?? "none"} view={view} />
      <BulkConfirmation key={view.confirmBulk ? `${view.confirmBulk.key}:${view.confirmBulk.ids.join(",")}` : "none"} view={view} />

      <section aria-labelledby={`${view.name}-resultados`} aria-busy={pending || undefined}>
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <h2 id={`${view.name}-resultados`} className="mr-auto text-sm text-fg-soft" aria-live="polite">
            <span className="tabular-nums">{formatNumber(view.total)}</span>{" "}
            {view.total === 1 ? view.labels.singular.toLowerCase() : plural}
            {view.filtered ? (view.feminine ? " encontradas" : " encontrados") : ""}
          </h2>
          <ColumnChooser view={view} />
          {selectable ? (
            <Form id={bulkFormId} method="get" preventScrollReset className="flex flex-wrap items-center gap-2">
              <HiddenParams params={view.params} drop={(name) => name === "excluir" || name === "acao"} />
              {hydrated ? (
                <span className="text-sm text-fg-soft tabular-nums" aria-live="polite">
                  {count > 0 ? `${formatNumber(count)} selecionado${count === 1 ? "" : "s"}` : ""}
                </span>
              ) : null}
              {view.bulkActions.map((a) => (
                <Button
                  key={a.key}
                  type="submit"
                  name="acao"
                  value={a.key}
                  variant="secondary"
                  className="px-3 py-2"
                  disabled={hydrated && count === 0}
                >
                  {a.label}
                </Button>
              ))}
              {permissions.canDelete ? (
                <button type="submit" className={`${dangerOutlineClass} px-3 py-2`} disabled={hydrated && count === 0}>
                  Excluir selecionados
                </button>
              ) : null}
            </Form>
          ) : null}
        </div>

        {view.rows.length === 0 && !pending ? (
          <EmptyState view={view} permissions={permissions} />
        ) : (
          <>
            <div className="rounded-xl md:overflow-x-auto md:border md:border-line md:bg-surface">
              <table className="block w-full text-sm md:table">
                <caption className="sr-only">
                  {view.labels.listTitle}
                  {view.pageCount > 1 ? `, página ${view.page} de ${view.pageCount}` : ""}
                </caption>
                <thead className="hidden border-b border-line text-xs tracking-wide text-fg-soft uppercase md:table-header-group">
                  <tr>
                    {selectable ? (
                      <th scope="col" className="w-10 px-3 py-2">
                        {hydrated ? (
                          <input
                            type="checkbox"
                            aria-label="Selecionar todos desta página"
                            checked={allSelected}
                            onChange={(e) => setSelected(e.currentTarget.checked ? new Set(view.rows.map((r) => r.id)) : new Set())}
                            className="size-4 accent-[var(--c-accent)]"
                          />
                        ) : (
                          <span className="sr-only">Selecionar</span>
                        )}
                      </th>
                    ) : null}
                    {visible.map((c) => (
                      <HeaderCell key={c.key} column={c} />
                    ))}
                    {rowActions ? (
                      <th scope="col" className="px-3 py-2 text-right">
                        <span className="sr-only">Ações</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                {pending ? (
                  <tbody key="carregando" className="block space-y-3 md:table-row-group md:space-y-0">
                    <SkeletonRows count={Math.min(Math.max(view.rows.length, 5), 10)} columns={visible.length} selectable={selectable} />
                  </tbody>
                ) : (
                  <tbody key="linhas" className="block space-y-3 md:table-row-group md:space-y-0">
                    {view.rows.map((row) => (
                      <ListRow
                        key={row.id}
                        row={row}
                        columns={visible}
                        selectable={selectable}
                        formId={bulkFormId}
                        checked={selected.has(row.id)}
                        onToggle={toggle}
                        actions={rowActions?.(row)}
                      />
                    ))}
                  </tbody>
                )}
                {view.totals && !pending ? <TotalsFoot totals={view.totals} columns={visible} selectable={selectable} /> : null}
              </table>
            </div>
            {view.totals && !pending ? <TotalsSummary totals={view.totals} columns={visible} /> : null}
          </>
        )}
        <Pagination view={view} />
      </section>
    </div>
  );
}
