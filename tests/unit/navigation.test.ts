/**
 * The menus and the route ↔ permission table behind them (app/modules/navigation.ts,
 * app/server/navigation.server.ts): every screen a menu leads to exists and is opened by the
 * permission table's "read" of one resource; every page of the app without a parameter is such a
 * screen or lies below one (so nothing a role may open is left out of its menus); the settings
 * area's pages all sit in its layout; a menu screen's door follows the same table.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import { isUnder, PAGES_REACHED_FROM, SETTINGS_HOME, SETTINGS_PATHS, SETTINGS_SECTIONS } from "../../app/modules/navigation.ts";
import { NAV_ITEMS, navFor, SCREENS, screenResource, settingsFor } from "../../app/server/navigation.server.ts";
import { requireScreen } from "../../app/server/shell.server.ts";
import { ROLES, type Role } from "../../shared/enums.ts";
import { DEFINITIONS, screenPaths } from "../../shared/resources/definitions.ts";
import { accessOf, can, readable } from "../../worker/auth/permissions.ts";
import { pagePaths, type RouteEntry } from "../e2e/support/routes.ts";

type Entry = RouteConfigEntry & { file: string; children?: Entry[] };

function findLayout(entries: readonly Entry[], file: string): Entry | undefined {
  for (const entry of entries) {
    if (entry.file === file) return entry;
    const inner = entry.children && findLayout(entry.children, file);
    if (inner) return inner;
  }
  return undefined;
}

const APP_LAYOUT = findLayout(routes as Entry[], "layouts/app.tsx");
const SETTINGS_LAYOUT = findLayout(routes as Entry[], "layouts/settings.tsx");
const APP_PAGES = pagePaths((APP_LAYOUT?.children ?? []) as RouteEntry[]);
const SETTINGS_PAGES = pagePaths((SETTINGS_LAYOUT?.children ?? []) as RouteEntry[]);
const LIST_ALIASES = DEFINITIONS.flatMap((d) => screenPaths(d).slice(1));

/** The screens of the table a role may open, by path. */
const openTo = (role: Role) =>
  SCREENS.filter((s) => can(role, s.resource, "read"))
    .map((s) => s.to)
    .sort();

/** The links a role's menus show: the main menu, its Configurações entry and the settings sections. */
function menuLinks(role: Role): string[] {
  const nav = navFor(readable(role));
  const settings = settingsFor(readable(role));
  return [
    ...nav.groups.flatMap((g) => g.items.map((i) => i.to)),
    nav.settings.to,
    ...settings.flatMap((s) => s.entries.map((e) => e.to)),
  ].sort();
}

