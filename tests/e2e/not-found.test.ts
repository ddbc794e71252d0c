import { describe, expect, it } from "vitest";
import { browserFixture } from "./support/browser.ts";

const f = browserFixture();

describe("404", () => {
  it("answers 404 with 'Página não encontrada' and the requested path", async () => {
    const { page } = f;
    // Chromium logs the 404 document itself as a failed resource.
    f.allowBrowserError(/status of 404/);
    const path = "/caminho/que-nao-existe-123";
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Página não encontrada" }).waitFor();
    expect((await page.locator("body").textContent()) ?? "").toContain(path);
  });
});
