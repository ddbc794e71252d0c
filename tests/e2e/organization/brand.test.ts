/**
 * /cores "Estilização" in Chromium, at 390 px and on a laptop: the person picks colours and sees
 * the ratio and the post preview change as they type, an illegible pair is refused with its pt-BR
 * reason (nothing saved), and a saved accent colours the whole app (menu, buttons) at once.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { brandStyles, memberships } from "../../../db/schema/index.ts";
import { createRegisteredUser, e2eDb } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture, waitForPath } from "../support/browser.ts";
import { pageOverflow } from "../support/layout-checks.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();

/** The computed value of a CSS variable on the document, as the browser resolved it. */
function cssVariable(name: string): Promise<string> {
  return f.page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
}

/** The rendered background of the preview's band (the primary colour) as rgb(). */
function bandColor(): Promise<string> {
  return f.page.evaluate(() => {
    const band = document.querySelector<HTMLElement>('[data-preview="faixa"]');
    return band ? getComputedStyle(band).backgroundColor : "";
  });
}

describe("/cores", () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 800 },
  ]) {
    it(`picks colours with a live ratio and preview, refuses an illegible pair, and the saved accent reaches the app (${viewport.width} px)`, async () => {
      const { page } = f;
      await page.setViewportSize(viewport);
      const owner = await createRegisteredUser({ name: `Dona Marca ${viewport.width}` });
      const [membership] = await e2eDb().select().from(memberships).where(eq(memberships.userId, owner.id));
      const orgId = membership?.orgId as string;
      await login(page, owner.email, owner.password);
      // From the menu: Configurações → Estilização.
      await page.goto("/settings");
      await page.getByRole("link", { name: "Estilização" }).first().click();
      await waitForPath(page, "/cores");
      await page.getByRole("heading", { name: "Estilização" }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await pageOverflow(page), "no sideways scroll").toBeUndefined();
      expect(await axeSeriousViolations(page)).toEqual([]);
      // Alicerce's accent before anything is saved.
      expect(await cssVariable("--c-accent")).toContain("#0f6e66");

      // Typing the primary colour changes the preview at once.
      const primary = page.getByLabel("Cor primária", { exact: true });
      await primary.fill("#1E3A5F");
      await expect.poll(bandColor).toBe("rgb(30, 58, 95)");

      // An illegible text colour: the ratio says so as it is typed, and saving is refused.
      const text = page.getByLabel("Texto sobre a cor primária", { exact: true });
      await text.fill("#2B4A70");
      await page.getByText(/Contraste de 1,[0-9]:1: ilegível\. O mínimo é 4,5:1\./).waitFor();
      await page.getByLabel("Uma cor da minha marca").check();
      await page.getByLabel("Cor de destaque", { exact: true }).fill("#7A1F2B");
      await page.getByRole("button", { name: "Salvar estilização" }).click();
      await page
        .getByText(/^O texto fica ilegível sobre a cor primária: o contraste é de 1,[0-9]:1/)
        .first()
        .waitFor();
      expect(await e2eDb().select().from(brandStyles).where(eq(brandStyles.orgId, orgId))).toEqual([]);

      // A legible pair: the ratio turns legible; the font is chosen; saved.
      await text.fill("#FFFFFF");
      await page.getByText(/Contraste de 11,[0-9]:1: legível\./).waitFor();
      await page.getByLabel("Playfair Display — elegante, para alto padrão").check();
      await page.getByRole("button", { name: "Salvar estilização" }).click();
      await page.getByText("Estilização salva.").waitFor();
      const [saved] = await e2eDb().select().from(brandStyles).where(eq(brandStyles.orgId, orgId));
      expect(saved).toMatchObject({
        corPrimaria: "#1e3a5f",
        corTextoSobrePrimaria: "#ffffff",
        fonte: "playfair",
        corDestaqueApp: "#7a1f2b",
      });

      // The accent colours every page of the organização, without any screen doing anything.
      expect(await cssVariable("--c-accent")).toContain("#7a1f2b");
      await page.goto("/clients");
      await page.getByRole("heading", { name: "Clientes" }).first().waitFor();
      expect(await cssVariable("--c-accent")).toContain("#7a1f2b");
      const button = page.getByRole("link", { name: "Novo cliente" }).first();
      expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(122, 31, 43)");
    });
  }
});
