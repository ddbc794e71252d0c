/**
 * The service desk end to end in Chromium at 390 px (ADR 061): an appointment of today goes
 * through /atendimento — check-in, start, finish with a product consumed (its quantity edited) —
 * and the product's stock moves by a "Consumo em serviço" exit on its ledger; a no-show is one tap,
 * undone from the toast.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appointments, products, sales, stockMovements } from "../../../db/schema/index.ts";
import { axeSeriousViolations, browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";
import { seedDesk } from "./desk-seed.ts";

const f = browserFixture();

describe("/atendimento", () => {
  it("runs an appointment through check-in, start and finish with a product consumed; the stock moves", async () => {
    const { page } = f;
    const { owner, db, orgId, productId, appointmentId, missedId } = await seedDesk(f.baseURL);

    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, owner.email, owner.password);
    await page.goto("/atendimento");
    expect(await page.title()).toBe("Atendimento | Alicerce");
    await page.getByRole("heading", { level: 2, name: /Joana Manicure/ }).waitFor();
    const card = page.getByTestId("desk-appointment").filter({ hasText: "Rita Alves" });
    await card.getByText("Manicure · R$ 45,00").waitFor();
    expect(await axeSeriousViolations(page)).toEqual([]);

    await card.getByRole("button", { name: /^Chegou: Rita Alves/ }).click();
    await card.getByText(/^Chegou às \d\d:\d\d$/).waitFor();
    await page.getByTestId("desk-toast").getByText("Chegada de Rita Alves registrada.").waitFor();
    await card.getByRole("button", { name: /^Iniciar: Rita Alves/ }).click();
    await card.locator(".badge", { hasText: "Em atendimento" }).waitFor();

    await card.getByRole("link", { name: /^Finalizar: Rita Alves/ }).click();
    const dialog = page.getByRole("dialog", { name: "Finalizar atendimento de Rita Alves" });
    const quantity = dialog.getByRole("textbox", { name: /Esmalte vermelho/ });
    await quantity.waitFor();
    // Prefilled from what the service consumes (0,5 un); this time it took two.
    expect(await quantity.inputValue()).toBe("0,5");
    await quantity.fill("2");
    expect(await axeSeriousViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Paid by Pix at the desk: the appointment becomes a sale (issue 22, ADR 071).
    await dialog.getByRole("combobox", { name: "Pagamento" }).selectOption("pix");
    await dialog.getByRole("button", { name: "Concluir atendimento" }).click();
    await page
      .getByTestId("desk-toast")
      .getByText("Atendimento de Rita Alves concluído. 1 produto baixado do estoque (consumo em serviço). Venda nº 1 registrada.")
      .waitFor();
    const [sale] = await db
      .select({ total: sales.totalCentavos, agendamentoId: sales.agendamentoId })
      .from(sales)
      .where(eq(sales.orgId, orgId));
    expect(sale).toEqual({ total: 4500, agendamentoId: appointmentId });
    await card.locator(".badge", { hasText: "Concluído" }).waitFor();
    expect(await card.getByRole("button").count()).toBe(0);

    const [product] = await db.select({ estoque: products.estoque }).from(products).where(eq(products.id, productId));
    expect(product?.estoque).toBe(3);
    const moves = await db
      .select({ tipo: stockMovements.tipo, quantidade: stockMovements.quantidade })
      .from(stockMovements)
      .where(and(eq(stockMovements.orgId, orgId), eq(stockMovements.agendamentoId, appointmentId)));
    expect(moves).toEqual([{ tipo: "consumo", quantidade: -2 }]);

    // A no-show is one tap; the toast undoes it (back to pendente).
    const missed = page.getByTestId("desk-appointment").filter({ hasText: "Otávio Ausente" });
    await missed.getByRole("button", { name: /^Faltou: Otávio Ausente/ }).click();
    await missed.locator(".badge", { hasText: "Faltou" }).waitFor();
    const toast = page.getByTestId("desk-toast");
    await toast.getByText("Otávio Ausente marcado(a) como falta.").waitFor();
    await toast.getByRole("button", { name: "Desfazer" }).click();
    await toast.getByText("Desfeito: o agendamento voltou para a fila.").waitFor();
    await missed.locator(".badge", { hasText: "Pendente" }).waitFor();
    const [back] = await db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, missedId));
    expect(back?.status).toBe("pendente");

    // The product's page shows the exit on its ledger and the new stock.
    await page.goto(`/produtos/${productId}`);
    await page.getByText("Consumo em serviço").first().waitFor();
    expect((await page.getByTestId("estoque-atual").textContent())?.trim()).toBe("3 un");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
