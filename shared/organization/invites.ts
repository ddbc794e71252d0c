import { z } from "zod";
import { accepted, confirmed, password, requiredString } from "../validation.ts";
import { changeRoleSchema, inviteSchema, setActiveSchema } from "./team.ts";

/**
 * The password typed again before a team change (ADR 019, "Confirme sua senha"): optional in
 * the schema, because within 10 minutes of the last one nothing is asked; the server decides.
 */
const reauth = { senha: password("Senha", { min: 1, max: 200 }).optional() };

/** /admin/users pending invites: send again with a new link, or revoke. */
export const inviteIdSchema = z.object({
  intent: z.enum(["reenviar", "revogar"]),
  inviteId: requiredString("Convite", { max: 128 }),
  ...reauth,
});

/** /admin/users: every form of the page, told apart by `intent`, each with the optional password. */
export const teamPageSchema = z.discriminatedUnion("intent", [
  inviteSchema.extend(reauth),
  changeRoleSchema.extend(reauth),
  setActiveSchema.extend(reauth),
  inviteIdSchema,
]);

/** /convite, no account yet: the sign-up's name and password rules (the e-mail is the invite's). */
export const acceptNewAccountSchema = confirmed(
  z.object({
    intent: z.literal("criar"),
    nome: requiredString("Nome", { min: 2, max: 120 }),
    senha: password("Senha", { max: 200 }),
    confirmarSenha: password("Confirmar senha", { min: 1, max: 200 }),
    aceite: accepted("Termos de uso"),
  }),
  "senha",
  "confirmarSenha",
);

/** /convite with an existing account: its password (as on /login), or the signed-in account. */
export const acceptWithPasswordSchema = z.object({ intent: z.literal("entrar"), senha: password("Senha", { min: 1, max: 200 }) });
export const acceptSignedInSchema = z.object({ intent: z.literal("aceitar") });
/** /convite expired: ask the inviter for a new one. */
export const requestInviteSchema = z.object({ intent: z.literal("pedir") });

export const invitePageSchema = z.discriminatedUnion("intent", [
  acceptNewAccountSchema,
  acceptWithPasswordSchema,
  acceptSignedInSchema,
  requestInviteSchema,
]);
