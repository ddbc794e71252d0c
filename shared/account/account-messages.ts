/**
 * Texts an account screen shows and the Worker's services also answer with: client-safe (no
 * zod, no server code), so a page can show them without its browser chunk pulling a service in
 * (ADR 029). The services re-export them where they were declared before.
 */

/** Any e-mailed or invite link that is unknown, used or expired. */
export const INVALID_LINK = "Este link é inválido ou expirou. Peça um novo.";

/** The one answer to "pedir um novo convite", whatever the link. */
export const INVITE_REQUESTED = "Pedido enviado. Se o convite ainda puder ser renovado, quem convidou você recebe um aviso por e-mail.";
