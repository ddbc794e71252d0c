import { count, desc, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { clients, documents, expenses, memberships, organizations, properties, sales } from "../../db/schema/index.ts";
import { orgScope } from "../../db/tenant.ts";
import { FILE_KIND } from "../../shared/document-files/file-kinds.ts";
import { documentStorageKey } from "../../shared/document-files/storage-key.ts";
import { addDays } from "../../shared/documents/expiry.ts";
import type { DocumentType } from "../../shared/enums/documents.ts";
import { searchKeys, sortKey } from "../../shared/search.ts";
import { DEFAULT_TIME_ZONE, dayIn } from "../../shared/time-zone.ts";
import { demoCardPng, demoPdf } from "./demo-document-files.ts";

/**
 * Documentos in the demo (ADR 074): contratos, matrículas, RG/CPF, comprovantes, laudos on the
 * demo's clients and imóveis, some expiring within 30 days and one expired, so /documents, the
 * client's timeline, the imóvel's card and the dashboard's warning list show something on a fresh
 * install. The rows are seeded with the database (Node, no R2); `npm start` puts the files into the
 * local R2 once the Worker is up (`putDemoDocumentFiles`), as the demo's generated art. Ids, keys
 * and bytes are deterministic; expiry days are counted from the seed's day. The newest concluded
 * sales carry their nota fiscal (seeded after the sales, `seedDemoSaleDocuments`), so a receipt's
 * Documentos card and the list filtered by a sale show one; two bills (the shop's rent and the
 * electricity) carry their boleto and conta (after the money, `seedDemoExpenseDocuments`).
 */

type Link = { client: number } | { property: number } | { sale: number } | { expense: number } | null;

interface DemoDocument {
  n: number;
  titulo: (name: string) => string;
  tipo: DocumentType;
  formato: "pdf" | "png";
  arquivo: string;
  /** Days from the seed's day to the last valid day; null: does not expire. */
  vence: number | null;
  link: Link;
  /** The PDF's lines (the name filled in), or the card's colour. */
  lines?: (name: string) => string[];
  rgb?: readonly [number, number, number];
}

const PLAN: readonly DemoDocument[] = [
  {
    n: 1,
    titulo: (name) => `Contrato de locação — ${name}`,
    tipo: "contrato",
    formato: "pdf",
    arquivo: "contrato-locacao.pdf",
    vence: 20,
    link: { client: 0 },
    lines: (name) => [`Locatário: ${name}`, "Prazo: 30 meses, reajuste anual pelo IPCA.", "Assinado pelas partes e por duas testemunhas."],
  },
  {
    n: 2,
    titulo: (name) => `RG — ${name}`,
    tipo: "rg_cpf",
    formato: "png",
    arquivo: "rg-frente.png",
    vence: null,
    link: { client: 0 },
    rgb: [38, 99, 163],
  },
  {
    n: 3,
    titulo: (name) => `Comprovante de residência — ${name}`,
    tipo: "comprovante",
    formato: "pdf",
    arquivo: "comprovante-residencia.pdf",
    vence: -5,
    link: { client: 1 },
    lines: (name) => [
      `Titular: ${name}`,
      "Conta de energia elétrica — referência do trimestre passado.",
      "Válido por 90 dias para cadastro.",
    ],
  },
  {
    n: 4,
    titulo: (name) => `Matrícula atualizada — ${name}`,
    tipo: "matricula",
    formato: "pdf",
    arquivo: "certidao-matricula.pdf",
    vence: 12,
    link: { property: 0 },
    lines: (name) => [
      `Imóvel: ${name}`,
      "Certidão de inteiro teor com ônus reais.",
      "Cartório de Registro de Imóveis — validade de 30 dias.",
    ],
  },
  {
    n: 5,
    titulo: (name) => `Laudo de vistoria — ${name}`,
    tipo: "laudo",
    formato: "pdf",
    arquivo: "laudo-vistoria.pdf",
    vence: 200,
    link: { property: 1 },
    lines: (name) => [`Imóvel: ${name}`, "Vistoria de entrada com 48 fotos e descrição por cômodo.", "Sem avarias estruturais."],
  },
  {
    n: 6,
    titulo: (name) => `Autorização de venda com exclusividade — ${name}`,
    tipo: "contrato",
    formato: "pdf",
    arquivo: "autorizacao-venda.pdf",
    vence: 75,
    link: { property: 2 },
    lines: (name) => [`Imóvel: ${name}`, "Exclusividade de 120 dias; comissão de 6% sobre o valor de venda."],
  },
  {
    n: 7,
    titulo: (name) => `CNH — ${name}`,
    tipo: "rg_cpf",
    formato: "png",
    arquivo: "cnh.png",
    vence: 410,
    link: { client: 2 },
    rgb: [46, 125, 50],
  },
  {
    n: 8,
    titulo: (name) => `Certidão negativa de débitos — ${name}`,
    tipo: "comprovante",
    formato: "pdf",
    arquivo: "certidao-negativa.pdf",
    vence: 26,
    link: { client: 3 },
    lines: (name) => [`Nome: ${name}`, "Certidão negativa de débitos trabalhistas e tributos federais."],
  },
  {
    n: 9,
    titulo: () => "Nota fiscal — anúncios nos portais",
    tipo: "nota_fiscal",
    formato: "pdf",
    arquivo: "nf-portais.pdf",
    vence: null,
    link: null,
    lines: () => ["Serviço: destaque de anúncios no mês.", "Valor: R$ 489,90."],
  },
  ...[0, 1, 2].map(
    (k): DemoDocument => ({
      n: 10 + k,
      titulo: (name) => `Nota fiscal — ${name}`,
      tipo: "nota_fiscal",
      formato: "pdf",
      arquivo: `nfce-venda-${k + 1}.pdf`,
      vence: null,
      link: { sale: k },
      lines: (name) => [
        `Nota fiscal de consumidor eletrônica (NFC-e) referente à ${name}.`,
        "Emitida pelo sistema da Sefaz; cópia guardada.",
      ],
    }),
  ),
  {
    n: 13,
    titulo: (name) => `Boleto — ${name}`,
    tipo: "comprovante",
    formato: "pdf",
    arquivo: "boleto-aluguel.pdf",
    vence: null,
    link: { expense: 0 },
    lines: (name) => [
      `Boleto bancário: ${name}.`,
      "Beneficiário: Imobiliária Central Ltda.",
      "Pagável em qualquer banco até o vencimento.",
    ],
  },
  {
    n: 14,
    titulo: (name) => `Conta de luz — ${name}`,
    tipo: "comprovante",
    formato: "pdf",
    arquivo: "conta-de-luz.pdf",
    vence: null,
    link: { expense: 1 },
    lines: (name) => [`Fatura de energia elétrica: ${name}.`, "Consumo do mês: 612 kWh.", "Débito automático não cadastrado."],
  },
];

const onSale = (doc: DemoDocument): boolean => doc.link !== null && "sale" in doc.link;
const onExpense = (doc: DemoDocument): boolean => doc.link !== null && "expense" in doc.link;

/** The demo bills that carry a document, in the plan's `expense` order (the latest occurrence due by today). */
const BILLS_WITH_DOCUMENTS = ["Aluguel da loja", "Energia elétrica"] as const;

/** The demo document's id (a fixed UUID per plan item: the same rows, keys and links on every install). */
export function demoDocumentId(n: number): string {
  return `00000000-0000-4000-8000-00000d0c${String(n).padStart(4, "0")}`;
}

function bytesOf(doc: DemoDocument, name: string): Uint8Array {
  return doc.formato === "png" ? demoCardPng(doc.rgb ?? [80, 80, 80]) : demoPdf(doc.titulo(name), doc.lines?.(name) ?? []);
}

interface Names {
  clients: { id: string; name: string }[];
  properties: { id: string; name: string }[];
  /** `at`: when the sale was made (its nota is sent a little after). */
  sales?: { id: string; name: string; at: Date }[];
  /** `at`: when the bill's document came (a few days before it was due). */
  expenses?: { id: string; name: string; at: Date }[];
}

function target(
  doc: DemoDocument,
  names: Names,
): { field: "clienteId" | "imovelId" | "vendaId" | "despesaId" | null; id: string | null; name: string; at?: Date | undefined } {
  if (doc.link && "expense" in doc.link) {
    const e = names.expenses?.[doc.link.expense];
    return { field: "despesaId", id: e?.id ?? null, name: e?.name ?? "Despesa", at: e?.at };
  }
  if (doc.link && "sale" in doc.link) {
    const s = names.sales?.[doc.link.sale];
    return { field: "vendaId", id: s?.id ?? null, name: s?.name ?? "Venda", at: s?.at };
  }
  if (doc.link && "client" in doc.link) {
    const c = names.clients[doc.link.client];
    return { field: "clienteId", id: c?.id ?? null, name: c?.name ?? "Cliente" };
  }
  if (doc.link && "property" in doc.link) {
    const p = names.properties[doc.link.property];
    return { field: "imovelId", id: p?.id ?? null, name: p?.name ?? "Imóvel" };
  }
  return { field: null, id: null, name: "" };
}

async function namesOf(db: Database, orgId: string, clientIds: readonly string[], propertyIds: readonly string[]): Promise<Names> {
  const scope = orgScope(db, orgId);
  const [c, p] = await Promise.all([
    clientIds.length
      ? db
          .select({ id: clients.id, name: clients.nome })
          .from(clients)
          .where(scope.where(clients, inArray(clients.id, [...clientIds])))
      : [],
    propertyIds.length
      ? db
          .select({ id: properties.id, titulo: properties.titulo, codigo: properties.codigo })
          .from(properties)
          .where(scope.where(properties, inArray(properties.id, [...propertyIds])))
      : [],
  ]);
  const byId = <T extends { id: string }>(rows: readonly T[], ids: readonly string[]) =>
    ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is T => r !== undefined);
  return {
    clients: byId(c, clientIds),
    properties: byId(p, propertyIds).map((r) => ({ id: r.id, name: r.titulo ?? r.codigo })),
  };
}

