import { z } from "zod";
import { COLOR_MODES } from "../enums/account.ts";
import { confirmed, oneOf, password, requiredString } from "../validation.ts";

/** /perfil: one schema per form; the action takes the union, told apart by `intent`. */
export const nameSchema = z.object({
  intent: z.literal("nome"),
  nome: requiredString("Nome", { min: 2, max: 120 }),
});

export const changePasswordSchema = confirmed(
  z.object({
    intent: z.literal("senha"),
    senhaAtual: password("Senha atual", { min: 1, max: 200 }),
    novaSenha: password("Nova senha", { max: 200 }),
    confirmarNovaSenha: password("Confirmar nova senha", { min: 1, max: 200 }),
  }),
  "novaSenha",
  "confirmarNovaSenha",
  "Nova senha",
);

export const endSessionSchema = z.object({
  intent: z.literal("encerrar"),
  sessionId: requiredString("Sessão", { max: 128 }),
});

export const endOtherSessionsSchema = z.object({ intent: z.literal("encerrar-outras") });

export const profileActionSchema = z.discriminatedUnion("intent", [
  nameSchema,
  changePasswordSchema,
  endSessionSchema,
  endOtherSessionsSchema,
]);

export const preferencesSchema = z.object({
  modoCor: oneOf("Modo de cor", COLOR_MODES),
});
