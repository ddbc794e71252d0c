import { type ReactNode, useEffect, useState } from "react";
import { Link, NavLink, useLocation, useNavigation } from "react-router";
import type { Role } from "../../../shared/enums.ts";
import { isUnder, type NavMenu, ROLE_LABELS, SETTINGS_PATHS } from "../../modules/navigation.ts";
import { intentPrefetch } from "../ui/prefetch.ts";
import { LiveStatus } from "./live-status.tsx";
import { NavigationProgress } from "./navigation-progress.tsx";
import { UserMenu } from "./user-menu.tsx";

interface ShellProps {
  user: { name: string; email: string };
  /** `accentCss`: the organização's own accent (/cores), overriding app.css's variables on every page it draws. */
  org: { name: string; role: Role; accentCss?: string | undefined };
  /** The menu, computed by the layout's loader from the permission table and the definitions. */
  nav: NavMenu;
  children: ReactNode;
}

const linkClass = (current: boolean) =>
  `block rounded-lg px-3 py-2 text-sm ${current ? "bg-accent-soft font-semibold text-accent" : "hover:bg-muted"}`;

/**
 * The menu: router links that prefetch on intent (ADR 013). NavLink marks the current entry
 * (`aria-current="page"`): "/" only on itself, any other entry also on the pages below it;
 * "Configurações" on every page of the settings area (their URLs are the product's, not below it).
 */
function Sidebar({ nav, onNavigate }: { nav: NavMenu; onNavigate?: () => void }) {
  const prefetch = intentPrefetch();
  const { pathname } = useLocation();
  const inSettings = SETTINGS_PATHS.some((path) => isUnder(pathname, path));
  return (
    <nav aria-label="Menu principal" className="space-y-6">
      {nav.groups.map(({ group, items }) => (
        <div key={group}>
          <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-fg-soft uppercase">{group}</p>
          <ul className="space-y-0.5">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.to === "/"}
                  prefetch={prefetch}
                  onClick={onNavigate}
                  className={({ isActive }) => linkClass(isActive)}
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <ul className="border-t border-line pt-4">
        <li>
          <Link
            to={nav.settings.to}
            prefetch={prefetch}
            onClick={onNavigate}
            aria-current={inSettings ? "page" : undefined}
            className={linkClass(inSettings)}
          >
            {nav.settings.label}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/**
 * The app's one layout, whatever the role (the menu differs, the page does not): grouped sidebar,
 * top bar with organization and user menu, drawer on phones.
 */
export function AppShell({ user, org, nav, children }: ShellProps) {
  const [open, setOpen] = useState(false);
  // Assistive technology hears that the page is being replaced (the bar is its visual sign).
  const busy = useNavigation().state === "loading";
  const { pathname } = useLocation();
  // Close the drawer after navigating (the state resets when the path changes).
  const [openedAt, setOpenedAt] = useState(pathname);
  if (openedAt !== pathname) {
    setOpenedAt(pathname);
    if (open) setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_1fr]">
      {/* In place, not hoisted: it changes and goes away with the organização's choice (only colours, from the server). */}
      {org.accentCss ? <style data-accent="">{org.accentCss}</style> : null}
      <NavigationProgress />
      <a href="#conteudo" className="skip-link">
        Pular para o conteúdo
      </a>
      <aside className="hidden border-r border-line bg-surface px-3 py-5 lg:block">
        <p className="mb-6 flex items-center gap-2 px-3 text-lg font-bold">
          <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-accent text-accent-fg">
            A
          </span>
          Alicerce
        </p>
        <Sidebar nav={nav} />
      </aside>
      {open ? (
        <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label="Menu">
          <button type="button" aria-label="Fechar menu" className="absolute inset-0 bg-black/40" onClick={() => setOpen(false)} />
          <div className="absolute inset-y-0 left-0 w-72 overflow-y-auto bg-surface px-3 py-5 shadow-xl">
            <Sidebar nav={nav} onNavigate={() => setOpen(false)} />
          </div>
        </div>
      ) : null}
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex items-center justify-between gap-3 border-b border-line bg-surface/95 px-4 py-2.5 backdrop-blur">
          <div className="flex min-w-0 items-center gap-2">
            <button
              type="button"
              className="rounded-lg p-2 hover:bg-muted lg:hidden"
              aria-label="Abrir menu"
              aria-expanded={open}
              onClick={() => setOpen(true)}
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </svg>
            </button>
            <p className="truncate text-sm font-semibold">{org.name}</p>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            <LiveStatus />
            <UserMenu name={user.name} email={user.email} roleLabel={ROLE_LABELS[org.role]} />
          </div>
        </header>
        <main id="conteudo" aria-busy={busy || undefined} className="mx-auto w-full max-w-6xl min-w-0 flex-1 px-4 py-6 sm:px-6">
          {children}
        </main>
      </div>
    </div>
  );
}
