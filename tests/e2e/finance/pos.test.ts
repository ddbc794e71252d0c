/**
 * The point of sale end to end in Chromium at 390 px (issue 22): a sale of a product and a
 * service paid by Pix (its BR Code shown), a prazo and cash with change, completed at /sales/nova;
 * the stock, the receivables and the cash balances move; the receipt cancels it and they are
 * restored. The balances are read from the ledger through the service (balancesOn) — the
 * Movimentações screen is the finance helper's and was not on main when this was written. Then a
 * sale made with the keyboard only: a barcode typed as a scanner types it (digits + Enter), +
 * on the line, F2 for the payment, F9 to conclude.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  financeAccounts,
  memberships,
  products,
  professionalServices,
  professionals,
  receivables,
  sales,
  services,
} from "../../../db/schema/index.ts";
import { pixSettingsSchema } from "../../../shared/finance/pix-settings.ts";
import { produtoSchema } from "../../../shared/resources/produtos.ts";
import { DEFAULT_TIME_ZONE, dayIn } from "../../../shared/time-zone.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { balancesOn } from "../../../worker/services/finance/cash-ledger.ts";
import { defaultAccountsStatement } from "../../../worker/services/finance/default-accounts.ts";
import { updatePixSettings } from "../../../worker/services/finance/pix-settings.ts";
import { createRegisteredUser, e2eDb, e2eServiceContext, type TestUser } from "../support/accounts.ts";
import { axeSeriousViolations, browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();
const PHONE = { width: 390, height: 844 };

interface Shop {
  owner: TestUser;
  orgId: string;
  actor: { orgId: string; userId: string; role: "owner" };
  productId: string;
  serviceId: string;
}

async function openShop(name: string, barcode: string): Promise<Shop> {
  const owner = await createRegisteredUser({ name });
  const db = e2eDb();
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
  if (!m) throw new Error("no membership");
  const orgId = m.orgId;
  const actor = { orgId, userId: owner.id, role: "owner" as const };
  const ctx = e2eServiceContext(f.baseURL);
  // Caixa, Banco and Cartão a receber, as registration creates them.
  await defaultAccountsStatement(db, orgId, new Date(), owner.id);
  const productId = String(
    (
      await createRecord(
        ctx,
        actor,
        "produtos",
        produtoSchema.parse({
          sku: "SHP-300",
          nome: "Shampoo hidratante 300 ml",
          unidade: "un",
          precoCentavos: "30,00",
          codigoBarras: barcode,
        }),
      )
    ).id,
  );
  await createRecord(ctx, actor, "movimentacoes-produtos", { produtoId: productId, tipo: "entrada", quantidade: 5 });
  const now = new Date();
  const proId = crypto.randomUUID();
  const serviceId = crypto.randomUUID();
  await db.batch([
    db
      .insert(professionals)
      .values({ id: proId, orgId, nome: "Ana Cabeleireira", ordem: "ana cabeleireira", cor: "#be185d", criadoEm: now, atualizadoEm: now }),
    db.insert(services).values({
      id: serviceId,
      orgId,
      nome: "Corte feminino",
      ordem: "corte feminino",
      duracaoMin: 45,
      precoCentavos: 8000,
      criadoEm: now,
      atualizadoEm: now,
    }),
    db.insert(professionalServices).values({ orgId, profissionalId: proId, servicoId: serviceId }),
  ]);
  await updatePixSettings(
    ctx,
    actor,
    pixSettingsSchema.parse({ pixChaveTipo: "cnpj", pixChave: "45.723.174/0001-10", pixNome: name, pixCidade: "Campinas" }),
  );
  return { owner, orgId, actor, productId, serviceId };
}

async function stockOf(productId: string): Promise<number | undefined> {
  const [row] = await e2eDb().select({ estoque: products.estoque }).from(products).where(eq(products.id, productId));
  return row?.estoque;
}

/** Caixa and Banco today, read from the ledger (no stored balance). */
async function balances(shop: Shop): Promise<{ caixa: number; banco: number }> {
  const db = e2eDb();
  const map = await balancesOn({ db, now: new Date() }, shop.actor, dayIn(new Date(), DEFAULT_TIME_ZONE));
  const accounts = await db
    .select({ id: financeAccounts.id, tipo: financeAccounts.tipo })
    .from(financeAccounts)
    .where(eq(financeAccounts.orgId, shop.orgId));
  const of = (tipo: string) => map.get(accounts.find((a) => a.tipo === tipo)?.id ?? "") ?? 0;
  return { caixa: of("caixa"), banco: of("banco") };
}

