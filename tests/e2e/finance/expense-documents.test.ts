/**
 * A bill's documents end to end in Chromium on a phone (390 px): on the despesa's page the
 * Documentos card sends the boleto linked to the bill (its type starting as "Comprovante"), lists
 * it at once, its page previews the PDF in the page and "Baixar" gives the same bytes; "Ver todos"
 * opens the Documentos list filtered to the bill.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { documents } from "../../../db/schema/index.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { e2eDb, e2eServiceContext } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";
import { pdfFile } from "../../unit/document-files/samples.ts";
import { noSidewaysScroll, ownerWithAccounts } from "./money-pages.ts";

const f = browserFixture();

describe("os documentos de uma despesa", () => {
  it("attaches the boleto on the bill's page, lists it, previews and downloads it", async () => {
    const { owner, orgId, actor } = await ownerWithAccounts("Clara Boletos");
    const { id } = await createRecord(e2eServiceContext(f.baseURL), actor, "despesas", {
      descricao: "Aluguel da loja",
      categoria: "Aluguel e condomínio",
      valorCentavos: 320000,
      vencimento: dayIn(new Date(), "America/Sao_Paulo"),
    });
    const page = f.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, owner.email, owner.password);
    await page.goto(`/contas/${id}`);
    const card = page.locator("section", { has: page.getByRole("heading", { name: "Documentos", exact: true, level: 2 }) });
    await card.getByText("Nenhum documento vinculado ainda.").waitFor();
    await card.getByText("Vinculados a Despesa: Aluguel da loja.").waitFor();

    const pdf = Buffer.from(pdfFile());
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      card.getByRole("button", { name: "Escolher arquivos" }).click(),
    ]);
    await chooser.setFiles([{ name: "Boleto aluguel.pdf", mimeType: "application/pdf", buffer: pdf }]);
    const row = card.getByTestId("document-file");
    expect(await row.getByLabel("Tipo").inputValue()).toBe("comprovante");
    await noSidewaysScroll(page);
    await card.getByRole("button", { name: "Enviar 1 arquivo" }).click();
    await row.getByText("Enviado.").waitFor();

    const linked = await e2eDb()
      .select()
      .from(documents)
      .where(and(eq(documents.orgId, orgId), isNotNull(documents.despesaId)));
    expect(linked).toHaveLength(1);
    expect(linked[0]).toMatchObject({ despesaId: id, tipo: "comprovante", nomeArquivo: "Boleto aluguel.pdf" });
    const doc = linked[0]?.id as string;
    const listed = card.getByRole("list", { name: "Documentos vinculados" });
    await listed.getByRole("link", { name: "Boleto aluguel" }).waitFor();
    expect(await axeSeriousViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    // Its page previews the PDF in the page; "Baixar" gives the same bytes.
    await listed.getByRole("link", { name: "Boleto aluguel" }).click();
    await page.waitForURL(`**/documents/${doc}`);
    const src = (await page.getByTestId("document-preview").getAttribute("src")) as string;
    expect(src).toMatch(new RegExp(`^/documents/file/${doc}\\?d=inline&exp=\\d+&sig=`));
    const inline = await page.request.get(src);
    expect([inline.status(), inline.headers()["content-type"]]).toEqual([200, "application/pdf"]);
    expect(Buffer.from(await inline.body()).equals(pdf)).toBe(true);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("document-download").first().click()]);
    expect(download.suggestedFilename()).toBe("Boleto aluguel.pdf");
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
    expect(Buffer.concat(chunks).equals(pdf)).toBe(true);

    // "Ver todos": the Documentos list filtered to this bill.
    await page.goto(`/contas/${id}`);
    await card.getByRole("link", { name: /Ver todos/ }).click();
    await page.waitForURL(`**/documents?f.despesa=${id}`);
    await page
      .getByRole("list", { name: "Filtros ativos" })
      .getByRole("link", { name: "Remover filtro Despesa: Aluguel da loja" })
      .waitFor();
    await page.getByRole("link", { name: "Boleto aluguel" }).first().waitFor();
  }, 120_000);
});
