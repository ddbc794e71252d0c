/**
 * Pedidos end to end in Chromium on a 390 px phone (ADR 073), as a counter uses them: a delivery
 * order for a walk-in with a product from the catalogue and the fee, priced on the page; on the
 * board it moves to "Em preparo" by keyboard (→) and to "Pronto" with its "Mover para…" menu,
 * keyboard only; cancelling asks first, then the order is cancelado with its history; the page
 * never scrolls sideways. Then a walk-in's order with a service line and its professional becomes
 * a sale through "Gerar venda": her name reaches the point of sale, the sale and its receipt, and
 * the professional's commission is written.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  commissions,
  memberships,
  orders,
  orderStatusChanges,
  professionalServices,
  professionals,
  sales,
  services,
} from "../../../db/schema/index.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { defaultAccountsStatement } from "../../../worker/services/finance/default-accounts.ts";
import { createRegisteredUser, e2eDb, e2eServiceContext } from "../support/accounts.ts";
import { browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();

async function noSidewaysScroll(page: typeof f.page): Promise<void> {
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.inner);
}

describe("pedidos", () => {
  it("create a delivery order on a phone, move it on the board by keyboard, cancel it with confirmation", async () => {
    const { page } = f;
    const owner = await createRegisteredUser({ name: "Rita Campos" });
    const db = e2eDb();
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
    if (!m) throw new Error("no membership");
    const actor = { orgId: m.orgId, userId: owner.id, role: "owner" as const };
    const ctx = e2eServiceContext(f.baseURL);
    const product = await createRecord(ctx, actor, "produtos", {
      sku: "BOLO-CEN",
      nome: "Bolo de cenoura",
      unidade: "un",
      precoCentavos: 4500,
    });

    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, owner.email, owner.password);
    await page.goto(`${f.baseURL}/orders/create`);
    await page.getByLabel("Nome de quem pediu", { exact: true }).fill("Dona Cida");
    await page.getByLabel("Telefone", { exact: true }).fill("11987654321");
    await page.getByLabel("Adicionar produto ou serviço").selectOption(`produto:${product.id}`);
    const quantity = page.getByLabel("Quantidade", { exact: true });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("inputmode"))).toBe("decimal");
    await quantity.fill("2");
    await page.getByLabel("Entrega", { exact: true }).selectOption("entrega");
    await page.getByLabel("Rua", { exact: true }).fill("Rua das Flores");
    await page.getByLabel("Número", { exact: true }).fill("120");
    await page.getByLabel("Bairro", { exact: true }).fill("Centro");
    await page.getByLabel("Cidade", { exact: true }).fill("Campinas");
    await page.getByLabel("UF", { exact: true }).selectOption("SP");
    await page.getByLabel("Taxa de entrega", { exact: true }).pressSequentially("8,00");
    await page.getByLabel("Para quando", { exact: true }).fill("2026-12-24T10:00");
    expect(await page.getByText("Itens: R$ 90,00").count()).toBe(1);
    await noSidewaysScroll(page);
    await page.getByRole("button", { name: "Salvar pedido" }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) as string;
    expect(await page.locator("[data-order-total]").textContent()).toBe("R$ 98,00");
    await noSidewaysScroll(page);
    const [saved] = await db.select().from(orders).where(eq(orders.id, id));
    expect(saved).toMatchObject({ numero: 1, status: "novo", totalCentavos: 9800, contatoNome: "Dona Cida", entrega: "entrega" });

    // The board: → moves the focused card to "Em preparo".
    await page.goto(`${f.baseURL}/orders?vista=quadro`);
    const card = page.locator(`[data-status="novo"] [data-card="${id}"]`);
    await card.waitFor();
    await noSidewaysScroll(page);
    await card.focus();
    await page.keyboard.press("ArrowRight");
    await page.locator(`[data-status="em_preparo"] [data-card="${id}"]`).waitFor();
    await expect.poll(async () => (await db.select().from(orders).where(eq(orders.id, id)))[0]?.status).toBe("em_preparo");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-card"))).toBe(id);

    // "Mover para…", keyboard only: only the pipeline's moves are offered.
    const menuButton = page.locator(`[data-card="${id}"]`).getByRole("button", { name: "Mover para… (pedido nº 1)" });
    await menuButton.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu", { name: "Mover pedido nº 1 para" });
    await menu.waitFor();
    expect(await menu.getByRole("menuitem").allTextContents()).toEqual(["Pronto", "Novo", "Cancelado"]);
    await page.keyboard.press("Enter");
    await page.locator(`[data-status="pronto"] [data-card="${id}"]`).waitFor();
    await expect.poll(async () => (await db.select().from(orders).where(eq(orders.id, id)))[0]?.status).toBe("pronto");

    // Cancel: asked first; "Voltar" changes nothing, "Confirmar cancelamento" cancels.
    await page.locator(`[data-card="${id}"]`).getByRole("button", { name: "Mover para… (pedido nº 1)" }).click();
    await page.getByRole("menuitem", { name: "Cancelado" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancelar o Pedido nº 1 (Dona Cida)?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Voltar" }).click();
    await dialog.waitFor({ state: "detached" });
    expect((await db.select().from(orders).where(eq(orders.id, id)))[0]?.status).toBe("pronto");
    await page.locator(`[data-card="${id}"]`).getByRole("button", { name: "Mover para… (pedido nº 1)" }).click();
    await page.getByRole("menuitem", { name: "Cancelado" }).click();
    await dialog.getByRole("button", { name: "Confirmar cancelamento" }).click();
    await page.locator(`[data-status="cancelado"] [data-card="${id}"]`).waitFor();
    await expect.poll(async () => (await db.select().from(orders).where(eq(orders.id, id)))[0]?.status).toBe("cancelado");
    const history = await db.select().from(orderStatusChanges).where(eq(orderStatusChanges.pedidoId, id));
    expect(history.map((c) => c.para).sort()).toEqual(["cancelado", "em_preparo", "novo", "pronto"]);

    // The order's page shows the history; a cancelled order offers neither edit nor sale.
    await page.goto(`${f.baseURL}/orders/${id}`);
    await page.getByRole("heading", { name: "Histórico" }).waitFor();
    expect(await page.getByText("Pronto → Cancelado").count()).toBe(1);
    expect(await page.getByRole("link", { name: "Gerar venda" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Editar" }).count()).toBe(0);
    await noSidewaysScroll(page);
  });

  it("a walk-in's order with a service and its professional becomes her sale through Gerar venda", async () => {
    const { page } = f;
    const owner = await createRegisteredUser({ name: "Lia Prado" });
    const db = e2eDb();
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
    if (!m) throw new Error("no membership");
    const orgId = m.orgId;
    await defaultAccountsStatement(db, orgId, new Date(), owner.id);
    const now = new Date();
    const [ana, bia, corte] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    await db.batch([
      db
        .insert(professionals)
        .values({ id: ana, orgId, nome: "Ana Cabeleireira", ordem: "ana cabeleireira", cor: "#be185d", criadoEm: now, atualizadoEm: now }),
      db
        .insert(professionals)
        .values({ id: bia, orgId, nome: "Bia Manicure", ordem: "bia manicure", cor: "#0f766e", criadoEm: now, atualizadoEm: now }),
      db.insert(services).values({
        id: corte,
        orgId,
        nome: "Corte feminino",
        ordem: "corte feminino",
        duracaoMin: 45,
        precoCentavos: 8000,
        comissaoTipo: "percentual",
        comissaoValor: 4000,
        criadoEm: now,
        atualizadoEm: now,
      }),
      db.insert(professionalServices).values({ orgId, profissionalId: ana, servicoId: corte }),
    ]);

    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, owner.email, owner.password);
    await page.goto(`${f.baseURL}/orders/create`);
    await page.getByLabel("Nome de quem pediu", { exact: true }).fill("Dona Cida");
    await page.getByLabel("Telefone", { exact: true }).fill("11987654321");
    await page.getByLabel("Adicionar produto ou serviço").selectOption(`servico:${corte}`);
    // Only who performs the service is offered (Bia does not).
    const professional = page.getByLabel(/^Profissional/);
    expect(await professional.locator("option").allTextContents()).toEqual(["Ainda não definido", "Ana Cabeleireira"]);
    await professional.selectOption(ana);
    await page.getByLabel("Para quando", { exact: true }).fill("2026-12-24T10:00");
    await noSidewaysScroll(page);
    await page.getByRole("button", { name: "Salvar pedido" }).click();
    await page.waitForURL(/\/orders\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) as string;
    await page.getByText("Profissional: Ana Cabeleireira").waitFor();

    await page.getByRole("link", { name: "Gerar venda" }).click();
    await page.waitForURL(/\/sales\/nova\?pedido=/);
    const name = page.getByLabel("Nome do cliente", { exact: true });
    await expect.poll(() => name.inputValue()).toBe("Dona Cida");
    await noSidewaysScroll(page);
    await page.getByRole("button", { name: "+ Dinheiro" }).click();
    await page.getByRole("button", { name: /^Concluir venda/ }).click();
    await page.waitForURL(/\/sales\/[0-9a-f-]{36}$/);
    await page.getByText("Cliente: Dona Cida").waitFor();
    await noSidewaysScroll(page);
    const [sale] = await db.select().from(sales).where(eq(sales.pedidoId, id));
    expect(sale).toMatchObject({ contatoNome: "Dona Cida", contatoTelefone: "11987654321", clienteId: null, totalCentavos: 8000 });
    const earned = await db
      .select()
      .from(commissions)
      .where(eq(commissions.vendaId, sale?.id as string));
    expect(earned.map((c) => [c.profissionalId, c.valorCentavos])).toEqual([[ana, 3200]]);
  });
});
