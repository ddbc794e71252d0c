import { Outlet, useLocation } from "react-router";
import type { Route } from "./+types/settings";
import { AppLink } from "../components/shell/app-link.tsx";
import { SETTINGS_HOME, type SettingsMenu } from "../modules/navigation.ts";
import { requireOrg } from "../server/guards.server.ts";
import { settingsFor } from "../server/navigation.server.ts";
import { readable } from "../../worker/auth/permissions.ts";
import { layoutFor } from "../modules/layouts.ts";

/**
 * The settings area (the menu's one "Configurações" entry): the product's URLs (/settings,
 * /perfil, /config, /business-settings, /admin/users, /portais, /setup-database, /supabase-test)
 * under one section navigation, drawn from the permission table like the menu.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { org } = requireOrg(context, request);
  // The professionals layout reaches only its own account pages here: no section navigation.
  const slim = layoutFor(org) === "professionals";
  return { sections: slim ? [] : settingsFor(readable(org.role)), slim };
}

const sectionLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-1.5 text-sm ${isActive ? "bg-accent-soft font-semibold text-accent" : "text-fg-soft hover:bg-muted hover:text-fg"}`;

/** The sections as a column beside the page (wide screens; phones use the overview's list). */
function SectionNav({ sections }: { sections: SettingsMenu }) {
  return (
    <nav aria-label="Seções de configurações" className="space-y-4">
      <AppLink to={SETTINGS_HOME.to} end className={sectionLinkClass}>
        Visão geral
      </AppLink>
      {sections.map((section) => (
        <div key={section.id}>
          <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-fg-soft uppercase">{section.title}</p>
          <ul className="space-y-0.5">
            {section.entries.map((entry) => (
              <li key={entry.to}>
                <AppLink to={entry.to} className={sectionLinkClass}>
                  {entry.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export default function SettingsArea({ loaderData }: Route.ComponentProps) {
  const overview = useLocation().pathname.replace(/\/+$/, "") === SETTINGS_HOME.to;
  if (loaderData.slim) return <Outlet />;
  return (
    <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
      <aside className="hidden lg:block">
        <div className="sticky top-20">
          <SectionNav sections={loaderData.sections} />
        </div>
      </aside>
      <div className="min-w-0">
        {/* On a phone the overview is the section list: every other page leads back to it. */}
        {overview ? null : (
          <p className="mb-4 lg:hidden">
            <AppLink to={SETTINGS_HOME.to} className="inline-flex items-center gap-1 text-sm font-semibold text-accent">
              <span aria-hidden="true">‹</span> {SETTINGS_HOME.label}
            </AppLink>
          </p>
        )}
        <Outlet />
      </div>
    </div>
  );
}
