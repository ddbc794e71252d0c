import type { EmailMessage } from "./provider.ts";
import { layout } from "./templates.ts";

/**
 * The client's e-mails about an appointment (ADR 062): the online booking's confirmation and
 * what the client did from its link. Each carries the link to `/agendamento/{token}` (a GET
 * shows, its buttons POST), never anything a stranger could act on without it.
 */

export interface AppointmentMailFacts {
  negocio: string;
  /** The client's first name. */
  cliente: string;
  servicos: string[];
  profissional: string;
  /** "sexta-feira, 27 de novembro, às 14:30" (the organização's zone). */
  quando: string;
  link: string;
}

function details(f: AppointmentMailFacts): string {
  return `${f.servicos.join(" + ")} com ${f.profissional}, ${f.quando}.`;
}

const OUTRO = "Precisa cancelar ou remarcar? Use o botão acima. Se você não fez este agendamento, cancele pelo mesmo botão.";

/** After booking on /agendar/{slug}: confirmed, or waiting for the business to confirm. */
export function onlineBookingEmail(to: string, f: AppointmentMailFacts, confirmado: boolean): EmailMessage {
  const title = confirmado ? "Agendamento confirmado" : "Pedido de agendamento recebido";
  const intro = confirmado
    ? `Olá, ${f.cliente}! Seu horário em ${f.negocio} está confirmado: ${details(f)}`
    : `Olá, ${f.cliente}! Recebemos seu pedido em ${f.negocio}: ${details(f)} ${f.negocio} vai confirmar o horário em breve.`;
  return {
    to,
    subject: `${title} — ${f.negocio}`,
    link: f.link,
    text: `${intro}\n\nVer, cancelar ou remarcar: ${f.link}\n\n${OUTRO}`,
    html: layout(title, intro, { label: "Ver meu agendamento", link: f.link }, OUTRO),
  };
}

/** After the client rescheduled from the link. */
export function appointmentRescheduledEmail(to: string, f: AppointmentMailFacts): EmailMessage {
  const intro = `Olá, ${f.cliente}! Seu horário em ${f.negocio} foi remarcado: ${details(f)}`;
  return {
    to,
    subject: `Agendamento remarcado — ${f.negocio}`,
    link: f.link,
    text: `${intro}\n\nVer, cancelar ou remarcar: ${f.link}\n\n${OUTRO}`,
    html: layout("Agendamento remarcado", intro, { label: "Ver meu agendamento", link: f.link }, OUTRO),
  };
}

/** After the client cancelled from the link. */
export function appointmentCancelledEmail(to: string, f: AppointmentMailFacts, bookAgain: string | null): EmailMessage {
  const intro = `Olá, ${f.cliente}! Seu agendamento em ${f.negocio} foi cancelado: ${details(f)}`;
  const outro = "Se não foi você quem cancelou, fale com o negócio.";
  return {
    to,
    subject: `Agendamento cancelado — ${f.negocio}`,
    ...(bookAgain ? { link: bookAgain } : {}),
    text: `${intro}\n\n${bookAgain ? `Agendar outro horário: ${bookAgain}\n\n` : ""}${outro}`,
    html: layout("Agendamento cancelado", intro, bookAgain ? { label: "Agendar outro horário", link: bookAgain } : null, outro),
  };
}
