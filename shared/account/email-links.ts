import { z } from "zod";
import { email, password, requiredString } from "../validation.ts";
import { changePasswordSchema, endOtherSessionsSchema, endSessionSchema, nameSchema } from "./account.ts";

/**
 * /auth/callback's button (the POST that follows an e-mailed link; the GET only shows the page).
 * A sign-up confirmation also asks the password chosen at that sign-up.
 */
const linkToken = requiredString("Link", { max: 200 });

export const confirmSignupLinkSchema = z.object({
  type: z.literal("signup"),
  token: linkToken,
  senha: password("Senha", { min: 1, max: 200 }),
});

export const followLinkSchema = z.object({
  type: z.enum(["recovery", "email_change", "email_change_undo"]),
  token: linkToken,
});

export const linkActionSchema = z.discriminatedUnion("type", [confirmSignupLinkSchema, followLinkSchema]);

/** /perfil: moving the account to another e-mail, with the current password typed again. */
export const changeEmailSchema = z.object({
  intent: z.literal("email"),
  novoEmail: email("Novo e-mail"),
  senhaAtual: password("Senha atual", { min: 1, max: 200 }),
});

export const resendEmailChangeSchema = z.object({ intent: z.literal("reenviar-email") });
export const cancelEmailChangeSchema = z.object({ intent: z.literal("cancelar-email") });
/** Leaving the organização (confirmed on a panel first). */
export const leaveOrganizationSchema = z.object({ intent: z.literal("sair-organizacao") });

/** Every form of /perfil, told apart by `intent`. */
export const perfilActionSchema = z.discriminatedUnion("intent", [
  nameSchema,
  changePasswordSchema,
  endSessionSchema,
  endOtherSessionsSchema,
  changeEmailSchema,
  resendEmailChangeSchema,
  cancelEmailChangeSchema,
  leaveOrganizationSchema,
]);
