import { type ReminderFacts, reminderText, reminderWhen, servicesText } from "../../../shared/agenda/reminder.ts";
import { escapeHtml } from "../../../shared/escape.ts";
import type { EmailMessage } from "../../email/provider.ts";

/**
 * The day-before reminder e-mail (pt-BR): the appointment in the organização's zone and two
 * buttons to the client's appointment page (`/agendamento/{token}`), which shows it on GET and
 * confirms or cancels only by the page's own POST (a mail scanner opening the link changes nothing).
 */

/** The client's page with the action it should offer first (the page decides; a GET never acts). */
export function reminderLinks(link: string): { confirmar: string; cancelar: string } {
  return { confirmar: `${link}?acao=confirmar`, cancelar: `${link}?acao=cancelar` };
}

const BUTTON = "display:inline-block;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;margin:0 8px 8px 0";

export function reminderEmail(to: string, facts: ReminderFacts, zone: string, link: string): EmailMessage {
  const intro = reminderText(facts, zone);
  const links = reminderLinks(link);
  const when = reminderWhen(facts.inicio, zone);
  const outro = "Não consegue vir? Cancele ou remarque pelo link, assim o horário fica livre para outra pessoa.";
  return {
    to,
    subject: `Lembrete: ${servicesText(facts.servicos)} ${when} — ${facts.negocio}`.slice(0, 200),
    link: links.confirmar,
    text: `${intro}\n\nConfirmar presença: ${links.confirmar}\nCancelar ou remarcar: ${links.cancelar}\n\n${outro}\n\n${facts.negocio}`,
    html: `<!doctype html><html lang="pt-BR"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">Seu horário é amanhã</h1><p>${escapeHtml(intro)}</p><p style="margin:24px 0"><a href="${escapeHtml(links.confirmar)}" style="${BUTTON};background:#0f766e;color:#fff">Confirmar presença</a><a href="${escapeHtml(links.cancelar)}" style="${BUTTON};background:#f3f4f6;color:#1f2937;border:1px solid #d1d5db">Cancelar ou remarcar</a></p><p style="color:#555;font-size:13px">${escapeHtml(outro)}</p><p style="color:#555;font-size:13px">Se os botões não funcionarem, copie este endereço no navegador:<br>${escapeHtml(link)}</p><p>${escapeHtml(facts.negocio)}</p></body></html>`,
  };
}
