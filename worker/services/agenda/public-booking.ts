import { bookingContactSchema } from "../../../shared/agenda/booking-contact.ts";
import {
  ANY_PROFESSIONAL,
  formatWhen,
  type PublicBookingBusiness,
  type PublicService,
  type PublicSlotDay,
  SLOT_DAYS_PER_PAGE,
  servicesByCategory,
} from "../../../shared/agenda/public-booking.ts";
import { isId } from "../../../shared/id.ts";
import { HONEYPOT_FIELD } from "../../../shared/real-estate/lead-form.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { zodMessagePtBr } from "../../../shared/validation.ts";
import { onlineBookingEmail } from "../../email/appointment-emails.ts";
import { outboxInsert } from "../../email/provider.ts";
import { enforceKeyedLimit } from "../../security/rate-limit.ts";
import { queueEmail } from "../account/accounts.ts";
import { DomainError, type ServiceContext } from "../context.ts";
import { appointmentLinkPath, hashAppointmentLinkToken, newAppointmentLinkToken } from "./appointment-link.ts";
import { bookAppointment } from "./appointments.ts";
import { bookingClient, dropNewBookingClient } from "./booking-client.ts";
import { type BookingDoor, bookingCatalogue, bookingDoor } from "./booking-door.ts";
import { publicSlots } from "./public-slots.ts";

/**
 * The public booking page `/agendar/{slug}` (ADR 062). The page is a few plain GET steps (the
 * address carries the choices: serviço, profissional, the days shown, the start), so it works
 * without JavaScript, can be shared and never changes anything; only the final POST books,
 * through core's `bookAppointment` (the same rules and the same single-statement guard as the
 * inside agenda), with the booker's userId null, origem "online" and the status the business
 * chose for online bookings.
 */

export interface BookingQuery {
  servico?: string | null;
  profissional?: string | null;
  desde?: string | null;
  inicio?: string | null;
}

export interface BookingPage {
  business: PublicBookingBusiness;
  categorias: { categoria: string; servicos: PublicService[] }[];
  servico: PublicService | null;
  /** Who performs the chosen service (online). */
  profissionais: { id: string; nome: string }[];
  profissional: { id: string; nome: string } | null;
  dias: PublicSlotDay[] | null;
  proximo: string | null;
  anterior: string | null;
  /** The chosen start, when it is still free. */
  horario: { inicio: number; quando: string } | null;
  /** Why the chosen start is not offered any more (taken meanwhile, past). */
  aviso: string | null;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export const SLOT_TAKEN = "Esse horário acabou de ser ocupado. Escolha outro horário.";
const NOT_FOUND = "Página não encontrada.";

function professionalChoice(business: PublicBookingBusiness, servico: PublicService, value: string | null | undefined) {
  if (value === ANY_PROFESSIONAL) return { id: ANY_PROFESSIONAL, nome: "Qualquer profissional" };
  const found = business.profissionais.find((p) => p.id === value && p.servicoIds.includes(servico.id));
  return found ? { id: found.id, nome: found.nome } : null;
}

/** The page at `slug` with the visitor's choices so far; null when the door is closed (404). */
export async function bookingPage(ctx: ServiceContext, slug: string, query: BookingQuery): Promise<BookingPage | null> {
  const door = await bookingDoor(ctx, slug);
  if (!door) return null;
  const business = await bookingCatalogue(ctx, door);
  const servico = business.servicos.find((s) => s.id === query.servico) ?? null;
  const page: BookingPage = {
    business,
    categorias: servicesByCategory(business.servicos),
    servico,
    profissionais: servico
      ? business.profissionais.filter((p) => p.servicoIds.includes(servico.id)).map(({ id, nome }) => ({ id, nome }))
      : [],
    profissional: servico ? professionalChoice(business, servico, query.profissional) : null,
    dias: null,
    proximo: null,
    anterior: null,
    horario: null,
    aviso: null,
  };
  if (!servico || !page.profissional) return page;
  const inicio = Number(query.inicio);
  const chosen = query.inicio && Number.isSafeInteger(inicio) ? inicio : null;
  const desde = chosen !== null ? dayIn(chosen, door.timeZone) : query.desde && DAY_RE.test(query.desde) ? query.desde : null;
  const slots = await publicSlots(ctx, {
    orgId: door.orgId,
    servicoIds: [servico.id],
    profissional: page.profissional.id,
    desde,
    days: SLOT_DAYS_PER_PAGE,
  });
  page.dias = slots.dias;
  page.proximo = slots.proximo;
  page.anterior = slots.anterior;
  if (chosen !== null) {
    if (slots.livres.has(chosen)) page.horario = { inicio: chosen, quando: formatWhen(chosen, door.timeZone) };
    else page.aviso = SLOT_TAKEN;
  }
  return page;
}

/** What the page shows once booked (the same whether the client was on file or not). */
export interface BookingDone {
  negocio: string;
  servico: string;
  profissional: string;
  quando: string;
  status: "pendente" | "confirmado";
  /** The address the confirmation went to (as typed). */
  email: string;
  /** The client's page (`/agendamento/{token}`), absolute. */
  link: string;
}

function invalid(issue: { message?: string; path?: readonly PropertyKey[] } | undefined): DomainError {
  const field = typeof issue?.path?.[0] === "string" ? issue.path[0] : undefined;
  return new DomainError(issue ? issue.message || zodMessagePtBr(issue) : "Dados inválidos.", 400, field);
}

function firstName(nome: string): string {
  return nome.trim().split(/\s+/)[0] ?? nome;
}

/**
 * Books from the public page. In this order: the door (404 when closed), the per-IP limit
 * (every post counts), the honeypot (answered as booked, nothing kept), the fields (a pt-BR 400
 * naming the field), the business's daily quota (charged only now, for a request worth
 * keeping), the slot (still free, by the same rules), the client (found or created without
 * telling which), then core's guarded write. A refusal by the guard (two people, one slot)
 * is a 409 with nothing kept. The confirmation e-mail carries the link; the page shows it too.
 */
export async function bookOnline(
  ctx: ServiceContext,
  slug: string,
  input: Record<string, unknown>,
): Promise<BookingDone | { honeypot: true }> {
  const door = await bookingDoor(ctx, slug);
  if (!door) throw new DomainError(NOT_FOUND, 404);
  const admission = await enforceKeyedLimit(ctx.db, "onlineBooking", { ip: ctx.ip, org: door.orgId });
  if (typeof input[HONEYPOT_FIELD] === "string" && input[HONEYPOT_FIELD].trim() !== "") return { honeypot: true };
  const servicoId = input.servico;
  const profissional = input.profissional;
  const inicio = Number(input.inicio);
  if (!isId(servicoId)) throw new DomainError("Escolha um serviço.", 400, "servico");
  if (profissional !== ANY_PROFESSIONAL && !isId(profissional)) throw new DomainError("Escolha um profissional.", 400, "profissional");
  if (typeof input.inicio !== "string" || !Number.isSafeInteger(inicio)) throw new DomainError("Escolha um horário.", 400, "inicio");
  const parsed = bookingContactSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error.issues[0]);
  const contact = parsed.data;
  // Only a valid booking spends the business's daily quota: junk must not close its agenda.
  await admission.accept();

