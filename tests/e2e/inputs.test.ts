/**
 * Inputs in Chromium: a backspace and a digit typed in the middle of a masked CPF keep the caret
 * where the person edits; the user menu closes on Escape (focus back on its button) and on a
 * click outside; the relation combobox scrolls the option the keyboard reaches into view.
 */
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { clients, memberships } from "../../db/schema/index.ts";
import { searchKeys, sortKey } from "../../shared/search.ts";
import { createRegisteredUser, e2eDb, type TestUser } from "./support/accounts.ts";
import { browserFixture, waitForPath } from "./support/browser.ts";
import { login } from "./support/pages.ts";

const f = browserFixture();

async function signedIn(page: Page, name: string): Promise<TestUser> {
  const user = await createRegisteredUser({ name });
  await login(page, user.email, user.password);
  return user;
}

async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForPath(page, path);
  // Hydrated: masks, menus and the combobox are React handlers.
  await page.waitForLoadState("networkidle");
}

const caret = (field: Locator) => field.evaluate((el: HTMLInputElement) => el.selectionStart);

describe("inputs", () => {
  it("keeps the caret in place after a backspace and a digit in the middle of a CPF", async () => {
    const { page } = f;
    await signedIn(page, "Camila Rocha");
    await open(page, "/clients/create");
    const cpf = page.getByLabel("CPF/CNPJ");
    await cpf.pressSequentially("52998224725");
    expect(await cpf.inputValue()).toBe("529.982.247-25");

    // Caret after "529.98", backspace: the 8 goes, the digits after it move up a slot.
    await cpf.evaluate((el: HTMLInputElement) => el.setSelectionRange(6, 6));
    await cpf.press("Backspace");
    expect(await cpf.inputValue()).toBe("529.922.472-5");
    expect(await caret(cpf)).toBe(5);

    // The next digit lands where the caret is, not at the end.
    await cpf.press("8");
    expect(await cpf.inputValue()).toBe("529.982.247-25");
    expect(await caret(cpf)).toBe(6);
  });

  it("closes the user menu on Escape, focus back on its button, and on a click outside", async () => {
    const { page } = f;
    await signedIn(page, "Otávio Nunes");
    await open(page, "/");
    const summary = page.locator('summary:has-text("Menu do usuário") >> visible=true');
    const details = summary.locator("xpath=..");
    const isOpen = () => details.evaluate((el: HTMLDetailsElement) => el.open);

    await summary.click();
    expect(await isOpen()).toBe(true);
    await page.getByRole("link", { name: "Meu perfil" }).filter({ visible: true }).waitFor();
    await page.keyboard.press("Escape");
    expect(await isOpen()).toBe(false);
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);

    await summary.click();
    expect(await isOpen()).toBe(true);
    await page.locator("main").click({ position: { x: 5, y: 5 } });
    expect(await isOpen()).toBe(false);
  });

  it("scrolls the relation combobox to the option the keyboard reaches", async () => {
    const { page } = f;
    const owner = await signedIn(page, "Helena Prado");
    const [m] = await e2eDb().select().from(memberships).where(eq(memberships.userId, owner.id));
    if (!m) throw new Error("no membership");
    const now = Date.now();
    const rows = Array.from({ length: 61 }, (_, i) => {
      const name = `Cliente ${String(i + 1).padStart(3, "0")}`;
      return {
        id: crypto.randomUUID(),
        orgId: m.orgId,
        tipo: "pf" as const,
        nome: name,
        ordem: sortKey(name),
        chavesBusca: JSON.stringify(searchKeys({ names: [name] })),
        criadoEm: new Date(now - i * 60_000),
        atualizadoEm: new Date(now - i * 60_000),
      };
    });
    for (let i = 0; i < rows.length; i += 50)
      await e2eDb()
        .insert(clients)
        .values(rows.slice(i, i + 50));

    await open(page, "/property_clients/create");
    const combobox = page.getByRole("combobox", { name: "Cliente" });
    await combobox.focus();
    await combobox.press("ArrowDown");
    const listbox = page.getByRole("listbox", { name: "Cliente" });
    await listbox.getByRole("option").nth(20).waitFor();
    for (let i = 0; i < 16; i++) await combobox.press("ArrowDown");

    const activeId = await combobox.getAttribute("aria-activedescendant");
    expect(activeId).toMatch(/-opcao-15$/);
    const active = page.locator(`[id="${activeId}"]`);
    expect(await active.getAttribute("aria-selected")).toBe("true");
    await expect
      .poll(async () => {
        const list = await listbox.boundingBox();
        const option = await active.boundingBox();
        if (!list || !option) return false;
        return option.y >= list.y - 1 && option.y + option.height <= list.y + list.height + 1;
      })
      .toBe(true);
    expect(await listbox.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  });
});
