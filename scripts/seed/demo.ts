import { count, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { hashPassword } from "../../worker/auth/password.ts";
import { digest, randomToken } from "../../worker/auth/tokens.ts";
import { INVITE_TTL_MS } from "../../worker/services/account/lifetimes.ts";
import type { ResourceModule } from "../../worker/resources/define.ts";
import { insertValues } from "../../worker/resources/records.ts";
import { moduleOf } from "../../worker/resources/registry.ts";
import { DomainError } from "../../worker/services/context.ts";
import { defaultAccountsStatement } from "../../worker/services/finance/default-accounts.ts";
import { setPropertyPortal } from "../../worker/services/real-estate/property-portal.ts";
import type { Database } from "../../db/client.ts";
import { authTokens, memberships, organizations, socialConnections, users } from "../../db/schema/index.ts";
import { type OrgScope, orgScope } from "../../db/tenant.ts";
import { DEMO_LOGIN, DEMO_PEOPLE, type DemoPerson } from "../../shared/demo-accounts.ts";
import { demoClients, demoCompanies, demoProducts, demoStockMovements } from "./demo-data.ts";
import { seedDemoLeads } from "./demo-leads.ts";
import { seedDemoInterests } from "./demo-interests.ts";
import { seedContext, seedDemoLanding } from "./demo-landing.ts";
import { seedDemoPhotos } from "./demo-photos.ts";
import { seedDemoComments } from "./demo-comments.ts";
import { seedDemoPosts } from "./demo-posts.ts";
import { seedDemoBrand, seedMissingDemoBrand } from "./demo-brand.ts";
import { seedDemoAiContent, seedMissingDemoAiContent } from "./demo-ai-content.ts";
import { seedDemoArtPosts, seedMissingDemoArtPosts } from "./demo-art-posts.ts";
import type { DemoAdoption } from "./demo-social.ts";
import { seedDemoProperties } from "./demo-properties.ts";
import { seedDemoPix } from "./demo-pix.ts";
import { seedDemoOrders } from "./demo-orders.ts";
import { seedDemoAgenda, seedMissingDemoAgenda } from "./demo-agenda.ts";
import {
  seedDemoDocuments,
  seedDemoExpenseDocuments,
  seedDemoSaleDocuments,
  seedMissingDemoDocuments,
  seedMissingDemoExpenseDocuments,
  seedMissingDemoSaleDocuments,
} from "./demo-documents.ts";
import { seedDemoReportFiles, seedMissingDemoReportFiles } from "./demo-report-files.ts";
import { seedDemoDeskSales } from "./demo-desk-sales.ts";
import { seedDemoSales, seedMissingDemoSales } from "./demo-sales.ts";
import { seedDemoFinance, seedMissingDemoFinance } from "./demo-finance.ts";
import { type DemoSocialOptions, type DemoSocialResult, seedDemoSocial } from "./demo-social.ts";

/**
 * Invites the team page shows as pending: one live, one expired (its link would offer to ask
 * again). Their links were never e-mailed: only the digest of a random token is stored.
 */
export const DEMO_INVITES: readonly (DemoPerson & { sentDaysAgo: number })[] = [
  { name: "Marina Tavares Rocha", email: "marina.rocha@gmail.com", role: "staff", sentDaysAgo: 2 },
  { name: "Diego Martins Pereira", email: "diego.corretor@outlook.com", role: "professional", sentDaysAgo: 9 },
];

export const DEMO_ORGANIZATION = {
  name: "Imobiliária Horizonte",
  segment: "imobiliaria",
  // Valid CNPJ check digits (45.723.174/0001-10); stored as digits, formatted by the UI.
  document: "45723174000110",
  creci: "J-28471",
  whatsapp: "11987654321",
  email: "contato@imobiliariahorizonte.com.br",
  cep: "05422030",
  street: "Rua dos Pinheiros",
  number: "870",
  complement: "Conjunto 42",
  district: "Pinheiros",
  city: "São Paulo",
  uf: "SP",
  description: "Imobiliária de bairro em Pinheiros: venda e locação de apartamentos e casas na Zona Oeste de São Paulo.",
} as const;

/** True when the database has no users yet (a fresh install). */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

const DAY = 86_400_000;

/** A record row through the registry's own write path (derived columns, search keys), dated `at`. */
function row(mod: ResourceModule, scope: OrgScope, input: unknown, by: string, at: Date): Record<string, unknown> {
  const parsed = mod.definition.schema.parse(input) as Record<string, unknown>;
  return insertValues(mod, scope, parsed, by, at);
}

function chunked<T>(list: readonly T[], size = 100): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * The living business: empresas, clientes, produtos and a stock history around `now`, from the
 * deterministic pt-BR generators in demo-data.ts, written through the same column mapping as the
 * app (so search keys, counts, totals and the stock are the database's own). Movements go in
 * time order: the ledger's triggers keep each product's stock and refuse a negative one.
 */
async function seedBusiness(
  db: Database,
  orgId: string,
  people: { id: string; email: string }[],
  now: Date,
): Promise<{ clientIds: string[]; companyIds: string[] }> {
  const scope = orgScope(db, orgId);
  const owner = people[0]?.id as string;
  const byEmail = new Map(people.map((p) => [p.email, p.id]));
  const ms = now.getTime();
  const companies = moduleOf("companies");
  const clients = moduleOf("clients");
  const products = moduleOf("produtos");
  const ledger = moduleOf("movimentacoes-produtos");

  const companyRows = demoCompanies().map(({ key, ...input }, i) => ({
    key,
    values: row(companies, scope, input, owner, new Date(ms - (400 - i * 17) * DAY)),
  }));
  const companyId = new Map(companyRows.map((c) => [c.key, c.values.id as string]));
  const clientRows = demoClients().map(({ empresaKey, ...input }, i) =>
    row(
      clients,
      scope,
      { ...input, empresaId: empresaKey ? companyId.get(empresaKey) : undefined },
      people[i % 3]?.id ?? owner,
      new Date(ms - (360 - i * 5.5) * DAY - (i % 7) * 3_600_000),
    ),
  );
  const productRows = demoProducts().map(({ fornecedorKey, ...input }, i) => ({
    sku: input.sku,
    values: row(
      products,
      scope,
      { ...input, fornecedorId: fornecedorKey ? companyId.get(fornecedorKey) : undefined },
      owner,
      new Date(ms - (130 - (i % 5)) * DAY),
    ),
  }));
  const productId = new Map(productRows.map((p) => [p.sku, p.values.id as string]));
  const movementRows = demoStockMovements(now).map(({ produtoSku, porEmail, ...input }) =>
    row(ledger, scope, { ...input, produtoId: productId.get(produtoSku) }, byEmail.get(porEmail) ?? owner, new Date(input.ocorridoEm)),
  );
  const statements: BatchItem<"sqlite">[] = [
    db.insert(companies.table).values(companyRows.map((c) => c.values) as never),
    ...chunked(clientRows).map((rows) => db.insert(clients.table).values(rows as never)),
    ...chunked(productRows.map((p) => p.values)).map((rows) => db.insert(products.table).values(rows as never)),
    // One row per statement: each SQL value (cost, sort key) reads its product, and order matters to the stock.
    ...movementRows.map((values) => db.insert(ledger.table).values(values as never)),
  ];
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return { clientIds: clientRows.map((r) => r.id as string), companyIds: companyRows.map((c) => c.values.id as string) };
}

/** Marks the demo's listings meant for the portals through the same service as the Portal tab (ready ones only). */
async function markForPortals(db: Database, orgId: string, ownerId: string, ids: string[], now: Date): Promise<void> {
  const ctx = seedContext(db, now);
  const actor = { orgId, userId: ownerId, role: "owner" as const };
  for (const id of ids) {
    await setPropertyPortal(ctx, actor, id, true).catch((error: unknown) => {
      // Not ready for the portals (a rule unmet): left unmarked, as the Portal tab would.
      if (!(error instanceof DomainError)) throw error;
    });
  }
}

export interface DemoSeedOptions {
  /** The social side (connected demo Page and Instagram, posts): needs the key that seals its tokens. */
  social?: DemoSocialOptions;
}

/**
 * Inserts the demo organization, its four members and its business (one batch each).
 * Hashing runs once: every demo member shares the demo password.
 */
export async function seedDemo(
  db: Database,
  now = new Date(),
  options: DemoSeedOptions = {},
): Promise<{ orgId: string; login: typeof DEMO_LOGIN; social?: DemoSocialResult }> {
  const passwordHash = hashPassword(DEMO_LOGIN.password);
  const orgId = crypto.randomUUID();
  const people = DEMO_PEOPLE.map((p) => ({ ...p, id: crypto.randomUUID() }));
  await db.batch([
    db.insert(organizations).values({ id: orgId, ...DEMO_ORGANIZATION, createdAt: now, updatedAt: now }),
    db.insert(users).values(
      people.map((p) => ({
        id: p.id,
        name: p.name,
        email: p.email,
        passwordHash,
        emailVerifiedAt: now,
        termsAcceptedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    ),
    db.insert(memberships).values(people.map((p) => ({ orgId, userId: p.id, role: p.role, createdAt: now, updatedAt: now }))),
    // Caixa, Banco and Cartão a receber, as registration creates them (ADR 072).
    defaultAccountsStatement(db, orgId, now, people[0]?.id ?? null),
    db.insert(authTokens).values(
      await Promise.all(
        DEMO_INVITES.map(async (invite) => ({
          id: await digest(randomToken()),
          purpose: "invite" as const,
          email: invite.email,
          name: invite.name,
          role: invite.role,
          orgId,
          invitedBy: people[0]?.id ?? null,
          createdAt: new Date(now.getTime() - invite.sentDaysAgo * DAY),
          expiresAt: new Date(now.getTime() - invite.sentDaysAgo * DAY + INVITE_TTL_MS),
        })),
      ),
    ),
  ]);
  const refs = await seedBusiness(db, orgId, people, now);
  // The brand (/cores), its style references and the AI token limit: what the generated posts are made with.
  await seedDemoBrand(db, orgId, people[0]?.id as string, now);
  // Real estate: imóveis (and drafts), their photos, then the landing page that features them.
  const { propertyIds, draftIds, portalIds } = await seedDemoProperties(db, orgId, people, refs, now);
  await seedDemoPhotos(db, null, orgId, [...propertyIds, ...draftIds.slice(-1)]);
  await markForPortals(db, orgId, people[0]?.id as string, portalIds, now);
  // Buyers and tenants: interests in every etapa, visits and match alerts over those listings.
  await seedDemoInterests(db, orgId, people, { clientIds: refs.clientIds, propertyIds }, now);
  // Documentos (ADR 074): contratos, RG, comprovantes on clients, matrículas and laudos on imóveis; some expiring, one expired.
  await seedDemoDocuments(db, orgId, people[0]?.id as string, { clientIds: refs.clientIds, propertyIds }, now);
  // The leads that opened the interests from outside, and one possible match waiting for an answer.
  await seedDemoLeads(db, orgId, now);
  await seedDemoLanding(db, orgId, people[0]?.id as string, propertyIds, now);
  // Social: the demo Page and Instagram account, a month published, two weeks scheduled (over the listings' photos).
  const social = options.social ? await seedDemoSocial(db, orgId, options.social, now) : undefined;
  // Carousels made as /gerar-postagem makes them, their art in the demo brand (ADR 056 amendment); Meta holds those that went out.
  if (social && options.social) {
    const art = await seedDemoArtPosts(db, orgId, { accounts: social.accounts, options: options.social }, now);
    social.adoption.media.push(...art.media);
    social.adoption.posts.push(...art.posts);
  }
  // What buyers asked under the published listings (Meta's webhooks record them): a post's page shows them.
  if (social) await seedDemoComments(db, orgId, now);
  // Posts in the works (Rascunhos): after the accounts, so they go to the demo Page and Instagram.
  await seedDemoPosts(db, orgId, people, propertyIds, now);
  // /ai-content: past free generations and this month's plan of ideas, in drafts on the calendar.
  await seedDemoAiContent(db, orgId, people[0]?.id as string, now);
  // The agenda (ADR 066): hours, professionals (one signs in), services, a month behind and two weeks ahead, today's desk.
  // Last, so the professional who signs in is not among the real-estate team the other seeds share work with.
  await seedDemoAgenda(db, orgId, now, passwordHash);
  // Pix at checkout (issue 22): the business's CNPJ key, so a Pix payment at /sales/nova shows its QR.
  await seedDemoPix(db, orgId, people[0]?.id as string, now);
  // Vendas (ADR 071): three months through the sale transaction, over the agenda's services and the products.
  await seedDemoSales(db, orgId, now);
  // The service desk's charges (ADR 078): the last two weeks' finished appointments, paid as at the counter.
  await seedDemoDeskSales(db, orgId, now);
  // The newest sales' notas fiscais (Documentos on the receipt).
  await seedDemoSaleDocuments(db, orgId, people[0]?.id as string, now);
  // Pedidos (ADR 073): the shop's orders in every status of the pipeline, over the products and services above.
  await seedDemoOrders(
    db,
    orgId,
    { ownerId: people[0]?.id as string, staffId: (people.find((p) => p.role === "staff") ?? people[0])?.id as string },
    refs.clientIds,
    now,
  );
  // Money (ADR 072): three months of bills, receivables, deposits and card settlements across Caixa and Banco.
  await seedDemoFinance(db, orgId, people[0]?.id as string, now);
  // Two bills carry their boleto and conta (the despesa's Documentos card).
  await seedDemoExpenseDocuments(db, orgId, people[0]?.id as string, now);
  // Report files (ADR 086): a few exports and last month's summary on /relatorios (built when the Worker is up).
  await seedDemoReportFiles(db, orgId, people[0]?.id as string, now);
  return { orgId, login: DEMO_LOGIN, ...(social ? { social } : {}) };
}

/**
 * A demo database seeded before the social side existed gets it on the next `npm start` (the
 * demo organização, found by its CNPJ, without any social connection). Null: nothing to add.
 */
export async function seedMissingDemoSocial(db: Database, options: DemoSocialOptions, now = new Date()): Promise<DemoSocialResult | null> {
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.document, DEMO_ORGANIZATION.document));
  if (!org) return null;
  const [connected] = await db.select({ n: count() }).from(socialConnections).where(eq(socialConnections.orgId, org.id));
  if ((connected?.n ?? 0) > 0) return null;
  return seedDemoSocial(db, org.id, options, now);
}

/** The demo's brand, references and AI limit for a demo database seeded before they existed (false: nothing added). */
export function seedMissingDemoBrandOf(db: Database, now = new Date()): Promise<boolean> {
  return seedMissingDemoBrand(db, DEMO_ORGANIZATION.document, now);
}

/** The demo's generations and month plan in drafts for a demo database seeded before /ai-content existed (false: nothing added). */
export function seedMissingDemoAiContentOf(db: Database, now = new Date()): Promise<boolean> {
  return seedMissingDemoAiContent(db, DEMO_ORGANIZATION.document, now);
}

/** The generated carousels for a demo database seeded before they existed (null: nothing added); the stand-in adopts what went out. */
export function seedMissingDemoArtPostsOf(db: Database, options: DemoSocialOptions, now = new Date()): Promise<DemoAdoption | null> {
  return seedMissingDemoArtPosts(db, DEMO_ORGANIZATION.document, options, now);
}

/** The demo's agenda for a demo database seeded before it existed (false: nothing added). */
export function seedMissingDemoAgendaOf(db: Database, now = new Date()): Promise<boolean> {
  return seedMissingDemoAgenda(db, DEMO_ORGANIZATION.document, now);
}

/** The demo's report files for a demo database seeded before they existed (false: nothing added). */
export function seedMissingDemoReportFilesOf(db: Database, now = new Date()): Promise<boolean> {
  return seedMissingDemoReportFiles(db, DEMO_ORGANIZATION.document, now);
}

/** The demo's documents for a demo database seeded before Documentos existed (false: nothing added). */
export function seedMissingDemoDocumentsOf(db: Database, now = new Date()): Promise<boolean> {
  return seedMissingDemoDocuments(db, DEMO_ORGANIZATION.document, now);
}

/** The newest sales' notas fiscais for a demo database seeded before sales carried documents (false: nothing added). */
export function seedMissingDemoSaleDocumentsOf(db: Database, now = new Date()): Promise<boolean> {
  return seedMissingDemoSaleDocuments(db, DEMO_ORGANIZATION.document, now);
}

/** The bills' documents for a demo database seeded before bills carried them (false: nothing added). */
export function seedMissingDemoExpenseDocumentsOf(db: Database, now = new Date()): Promise<boolean> {
  return seedMissingDemoExpenseDocuments(db, DEMO_ORGANIZATION.document, now);
}

/** The demo's three months of sales for a demo database seeded before they existed (false: nothing added). */
export function seedMissingDemoSalesOf(db: Database, now = new Date()): Promise<boolean> {
  return seedMissingDemoSales(db, DEMO_ORGANIZATION.document, now);
}

/** The demo's money (bills, receivables, the ledger) for a demo database seeded before it existed (false: nothing added). */
export function seedMissingDemoFinanceOf(db: Database, now = new Date()): Promise<boolean> {
  return seedMissingDemoFinance(
    db,
    DEMO_ORGANIZATION.document,
    async (orgId) => {
      const [owner] = await db
        .select({ id: memberships.userId })
        .from(memberships)
        .where(orgScope(db, orgId).where(memberships, eq(memberships.role, "owner")))
        .limit(1);
      return owner?.id ?? null;
    },
    now,
  );
}
