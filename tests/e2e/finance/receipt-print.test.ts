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
import { moduleOf } from "../../../worker/resources/registry.ts";
import { storeDocument } from "../../../worker/services/documents/documents.ts";
import { pdfFile } from "../../unit/document-files/samples.ts";
import { e2eServiceContext } from "../support/accounts.ts";
import { browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";
import { shopWithSale } from "../support/sale-fixtures.ts";

const f = browserFixture();
const OUT = process.env.RECEIPT_PRINT_DIR ?? join(tmpdir(), "receipt-print");

/** CSS pixels of a paper width (96 px per inch). */
const px = (mm: number): number => Math.floor((mm / 25.4) * 96);

/** Pages of a PDF Chromium wrote (its page tree's count). */
function pageCount(pdf: Buffer): number {
  return Number(/\/Count (\d+)/.exec(pdf.toString("latin1"))?.[1] ?? 0);
}

type Page = typeof f.page;

/** What shows on paper: the shell's parts hidden, and every box of the receipt inside the paper's width. */
async function paperLayout(page: Page, width: number) {
  return page.evaluate((paper) => {
    const receipt = document.querySelector("#recibo") as HTMLElement;
    const outside = [...receipt.querySelectorAll<HTMLElement>("*")]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        // Screen-reader-only text (1 px, clipped) prints nothing.
        return box.width > 1 && (box.left < -0.5 || box.right > paper + 0.5);
      })
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").slice(0, 40)}"`);
    // Text cut inside its own box (overflow hidden, a nowrap line wider than its cell).
    const clipped = [...receipt.querySelectorAll<HTMLElement>("*")]
      .filter((el) => el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
      .map((el) => el.tagName.toLowerCase());
    return { outside, clipped, pageWidth: document.documentElement.scrollWidth };
  }, width);
}

describe("the receipt on paper", () => {
  it("prints only the receipt, with its total, on one A4 page and within an 80 mm roll", async () => {
    const shop = await shopWithSale(f.baseURL, "Loja Recibo Impresso");
    // The sale's documents make the screen long: none of it may reach the paper (no blank pages).
    const ctx = e2eServiceContext(f.baseURL);
    for (const n of [1, 2, 3, 4, 5]) {
      const bytes = pdfFile();
      await storeDocument(
        ctx,
        shop.actor,
        moduleOf("documentos"),
        { name: `nfce-${n}.pdf`, type: "application/pdf", size: bytes.byteLength, bytes },
        {
          titulo: `Comprovante ${n}`,
          tipo: "comprovante",
          vendaId: shop.saleId,
          vencimento: undefined,
          clienteId: undefined,
          empresaId: undefined,
          imovelId: undefined,
          observacoes: undefined,
        },
      );
    }
    mkdirSync(OUT, { recursive: true });
    const page = f.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, shop.owner.email, shop.owner.password);
    await page.goto(`/sales/${shop.saleId}`);
    await page.locator("#recibo").waitFor();
    // On screen the shell, the buttons and the Documentos card are there.
    await page.getByRole("navigation", { name: "Menu principal" }).first().waitFor();
    await page.getByRole("heading", { name: "Documentos", exact: true }).waitFor();

    const sizes = new Map<string, number>();
    // The printable width: the paper less the page's 6 mm margins.
    for (const paper of [
      { name: "a4", width: px(210 - 12), height: px(297 - 12) },
      { name: "80mm", width: px(80 - 12), height: 1400 },
    ]) {
      await page.setViewportSize({ width: paper.width, height: paper.height });
      await page.emulateMedia({ media: "print" });
      writeFileSync(join(OUT, `receipt-${paper.name}.png`), await page.screenshot({ fullPage: true }));
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
      for (const text of ["Total", "R$ 67,90", "Troco", "R$ 2,10", "Parcelas", `Recibo · Venda nº ${shop.numero}`, "Carla Mendes"])
        expect(await receipt.getByText(text, { exact: true }).first().isVisible(), `${paper.name}: ${text}`).toBe(true);
      // Black on paper (a thermal head dithers grey), and the type sized for the paper.
      const look = await receipt.getByText("Shampoo hidratante 300 ml").evaluate((el) => {
        const style = getComputedStyle(el);
        const soft = getComputedStyle(document.querySelector("#recibo time, #recibo header p.text-fg-soft") ?? el);
        return { size: Number.parseFloat(style.fontSize), color: style.color, soft: soft.color };
      });
      expect(look.color, paper.name).toBe("rgb(0, 0, 0)");
      expect(look.soft, paper.name).toBe("rgb(0, 0, 0)");
      sizes.set(paper.name, look.size);
      const layout = await paperLayout(page, paper.width);
      expect(layout.outside, paper.name).toEqual([]);
      expect(layout.clipped, paper.name).toEqual([]);
      expect(layout.pageWidth, paper.name).toBeLessThanOrEqual(paper.width);
      await page.emulateMedia({ media: "screen" });
    }

    // 10 pt on A4, 8.5 pt on the roll (the receipt's sizes follow the paper's).
    expect(sizes.get("a4")).toBeCloseTo((10 * 96) / 72, 0);
    expect(sizes.get("80mm")).toBeCloseTo((8.5 * 96) / 72, 0);

    // Chromium's own print (print media, as a person's "Imprimir"): A4 is one page; the roll is one long page of 80 mm.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ media: "print" });
    const a4 = await page.pdf({ format: "A4" });
    writeFileSync(join(OUT, "receipt-a4.pdf"), a4);
    expect(pageCount(a4)).toBe(1);
    const roll = await page.pdf({ width: "80mm", height: "300mm" });
    writeFileSync(join(OUT, "receipt-80mm.pdf"), roll);
    expect(pageCount(roll)).toBe(1);
  });
});
