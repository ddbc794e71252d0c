/**
 * A sale's documents end to end in Chromium on a phone (390 px): on the receipt, the Documentos
 * card sends a file linked to the sale (its type starting as "Nota fiscal"), lists it at once, and
 * its "Ver todos" opens the Documentos list filtered to that sale — a chip naming "Venda nº N",
 * only that sale's documents — and the chip's × clears the filter.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documents } from "../../../db/schema/index.ts";
import { documentoSchema } from "../../../shared/resources/documentos.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { e2eDb, e2eServiceContext } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture } from "../support/browser.ts";
import { pageOverflow } from "../support/layout-checks.ts";
import { login } from "../support/pages.ts";
import { shopWithSale } from "../support/sale-fixtures.ts";
import { pdfFile } from "../../unit/document-files/samples.ts";

const f = browserFixture();

describe("a sale's documents", () => {
  it("attaches a nota fiscal on the receipt, and Ver todos opens the list filtered to the sale with its chip", async () => {
    const shop = await shopWithSale(f.baseURL, "Loja Notas Fiscais");
    // A document not linked to the sale: the filtered list must leave it out.
    await createRecord(
      e2eServiceContext(f.baseURL),
      shop.actor,
      "documentos",
      documentoSchema.parse({
        titulo: "Contrato social",
        tipo: "contrato",
        nomeArquivo: "contrato-social.pdf",
        arquivo: `data:application/pdf;base64,${Buffer.from(pdfFile()).toString("base64")}`,
      }),
    );
    const page = f.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, shop.owner.email, shop.owner.password);
    await page.goto(`/sales/${shop.saleId}`);
    const card = page.locator("section", { has: page.getByRole("heading", { name: "Documentos", exact: true, level: 2 }) });
    await card.getByText("Nenhum documento vinculado ainda.").waitFor();
    await card.getByText(`Vinculados a Venda nº ${shop.numero}.`).waitFor();

    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      card.getByRole("button", { name: "Escolher arquivos" }).click(),
    ]);
    await chooser.setFiles([{ name: "NFC-e 000123.pdf", mimeType: "application/pdf", buffer: Buffer.from(pdfFile()) }]);
    const row = card.getByTestId("document-file");
    expect(await row.getByLabel("Tipo").inputValue()).toBe("nota_fiscal");
    expect(await pageOverflow(page)).toBeUndefined();
    await card.getByRole("button", { name: "Enviar 1 arquivo" }).click();
    await row.getByText("Enviado.").waitFor();

    // Stored linked to the sale; the card lists it once the page revalidates.
    const db = e2eDb();
    const linked = await db
      .select()
      .from(documents)
      .where(and(eq(documents.orgId, shop.orgId), isNotNull(documents.vendaId)));
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ vendaId: shop.saleId, tipo: "nota_fiscal", titulo: "NFC-e 000123", nomeArquivo: "NFC-e 000123.pdf" });
    const listed = card.getByRole("list", { name: "Documentos vinculados" });
    await listed.getByRole("link", { name: "NFC-e 000123" }).waitFor();
    expect(await axeSeriousViolations(page)).toEqual([]);
    expect(await pageOverflow(page)).toBeUndefined();

    // "Ver todos": the list filtered to this sale, with a chip naming it.
    await card.getByRole("link", { name: /Ver todos/ }).click();
    await page.waitForURL(`**/documents?f.venda=${shop.saleId}`);
    const chips = page.getByRole("list", { name: "Filtros ativos" });
    const chip = chips.getByRole("link", { name: `Remover filtro Venda nº ${shop.numero}` });
    await chip.waitFor();
    await page.getByRole("link", { name: "NFC-e 000123" }).first().waitFor();
    expect(await page.getByRole("link", { name: "Contrato social" }).count()).toBe(0);
    expect(await pageOverflow(page)).toBeUndefined();
    expect(await axeSeriousViolations(page)).toEqual([]);

    // The search finds it by the file's name too (the list's own search, kept with the filter).
    await page.goto(`/documents?q=000123`);
    await page.getByRole("link", { name: "NFC-e 000123" }).first().waitFor();
    expect(await page.getByRole("link", { name: "Contrato social" }).count()).toBe(0);

    // Clearing the chip shows every document again.
    await page.goto(`/documents?f.venda=${shop.saleId}`);
    await page
      .getByRole("list", { name: "Filtros ativos" })
      .getByRole("link", { name: `Remover filtro Venda nº ${shop.numero}` })
      .click();
    await page.getByRole("link", { name: "Contrato social" }).first().waitFor();
    expect(new URL(page.url()).searchParams.get("f.venda")).toBeNull();
  });
});
