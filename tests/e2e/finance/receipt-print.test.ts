/**
 * The receipt on paper (issue 22, /sales/:id) in Chromium's print rendering: on A4 and on an
 * 80 mm thermal roll only the receipt prints — no menu, no buttons, no Documentos card — with the
 * total and the payments in view, nothing wider than the paper (no clipped text), on one A4 page.
 * The images and PDFs are kept in RECEIPT_PRINT_DIR (a temporary folder by default) for a look.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";
import { shopWithSale } from "../support/sale-fixtures.ts";

const f = browserFixture();
const OUT = process.env.RECEIPT_PRINT_DIR ?? join(tmpdir(), "receipt-print");

/** CSS pixels of a paper width (96 px per inch). */
const px = (mm: number): number => Math.floor((mm / 25.4) * 96);

/** Pages of a PDF Chromium wrote (its page objects). */
function pageCount(pdf: Buffer): number {
  return (pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

type Page = typeof f.page;

/** What shows on paper: the shell's parts hidden, and every box of the receipt inside the paper's width. */
async function paperLayout(page: Page, width: number) {
  return page.evaluate((paper) => {
    const receipt = document.querySelector("#recibo") as HTMLElement;
    const outside = [...receipt.querySelectorAll<HTMLElement>("*")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.left < -0.5 || box.right > paper + 0.5);
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").slice(0, 40)}"`);
    // Text cut inside its own box (overflow hidden, a nowrap line wider than its cell).
    const clipped = [...receipt.querySelectorAll<HTMLElement>("*")]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
      .map((el) => el.tagName.toLowerCase());
    return { outside, clipped, pageWidth: document.documentElement.scrollWidth };
  }, width);
}

describe("the receipt on paper", () => {
  it("prints only the receipt, with its total, on one A4 page and within an 80 mm roll", async () => {
    const shop = await shopWithSale(f.baseURL, "Loja Recibo Impresso");
    mkdirSync(OUT, { recursive: true });
    const page = f.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, shop.owner.email, shop.owner.password);
    await page.goto(`/sales/${shop.saleId}`);
    await page.locator("#recibo").waitFor();
    // On screen the shell, the buttons and the Documentos card are there.
    await page.getByRole("navigation", { name: "Menu principal" }).first().waitFor();
    await page.getByRole("heading", { name: "Documentos", exact: true }).waitFor();

    for (const paper of [
      { name: "a4", width: px(210), height: px(297) },
      { name: "80mm", width: px(80), height: 1400 },
    ]) {
      await page.setViewportSize({ width: paper.width, height: paper.height });
      await page.emulateMedia({ media: "print" });
      const receipt = page.locator("#recibo");
      expect(await receipt.isVisible(), paper.name).toBe(true);
      for (const hidden of [
        page.getByRole("navigation", { name: "Menu principal" }).first(),
        page.getByRole("button", { name: "Imprimir" }),
        page.getByRole("link", { name: "Enviar por WhatsApp" }),
        page.getByRole("heading", { name: "Documentos", exact: true }),
        page.getByRole("button", { name: "Escolher arquivos" }),
      ])
        expect(await hidden.isVisible(), `${paper.name}: ${String(hidden)}`).toBe(false);
      for (const text of ["Total", "R$ 67,90", "Troco", "R$ 2,10", "Parcelas", `Venda nº ${shop.numero}`, "Carla Mendes"])
        expect(await receipt.getByText(text, { exact: true }).first().isVisible(), `${paper.name}: ${text}`).toBe(true);
      const layout = await paperLayout(page, paper.width);
      expect(layout.outside, paper.name).toEqual([]);
      expect(layout.clipped, paper.name).toEqual([]);
      expect(layout.pageWidth, paper.name).toBeLessThanOrEqual(paper.width);
      writeFileSync(join(OUT, `receipt-${paper.name}.png`), await page.screenshot({ fullPage: true }));
      await page.emulateMedia({ media: "screen" });
    }

    // Chromium's own print: A4 is one page; the roll is one long page of 80 mm.
    await page.setViewportSize({ width: 1280, height: 900 });
    const a4 = await page.pdf({ format: "A4" });
    writeFileSync(join(OUT, "receipt-a4.pdf"), a4);
    expect(pageCount(a4)).toBe(1);
    const roll = await page.pdf({ width: "80mm", height: "300mm" });
    writeFileSync(join(OUT, "receipt-80mm.pdf"), roll);
    expect(pageCount(roll)).toBe(1);
  });
});
