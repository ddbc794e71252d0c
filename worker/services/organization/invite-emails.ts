import { escapeHtml } from "../../../shared/escape.ts";
import type { EmailMessage } from "../../email/provider.ts";

/**
 * The team's e-mails beyond the plain invite (worker/email/templates.ts `inviteEmail`, used as
 * is for someone without an account): the invite to someone who already has one, and the
 * "asked for a new invite" notice to the inviter.
 */

function message(to: string, subject: string, paragraphs: string[], action: { label: string; link: string }): EmailMessage {
  const html = `<!doctype html><html lang="pt-BR"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px">${paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join(
      "",
    )}<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="color:#555;font-size:13px">${escapeHtml(action.link)}</p><p style="color:#888;font-size:12px">Alicerce — gestão do seu negócio</p></body></html>`;
  return { to, subject, link: action.link, text: `${paragraphs.join("\n\n")}\n\n${action.label}: ${action.link}`, html };
}

/** To an address that already has an account: accepting is signing in with it (on the invite's page). */
export function existingAccountInviteEmail(to: string, orgName: string, inviter: string, link: string): EmailMessage {
  return message(
    to,
    `Convite para ${orgName} no Alicerce`,
    [
      `${inviter} convidou você para a equipe de ${orgName} no Alicerce.`,
      "Você já tem uma conta no Alicerce com este e-mail: abra o convite e entre com a sua senha para aceitar.",
      "O convite vale por 7 dias. Se você não esperava este convite, ignore esta mensagem.",
    ],
    { label: "Ver convite", link },
  );
}

/** To the inviter (or the owners): the invitee found the invite expired and asks for a new one. */
export function inviteRequestedEmail(to: string, who: string, orgName: string, teamLink: string): EmailMessage {
  return message(
    to,
    `${who} pediu um novo convite para ${orgName}`,
    [
      `${who} abriu um convite para a equipe de ${orgName} no Alicerce que já tinha expirado e pediu um novo.`,
      "Se quiser, reenvie o convite em Usuários. Se não reconhece o pedido, ignore esta mensagem.",
    ],
    { label: "Abrir Usuários", link: teamLink },
  );
}
