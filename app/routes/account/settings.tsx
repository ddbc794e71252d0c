import { Outlet } from "react-router";
import type { Route } from "./+types/settings";
import { AppLink } from "../../components/shell/app-link.tsx";
import { PageHeader } from "../../components/ui/card.tsx";
import { titleMeta } from "../../lib/title.ts";

export const meta: Route.MetaFunction = () => titleMeta("Configurações");

const SECTIONS = [
  { to: "/settings", label: "Geral", end: true },
  { to: "/settings/preferences", label: "Preferências", end: false },
] as const;

/** /settings and its sections; the app layout already guards sign-in and organization. */
export default function SettingsLayout() {
  return (
    <>
      <PageHeader title="Configurações" description="Sua conta, suas preferências e, para quem administra, o negócio e a equipe." />
      <nav aria-label="Seções de configurações" className="mb-6 border-b border-line">
        <ul className="-mb-px flex gap-1 overflow-x-auto">
          {SECTIONS.map((s) => (
            <li key={s.to}>
              <AppLink
                to={s.to}
                end={s.end}
                className={({ isActive }) =>
                  `inline-block border-b-2 px-4 py-2.5 text-sm whitespace-nowrap ${isActive ? "border-accent font-semibold text-accent" : "border-transparent text-fg-soft hover:text-fg"}`
                }
              >
                {s.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
