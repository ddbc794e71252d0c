/**
 * The team page end to end: a manager who gives up managing (changes their own role to Equipe)
 * lands on the settings overview told where they stand, not on a refusal of the page they were on.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberships } from "../../db/schema/index.ts";
import { createRegisteredUser, e2eDb } from "./support/accounts.ts";
import { browserFixture, waitForPath } from "./support/browser.ts";
import { login } from "./support/pages.ts";

const f = browserFixture();

describe("equipe", () => {
  it("sends an admin who demotes themself to the settings overview, with their new role", async () => {
    const { page } = f;
    const owner = await createRegisteredUser({ name: "Olga Dona" });
    const [ownerMembership] = await e2eDb().select().from(memberships).where(eq(memberships.userId, owner.id));
    const admin = await createRegisteredUser({ name: "Alice Admin" });
    await e2eDb()
      .update(memberships)
      .set({ orgId: ownerMembership?.orgId as string, role: "admin" })
      .where(eq(memberships.userId, admin.id));

    await login(page, admin.email, admin.password);
    await page.goto("/admin/users");
    await page.getByRole("heading", { name: "Usuários" }).first().waitFor();
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Papel de Alice Admin", { exact: true }).selectOption("staff");
    await page.getByRole("button", { name: "Salvar papel de Alice Admin" }).click();

    await waitForPath(page, "/settings");
    expect(new URL(page.url()).searchParams.get("papel")).toBe("staff");
    await page.getByRole("status").filter({ hasText: "Seu papel agora é Equipe." }).waitFor();
    const menu = page.getByRole("navigation", { name: "Menu principal" }).first();
    expect(await menu.getByRole("link", { name: "Usuários" }).count()).toBe(0);
    const [saved] = await e2eDb().select().from(memberships).where(eq(memberships.userId, admin.id));
    expect(saved?.role).toBe("staff");

    // The notice only repeats what is true: a link claiming another role shows nothing.
    await page.goto("/settings?papel=owner");
    await page.getByRole("heading", { name: "Configurações" }).first().waitFor();
    expect(await page.getByText("Seu papel agora é").count()).toBe(0);
  });
});
