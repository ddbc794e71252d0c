import type { ReactNode } from "react";
import { NavLink, useNavigation } from "react-router";
import type { Role } from "../../../shared/enums.ts";
import { PROFESSIONAL_MENU } from "../../modules/layouts.ts";
import { ROLE_LABELS } from "../../modules/navigation.ts";
import { intentPrefetch } from "../ui/prefetch.ts";
import { LiveStatus } from "./live-status.tsx";
import { NavigationProgress } from "./navigation-progress.tsx";
import { UserMenu } from "./user-menu.tsx";

interface ProfessionalShellProps {
  user: { name: string; email: string };
  org: { name: string; role: Role; accentCss?: string | undefined };
  children: ReactNode;
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `inline-block rounded-full px-3 py-2 text-sm font-semibold sm:px-4 ${isActive ? "bg-accent text-accent-fg" : "text-fg-soft hover:bg-muted hover:text-fg"}`;

/**
 * The professionals layout (ADR 063): a professional linked to their profissional record sees
 * only their agenda and their service desk, with the user menu for profile and sign-out. No
 * sidebar and no drawer: two tabs fit a 390 px phone in one row.
 */
export function ProfessionalShell({ user, org, children }: ProfessionalShellProps) {
  const busy = useNavigation().state === "loading";
  const prefetch = intentPrefetch();
  return (
    <div className="flex min-h-dvh flex-col" data-layout="professionals">
      {org.accentCss ? <style data-accent="">{org.accentCss}</style> : null}
      <NavigationProgress />
      <a href="#conteudo" className="skip-link">
        Pular para o conteúdo
      </a>
      <header className="sticky top-0 z-30 border-b border-line bg-surface/95 backdrop-blur">
        <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-3 px-4 py-2">
          <p className="min-w-0 truncate text-sm font-semibold">{org.name}</p>
          <div className="flex shrink-0 items-center gap-2">
            <LiveStatus />
            <UserMenu name={user.name} email={user.email} roleLabel={ROLE_LABELS[org.role]} />
          </div>
        </div>
        <nav aria-label="Menu principal" className="mx-auto w-full max-w-6xl px-4 pb-2">
          <ul className="flex flex-wrap gap-x-1 gap-y-1 sm:gap-x-2">
            {PROFESSIONAL_MENU.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} prefetch={prefetch} className={tabClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="conteudo" aria-busy={busy || undefined} className="mx-auto w-full max-w-6xl min-w-0 flex-1 px-4 py-6 sm:px-6">
        {children}
      </main>
    </div>
  );
}
