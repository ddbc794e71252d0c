import { z } from "zod";
import { email, phone, requiredString } from "../validation.ts";

/**
 * What a client gives on the public booking page (ADR 062): name, WhatsApp (for the reminder)
 * and e-mail (for the confirmation with the link to cancel or reschedule). The spec's messages.
 */
export const bookingContactSchema = z.object({
  nome: requiredString("Nome", { min: 2, max: 120 }),
  whatsapp: phone("WhatsApp"),
  email: email("E-mail"),
});

export type BookingContact = z.output<typeof bookingContactSchema>;
