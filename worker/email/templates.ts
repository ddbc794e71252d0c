import { escapeHtml } from "../../shared/escape.ts";
import type { EmailMessage } from "./provider.ts";

/** The HTML frame of every e-mail: a title, an intro, one button and a note. */
export function layout(title: string, intro: string, action: { label: string; link: string } | null, outro: string): string {
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.link)}" style="background:#0f766e;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="color:#555;font-size:13px">Se o botão não funcionar, copie este endereço no navegador:<br>${escapeHtml(action.link)}</p>`
    : "";
  return `<!doctype html><html lang="pt-BR"><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p>${button}<p style="color:#555;font-size:13px">${escapeHtml(outro)}</p><p style="color:#888;font-size:12px">Alicerce — gestão do seu negócio</p></body></html>`;
}

export function confirmationEmail(to: string, name: string, link: string): EmailMessage {
  const intro = `Olá, ${name}! Confirme seu e-mail para começar a usar o Alicerce.`;
  return {
    to,
    subject: "Confirme seu e-mail no Alicerce",
    link,
    text: `${intro}\n\nConfirmar e-mail: ${link}\n\nO link vale por 24 horas. Se você não criou uma conta, ignore esta mensagem.`,
    html: layout(
      "Confirme seu e-mail",
      intro,
      { label: "Confirmar e-mail", link },
      "O link vale por 24 horas. Se você não criou uma conta, ignore esta mensagem.",
    ),
  };
}

export function accountExistsEmail(to: string, loginLink: string, recoverLink: string): EmailMessage {
  const intro = "Alguém tentou criar uma conta no Alicerce com este e-mail, mas você já tem uma conta.";
  return {
    to,
    subject: "Você já tem uma conta no Alicerce",
    link: loginLink,
    text: `${intro}\n\nEntrar: ${loginLink}\nEsqueceu a senha? ${recoverLink}`,
    html: layout(
      "Você já tem uma conta",
      intro,
      { label: "Entrar", link: loginLink },
      `Esqueceu a senha? Peça um novo link em ${recoverLink}`,
    ),
  };
}

export function recoveryEmail(to: string, link: string): EmailMessage {
  const intro = "Recebemos um pedido para criar uma nova senha para sua conta no Alicerce.";
  return {
    to,
    subject: "Crie uma nova senha no Alicerce",
    link,
    text: `${intro}\n\nCriar nova senha: ${link}\n\nO link vale por 1 hora e só pode ser usado uma vez. Se não foi você, ignore esta mensagem: sua senha continua a mesma.`,
    html: layout(
      "Nova senha",
      intro,
      { label: "Criar nova senha", link },
      "O link vale por 1 hora e só pode ser usado uma vez. Se não foi você, ignore esta mensagem.",
    ),
  };
}

export function inviteEmail(to: string, orgName: string, inviter: string, link: string): EmailMessage {
  const intro = `${inviter} convidou você para a equipe de ${orgName} no Alicerce.`;
  return {
    to,
    subject: `Convite para ${orgName} no Alicerce`,
    link,
    text: `${intro}\n\nAceitar convite: ${link}\n\nO convite vale por 7 dias.`,
    html: layout("Você foi convidado", intro, { label: "Aceitar convite", link }, "O convite vale por 7 dias."),
  };
}

export function emailChangeConfirmationEmail(to: string, name: string, link: string): EmailMessage {
  const intro = `Olá, ${name}! Você pediu para usar este endereço como o e-mail da sua conta no Alicerce. Confirme para concluir a troca.`;
  const outro =
    "O link vale por 24 horas. Até você confirmar, a conta continua com o e-mail antigo. Se não foi você, ignore esta mensagem.";
  return {
    to,
    subject: "Confirme seu novo e-mail no Alicerce",
    link,
    text: `${intro}\n\nConfirmar novo e-mail: ${link}\n\n${outro}`,
    html: layout("Confirme seu novo e-mail", intro, { label: "Confirmar novo e-mail", link }, outro),
  };
}

/** To the old address once the change is confirmed: what happened, and the way back for 7 days. */
export function emailChangedEmail(to: string, name: string, newAddressHint: string, undoLink: string): EmailMessage {
  const intro = `Olá, ${name}! O e-mail da sua conta no Alicerce foi trocado para ${newAddressHint}. A partir de agora o login é feito com o novo endereço.`;
  const outro =
    "Não foi você? Desfaça a troca em até 7 dias: o e-mail volta a ser este, todas as sessões são encerradas e você cria uma nova senha.";
  return {
    to,
    subject: "O e-mail da sua conta no Alicerce foi trocado",
    link: undoLink,
    text: `${intro}\n\nDesfazer a troca: ${undoLink}\n\n${outro}`,
    html: layout("Seu e-mail foi trocado", intro, { label: "Não fui eu: desfazer a troca", link: undoLink }, outro),
  };
}

/** To the owners, 7 days before a Meta login that cannot be refreshed stops working (sent once per expiry). */
export function metaTokenExpiringEmail(
  to: string,
  network: string,
  accountName: string,
  expiresOn: string,
  link: string | null,
): EmailMessage {
  const intro = `A conexão do ${network} (${accountName}) com o Alicerce expira em ${expiresOn}. A Meta não deixa renová-la sem você: depois dessa data, os posts agendados ficam retidos até alguém reconectar.`;
  const outro = link
    ? "Reconectar leva um minuto: clique no botão, confirme na janela da Meta e pronto. Os posts e o histórico continuam."
    : "Para reconectar, abra o Alicerce › Configurações › Integrações › Conexão " + network + ". Os posts e o histórico continuam.";
  return {
    to,
    subject: `A conexão do ${network} expira em ${expiresOn}`,
    ...(link ? { link } : {}),
    text: `${intro}\n\n${link ? `Reconectar: ${link}\n\n` : ""}${outro}`,
    html: layout(`Reconecte o ${network} até ${expiresOn}`, intro, link ? { label: `Reconectar o ${network}`, link } : null, outro),
  };
}
