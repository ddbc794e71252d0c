import { z } from "zod";
import { intValue } from "../validation.ts";

/**
 * The monthly AI token limit of Configurações do Negócio (issue 20). Client-safe, free of the
 * schema's other fields so the database schema can read the default.
 *
 * One caption with its variants costs about 3.000 tokens and a month plan about 15.000, so the
 * default (1.000.000) is some 300 generations a month; 0 turns the AI off (the template
 * generator still writes). The ceiling stops a typo (an extra zero or three) from opening the bill.
 */
export const AI_MONTHLY_TOKEN_LIMIT_DEFAULT = 1_000_000;
export const AI_MONTHLY_TOKEN_LIMIT_MAX = 50_000_000;

const LABEL = "Limite mensal de tokens de IA";

/** The field: a whole number 0 to the ceiling ("1.000.000" as typed); absent → the default. */
export function aiTokenLimitField(): z.ZodType<number, unknown> {
  return z.preprocess(
    (v) => (v === undefined ? AI_MONTHLY_TOKEN_LIMIT_DEFAULT : v),
    intValue(LABEL, { min: 0, max: AI_MONTHLY_TOKEN_LIMIT_MAX }),
  );
}
