import { formatDateIn, formatTimeIn, zonedParts } from "../time-zone.ts";

/**
 * The day-before reminder's words (ADR 061), client-safe: the same text goes in the e-mail and in
 * the WhatsApp message the business sends with one tap from /atendimento or the appointment.
 */

export interface ReminderFacts {
  clientName: string;
  /** Epoch ms (UTC). */
  inicio: number;
  servicos: readonly string[];
  profissional: string;
  negocio: string;
}

const WEEKDAYS = ["domingo", "segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "sábado"];

/** "amanhã, quinta-feira, 03/12, às 14:30" in the organização's zone. */
export function reminderWhen(inicio: number, zone: string): string {
  const p = zonedParts(inicio, zone);
  const weekday = WEEKDAYS[new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day))).getUTCDay()] ?? "";
  return `amanhã, ${weekday}, ${formatDateIn(inicio, zone).slice(0, 5)}, às ${formatTimeIn(inicio, zone)}`;
}

/** "Corte e Escova", "Corte, Escova e Hidratação". */
export function servicesText(servicos: readonly string[]): string {
  if (servicos.length <= 1) return servicos[0] ?? "seu atendimento";
  return `${servicos.slice(0, -1).join(", ")} e ${servicos[servicos.length - 1]}`;
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/** The reminder's sentence, shared by e-mail and WhatsApp. */
export function reminderText(facts: ReminderFacts, zone: string): string {
  const first = firstName(facts.clientName);
  return `Olá${first ? `, ${first}` : ""}! Passando para lembrar do seu horário ${reminderWhen(facts.inicio, zone)}: ${servicesText(facts.servicos)} com ${facts.profissional} — ${facts.negocio}.`;
}

/** The WhatsApp message: the reminder, and a reply asked for (the business reads it in the same chat). */
export function reminderWhatsappText(facts: ReminderFacts, zone: string): string {
  return `${reminderText(facts, zone)} Podemos confirmar? Se precisar remarcar ou cancelar, é só responder esta mensagem.`;
}

/**
 * National digits (DDD + number, 10 or 11) of a phone, or null: "(11) 91234-5678", "+55 11 91234 5678"
 * and "011912345678" all give "11912345678".
 */
export function nationalDigits(phone: string | null | undefined): string | null {
  if (!phone) return null;
  let digits = phone.replace(/\D/g, "");
  if (digits.length > 11 && digits.startsWith("55")) digits = digits.slice(2);
  if (digits.length === 12 && digits.startsWith("0")) digits = digits.slice(1);
  return digits.length === 10 || digits.length === 11 ? digits : null;
}

/** `https://wa.me/55DDDNUMBER?text=…` with the reminder prefilled; null without a usable phone. */
export function reminderWhatsappHref(phone: string | null | undefined, facts: ReminderFacts, zone: string): string | null {
  const digits = nationalDigits(phone);
  return digits ? `https://wa.me/55${digits}?text=${encodeURIComponent(reminderWhatsappText(facts, zone))}` : null;
}
