/**
 * The live connection end to end in Chromium (ADR 043): two pages of one organização, a client
 * saved in one appears in the other's list without a reload; a page of another organização
 * sees nothing of it.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createRegisteredUser, type TestUser } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();

/** Names in the clients list (the first cell's link). */
function listedNames(page: Page): Promise<string[]> {
  return page.locator("tbody tr td:nth-child(2) a").allTextContents();
}

/** Opens the clients list signed in as `user`, marked so that a reload would show. */
async function openList(page: Page, user: TestUser): Promise<void> {
  await login(page, user.email, user.password);
  await page.goto("/clients");
  await page.getByText("Nenhum cliente cadastrado ainda.").waitFor();
  await page.evaluate(() => Object.assign(window, { semRecarregar: true }));
}

const stillTheSamePage = (page: Page) => page.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar === true);

describe("atualização ao vivo", () => {
  it("shows a client saved in one page in the organização's other open pages, and in no other organização's", async () => {
    const owner = await createRegisteredUser({ name: "Renata Lopes" });
    const stranger = await createRegisteredUser({ name: "Caio Duarte" });
    const watcher = f.page;
    const other = await f.newPage();
    const editor = await f.newPage();
    const sockets = (page: Page) => {
      const opened: string[] = [];
      page.on("websocket", (ws) => opened.push(ws.url()));
      return opened;
    };
    const watcherSockets = sockets(watcher);
    const otherSockets = sockets(other);
    await openList(watcher, owner);
    await openList(other, stranger);
    await expect.poll(() => watcherSockets.length).toBe(1);
    await expect.poll(() => otherSockets.length).toBe(1);
    expect(new URL(watcherSockets[0] as string).pathname).toBe("/api/live");

    // From here on, any data request of the other organização's page would be a revalidation.
    const otherReads: string[] = [];
    other.on("request", (r) => otherReads.push(r.url()));

    await login(editor, owner.email, owner.password);
    await editor.goto("/clients/create");
    await editor.getByLabel("Nome", { exact: true }).fill("Helena Prado");
    await editor.getByRole("button", { name: "Salvar cliente" }).click();
    await editor.waitForURL(/\/clients\/[0-9a-f-]{36}$/);

    await expect.poll(() => listedNames(watcher)).toEqual(["Helena Prado"]);
    expect(await stillTheSamePage(watcher)).toBe(true);
    await waitForPath(watcher, "/clients");
    // The other organização's page heard nothing: it read nothing again, and never reloaded.
    await other.waitForTimeout(1_000);
    expect(otherReads).toEqual([]);
    expect(await listedNames(other)).toEqual([]);
    await other.getByText("Nenhum cliente cadastrado ainda.").waitFor();
    expect(await stillTheSamePage(other)).toBe(true);
  });
});
