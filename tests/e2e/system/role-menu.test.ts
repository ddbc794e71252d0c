/**
 * The menus of every role, in Chromium at 1366 px (sidebar) and at 390 px (drawer): the links a
 * member is shown — the main menu and the sections of its "Configurações" area — are exactly the
 * screens the route ↔ permission table (app/server/navigation.server.ts `SCREENS`, `can`) opens to
 * the role, each opens (200, its page, no 403), every other screen of the table is refused (403),
 * and the content area is the same full width whatever the role.
 */
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { SCREENS } from "../../../app/server/navigation.server.ts";
import { ROLES, type Role } from "../../../shared/enums.ts";
import { can } from "../../../worker/auth/permissions.ts";
import { axeSeriousViolations, browserFixture, waitForPath } from "../support/browser.ts";
import { createTeam, type Team } from "../support/team.ts";

const f = browserFixture();
let team: Team;

beforeAll(async () => {
  team = await createTeam("Dona Menus", "menus");
});

/** The screens the table opens to a role (what its menus must show), and those it refuses. */
const opened = (role: Role) => SCREENS.filter((s) => can(role, s.resource, "read")).map((s) => s.to);
const refused = (role: Role) => SCREENS.filter((s) => !can(role, s.resource, "read")).map((s) => s.to);

async function signIn(page: Page, role: Role): Promise<void> {
  const [name, value] = team.cookies[role].split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: f.baseURL }]);
}

/** The paths a navigation landmark links to. */
async function linksOf(page: Page, label: string): Promise<string[]> {
  const nav = page.getByRole("navigation", { name: label });
  await nav.getByRole("link").first().waitFor();
  return nav.getByRole("link").evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

const sorted = (paths: readonly string[]) => [...new Set(paths)].sort();

const WIDE = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

describe("role menus: every role's menus lead to exactly the screens the permission table opens to it", () => {
  for (const role of ROLES) {
    it(`${role} at 1366 px: sidebar and settings sections = the table's screens, each opens, the others are refused`, async () => {
      const { page } = f;
      await page.setViewportSize(WIDE);
      await signIn(page, role);
      await page.goto("/");
      const menu = await linksOf(page, "Menu principal");
      // Same shell for every role: a full-width content column beside the sidebar.
      const main = await page.locator("#conteudo").boundingBox();
      expect(main?.width ?? 0, `${role}: the content column`).toBeGreaterThan(1000);

      await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Configurações", exact: true }).click();
      await waitForPath(page, "/settings");
      const sections = await linksOf(page, "Seções de configurações");
      // The overview lists the same screens as the section navigation beside it.
      expect(sorted(await linksOf(page, "Todas as configurações"))).toEqual(sorted(sections.filter((p) => p !== "/settings")));
      expect(sorted([...menu, ...sections])).toEqual(sorted(opened(role)));
      if (role === "owner") {
        await page.waitForLoadState("networkidle");
        expect(await axeSeriousViolations(page), "/settings").toEqual([]);
      }

      for (const path of opened(role)) {
        const response = await page.goto(path);
        expect.soft(response?.status(), `${role} ${path}`).toBe(200);
        expect.soft(await page.getByRole("heading", { level: 1 }).first().textContent(), `${role} ${path}`).not.toMatch(/Acesso negado/);
      }
      for (const path of refused(role)) {
        const response = await page.request.get(path, { maxRedirects: 0 });
        expect.soft(response.status(), `${role} ${path} (refused by the table)`).toBe(403);
      }
    });

    it(`${role} at 390 px: the drawer and the settings overview = the table's screens, without horizontal scroll`, async () => {
      const { page } = f;
      await page.setViewportSize(PHONE);
      await signIn(page, role);
      await page.goto("/");
      // The drawer's button works once the page is hydrated.
      await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Abrir menu" }).click();
      const menu = await linksOf(page, "Menu principal");
      await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name: "Configurações", exact: true }).click();
      await waitForPath(page, "/settings");
      // The drawer closed on the way; on a phone the overview is the section list.
      expect(await page.getByRole("dialog", { name: "Menu" }).count()).toBe(0);
      const sections = await linksOf(page, "Todas as configurações");
      expect(sorted([...menu, ...sections])).toEqual(sorted(opened(role)));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      if (role === "owner") expect(await axeSeriousViolations(page), "/settings at 390 px").toEqual([]);

      // A section's page leads back to the overview (the side navigation is for wide screens).
      const first = sections[0] as string;
      await page.getByRole("navigation", { name: "Todas as configurações" }).locator(`a[href="${first}"]`).click();
      await waitForPath(page, first);
      await page.getByRole("link", { name: "Configurações" }).first().click();
      await waitForPath(page, "/settings");
    });
  }
});