describe("the route ↔ permission table of the menus", () => {
  it("finds the app's and the settings area's layouts (so the checks below cannot pass empty)", () => {
    expect(APP_PAGES.length).toBeGreaterThan(20);
    expect(SETTINGS_PAGES.length).toBeGreaterThan(5);
  });

  it("names each screen once, each a page of the app, each opened by a resource of the permission table", () => {
    const paths = SCREENS.map((s) => s.to);
    expect(new Set(paths).size, "a screen listed twice").toBe(paths.length);
    for (const screen of SCREENS) {
      expect(APP_PAGES, `${screen.to}: no such page in app/routes.ts`).toContain(screen.to);
      expect(accessOf(screen.resource), `${screen.to}: "${screen.resource}" is not in the permission table`).not.toBeNull();
    }
  });

  it("leaves no page without a parameter out: each is a screen, a page below one, or a list's alias", () => {
    const fixed = APP_PAGES.filter((p) => !p.includes(":"));
    const reached = (p: string) => SCREENS.some((s) => s.to === PAGES_REACHED_FROM[p]);
    const orphans = fixed.filter((p) => !LIST_ALIASES.includes(p) && !reached(p) && !SCREENS.some((s) => isUnder(p, s.to)));
    expect(orphans, "pages no menu leads to (add them to a menu or the settings area)").toEqual([]);
  });

  it("puts every page of the settings area in its layout, which draws the section navigation", () => {
    expect([...SETTINGS_PATHS].sort()).toEqual(SETTINGS_PAGES.filter((p) => SETTINGS_PATHS.includes(p)).sort());
    for (const path of SETTINGS_PAGES)
      expect(
        SETTINGS_PATHS.some((s) => isUnder(path, s)),
        path,
      ).toBe(true);
  });

  for (const role of ROLES) {
    it(`${role}: the menus show exactly the screens the table opens to the role`, () => {
      expect(menuLinks(role)).toEqual(openTo(role));
    });
  }

  it("gives the corretor (professional) their real-estate screens, clients and posts from the menu, and no office or settings screen", () => {
    const nav = navFor(readable("professional"));
    expect(nav.groups.map((g) => [g.group, g.items.map((i) => i.label)])).toEqual([
      // Relatórios: their own commissions (ADR 083).
      ["Negócio", ["Dashboard", "Clientes", "Relatórios"]],
      // Their own agenda (the appointments of the profissional linked to them, and their visits) and service desk.
      ["Agenda", ["Agendamentos", "Atendimento"]],
      ["Imóveis", ["Imóveis", "Rascunhos de Imóveis", "Interesses em Imóveis"]],
      // Generating a post, their own posts: drafts and those waiting for approval, the list, the calendar and the feed, what went out and every attempt.
      [
        "Redes Sociais",
        [
          "Gerar Postagem",
          "Rascunhos",
          "Gerador de Conteúdo IA",
          "Posts",
          "Calendário de Posts",
          "Feed",
          "Posts do Facebook",
          "Posts do Instagram",
          "Histórico",
        ],
      ],
    ]);
    expect(settingsFor(readable("professional")).map((s) => s.id)).toEqual(["conta"]);
  });

  it("keeps one Configurações entry; the system pages are the owner's, under it", () => {
    const labels = NAV_ITEMS.map((i) => i.label);
    for (const label of ["Banco de Dados", "Diagnóstico do Sistema", "Perfil do Negócio", "Configurações do Negócio", "Configurações"])
      expect(labels, label).not.toContain(label);
    expect(settingsFor(readable("owner")).map((s) => s.id)).toEqual(["conta", "empresa", "regras", "equipe", "integracoes", "sistema"]);
    expect(settingsFor(readable("admin")).map((s) => s.id)).toEqual(["conta", "empresa", "regras", "equipe", "integracoes"]);
    expect(settingsFor(readable("staff")).map((s) => s.id)).toEqual(["conta"]);
    const system = SETTINGS_SECTIONS.find((s) => s.id === "sistema")?.entries.map((e) => e.to);
    expect(system).toEqual(["/setup-database", "/supabase-test"]);
    for (const role of ROLES)
      for (const path of system ?? []) expect(can(role, screenResource(path) ?? "", "read"), `${role} ${path}`).toBe(role === "owner");
  });

  it("puts the social diagnostics under Integrações, for the owner and admin only", () => {
    const diagnostics = ["/test-facebook", "/test-social-integration", "/test-posting"];
    const integrations = SETTINGS_SECTIONS.find((s) => s.id === "integracoes")?.entries.map((e) => e.to) ?? [];
    expect(integrations).toEqual(expect.arrayContaining(diagnostics));
    for (const role of ROLES)
      for (const path of diagnostics)
        expect(can(role, screenResource(path) ?? "", "read"), `${role} ${path}`).toBe(role === "owner" || role === "admin");
  });

  it("closes a menu screen's door to exactly the roles the table refuses (pages that are no screen are left to their own guard)", () => {
    const org = (role: Role) => ({ id: "org", name: "Org", role });
    for (const role of ROLES) {
      for (const screen of [...SCREENS, SETTINGS_HOME]) {
        const run = () => requireScreen(org(role), new Request(`https://x.test${screen.to}`));
        if (can(role, screen.resource, "read")) expect(run, `${role} ${screen.to}`).not.toThrow();
        else {
          let refused: unknown;
          try {
            run();
          } catch (error) {
            refused = error;
          }
          expect(refused instanceof Response && refused.status, `${role} ${screen.to}`).toBe(403);
        }
      }
      // A client-side navigation's data request and a trailing slash are the same screen.
      if (!can(role, "system", "read")) {
        expect(() => requireScreen(org(role), new Request("https://x.test/supabase-test.data"))).toThrow();
        expect(() => requireScreen(org(role), new Request("https://x.test/setup-database/"))).toThrow();
      }
      expect(() => requireScreen(org(role), new Request("https://x.test/clients/123"))).not.toThrow();
    }
  });
});
