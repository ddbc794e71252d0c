/**
 * Despesas and the cash ledger end to end in Chromium (issue 22, ADR 072), at 390 px and with the
 * keyboard: an overdue bill marked paid from the Caixa moves the Caixa's balance on
 * /movimentacoes/saldos by exactly its amount; undoing it (after a confirmation) restores it; a
 * transfer moves money from the Caixa to the Banco. No page scrolls sideways.
 */
import { describe, expect, it } from "vitest";
import { dayIn } from "../../../shared/time-zone.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { recordMovement } from "../../../worker/services/finance/cash-ledger.ts";
import { e2eServiceContext } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { login } from "../support/pages.ts";
import { brl, closing, noSidewaysScroll, ownerWithAccounts } from "./money-pages.ts";

const f = browserFixture();

describe("despesa paga move o caixa", () => {
  it("marks paid, undoes and transfers, with the keyboard at 390 px", async () => {
    const { owner, caixa, actor } = await ownerWithAccounts("Marta Financeiro");
    const now = new Date();
    const ctx = e2eServiceContext(f.baseURL);
    await recordMovement(ctx, actor, { contaId: caixa, tipo: "saldo_inicial", valorCentavos: 1_000_00, descricao: "Saldo inicial" });
    const yesterday = dayIn(new Date(now.getTime() - 86_400_000), "America/Sao_Paulo");
    const { id } = await createRecord(ctx, actor, "despesas", {
      descricao: "Conta de luz",
      categoria: "Energia elétrica",
      valorCentavos: 24590,
      vencimento: yesterday,
    });

    const page = f.page;
    await page.setViewportSize({ width: 390, height: 844 });
    await login(page, owner.email, owner.password);
    expect(await closing(page, "Caixa")).toBe(brl(1_000_00));
    await noSidewaysScroll(page);

    await page.goto(`/contas/${id}`);
    await expect.poll(() => page.getByText(/Vencida em/).count()).toBe(1);
    await noSidewaysScroll(page);
    await page.getByLabel("Conta de onde saiu").selectOption({ label: "Caixa" });
    await page.getByRole("button", { name: "Marcar como paga" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("Despesa marcada como paga.").count()).toBeGreaterThan(0);
    expect(await closing(page, "Caixa")).toBe(brl(1_000_00 - 24590));

    await page.goto(`/contas/${id}`);
    await page.getByRole("link", { name: "Desfazer pagamento" }).focus();
    await page.keyboard.press("Enter");
    await waitForPath(page, `/contas/${id}`);
    await page.getByRole("button", { name: "Sim, desfazer pagamento" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("Pagamento desfeito: a despesa voltou a ficar em aberto.").count()).toBeGreaterThan(0);
    expect(await closing(page, "Caixa")).toBe(brl(1_000_00));

    await page.getByLabel("De", { exact: true }).last().selectOption({ label: "Caixa" });
    await page.getByLabel("Para", { exact: true }).selectOption({ label: "Banco" });
    await page.getByLabel("Valor").fill("100,00");
    await page.getByRole("button", { name: "Transferir" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("Transferência registrada.").count()).toBeGreaterThan(0);
    expect(await closing(page, "Caixa")).toBe(brl(900_00));
    expect(await closing(page, "Banco")).toBe(brl(100_00));
    await noSidewaysScroll(page);
    await page.goto("/movimentacoes");
    await noSidewaysScroll(page);
  }, 120_000);
});