async function noSidewaysScroll(page: import("playwright-core").Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** Types in a money field and leaves it (the checkout reads a field when it is left). */
async function typeMoney(page: import("playwright-core").Page, label: string | RegExp, value: string, nth = 0): Promise<void> {
  const field = (typeof label === "string" ? page.getByLabel(label, { exact: true }) : page.getByLabel(label)).nth(nth);
  await field.fill(value);
  await field.press("Tab");
}

describe("/sales/nova (point of sale)", () => {
  it("sells a product and a service by Pix, a prazo and cash; stock, receivables and balances move; cancelling restores them", async () => {
    const { page } = f;
    const shop = await openShop("Salão Bela Vista", "7891000100103");
    await page.setViewportSize(PHONE);
    await login(page, shop.owner.email, shop.owner.password);
    await page.goto("/sales/nova");
    expect(await page.title()).toBe("Nova venda | Alicerce");
    const search = page.getByRole("combobox", { name: "Buscar produto ou serviço" });
    await search.fill("shampoo");
    await page.getByRole("option", { name: /Shampoo hidratante 300 ml/ }).waitFor();
    await search.press("Enter");
    await page.getByRole("listitem", { name: /Shampoo hidratante 300 ml, 1/ }).waitFor();
    await search.fill("corte");
    await page.getByRole("option", { name: /Corte feminino/ }).click();
    // The service proposes its professional.
    expect(await page.getByLabel("Profissional").inputValue()).not.toBe("");
    expect((await page.getByTestId("total").textContent())?.trim()).toBe("R$ 110,00");

    // Pix for 50,00: its BR Code for exactly that amount, copia e cola and QR.
    await page.getByRole("button", { name: "+ Pix" }).click();
    await typeMoney(page, "Valor", "50,00");
    const pix = page.getByTestId("pix-charge");
    await pix.getByRole("img", { name: /QR Code do Pix de R\$ 50,00/ }).waitFor();
    const code = await pix.getByLabel(/Pix copia e cola/).inputValue();
    expect(code).toContain("0014br.gov.bcb.pix0114457231740001105204000053039865405" + "50.00");
    expect(code).toMatch(/6304[0-9A-F]{4}$/);
    // A prazo 40,00 in 2 installments, the first a month from today (proposed).
    await page.getByRole("button", { name: "+ A prazo" }).click();
    await typeMoney(page, "Valor", "40,00", 1);
    await page.getByLabel("Parcelas").last().selectOption("2");
    expect(await page.getByLabel("1º vencimento").inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await page.getByText("2 parcelas de R$ 20,00.").waitFor();
    // Cash: 50,00 handed over for the 20,00 left → 30,00 change.
    expect((await page.getByTestId("falta-pagar").textContent())?.replace(/\s+/g, " ")).toContain("R$ 20,00");
    await page.getByRole("button", { name: "+ Dinheiro" }).click();
    await typeMoney(page, "Valor recebido", "50,00");
    await page.getByTestId("troco").getByText("Troco: R$ 30,00").waitFor();
    expect((await page.getByTestId("falta-pagar").textContent())?.replace(/\s+/g, " ")).toContain("R$ 0,00");
    expect(await axeSeriousViolations(page)).toEqual([]);
    await noSidewaysScroll(page);

    const before = await balances(shop);
    await page.getByRole("button", { name: /^Concluir venda/ }).click();
    await page.waitForURL(/\/sales\/[0-9a-f-]{36}$/);
    await page.getByText(/Venda nº 1 concluída: R\$ 110,00\. Troco: R\$ 30,00\./).waitFor();
    const saleId = new URL(page.url()).pathname.split("/").pop() as string;
    // The receipt: items, payments, change, installments.
    const receipt = page.locator("#recibo");
    for (const text of ["Shampoo hidratante 300 ml", "Corte feminino", "Ana Cabeleireira", "Troco", "R$ 30,00", "1/2", "2/2"])
      await receipt.getByText(text, { exact: false }).first().waitFor();
    expect(await axeSeriousViolations(page)).toEqual([]);
    await noSidewaysScroll(page);
    const whatsapp = await page.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href");
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(decodeURIComponent(whatsapp?.split("text=")[1] ?? "")).toContain("*Total: R$ 110,00*");

    // Stock 5 → 4; two receivables of 20,00; Caixa +20,00 (50 − 30 change), Banco +50,00 (Pix).
    expect(await stockOf(shop.productId)).toBe(4);
    const open = await e2eDb()
      .select({ valor: receivables.valorCentavos, status: receivables.status })
      .from(receivables)
      .where(and(eq(receivables.orgId, shop.orgId), eq(receivables.vendaId, saleId)));
    expect(open).toEqual([
      { valor: 2000, status: "aberta" },
      { valor: 2000, status: "aberta" },
    ]);
    const after = await balances(shop);
    expect(after).toEqual({ caixa: before.caixa + 2000, banco: before.banco + 5000 });

    // Cancel from the receipt: the dialog asks the reason; everything is restored.
    await page.getByRole("button", { name: "Cancelar venda" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancelar a venda nº 1?" });
    await dialog.getByRole("button", { name: "Confirmar cancelamento" }).click();
    await dialog.getByText("Diga o motivo do cancelamento").waitFor();
    await dialog.getByLabel("Motivo do cancelamento").fill("Cliente desistiu da compra");
    await dialog.getByRole("button", { name: "Confirmar cancelamento" }).click();
    await page.getByText("Venda nº 1 cancelada. Estoque, parcelas e caixa foram estornados.").waitFor();
    await page
      .locator("#recibo")
      .getByText(/VENDA CANCELADA/)
      .waitFor();
    expect(await page.getByRole("button", { name: "Cancelar venda" }).count()).toBe(0);
    expect(await stockOf(shop.productId)).toBe(5);
    const cancelled = await e2eDb()
      .select({ status: receivables.status })
      .from(receivables)
      .where(and(eq(receivables.orgId, shop.orgId), eq(receivables.vendaId, saleId)));
    expect(cancelled.map((r) => r.status)).toEqual(["cancelada", "cancelada"]);
    expect(await balances(shop)).toEqual(before);
    const [sale] = await e2eDb().select({ status: sales.status }).from(sales).where(eq(sales.id, saleId));
    expect(sale?.status).toBe("cancelada");
  });

  it("sells with the keyboard only: a scanned barcode, + on the line, F2 to pay, F9 to conclude", async () => {
    const { page } = f;
    const shop = await openShop("Mercadinho Teclado", "7891000200209");
    await page.setViewportSize(PHONE);
    await login(page, shop.owner.email, shop.owner.password);
    await page.goto("/sales/nova");
    const search = page.getByRole("combobox", { name: "Buscar produto ou serviço" });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    // A scanner types the digits and Enter at once: the product is added before any pause.
    await page.keyboard.type("7891000200209", { delay: 5 });
    await page.keyboard.press("Enter");
    await page.getByRole("listitem", { name: /Shampoo hidratante 300 ml, 1/ }).waitFor();
    // The same code again: one line of two.
    await page.keyboard.type("7891000200209", { delay: 5 });
    await page.keyboard.press("Enter");
    await page.getByRole("listitem", { name: /Shampoo hidratante 300 ml, 2/ }).waitFor();
    // ↓ to the line; + makes three.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("NumpadAdd");
    await page.getByRole("listitem", { name: /Shampoo hidratante 300 ml, 3/ }).waitFor();
    expect((await page.getByTestId("total").textContent())?.trim()).toBe("R$ 90,00");
    // F2: the payment methods; Enter on the first (Pix) pays what is left.
    await page.keyboard.press("F2");
    await page.keyboard.press("Enter");
    await page.getByTestId("pix-charge").waitFor();
    expect((await page.getByTestId("falta-pagar").textContent())?.replace(/\s+/g, " ")).toContain("R$ 0,00");
    await page.keyboard.press("F9");
    await page.waitForURL(/\/sales\/[0-9a-f-]{36}$/);
    await page.getByText(/Venda nº 1 concluída: R\$ 90,00\./).waitFor();
    expect(await stockOf(shop.productId)).toBe(2);
    const done = await e2eDb().select({ total: sales.totalCentavos }).from(sales).where(eq(sales.orgId, shop.orgId));
    expect(done).toEqual([{ total: 9000 }]);
  });

  it("a refused sale keeps the cart and says why in pt-BR; nothing is written", async () => {
    const { page } = f;
    // The refusal is the API's answer (409): the browser logs the status, on purpose.
    f.allowBrowserError(/status of 409 \(Conflict\)/);
    const shop = await openShop("Loja Recusa", "7891000300305");
    await page.setViewportSize(PHONE);
    await login(page, shop.owner.email, shop.owner.password);
    await page.goto("/sales/nova");
    const search = page.getByRole("combobox", { name: "Buscar produto ou serviço" });
    await search.fill("7891000300305");
    await search.press("Enter");
    const line = page.getByRole("listitem", { name: /Shampoo hidratante 300 ml, 1/ });
    await line.waitFor();
    // Six units when five are in stock (negative stock is off by default).
    await page.getByLabel(/Quantidade/).fill("6");
    await page.getByLabel(/Quantidade/).press("Tab");
    await page.getByRole("button", { name: "+ Dinheiro" }).click();
    await page.getByRole("button", { name: /^Concluir venda/ }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /^Estoque insuficiente de Shampoo hidratante 300 ml/ })
      .waitFor();
    expect(page.url()).toMatch(/\/sales\/nova$/);
    await page.getByRole("listitem", { name: /Shampoo hidratante 300 ml, 6/ }).waitFor();
    expect(await e2eDb().select({ id: sales.id }).from(sales).where(eq(sales.orgId, shop.orgId))).toEqual([]);
    expect(await stockOf(shop.productId)).toBe(5);
  });
});
