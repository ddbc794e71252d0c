import { and, eq, isNull } from "drizzle-orm";
import { expect } from "vitest";
import { businessSettings, financeAccounts, products } from "../../../db/schema/index.ts";
import type { SaleDraft } from "../../../shared/finance/sale-draft.ts";
import { sortKey } from "../../../shared/search.ts";
import type { TimeZone } from "../../../shared/time-zone.ts";
import type { Actor, ServiceContext } from "../../../worker/services/context.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { insertProfessional, insertService, type ServiceFixture } from "../agenda/desk-fixtures.ts";
import { createOwner, type Harness, userId } from "../harness.ts";
import { api } from "../records.ts";
import { digestOf, digestSql } from "../../support/db-snapshot.ts";

/**
 * A shop for the sales transaction's tests (ADR 071): an owner, its three accounts (the finance
 * screens create them with the organização; created here only when missing), a product with
 * stock, a service with a 40% commission and its professional, and a client.
 */

export interface Shop {
  owner: Actor;
  cookie: string;
  caixa: string;
  banco: string;
  cartao: string;
  shampoo: string;
  corte: ServiceFixture;
  ana: string;
  client: string;
}

async function accountOf(h: Harness, orgId: string, tipo: "caixa" | "banco" | "cartao", nome: string): Promise<string> {
  const fa = financeAccounts;
  const [found] = await h.fresh.db
    .select({ id: fa.id })
    .from(fa)
    .where(and(eq(fa.orgId, orgId), eq(fa.tipo, tipo), isNull(fa.excluidoEm), eq(fa.ativo, true)));
  if (found) return found.id;
  const [made] = await h.fresh.db
    .insert(fa)
    .values({ orgId, nome, ordem: sortKey(nome), tipo })
    .returning({ id: fa.id });
  return (made as { id: string }).id;
}

export async function createdId(h: Harness, cookie: string, path: string, body: Record<string, unknown>): Promise<string> {
  const res = await api<{ data: { id: string } }>(h, cookie, "POST", path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.id;
}

export async function createShop(h: Harness, name: string, zone: TimeZone = "America/Manaus", stock = 5): Promise<Shop> {
  const o = await createOwner(h, name);
  await h.fresh.db.insert(businessSettings).values({ orgId: o.orgId, fusoHorario: zone }).onConflictDoNothing();
  const owner: Actor = { orgId: o.orgId, userId: (await userId(h, o.email)) as string, role: "owner", timeZone: zone };
  const shampoo = await createdId(h, o.cookie, "/api/produtos", {
    sku: "SHP-1",
    nome: "Shampoo profissional",
    unidade: "un",
    precoCentavos: 3000,
  });
  if (stock > 0) await createdId(h, o.cookie, "/api/movimentacoes-produtos", { produtoId: shampoo, tipo: "entrada", quantidade: stock });
  return {
    owner,
    cookie: o.cookie,
    caixa: await accountOf(h, o.orgId, "caixa", "Caixa"),
    banco: await accountOf(h, o.orgId, "banco", "Banco"),
    cartao: await accountOf(h, o.orgId, "cartao", "Cartão a receber"),
    shampoo,
    corte: await insertService(h, o.orgId, { nome: "Corte", precoCentavos: 8000, comissaoTipo: "percentual", comissaoValor: 4000 }),
    ana: await insertProfessional(h, o.orgId, { nome: "Ana Lima" }),
    client: await createdId(h, o.cookie, "/api/clients", { tipo: "pf", nome: "Carla Mendes", email: "carla@exemplo.com.br" }),
  };
}

export async function stockOf(h: Harness, id: string): Promise<number> {
  const [row] = await h.fresh.db.select({ estoque: products.estoque }).from(products).where(eq(products.id, id));
  return row?.estoque ?? Number.NaN;
}

/** A draft of one product line (no professional), paid in full by Pix. */
export function productDraft(shop: Shop, quantityMilli = 1000, unitPriceCentavos = 3000): SaleDraft {
  const total = Math.round((unitPriceCentavos * quantityMilli) / 1000);
  return {
    draftId: crypto.randomUUID(),
    items: [{ productId: shop.shampoo, quantityMilli, unitPriceCentavos }],
    payments: [{ method: "pix", amountCentavos: total }],
    expectedTotalCentavos: total,
  };
}

export function at(ctx: ServiceContext, iso: string): ServiceContext {
  return { ...ctx, now: new Date(iso) };
}

export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

/** Every table's rows, hashed byte for byte (quote() of every column), in one batch. */
export async function digestAll(h: Harness): Promise<Record<string, string>> {
  const client = h.fresh.db.$client;
  const tables = (
    await client.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
  ).rows.map((r) => String(r.name));
  const columns = await client.batch(
    tables.map((t) => `SELECT name FROM pragma_table_info('${t}')`),
    "read",
  );
  const digests = await client.batch(
    tables.map((t, i) =>
      digestSql(
        `SELECT * FROM "${t}"`,
        (columns[i]?.rows ?? []).map((r) => String(r.name)),
      ),
    ),
    "read",
  );
  return Object.fromEntries(tables.map((t, i) => [t, `${digests[i]?.rows[0]?.n}:${digestOf(digests[i]?.rows[0] as { body?: unknown })}`]));
}

/**
 * Runs `write` with a test trigger that RAISEs on `event` of `table` (a fault midway through a
 * batch), drops it whatever happens, and expects the write to have failed with that fault.
 */
export async function failingAt(h: Harness, table: string, event: "INSERT" | "UPDATE", write: () => Promise<unknown>): Promise<void> {
  const client = h.fresh.db.$client;
  await client.execute(`CREATE TRIGGER test_fault BEFORE ${event} ON ${table} BEGIN SELECT RAISE(ABORT, 'falha_injetada'); END`);
  try {
    const error = await write().then(
      () => null,
      (e: unknown) => e,
    );
    expect(String((error as Error)?.cause ?? error)).toContain("falha_injetada");
  } finally {
    await client.execute("DROP TRIGGER test_fault");
  }
}
