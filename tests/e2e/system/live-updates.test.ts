/**
 * The live connection end to end in Chromium (ADR 043): two pages of one organização, a client
 * saved in one appears in the other's list without a reload; a page of another organização
 * sees nothing of it. And a change made while a page was loading (its data read, its socket not
 * yet connected) still shows once it connects.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createRegisteredUser, type TestUser } from "../support/accounts.ts";
import { LIVE_REPLAY_PARAM } from "../../../shared/live-connection.ts";
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

  it("shows a change made after the page read its data but before its live connection opened", async () => {
    const owner = await createRegisteredUser({ name: "Sílvia Teixeira" });
    const page = f.page;
    await login(page, owner.email, owner.password);
    // The dashboard listens to nothing: the tab has no live connection yet.
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    // The page has been open a while (a person reading it) before going to the list.
    await page.waitForFunction(() => performance.now() > 6_000, undefined, { timeout: 15_000 });
    await page.evaluate(() => Object.assign(window, { semRecarregar: true }));

    // The connection is held (a slow network), as the list's data has already been read.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked: string[] = [];
    await page.routeWebSocket(/\/api\/live/, async (ws) => {
      asked.push(new URL(ws.url()).searchParams.get(LIVE_REPLAY_PARAM) ?? "");
      await held;
      ws.connectToServer();
    });
    await page.getByRole("navigation", { name: "Menu principal" }).first().getByRole("link", { name: "Clientes" }).click();
    await waitForPath(page, "/clients");
    await page.getByText("Nenhum cliente cadastrado ainda.").waitFor();
    await expect.poll(() => asked.length).toBe(1);
    expect(Number(asked[0])).toBeGreaterThanOrEqual(6_000);

    // Meanwhile a colleague saves a client: the room sends it to no one yet connected.
    const origin = new URL(page.url()).origin;
    const res = await page.request.post("/api/clients", { data: { tipo: "pf", nome: "Otávio Ramos" }, headers: { origin } });
    expect(res.status()).toBe(201);
    release();

    // The first connection asked for what was sent while the page was loading: the list reads again.
    await expect.poll(() => listedNames(page), { timeout: 10_000 }).toEqual(["Otávio Ramos"]);
    expect(await stillTheSamePage(page)).toBe(true);
  });
});
