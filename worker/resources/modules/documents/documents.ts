import { sql } from "drizzle-orm";
import { documentKeys, documents } from "../../../../db/schema/index.ts";
import { type DocumentoInput, type DocumentoRow, documentoDefinition, ONE_LINK_MESSAGE } from "../../../../shared/resources/documentos.ts";
import { createDocumentFromJson, documentDerived, updateDocument } from "../../../services/documents/documents.ts";
import type { ResourceModule } from "../../define.ts";

const t = documents;

/** The smallest whole PDF the check accepts (header, one empty page, trailer, %%EOF). */
const EXAMPLE_PDF_BASE64 = btoa(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** A calendar-day range `aaaa-mm-dd..aaaa-mm-dd` (either side may be empty) on a text day column. */
function dayRange(column: typeof t.vencimento, value: string | undefined) {
  const m = /^(\d{4}-\d{2}-\d{2})?\.\.(\d{4}-\d{2}-\d{2})?$/.exec(value ?? "");
  if (!m || (!m[1] && !m[2])) return undefined;
  if (m[1] && m[2]) return sql`${column} between ${m[1]} and ${m[2]}`;
  return m[1] ? sql`${column} >= ${m[1]}` : sql`${column} <= ${m[2]}`;
}

const LINK_COLUMN: Record<string, string> = {
  cliente: "client_id",
  empresa: "company_id",
  imovel: "property_id",
  venda: "sale_id",
  despesa: "expense_id",
};

/** "Vinculado a": any of the kinds chosen (`nenhum`: linked to nothing). */
function linkedTo(values: readonly string[]) {
  const parts = values.flatMap((v) => {
    if (v === "nenhum")
      return [sql.raw("(client_id is null and company_id is null and property_id is null and sale_id is null and expense_id is null)")];
    const column = LINK_COLUMN[v];
    return column ? [sql.raw(`${column} is not null`)] : [];
  });
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : undefined;
}

/** A sale or expense linked must be a live one of the document's organização (they are not registry relations). */
function ownRecordTrigger(column: string, table: string, event: "bi" | "bu") {
  const name = `documents_${column}_org_${event}`;
  const when = event === "bi" ? `NEW.${column} IS NOT NULL` : `NEW.${column} IS NOT NULL AND NEW.${column} IS NOT OLD.${column}`;
  return {
    name,
    sql: `CREATE TRIGGER ${name} BEFORE ${event === "bi" ? "INSERT" : `UPDATE OF ${column}`} ON documents
  WHEN ${when} AND NOT EXISTS (SELECT 1 FROM ${table} WHERE id = NEW.${column} AND org_id = NEW.org_id AND deleted_at IS NULL) BEGIN
  SELECT RAISE(ABORT, 'documento_${table}_invalido');
END`,
  };
}

/**
 * Documentos, server side (ADR 074). Writes go through worker/services/documents/documents.ts:
 * a create stores the file in R2 before the row (the JSON door carries it as a data URL; the
 * screen's multipart door is `POST /api/documents/upload`), an update changes only metadata.
 */
export const documentosModule: ResourceModule<DocumentoRow, DocumentoInput> = {
  definition: documentoDefinition,
  table: t,
  keys: documentKeys,
  titleSql: sql`${t.titulo}`,
  extras: {
    vinculoTitulo: sql`(case
      when ${t.clienteId} is not null then 'Cliente: ' || (select c.name from clients c where c.id = ${t.clienteId} and c.org_id = ${t.orgId})
      when ${t.empresaId} is not null then 'Empresa: ' || (select coalesce(c.trade_name, c.legal_name) from companies c where c.id = ${t.empresaId} and c.org_id = ${t.orgId})
      when ${t.imovelId} is not null then 'Imóvel: ' || (select coalesce(p.title, p.code) from properties p where p.id = ${t.imovelId} and p.org_id = ${t.orgId})
      when ${t.vendaId} is not null then 'Venda nº ' || (select s.number from sales s where s.id = ${t.vendaId} and s.org_id = ${t.orgId})
      when ${t.despesaId} is not null then 'Despesa: ' || (select e.description from expenses e where e.id = ${t.despesaId} and e.org_id = ${t.orgId})
    end)`,
    vinculoHref: sql`(case
      when ${t.clienteId} is not null then '/clients/' || ${t.clienteId}
      when ${t.empresaId} is not null then '/companies/' || ${t.empresaId}
      when ${t.imovelId} is not null then '/properties/' || ${t.imovelId}
      when ${t.vendaId} is not null then '/sales/' || ${t.vendaId}
      when ${t.despesaId} is not null then '/contas/' || ${t.despesaId}
    end)`,
  },
  values: (input) => documentDerived(input.titulo, input.nomeArquivo ?? ""),
  sorts: { vencimento: t.vencimento, tamanho: t.tamanhoBytes },
  filters: {
    tipo: { column: t.tipo },
    vinculo: { where: linkedTo, index: "documents_org_type_idx" },
    vencimento: { where: (values) => dayRange(t.vencimento, values[0]), index: "documents_org_vencimento_idx" },
    cliente: { column: t.clienteId },
    empresa: { column: t.empresaId },
    imovel: { column: t.imovelId },
    venda: { column: t.vendaId },
    despesa: { column: t.despesaId },
    criadoEm: { column: t.criadoEm },
    atualizadoEm: { column: t.atualizadoEm },
  },
  relations: [
    { column: t.clienteId, target: "clients", field: "clienteId", message: "Cliente não encontrado. Escolha um cliente cadastrado." },
    { column: t.empresaId, target: "companies", field: "empresaId", message: "Empresa não encontrada. Escolha uma empresa cadastrada." },
    { column: t.imovelId, target: "imoveis", field: "imovelId", message: "Imóvel não encontrado. Escolha um imóvel cadastrado." },
  ],
  errors: [
    { match: "documents_one_link", message: ONE_LINK_MESSAGE, field: "clienteId", status: 422 },
    { match: "documento_sales_invalido", message: "Venda não encontrada.", field: "vendaId", status: 422 },
    { match: "documento_expenses_invalido", message: "Despesa não encontrada.", field: "despesaId", status: 422 },
    { match: "documents_expires_day", message: "O campo Vencimento deve ser uma data válida", field: "vencimento", status: 422 },
  ],
  triggers: [
    ownRecordTrigger("sale_id", "sales", "bi"),
    ownRecordTrigger("sale_id", "sales", "bu"),
    ownRecordTrigger("expense_id", "expenses", "bi"),
    ownRecordTrigger("expense_id", "expenses", "bu"),
  ],
  save: {
    create: (ctx, actor, input) => createDocumentFromJson(ctx, actor, documentosModule as unknown as ResourceModule, input),
    update: (ctx, actor, id, input) => updateDocument(ctx, actor, documentosModule as unknown as ResourceModule, id, input),
  },
  example: (related) => ({
    titulo: "Contrato de locação — Apto 52",
    tipo: "contrato",
    vencimento: "2030-06-30",
    clienteId: related("clients"),
    observacoes: "Assinado pelas duas partes.",
    nomeArquivo: "contrato-locacao.pdf",
    arquivo: `data:application/pdf;base64,${EXAMPLE_PDF_BASE64}`,
  }),
};