/** "Venda nº 412" per sale id. */
async function saleNames(db: Database, orgId: string, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: sales.id, numero: sales.numero })
    .from(sales)
    .where(orgScope(db, orgId).where(sales, inArray(sales.id, [...ids])));
  return rows.map((r) => ({ id: r.id, name: `Venda nº ${r.numero}` }));
}

/** The demo's documents (rows only; the files come with `putDemoDocumentFiles`); the sales' come later. */
export async function seedDemoDocuments(
  db: Database,
  orgId: string,
  ownerId: string,
  refs: { clientIds: readonly string[]; propertyIds: readonly string[] },
  now: Date,
): Promise<void> {
  const names = await namesOf(db, orgId, refs.clientIds.slice(0, 4), refs.propertyIds.slice(0, 3));
  await insertPlanned(
    db,
    orgId,
    ownerId,
    PLAN.filter((doc) => !onSale(doc) && !onExpense(doc)),
    names,
    now,
  );
}

/** Whether the demo already has a document linked to a sale or a bill (its step then adds nothing). */
async function hasLinked(db: Database, orgId: string, field: "vendaId" | "despesaId"): Promise<boolean> {
  const [has] = await db
    .select({ n: count() })
    .from(documents)
    .where(orgScope(db, orgId).where(documents, isNotNull(documents[field])));
  return (has?.n ?? 0) > 0;
}

