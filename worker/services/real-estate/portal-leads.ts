import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { properties } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import { DomainError, type ServiceContext } from "../context.ts";
import { type ReceivedLead, receiveLead } from "./leads.ts";

/**
 * A lead from Grupo ZAP's webhook (ZAP Imóveis, Viva Real, OLX), in their JSON: the listing by
 * our código (`clientListingId`), the person, and the portal's own id of the lead
 * (`originLeadId`), which makes a repeated delivery fold into the first lead.
 */
const text = (max: number) => z.string().trim().max(max, `No máximo ${max} caracteres.`);

export const portalLeadSchema = z.object({
  leadOrigin: text(60).optional().nullable(),
  timestamp: text(40).optional().nullable(),
  originLeadId: text(100).min(1, "Informe o originLeadId."),
  originListingId: text(100).optional().nullable(),
  // Required: Grupo ZAP's manual asks for a 4xx, not a 200, when a lead names no listing.
  clientListingId: z
    .string("Informe o clientListingId (código do imóvel).")
    .trim()
    .min(1, "Informe o clientListingId (código do imóvel).")
    .max(50, "No máximo 50 caracteres."),
  name: text(120).min(1, "Informe o nome."),
  email: text(254).optional().nullable(),
  ddd: z
    .string()
    .trim()
    .regex(/^\d{0,3}$/, "DDD inválido.")
    .optional()
    .nullable(),
  phone: text(20).optional().nullable(),
  message: text(1900).optional().nullable(),
});

export type PortalLead = z.output<typeof portalLeadSchema>;

/** The schema's first pt-BR message, as a 400 (nothing was created). */
export function parsePortalLead(body: unknown): PortalLead {
  const parsed = portalLeadSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join(".") || undefined;
  throw new DomainError(`Lead inválido${field ? ` (${field})` : ""}: ${issue?.message ?? "dados inválidos"}`, 400, field);
}

/** "(11) 98765-4321" from the portal's separate DDD and number; null when there is none. */
function telefoneOf(lead: PortalLead): string | null {
  const digits = `${lead.ddd ?? ""}${lead.phone ?? ""}`.replace(/\D/g, "");
  return digits.length > 0 ? digits : null;
}

/**
 * Records the lead for the organização the webhook credentials named: the property by its
 * código in that organização (none when unknown; a lead with no código is refused, 400 before
 * anything is stored), then `receiveLead` (origem "portal", chave "portal:<originLeadId>"),
 * idempotent on the portal's lead id.
 */
export async function receivePortalLead(ctx: ServiceContext, orgId: string, body: unknown): Promise<ReceivedLead> {
  const lead = parsePortalLead(body);
  // A código this organização does not have (or no longer has) still records the lead, unlinked.
  const [row] = await ctx.db
    .select({ id: properties.id })
    .from(properties)
    .where(orgScope(ctx.db, orgId).where(properties, and(eq(properties.codigo, lead.clientListingId), isNull(properties.excluidoEm))))
    .limit(1);
  const imovelId = row?.id ?? null;
  const origin = lead.leadOrigin ? `Lead do portal (${lead.leadOrigin})` : "Lead do portal";
  return receiveLead(ctx, orgId, {
    origem: "portal",
    chave: `portal:${lead.originLeadId}`,
    nome: lead.name,
    email: lead.email || null,
    telefone: telefoneOf(lead),
    mensagem: [origin, lead.message].filter(Boolean).join(": "),
    imovelId,
  });
}
