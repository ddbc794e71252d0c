/**
 * Charging at the desk like at the counter (ADR 078), in Chromium at 390 px: finishing Rita's
 * manicure, the person opens the full charge, sells a nail polish, gives 10% off, splits the
 * R$ 63,00 into Pix and dinheiro with change — one write: the sale, the money in each account net
 * of the change, the product's "venda" exit beside the service's consumption.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cashMovements, financeAccounts, products, sales, stockMovements } from "../../../db/schema/index.ts";
import { axeSeriousViolations, browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";
import { seedDesk } from "./desk-seed.ts";

const f = browserFixture();

describe("/atendimento charge", () => {
  it("finishes with a product sold, a discount and Pix + dinheiro with change, in one write", async () => {
    const { page } = f;
    const { owner, db, orgId, productId, appointmentId } = await seedDesk(f.baseURL);
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, owner.email, owner.password);
    // The finish panel lives in the URL (ADR 061): a bookmark or the back button opens it.
    await page.goto(`/atendimento?finalizar=${appointmentId}`);
    const card = page.getByTestId("desk-appointment").filter({ hasText: "Rita Alves" });
    const dialog = page.getByRole("dialog", { name: "Finalizar atendimento de Rita Alves" });
    await dialog.getByRole("button", { name: "Dividir, troco, parcelas ou desconto" }).click();
    // The button is gone: the focus lands on the charge's heading, not on the page's body.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("cobranca-titulo");

    await dialog.getByRole("combobox", { name: "Vender produto" }).selectOption({ label: "Esmalte vermelho · R$ 25,00" });
    await dialog.getByRole("button", { name: "Adicionar à venda" }).click();
    await dialog.getByRole("list", { name: "Produtos vendidos" }).getByText("Esmalte vermelho").waitFor();
    await dialog.getByRole("textbox", { name: "Desconto no total (R$ ou %)" }).fill("10%");
    await dialog.getByRole("textbox", { name: "Desconto no total (R$ ou %)" }).press("Tab");
    await expect.poll(() => dialog.getByTestId("total").textContent()).toMatch(/^R\$\s63,00$/);

    await dialog.getByRole("button", { name: "+ Pix" }).click();
    const pix = dialog.getByRole("textbox", { name: "Valor", exact: true });
    await pix.fill("20,00");
    await pix.press("Tab");
    await dialog.getByRole("button", { name: "+ Dinheiro" }).click();
    const cash = dialog.getByRole("textbox", { name: "Valor recebido" });
    // The new payment proposes what is still to pay; the client hands over R$ 50.
    expect(await cash.inputValue()).toBe("43,00");
    await cash.fill("50,00");
    await cash.press("Tab");
    await expect.poll(() => dialog.getByTestId("troco").textContent()).toMatch(/^Troco: R\$\s7,00$/);
    await expect.poll(() => dialog.getByTestId("falta-pagar").textContent()).toMatch(/R\$\s0,00$/);
    expect(await axeSeriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await dialog.getByRole("button", { name: /^Concluir e cobrar R\$\s63,00$/ }).click();
    await page
      .getByTestId("desk-toast")
      .getByText(
        /^Atendimento de Rita Alves concluído\. 1 produto baixado do estoque \(consumo em serviço\)\. Venda nº 1 registrada\. Troco: R\$\s7,00\.$/,
      )
      .waitFor();
    await card.locator(".badge", { hasText: "Concluído" }).waitFor();

    const [sale] = await db.select().from(sales).where(eq(sales.orgId, orgId));
    expect(sale).toMatchObject({ agendamentoId: appointmentId, totalCentavos: 6_300, trocoCentavos: 700 });
    const moves = await db
      .select({ tipo: financeAccounts.tipo, forma: cashMovements.forma, valor: cashMovements.valorCentavos })
      .from(cashMovements)
      .innerJoin(financeAccounts, eq(financeAccounts.id, cashMovements.contaId))
      .where(eq(cashMovements.vendaId, sale?.id as string));
    expect(moves.sort((a, b) => a.valor - b.valor)).toEqual([
      { tipo: "banco", forma: "pix", valor: 2_000 },
      { tipo: "caixa", forma: "dinheiro", valor: 4_300 },
    ]);
    const exits = await db
      .select({ tipo: stockMovements.tipo, quantidade: stockMovements.quantidade })
      .from(stockMovements)
      .where(and(eq(stockMovements.orgId, orgId), eq(stockMovements.produtoId, productId)));
    expect(exits.filter((m) => m.tipo !== "entrada").sort((a, b) => a.quantidade - b.quantidade)).toEqual([
      { tipo: "venda", quantidade: -1 },
      { tipo: "consumo", quantidade: -0.5 },
    ]);
    const [product] = await db.select({ estoque: products.estoque }).from(products).where(eq(products.id, productId));
    expect(product?.estoque).toBe(3.5);
  });
});