/**
 * The notas fiscais of the newest concluded sales (after `seedDemoSales`); nothing when the demo
 * has no sales or already has a sale's document. Returns whether any was added.
 */
export async function seedDemoSaleDocuments(db: Database, orgId: string, ownerId: string, now: Date): Promise<boolean> {
  if (await hasLinked(db, orgId, "vendaId")) return false;
  const scope = orgScope(db, orgId);
  const newest = await db
    .select({ id: sales.id, numero: sales.numero, at: sales.vendidaEm })
    .from(sales)
    .where(scope.where(sales, eq(sales.status, "concluida"), isNull(sales.excluidoEm)))
    .orderBy(desc(sales.numero))
    .limit(3);
  if (!newest.length) return false;
  const planned = PLAN.filter((doc) => doc.link && "sale" in doc.link && doc.link.sale < newest.length);
  const names: Names = { clients: [], properties: [], sales: newest.map((r) => ({ id: r.id, name: `Venda nº ${r.numero}`, at: r.at })) };
  await insertPlanned(db, orgId, ownerId, planned, names, now);
  return true;
}

async function insertPlanned(
  db: Database,
  orgId: string,
  ownerId: string,
  planned: readonly DemoDocument[],
  names: Names,
  now: Date,
): Promise<void> {
  const scope = orgScope(db, orgId);
  const today = dayIn(now, DEFAULT_TIME_ZONE);
  const rows = planned.map((doc) => {
    const i = PLAN.indexOf(doc);
    const id = demoDocumentId(doc.n);
    const { field, id: linkId, name, at } = target(doc, names);
    const titulo = doc.titulo(name);
    // Sent over the last weeks, the oldest first; a sale's nota an hour after the sale.
    const sentAt = at
      ? new Date(Math.min(now.getTime(), at.getTime() + 3_600_000))
      : new Date(now.getTime() - (PLAN.length - i) * 2.5 * 86_400_000);
    return scope.values({
      id,
      titulo,
      ordem: sortKey(titulo),
      chavesBusca: JSON.stringify(searchKeys({ names: [titulo, doc.arquivo] })),
      tipo: doc.tipo,
      nomeArquivo: doc.arquivo,
      formato: doc.formato,
      tamanhoBytes: bytesOf(doc, name).byteLength,
      chave: documentStorageKey(orgId, id, doc.formato),
      vencimento: doc.vence === null ? null : addDays(today, doc.vence),
      clienteId: field === "clienteId" ? linkId : null,
      imovelId: field === "imovelId" ? linkId : null,
      vendaId: field === "vendaId" ? linkId : null,
      despesaId: field === "despesaId" ? linkId : null,
      criadoEm: sentAt,
      atualizadoEm: sentAt,
      criadoPor: ownerId,
      atualizadoPor: ownerId,
    });
  });
  await db.insert(documents).values(rows);
}

