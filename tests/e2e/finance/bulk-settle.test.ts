/**
 * Bulk "Marcar como pago" on /contas end to end in Chromium (ADR 076), at 390 px and with the
 * keyboard: two overdue bills ticked → the confirmation names them and their sum → paid from the
 * Caixa, whose balance on /movimentacoes/saldos moves by exactly that sum; a selection holding a
 * bill already paid is refused in pt-BR and changes nothing. No page scrolls sideways.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { dayIn } from "../../../shared/time-zone.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { recordMovement } from "../../../worker/services/finance/cash-ledger.ts";
import { e2eServiceContext } from "../support/accounts.ts";
import { browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";
import { brl, closing, noSidewaysScroll, ownerWithAccounts } from "./money-pages.ts";

const f = browserFixture();

/** Ticks a row's checkbox with the keyboard (focus, Space). */
async function tick(page: Page, title: string): Promise<void> {
  await page.getByRole("checkbox", { name: `Selecionar ${title}` }).focus();
  await page.keyboard.press("Space");
}

describe("despesas pagas em lote", () => {
  it("pays two overdue bills at once and refuses a selection with a paid one", async () => {
    const { owner, caixa, actor } = await ownerWithAccounts("Rita Contas");
    const now = new Date();
    const ctx = e2eServiceContext(f.baseURL);
    await recordMovement(ctx, actor, { contaId: caixa, tipo: "saldo_inicial", valorCentavos: 2_000_00, descricao: "Saldo inicial" });
    const day = (daysAgo: number) => dayIn(new Date(now.getTime() - daysAgo * 86_400_000), "America/Sao_Paulo");
    const bill = (descricao: string, valorCentavos: number, daysAgo: number) =>
      createRecord(ctx, actor, "despesas", { descricao, categoria: "Energia elétrica", valorCentavos, vencimento: day(daysAgo) });
    await bill("Conta de luz", 24590, 3);
    await bill("Internet da loja", 12990, 2);
    await bill("Aluguel da sala", 150000, 1);

    const page = f.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, owner.email, owner.password);
    expect(await closing(page, "Caixa")).toBe(brl(2_000_00));

    await page.goto("/contas?f.vencidas=sim");
    await tick(page, "Conta de luz");
    await tick(page, "Internet da loja");
    await expect.poll(() => page.getByText("2 selecionados").count()).toBe(1);
    await page.getByRole("button", { name: "Marcar como pago" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: "Marcar 2 despesas como pagas?" });
    await expect.poll(() => dialog.count()).toBe(1);
    expect((await dialog.textContent())?.replace(/\s/g, " ")).toContain(`Total: ${brl(24590 + 12990)}`);
    expect(await dialog.getByRole("listitem").allTextContents()).toEqual(["Conta de luz", "Internet da loja"]);
    await noSidewaysScroll(page);
    await page.getByLabel("Conta de onde saiu").selectOption({ label: "Caixa" });
    await page.getByLabel("Forma de pagamento").selectOption({ label: "Pix" });
    await page.getByRole("button", { name: "Confirmar pagamento" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("2 despesas marcadas como pagas.").count()).toBeGreaterThan(0);
    expect(await closing(page, "Caixa")).toBe(brl(2_000_00 - 24590 - 12990));

    // One already paid in the selection: refused in pt-BR (409), nothing changed (the open one stays open).
    f.allowBrowserError(/status of 409 \(Conflict\)/);
    await page.goto("/contas");
    await tick(page, "Conta de luz");
    await tick(page, "Aluguel da sala");
    await page.getByRole("button", { name: "Marcar como pago" }).click();
    await page.getByLabel("Conta de onde saiu").selectOption({ label: "Caixa" });
    await page.getByRole("button", { name: "Confirmar pagamento" }).click();
    await expect
      .poll(() => page.getByText(/Já está paga: Conta de luz \(\d\d\/\d\d\)\. Desmarque ela e tente de novo; nada foi alterado\./).count())
      .toBe(1);
    await noSidewaysScroll(page);
    expect(await closing(page, "Caixa")).toBe(brl(2_000_00 - 24590 - 12990));
    await page.goto("/contas?f.status=aberta");
    await expect.poll(() => page.getByRole("checkbox", { name: "Selecionar Aluguel da sala" }).count()).toBe(1);
  }, 120_000);
});
