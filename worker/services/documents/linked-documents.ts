import { and, count, desc, eq, isNull } from "drizzle-orm";
import { documents } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { DocumentType } from "../../../shared/enums/documents.ts";
import type { DocumentLinkField } from "../../../shared/resources/documentos.ts";
import { can } from "../../auth/permissions.ts";
import type { Actor, ServiceContext } from "../context.ts";

/** One document as a record's "Documentos" card lists it. */
export interface LinkedDocument {
  id: string;
  titulo: string;
  tipo: DocumentType;
  nomeArquivo: string;
  vencimento: string | null;
}

export interface LinkedDocuments {
  items: LinkedDocument[];
  /** All the live documents linked to the record (the card shows the newest few). */
  total: number;
}

/** How many a record's card lists before "Ver todos". */
export const LINKED_SHOWN = 5;

/**
 * The newest live documents linked to one record (a sale, an expense…) of the actor's
 * organização, and how many there are: one batch, served by the link's partial index. Null when
 * the actor's role may not read documents (the card is not shown then).
 */
export async function linkedDocuments(
  ctx: ServiceContext,
  actor: Actor,
  field: DocumentLinkField,
  id: string,
): Promise<LinkedDocuments | null> {
  if (!can(actor.role, "documentos", "read")) return null;
  const t = documents;
  const scope = orgScope(ctx.db, actor.orgId);
  const where = scope.where(t, and(eq(t[field], id), isNull(t.excluidoEm)));
  const [items, [counted]] = await ctx.db.batch([
    ctx.db
      .select({ id: t.id, titulo: t.titulo, tipo: t.tipo, nomeArquivo: t.nomeArquivo, vencimento: t.vencimento })
      .from(t)
      .where(where)
      .orderBy(desc(t.criadoEm), desc(t.id))
      .limit(LINKED_SHOWN),
    ctx.db.select({ n: count() }).from(t).where(where),
  ]);
  return { items, total: Number(counted?.n ?? 0) };
}