/** A demo database seeded before Documentos existed gets them on the next `npm start` (false: nothing added). */
export async function seedMissingDemoDocuments(db: Database, orgDocument: string, now = new Date()): Promise<boolean> {
  const found = await demoOwner(db, orgDocument);
  if (!found) return false;
  const scope = orgScope(db, found.orgId);
  const [has] = await db.select({ n: count() }).from(documents).where(scope.where(documents));
  if ((has?.n ?? 0) > 0) return false;
  const [c, p] = await Promise.all([
    db
      .select({ id: clients.id })
      .from(clients)
      .where(scope.where(clients, isNull(clients.excluidoEm)))
      .orderBy(clients.ordem)
      .limit(4),
    db
      .select({ id: properties.id })
      .from(properties)
      .where(scope.where(properties, isNull(properties.excluidoEm), eq(properties.status, "disponivel")))
      .orderBy(properties.ordem)
      .limit(3),
  ]);
  await seedDemoDocuments(db, found.orgId, found.userId, { clientIds: c.map((r) => r.id), propertyIds: p.map((r) => r.id) }, now);
  return true;
}

/** The demo organização's owner and id by its CNPJ (no request, no session), or null. */
async function demoOwner(db: Database, orgDocument: string): Promise<{ orgId: string; userId: string } | null> {
  // tenant-exempt: the demo organização by its CNPJ (no request, no session).
  const [org] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.document, orgDocument)).limit(1);
  if (!org) return null;
  const [owner] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(orgScope(db, org.id).where(memberships, eq(memberships.role, "owner"), isNull(memberships.deactivatedAt)))
    .limit(1);
  return owner ? { orgId: org.id, userId: owner.userId } : null;
}

/** A demo database seeded before sales carried documents gets the newest sales' notas fiscais (false: nothing added). */
export async function seedMissingDemoSaleDocuments(db: Database, orgDocument: string, now = new Date()): Promise<boolean> {
  const found = await demoOwner(db, orgDocument);
  return found ? seedDemoSaleDocuments(db, found.orgId, found.userId, now) : false;
}

/** "Aluguel da loja (vence 05/11)" per bill: the document's name and its PDF's line. */
const billName = (descricao: string, vencimento: string) => `${descricao} (vence ${vencimento.slice(8, 10)}/${vencimento.slice(5, 7)})`;

/**
 * The boleto of the shop's rent and the electricity bill on their latest occurrences due by the
 * seed's day (after `seedDemoFinance`); nothing when a bill already has a document or the bills
 * are missing. Returns whether any was added.
 */
