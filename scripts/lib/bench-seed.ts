/**
 * Volume for the benchmark: companies, clients, products and the stock ledger of one
 * organization, inserted straight into the database file in large multi-row batches. Rows go
 * through each module's schema and the registry's own `insertValues`, so lists, search and
 * totals see them exactly as if they had been created through the API; the database triggers
 * fill the search keys, `record_counts`, `record_totals` and each product's stock — and refuse
 * a movement that would take a product below zero, so each ledger is generated in time order
 * (scripts/lib/bench-stock.ts).
 */
import { and, count, eq, isNull } from "drizzle-orm";
import { clientSchema } from "../../shared/resources/clients.ts";
import { companySchema } from "../../shared/resources/companies.ts";
import { movimentacaoProdutoSchema } from "../../shared/resources/movimentacoes-produtos.ts";
import { produtoSchema } from "../../shared/resources/produtos.ts";
import type { Database } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";
import { CLIENT_ORIGINS, COMPANY_TYPES } from "../../shared/enums.ts";
import { orgScope } from "../../db/tenant.ts";
import { insertValues } from "../../worker/resources/records.ts";
import { moduleOf } from "../../worker/resources/registry.ts";
import { fakeCompany, fakePerson, pick, type Rand, rng } from "./bench-data.ts";
import { fakeLedger, fakeProduct, ledgerSizes, type MovementInput } from "./bench-stock.ts";

export interface SeedVolume {
  clients: number;
  companies: number;
  products: number;
  movements: number;
}

export interface SeedResult {
  /** Live rows of the organization after seeding (the demo's own records included). */
  rows: SeedVolume;
  /** An existing client of the organization (for `/clients/{id}`), when clients exist. */
  clientId?: string;
  companyId?: string;
  /** A seeded product whose ledger has the median length (for `/produtos/{id}`). */
  productId?: string;
  /** How many movements that product has. */
  productLedger?: number;
  /** Seconds each part of the seed took (generation and validation included). */
  seconds: Record<string, number>;
}

const BATCH = 200;
const TAGS = ["vip", "investidor", "primeiro imóvel", "locação", "permuta", "indicação da Ana", "pós-venda"] as const;
const DAY = 86_400_000;

/** Milliseconds: spread creation over the last three years, updates after it. */
function stamps(r: Rand, now: number): { criadoEm: Date; atualizadoEm: Date } {
  const created = now - Math.floor(r() * 3 * 365 * DAY);
  return { criadoEm: new Date(created), atualizadoEm: new Date(created + Math.floor(r() * (now - created))) };
}

async function insertChunked(db: Database, inserts: (rows: object[]) => unknown, rows: object[], batch = BATCH): Promise<void> {
  const statements = [];
  for (let i = 0; i < rows.length; i += batch) statements.push(inserts(rows.slice(i, i + batch)));
  // One transaction for the lot: file databases write fastest that way.
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's batch tuple type is not worth spelling out here
  await db.batch(statements as any);
}

export async function seedResources(
  db: Database,
  orgId: string,
  wanted: SeedVolume,
  log: (msg: string) => void = () => {},
): Promise<SeedResult> {
  const [owner] = await db
    .select({ userId: schema.memberships.userId })
    .from(schema.memberships)
    .where(eq(schema.memberships.orgId, orgId))
    .limit(1);
  const by = owner?.userId ?? null;
  const scope = orgScope(db, orgId);
  const now = Date.now();
  // A bigger page cache speeds up the index and trigger writes of a bulk load.
  await db.$client.execute("PRAGMA cache_size=-262144");

  // Companies first: some clients point at one. Each row goes through the app's own schema
  // (so it is valid input) and the records layer's column mapping (normalised sort name,
  // search keys), exactly as a create through the API would store it.
  const seconds: Record<string, number> = {};
  const lap = (part: string, since: number) => {
    seconds[part] = Math.round((performance.now() - since) / 100) / 10;
    return seconds[part];
  };
  let t = performance.now();
  const rc = rng(2026);
  const companies = Array.from({ length: wanted.companies }, (_, i) => {
    const c = fakeCompany(rc, i);
    const input = companySchema.parse({
      tipo: pick(rc, COMPANY_TYPES),
      cnpj: c.cnpj,
      razaoSocial: c.legalName,
      nomeFantasia: c.tradeName,
      inscricaoEstadual: rc() < 0.5 ? String(100_000_000 + Math.floor(rc() * 899_999_999)) : "",
      email: c.email,
      telefone: c.phone,
      site: c.site,
      cep: c.cep,
      rua: c.street,
      numero: c.number,
      bairro: c.district,
      cidade: c.city,
      uf: c.uf,
      observacoes: rc() < 0.2 ? "Contato preferencial pelo WhatsApp do comercial." : "",
    });
    return { ...insertValues(moduleOf("companies"), scope, input, by, new Date(now)), ...stamps(rc, now) };
  });
  await insertChunked(db, (rows) => db.insert(schema.companies).values(rows as (typeof schema.companies.$inferInsert)[]), companies);
  log(`${companies.length} empresas em ${lap("companies", t)} s`);

  t = performance.now();
  const r = rng(1964);
  const clients = Array.from({ length: wanted.clients }, (_, i) => {
    const p = fakePerson(r, i);
    const pj = r() < 0.12;
    const company = pj ? fakeCompany(r, i) : undefined;
    const phones = [{ numero: p.phone, whatsapp: r() < 0.8, rotulo: "Celular" }];
    if (r() < 0.25) phones.push({ numero: `${p.phone.slice(0, 2)}3${p.phone.slice(4)}`, whatsapp: false, rotulo: "Fixo" });
    const consent = r() < 0.7;
    const input = clientSchema.parse({
      tipo: pj ? "pj" : "pf",
      nome: company ? company.legalName : p.name,
      documento: company ? company.cnpj : r() < 0.9 ? p.cpf : "",
      email: r() < 0.85 ? p.email : "",
      telefones: phones,
      aniversario: pj ? "" : p.birthday.toISOString().slice(0, 10),
      cep: p.cep,
      rua: p.street,
      numero: p.number,
      complemento: r() < 0.3 ? `Apto ${1 + Math.floor(r() * 200)}` : "",
      bairro: p.district,
      cidade: p.city,
      uf: p.uf,
      tags: TAGS.filter(() => r() < 0.12),
      origem: r() < 0.9 ? pick(r, CLIENT_ORIGINS) : "",
      observacoes: r() < 0.15 ? "Procura apartamento de 2 dormitórios perto do metrô." : "",
      consentimentoLgpd: consent,
      empresaId: !pj && r() < 0.1 ? pick(r, companies).id : "",
    });
    const when = stamps(r, now);
    return { ...insertValues(moduleOf("clients"), scope, input, by, when.criadoEm), ...when };
  });
  log(`${clients.length} clientes gerados e validados em ${lap("clients_generate", t)} s`);
  t = performance.now();
  await insertChunked(db, (rows) => db.insert(schema.clients).values(rows as (typeof schema.clients.$inferInsert)[]), clients);
  log(`${clients.length} clientes gravados em ${lap("clients_insert", t)} s`);

  const stock = await seedStock(db, scope, by, wanted, companies, now, log, lap);

  const live = async (table: typeof schema.clients | typeof schema.companies | typeof schema.products | typeof schema.stockMovements) =>
    (
      await db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.orgId, orgId), isNull(table.excluidoEm)))
    )[0]?.n ?? 0;
  return {
    rows: {
      clients: await live(schema.clients),
      companies: await live(schema.companies),
      products: await live(schema.products),
      movements: await live(schema.stockMovements),
    },
    clientId: clients[Math.floor(clients.length / 2)]?.id,
    companyId: companies[0]?.id,
    ...stock,
    seconds,
  };
}

