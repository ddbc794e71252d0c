/**
 * ADR 072: every organização has Caixa, Banco and Cartão a receber — created with it, and given
 * to the ones that existed before by migration 0027 (its own SQL, run here again); the ledger's
 * rows cannot be edited or removed, except by deleting the whole organização.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cashMovements, financeAccounts, organizations, users } from "../../../db/schema/index.ts";
import { recordMovement } from "../../../worker/services/finance/cash-ledger.ts";
import { accountOfKind, defaultAccountsStatement } from "../../../worker/services/finance/default-accounts.ts";
import { createHarness, createOwner, type Harness } from "../harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});

const MIGRATION = readFileSync(path.join(import.meta.dirname, "../../../migrations/0027_default_finance_accounts.sql"), "utf8");
const backfill = (MIGRATION.split("--> statement-breakpoint")[0] as string).trim();

async function bareOrg(name: string): Promise<string> {
  const [o] = await h.fresh.db.insert(organizations).values({ name, segment: "comercio" }).returning({ id: organizations.id });
  return (o as { id: string }).id;
}

async function accountsOf(orgId: string) {
  return h.fresh.db
    .select({ nome: financeAccounts.nome, tipo: financeAccounts.tipo, ativo: financeAccounts.ativo, chaves: financeAccounts.chavesBusca })
    .from(financeAccounts)
    .where(eq(financeAccounts.orgId, orgId))
    .orderBy(financeAccounts.ordem);
}

describe("default finance accounts", () => {
  it("registration creates Caixa, Banco and Cartão a receber, found by kind", async () => {
    const { orgId } = await createOwner(h, "Contas");
    expect(await accountsOf(orgId)).toEqual([
      { nome: "Banco", tipo: "banco", ativo: true, chaves: '["banco"]' },
      { nome: "Caixa", tipo: "caixa", ativo: true, chaves: '["caixa"]' },
      { nome: "Cartão a receber", tipo: "cartao", ativo: true, chaves: '["cartao a receber","a receber","receber"]' },
    ]);
    const caixa = await accountOfKind(h.fresh.db, orgId, "caixa");
    expect(caixa?.nome).toBe("Caixa");
    expect(await accountOfKind(h.fresh.db, orgId, "carteira")).toBeNull();
    // Another organização's accounts are never found.
    const other = await bareOrg("Sem contas");
    expect(await accountOfKind(h.fresh.db, other, "caixa")).toBeNull();
  });

  it("an inactive account is not where new money goes", async () => {
    const { orgId } = await createOwner(h, "Inativa");
    await h.fresh.db
      .update(financeAccounts)
      .set({ ativo: false })
      .where(and(eq(financeAccounts.orgId, orgId), eq(financeAccounts.tipo, "banco")));
    expect(await accountOfKind(h.fresh.db, orgId, "banco")).toBeNull();
  });

  it("the migration gives existing organizações the kinds they lack, once", async () => {
    const empty = await bareOrg("Antiga");
    const partial = await bareOrg("Antiga com caixa");
    await defaultAccountsStatement(h.fresh.db, partial, new Date());
    await h.fresh.db.delete(financeAccounts).where(and(eq(financeAccounts.orgId, partial), eq(financeAccounts.tipo, "banco")));
    await h.fresh.db.$client.execute(backfill);
    await h.fresh.db.$client.execute(backfill);
    for (const orgId of [empty, partial]) {
      const rows = await accountsOf(orgId);
      expect(rows.map((r) => r.tipo).sort()).toEqual(["banco", "caixa", "cartao"]);
      expect(rows.map((r) => r.nome)).toEqual(["Banco", "Caixa", "Cartão a receber"]);
    }
    const [id] = await h.fresh.db.select({ id: financeAccounts.id }).from(financeAccounts).where(eq(financeAccounts.orgId, empty));
    expect(id?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("the ledger is append-only", () => {
  it("refuses to change or delete a movement, but goes with its organização", async () => {
    const { orgId } = await createOwner(h, "Imutável");
    const [u] = await h.fresh.db.select({ id: users.id }).from(users).limit(1);
    const caixa = (await accountOfKind(h.fresh.db, orgId, "caixa"))?.id as string;
    const banco = (await accountOfKind(h.fresh.db, orgId, "banco"))?.id as string;
    const actor = { orgId, userId: u?.id as string, timeZone: "America/Sao_Paulo" };
    const { id } = await recordMovement({ db: h.fresh.db, now: new Date() }, actor, {
      contaId: caixa,
      tipo: "entrada",
      valorCentavos: 12_345,
      descricao: "Venda de balcão",
    });
    const row = eq(cashMovements.id, id);
    const refused = async (write: PromiseLike<unknown>) => {
      const error = await Promise.resolve(write).then(
        () => null,
        (e: unknown) => e,
      );
      const messages: string[] = [];
      for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message);
      expect(messages.join(" | ")).toMatch(/movimentacao_imutavel/);
    };
    await refused(h.fresh.db.update(cashMovements).set({ valorCentavos: 1 }).where(row));
    await refused(h.fresh.db.update(cashMovements).set({ contaId: banco }).where(row));
    await refused(
      h.fresh.db
        .update(cashMovements)
        .set({ ocorridoEm: new Date(0) })
        .where(row),
    );
    await refused(h.fresh.db.update(cashMovements).set({ excluidoEm: new Date() }).where(row));
    await refused(h.fresh.db.delete(cashMovements).where(row));
    // A description may still be corrected (it is not money).
    await h.fresh.db.update(cashMovements).set({ descricao: "Venda de balcão (corrigida)" }).where(row);
    // Deleting the organização takes its ledger with it.
    await h.fresh.db.delete(organizations).where(eq(organizations.id, orgId));
    expect(await h.fresh.db.select().from(cashMovements).where(row)).toEqual([]);
  });
});