  const slots = await publicSlots(ctx, {
    orgId: door.orgId,
    servicoIds: [servicoId],
    profissional,
    desde: dayIn(inicio, door.timeZone),
    days: 1,
  });
  const service = slots.rules.services.find((s) => s.id === servicoId);
  if (!service) throw new DomainError("Este serviço não está disponível para agendamento online.", 400, "servico");
  const free = slots.livres.get(inicio) ?? [];
  if (free.length === 0) throw new DomainError(SLOT_TAKEN, 409, "inicio");

  const { clienteId, novo } = await bookingClient(ctx, door.orgId, contact);
  const token = newAppointmentLinkToken();
  const linkHash = await hashAppointmentLinkToken(token);
  const booker = { orgId: door.orgId, userId: null, timeZone: door.timeZone };
  let booked: { profissionalId: string } | null = null;
  let refusal: unknown = null;
  // "Qualquer um": whoever is free, best first; if the guard hands the slot to someone else's
  // booking meanwhile, the next free professional takes it.
  for (const profissionalId of free) {
    try {
      await bookAppointment(ctx, booker, {
        clienteId,
        profissionalId,
        servicoIds: [servicoId],
        inicio,
        status: door.status,
        origem: "online",
        linkHash,
      });
      booked = { profissionalId };
      break;
    } catch (error) {
      if (!(error instanceof DomainError) || error.status !== 409) {
        if (novo) await dropNewBookingClient(ctx, door.orgId, clienteId);
        throw error;
      }
      refusal = error;
    }
  }
  if (!booked) {
    if (novo) await dropNewBookingClient(ctx, door.orgId, clienteId);
    throw refusal instanceof DomainError ? new DomainError(SLOT_TAKEN, 409, "inicio") : refusal;
  }
  const profissionalNome = slots.rules.professionals.find((p) => p.id === booked.profissionalId)?.nome ?? "";
  const link = `${ctx.origin}${appointmentLinkPath(token)}`;
  const quando = formatWhen(inicio, door.timeZone);
  await sendMail(ctx, door, contact.email, {
    negocio: door.negocio,
    cliente: firstName(contact.nome),
    servicos: [service.nome],
    profissional: profissionalNome,
    quando,
    link,
  });
  return {
    negocio: door.negocio,
    servico: service.nome,
    profissional: profissionalNome,
    quando,
    status: door.status,
    email: contact.email,
    link,
  };
}

async function sendMail(
  ctx: ServiceContext,
  door: BookingDoor,
  to: string,
  facts: Parameters<typeof onlineBookingEmail>[1],
): Promise<void> {
  const mail = outboxInsert(ctx.db, onlineBookingEmail(to, facts, door.status === "confirmado"));
  await mail.query;
  await queueEmail(ctx, mail.id);
}
