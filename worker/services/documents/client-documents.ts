import { desc, eq, isNull, sql } from "drizzle-orm";
import { documents } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { expiryState, expiryText } from "../../../shared/documents/expiry.ts";
import { DOCUMENT_TYPE, type DocumentType } from "../../../shared/enums/documents.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { can } from "../../auth/permissions.ts";
import type { TimelineEvent } from "../customers/clients.ts";
import { SOURCE_LIMIT, type TimelineSource } from "../customers/timeline-source.ts";

/**
 * A client's documents on their record (ADR 074): each on the timeline when it was sent, its type
 * as the badge, its expiry in words ("Vence em 12 dias", "Venceu há 3 dias") in the organização's
 * days; roles that may not read documents (the professional) see none.
 */
export const documentsSource: TimelineSource = {
  key: "documentos",
  counted: { one: "documento", many: "documentos" },
  statement(ctx, actor, clientId) {
    if (!can(actor.role, "documentos", "read")) return null;
    const d = documents;
    return ctx.db
      .select({
        id: d.id,
        titulo: d.titulo,
        tipo: d.tipo,
        vencimento: d.vencimento,
        criadoEm: sql<number>`${d.criadoEm}`,
        por: sql<string | null>`(select name from users where users.id = ${d.criadoPor})`,
      })
      .from(d)
      .where(orgScope(ctx.db, actor.orgId).where(d, eq(d.clienteId, clientId), isNull(d.excluidoEm)))
      .orderBy(desc(d.criadoEm), d.id)
      .limit(SOURCE_LIMIT + 1);
  },
  events: (rows, _clientId, zone) => {
    const today = dayIn(new Date(), zone);
    return rows.map((r) => {
      const vencimento = typeof r.vencimento === "string" ? r.vencimento : null;
      const state = expiryState(vencimento, today);
      return {
        id: `documento:${r.id}`,
        kind: "document",
        at: new Date(Number(r.criadoEm)).toISOString(),
        title: `Documento: ${String(r.titulo)}`,
        description: vencimento ? `${expiryText(vencimento, today)}.` : null,
        by: typeof r.por === "string" ? r.por : null,
        href: `/documents/${r.id}`,
        badge:
          state === "vencido"
            ? { label: "Vencido", tone: "red" }
            : state === "a_vencer"
              ? { label: "A vencer", tone: "yellow" }
              : { label: DOCUMENT_TYPE.label(r.tipo as DocumentType), tone: DOCUMENT_TYPE.tone(r.tipo as DocumentType) },
      } satisfies TimelineEvent;
    });
  },
};