export async function seedDemoExpenseDocuments(db: Database, orgId: string, ownerId: string, now: Date): Promise<boolean> {
  if (await hasLinked(db, orgId, "despesaId")) return false;
  const scope = orgScope(db, orgId);
  const today = dayIn(now, DEFAULT_TIME_ZONE);
  const found = await Promise.all(
    BILLS_WITH_DOCUMENTS.map(async (descricao) => {
      const [bill] = await db
        .select({ id: expenses.id, vencimento: expenses.vencimento })
        .from(expenses)
        .where(scope.where(expenses, eq(expenses.descricao, descricao), lte(expenses.vencimento, today), isNull(expenses.excluidoEm)))
        .orderBy(desc(expenses.vencimento), expenses.id)
        .limit(1);
      // The document came five days before the due day (never after the seed's moment).
      const at = bill ? new Date(Math.min(now.getTime(), Date.parse(`${bill.vencimento}T12:00:00Z`) - 5 * 86_400_000)) : null;
      return bill && at ? { id: bill.id, name: billName(descricao, bill.vencimento), at } : null;
    }),
  );
  if (found.some((b) => b === null)) return false;
  const names: Names = { clients: [], properties: [], expenses: found as { id: string; name: string; at: Date }[] };
  await insertPlanned(db, orgId, ownerId, PLAN.filter(onExpense), names, now);
  return true;
}

/** A demo database seeded before bills carried documents gets them (false: nothing added). */
export async function seedMissingDemoExpenseDocuments(db: Database, orgDocument: string, now = new Date()): Promise<boolean> {
  const found = await demoOwner(db, orgDocument);
  return found ? seedDemoExpenseDocuments(db, found.orgId, found.userId, now) : false;
}

/** The bills' names as their documents were seeded with, per expense id. */
async function expenseNames(db: Database, orgId: string, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: expenses.id, descricao: expenses.descricao, vencimento: expenses.vencimento })
    .from(expenses)
    .where(orgScope(db, orgId).where(expenses, inArray(expenses.id, [...ids])));
  return rows.map((r) => ({ id: r.id, name: billName(r.descricao, r.vencimento) }));
}

/**
 * Puts the demo documents' missing files into the bucket (`npm start`, once the Worker is up);
 * a file already there is left alone. The bytes are made again from the row's own link (the same
 * name gives the same bytes and size as seeded). Returns how many were stored.
 */
export async function putDemoDocumentFiles(db: Database, orgId: string, bucket: R2Bucket): Promise<number> {
  const scope = orgScope(db, orgId);
  const ids = PLAN.map((d) => demoDocumentId(d.n));
  const rows = await db
    .select({
      id: documents.id,
      chave: documents.chave,
      clienteId: documents.clienteId,
      imovelId: documents.imovelId,
      vendaId: documents.vendaId,
      despesaId: documents.despesaId,
    })
    .from(documents)
    .where(scope.where(documents, inArray(documents.id, ids), isNull(documents.excluidoEm)));
  const heads = await Promise.all(rows.map((r) => bucket.head(r.chave)));
  const todo = rows.filter((_, i) => !heads[i]);
  if (!todo.length) return 0;
  const clientIds = todo.map((r) => r.clienteId).filter((v): v is string => v !== null);
  const propertyIds = todo.map((r) => r.imovelId).filter((v): v is string => v !== null);
  const saleIds = todo.map((r) => r.vendaId).filter((v): v is string => v !== null);
  const billIds = todo.map((r) => r.despesaId).filter((v): v is string => v !== null);
  const [names, soldNames, billNames] = await Promise.all([
    namesOf(db, orgId, clientIds, propertyIds),
    saleNames(db, orgId, saleIds),
    expenseNames(db, orgId, billIds),
  ]);
  let stored = 0;
  for (const row of todo) {
    const doc = PLAN.find((d) => demoDocumentId(d.n) === row.id);
    if (!doc) continue;
    const name = row.clienteId
      ? (names.clients.find((c) => c.id === row.clienteId)?.name ?? "Cliente")
      : row.imovelId
        ? (names.properties.find((p) => p.id === row.imovelId)?.name ?? "Imóvel")
        : row.vendaId
          ? (soldNames.find((s) => s.id === row.vendaId)?.name ?? "Venda")
          : row.despesaId
            ? (billNames.find((b) => b.id === row.despesaId)?.name ?? "Despesa")
            : "";
    await bucket.put(row.chave, bytesOf(doc, name), {
      httpMetadata: { contentType: FILE_KIND[doc.formato].mime },
      customMetadata: { orgId, documentId: row.id },
    });
    stored++;
  }
  return stored;
}
