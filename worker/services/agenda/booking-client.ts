import { sql } from "drizzle-orm";
import { clientKeys, clients } from "../../../db/schema/index.ts";
import { orgScope } from "../../../db/tenant.ts";
import type { BookingContact } from "../../../shared/agenda/booking-contact.ts";
import { insertValues } from "../../resources/records.ts";
import { moduleOf } from "../../resources/registry.ts";
import type { ServiceContext } from "../context.ts";
import { insertSelect } from "../real-estate/leads.ts";

/**
 * The client of an online booking (ADR 062), found or created in one round trip and never
 * told apart on the page: the answer is the same whether the person was on file or not.
 *
 * A live client whose e-mail AND WhatsApp are both the ones typed is the same person: the
 * booking goes on their record (what they had booked, what they missed, the desk's history).
 * Anything less (only the e-mail, only the phone) makes a client of its own, as a lead from
 * outside does (ADR 033): anyone can type one of a client's contacts, and a stranger's booking
 * must not land on a real client's record. The confirmation goes to the typed e-mail, so the
 * person on file always learns of a booking under their name, and can cancel it from the link.
 * The name on file is never changed by what a visitor types.
 */
export async function bookingClient(
  ctx: ServiceContext,
  orgId: string,
  contact: BookingContact,
): Promise<{ clienteId: string; novo: boolean }> {
  const scope = orgScope(ctx.db, orgId);
  const mod = moduleOf("clients");
  const input = mod.definition.schema.parse({
    tipo: "pf",
    nome: contact.nome,
    email: contact.email,
    telefones: [{ numero: contact.whatsapp, whatsapp: true, rotulo: "WhatsApp" }],
    origem: "site",
    consentimentoLgpd: false,
  }) as Record<string, unknown>;
  const values = insertValues(mod, scope, input, null, ctx.now);
  const newId = values.id as string;
  const onFile = sql`select ${clients.id} from ${clients} where ${scope.where(
    clients,
    sql`${clients.email} = ${contact.email} and ${clients.excluidoEm} is null and ${clients.id} <> ${newId}`,
    sql`exists (select 1 from ${clientKeys} where ${scope.where(clientKeys, sql`${clientKeys.recordId} = ${clients.id} and ${clientKeys.key} = ${contact.whatsapp}`)})`,
  )} order by ${clients.criadoEm}, ${clients.id} limit 1`;
  const [, found] = await ctx.db.batch([
    insertSelect(ctx, clients, values, onFile),
    ctx.db.all<{ id: string }>(sql`select coalesce((${onFile}), ${newId}) as id`),
  ]);
  const clienteId = found[0]?.id ?? newId;
  return { clienteId, novo: clienteId === newId };
}

/** Removes the client a refused booking created (nothing hangs off it: the booking never saved). */
export async function dropNewBookingClient(ctx: ServiceContext, orgId: string, clienteId: string): Promise<void> {
  await ctx.db.delete(clients).where(orgScope(ctx.db, orgId).where(clients, sql`${clients.id} = ${clienteId}`));
}
