import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { memberships } from "../../../db/schema/index.ts";
import { accountOfKind, defaultAccountsStatement } from "../../../worker/services/finance/default-accounts.ts";
import { createRegisteredUser, e2eDb } from "../support/accounts.ts";
import { pageOverflow } from "../support/layout-checks.ts";

/** The money e2e tests' shared steps: an owner with the default accounts, and the balances page read as shown. */

/** A new owner whose organização has Caixa, Banco and Cartão a receber; the Caixa's id and an actor for the services. */
export async function ownerWithAccounts(name: string) {
  const owner = await createRegisteredUser({ name });
  const db = e2eDb();
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
  const orgId = m?.orgId as string;
  await defaultAccountsStatement(db, orgId, new Date(), owner.id);
  const caixa = (await accountOfKind(db, orgId, "caixa"))?.id as string;
  const actor = { orgId, userId: owner.id, role: "owner" as const, timeZone: "America/Sao_Paulo" };
  return { owner, orgId, caixa, actor };
}

/** The "Saldo final" of an account on the balances page, as shown ("R$ 1.234,56"). */
export async function closing(page: Page, account: string): Promise<string> {
  await page.goto("/movimentacoes/saldos");
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: account }) });
  return ((await row.getByRole("cell").nth(3).textContent()) ?? "").replace(/\s/g, " ").trim();
}

export const brl = (centavos: number) =>
  new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(centavos / 100).replace(/\s/g, " ");

export async function noSidewaysScroll(page: Page): Promise<void> {
  expect(await pageOverflow(page), page.url()).toBeUndefined();
}