/**
 * Products (60% with a supplier among `companies`) and their ledgers. Each product is created
 * between three years and a month ago; its movements fall between its creation and now, and go
 * in in global time order — so each product's own movements arrive in order and the stock
 * trigger never sees a balance below zero. Multi-row INSERTs: the triggers still run per row.
 */
async function seedStock(
  db: Database,
  scope: ReturnType<typeof orgScope>,
  by: string | null,
  wanted: SeedVolume,
  companies: { id: string }[],
  now: number,
  log: (msg: string) => void,
  lap: (part: string, since: number) => number,
): Promise<{ productId?: string; productLedger?: number }> {
  if (wanted.products === 0) return {};
  let t = performance.now();
  const r = rng(4242);
  const produtos = moduleOf("produtos");
  const ledger = moduleOf("movimentacoes-produtos");
  const made: { id: string; kind: number; custoCentavos: number; ordem: string; created: number }[] = [];
  const products = Array.from({ length: wanted.products }, (_, i) => {
    const { kind, ...p } = fakeProduct(r, i);
    const input = produtoSchema.parse({ ...p, fornecedorId: companies.length && r() < 0.6 ? pick(r, companies).id : "" });
    const created = now - 30 * DAY - Math.floor(r() * (3 * 365 - 30) * DAY);
    const values = insertValues(produtos, scope, input, by, new Date(created));
    made.push({
      id: values.id,
      kind,
      custoCentavos: input.custoCentavos,
      ordem: String((values as Record<string, unknown>).ordem),
      created,
    });
    return { ...values, atualizadoEm: new Date(created + Math.floor(r() * (now - created))) };
  });
  await insertChunked(db, (rows) => db.insert(schema.products).values(rows as (typeof schema.products.$inferInsert)[]), products);
  log(`${products.length} produtos em ${lap("products", t)} s`);

  t = performance.now();
  const sizes = ledgerSizes(r, made.length, wanted.movements);
  const moves: MovementInput[] = [];
  made.forEach((p, index) => {
    for (const m of fakeLedger(r, { index, kind: p.kind, custoCentavos: p.custoCentavos }, sizes[index] as number, p.created, now - 60_000))
      moves.push(m);
  });
  moves.sort((a, b) => a.at - b.at);
  const movements = moves.map(({ produtoIndex, at, ...m }) => {
    const product = made[produtoIndex] as (typeof made)[number];
    const input = movimentacaoProdutoSchema.parse({ ...m, produtoId: product.id, ocorridoEm: new Date(at).toISOString() });
    const values = insertValues(ledger, scope, input, by, new Date(at));
    // The module computes two columns with a subquery on the product (its cost when none was
    // typed; its sort name). Here they are the literals those subqueries return: 500 rows of
    // scalar subqueries in one INSERT made the load about three times slower.
    const cost = input.custoUnitarioCentavos ?? product.custoCentavos;
    return { ...values, valorCentavos: Math.round(Math.abs(input.quantidade) * cost), ordem: product.ordem };
  });
  log(`${movements.length} movimentações geradas e validadas em ${lap("movements_generate", t)} s`);
  t = performance.now();
  await insertChunked(
    db,
    (rows) => db.insert(schema.stockMovements).values(rows as (typeof schema.stockMovements.$inferInsert)[]),
    movements,
    500,
  );
  log(`${movements.length} movimentações gravadas em ${lap("movements_insert", t)} s`);

  // The product page of a typical product: the median ledger length.
  const median = [...sizes].sort((a, b) => a - b)[Math.floor(sizes.length / 2)] as number;
  const typical = sizes.indexOf(median);
  return { productId: made[typical]?.id, productLedger: median };
}
