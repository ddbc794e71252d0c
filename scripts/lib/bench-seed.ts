/**
 * Volume for the benchmark: clients and companies of one organization, inserted straight into
 * the database file in large batches (tens of thousands of rows in seconds). Rows are built
 * with the app's own normalisation and search-key functions, so lists, search and totals see
 * them exactly as if they had been created through the API; the database triggers fill
 * `client_keys`, `company_keys` and `record_counts`.
 */
import { count, eq } from "drizzle-orm";
import { clientSchema } from "../../shared/resources/clients.ts";
import { companySchema } from "../../shared/resources/companies.ts";
import type { Database } from "../../db/client.ts";
import * as schema from "../../db/schema/index.ts";
import { CLIENT_ORIGINS, COMPANY_TYPES } from "../../shared/enums.ts";
import { orgScope } from "../../db/tenant.ts";
import { insertValues } from "../../worker/resources/records.ts";
import { moduleOf } from "../../worker/resources/registry.ts";
import { fakeCompany, fakePerson, pick, type Rand, rng } from "./bench-data.ts";

export interface SeedResult {
  rows: { clients: number; companies: number };
  /** An existing client of the organization (for `/clients/{id}`), when clients exist. */
  clientId?: string;
  companyId?: string;
}

const BATCH = 200;
const TAGS = ["vip", "investidor", "primeiro imóvel", "locação", "permuta", "indicação da Ana", "pós-venda"] as const;
const DAY = 86_400_000;

/** Milliseconds: spread creation over the last three years, updates after it. */
function stamps(r: Rand, now: number): { criadoEm: Date; atualizadoEm: Date } {
  const created = now - Math.floor(r() * 3 * 365 * DAY);
  return { criadoEm: new Date(created), atualizadoEm: new Date(created + Math.floor(r() * (now - created))) };
}

async function insertChunked(db: Database, inserts: (rows: object[]) => unknown, rows: object[]): Promise<void> {
  const statements = [];
  for (let i = 0; i < rows.length; i += BATCH) statements.push(inserts(rows.slice(i, i + BATCH)));
  // One transaction for the lot: file databases write fastest that way.
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's batch tuple type is not worth spelling out here
  await db.batch(statements as any);
}

export async function seedResources(
  db: Database,
  orgId: string,
  wanted: { clients: number; companies: number },
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
  log(`${companies.length} empresas em ${((performance.now() - t) / 1000).toFixed(1)} s`);

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
  log(`${clients.length} clientes gerados e validados em ${((performance.now() - t) / 1000).toFixed(1)} s`);
  t = performance.now();
  await insertChunked(db, (rows) => db.insert(schema.clients).values(rows as (typeof schema.clients.$inferInsert)[]), clients);
  log(`${clients.length} clientes gravados em ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const [nc] = await db.select({ n: count() }).from(schema.clients).where(eq(schema.clients.orgId, orgId));
  const [ne] = await db.select({ n: count() }).from(schema.companies).where(eq(schema.companies.orgId, orgId));
  return {
    rows: { clients: nc?.n ?? 0, companies: ne?.n ?? 0 },
    clientId: clients[Math.floor(clients.length / 2)]?.id,
    companyId: companies[0]?.id,
  };
}
