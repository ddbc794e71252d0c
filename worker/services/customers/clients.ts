import { organizations } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { ClientRow } from "../../../shared/resources/clients.ts";
import type { Tone } from "../../../shared/define-enum.ts";
import { authorize } from "../../auth/permissions.ts";
import { recordStatement, rowsOf } from "../../resources/records.ts";
import { type Actor, DomainError, type ServiceContext } from "../context.ts";

/** Clientes beyond the generic records layer: the timeline and the LGPD data-subject export. */

export type TimelineKind = "created" | "updated" | "consent";

/**
 * One entry of a client's timeline. The client's own entries (created, updated, consent) come
 * from the row; every other kind from a timeline source (timeline-sources.ts: interests, visits,
 * properties owned, leads; later appointments and sales). `href` links to the related record.
 */
export interface TimelineEvent {
  id: string;
  kind: TimelineKind | (string & {});
  /** ISO instant. */
  at: string;
  title: string;
  description: string | null;
  /** Who did it (name), when known. */
  by: string | null;
  href: string | null;
  /** A status to show beside the title (an interest's etapa, a visit's outcome). */
  badge?: { label: string; tone: Tone } | null;
  /** A lead that may be this client or another on file, until a member says so. */
  match?: LeadMatchPending | null;
}

/** A lead from outside that gave the e-mail or phone of a client on file, not confirmed yet. */
export interface LeadMatchPending {
  leadId: string;
  /** The client the lead created (its own). */
  leadClientId: string;
  leadClientName: string;
  /** The client on file it may be. */
  matchedClientId: string;
  matchedClientName: string;
}

/** The timeline of a client row already loaded (no database round trip). */
export function timelineOf(row: ClientRow): TimelineEvent[] {
  const events: TimelineEvent[] = [
    {
      id: `created:${row.id}`,
      kind: "created",
      at: row.criadoEm,
      title: "Cliente cadastrado",
      description: null,
      by: row.criadoPorNome,
      href: null,
    },
  ];
  // Saves within a second of the creation are the creation itself.
  if (Date.parse(row.atualizadoEm) - Date.parse(row.criadoEm) > 1000) {
    events.push({
      id: `updated:${row.id}`,
      kind: "updated",
      at: row.atualizadoEm,
      title: "Dados atualizados",
      description: null,
      by: row.atualizadoPorNome,
      href: null,
    });
  }
  if (row.consentimentoLgpd && row.consentimentoLgpdEm) {
    events.push({
      id: `consent:${row.id}`,
      kind: "consent",
      at: row.consentimentoLgpdEm,
      title: "Consentimento LGPD registrado",
      description: "O cliente autorizou o uso dos seus dados pessoais.",
      by: null,
      href: null,
    });
  }
  return events.sort((a, b) => b.at.localeCompare(a.at));
}

const NOT_FOUND = "Cliente não encontrado.";

/** LGPD data-subject export: everything the organization holds about the client, as JSON. */
export interface ClientDataExport {
  formato: "alicerce.lgpd.v1";
  geradoEm: string;
  controlador: { nome: string; documento: string | null; email: string | null };
  titular: ClientRow & { excluidoEm: string | null };
  historico: TimelineEvent[];
}

/** Everything about a client (soft-deleted ones too: a request may come after a deletion). One round trip. */
export async function exportClientData(ctx: ServiceContext, actor: Actor, id: string): Promise<ClientDataExport> {
  authorize(actor, "clients", "lgpd");
  const scope = orgScope(ctx.db, actor.orgId);
  const { mod, statement } = recordStatement(ctx, actor, "clients", id, true);
  const [rows, org] = await ctx.db.batch([
    statement,
    ctx.db
      .select({ name: organizations.name, document: organizations.document, email: organizations.email })
      .from(organizations)
      .where(scope.self())
      .limit(1),
  ]);
  const packed = rows[0];
  if (!packed) throw new DomainError(NOT_FOUND, 404);
  const raw = JSON.parse(packed.j) as { excluidoEm?: number | null };
  const [row] = rowsOf(mod, [packed]) as unknown as ClientRow[];
  if (!row) throw new DomainError(NOT_FOUND, 404);
  return {
    formato: "alicerce.lgpd.v1",
    geradoEm: ctx.now.toISOString(),
    controlador: { nome: org[0]?.name ?? "", documento: org[0]?.document ?? null, email: org[0]?.email ?? null },
    titular: { ...row, excluidoEm: raw.excluidoEm ? new Date(raw.excluidoEm).toISOString() : null },
    historico: timelineOf(row),
  };
}
