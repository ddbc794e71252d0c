import { z } from "zod";
import { email, oneOf, requiredString } from "../validation.ts";

const ROLE_VALUES = ["owner", "admin", "staff", "professional"] as const;

/** /admin/users: one schema per form; the action takes the union, told apart by `intent`. */
export const inviteSchema = z.object({
  intent: z.literal("convidar"),
  nome: requiredString("Nome", { min: 2, max: 120 }),
  email: email("E-mail"),
  papel: oneOf("Papel", ROLE_VALUES),
});

export const changeRoleSchema = z.object({
  intent: z.literal("papel"),
  membershipId: requiredString("Membro", { max: 64 }),
  papel: oneOf("Papel", ROLE_VALUES),
});

export const setActiveSchema = z.object({
  intent: z.enum(["desativar", "reativar"]),
  membershipId: requiredString("Membro", { max: 64 }),
});

export const teamActionSchema = z.discriminatedUnion("intent", [inviteSchema, changeRoleSchema, setActiveSchema]);
