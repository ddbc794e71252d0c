import { z } from "zod";
import { PixError } from "../pix/errors.ts";
import { PIX_KEY_KINDS, type PixKey, type PixKeyKind, parsePixKey } from "../pix/key.ts";
import { merchantCity, merchantName } from "../pix/text.ts";
import { oneOf, requiredString } from "../validation.ts";

/**
 * The business's Pix at checkout (issue 22, ADR 068): the key as the DICT stores it and the
 * receiver's name and city as the BR Code carries them (no accents, uppercase, ≤ 25 / ≤ 15).
 * One schema for the settings page and its service; what is stored is already canonical, so
 * the checkout only encodes. Client-safe.
 */

/** What the person types may be longer than the code's limit: it is normalised and cut, as shared/pix does. */
const TYPED_MAX = 120;

function normalised(fn: (text: string) => string) {
  return (value: string, ctx: z.RefinementCtx): string => {
    try {
      return fn(value);
    } catch (error) {
      ctx.addIssue({ code: "custom", message: error instanceof PixError ? error.message : "Valor inválido." });
      return z.NEVER;
    }
  };
}

export const pixSettingsSchema = z
  .object({
    pixChaveTipo: oneOf("Tipo da chave", PIX_KEY_KINDS as unknown as readonly [PixKeyKind, ...PixKeyKind[]]),
    pixChave: requiredString("Chave Pix", { max: TYPED_MAX }),
    pixNome: requiredString("Nome do recebedor", { max: TYPED_MAX }).transform(normalised(merchantName)),
    pixCidade: requiredString("Cidade do recebedor", { max: TYPED_MAX }).transform(normalised(merchantCity)),
  })
  .transform((data, ctx) => {
    const key = parsePixKey(data.pixChaveTipo, data.pixChave);
    if (!key.ok) {
      ctx.addIssue({ code: "custom", message: key.message, path: ["pixChave"] });
      return z.NEVER;
    }
    return { ...data, pixChave: key.key.value };
  });

export type PixSettingsInput = z.output<typeof pixSettingsSchema>;

/** What the checkout reads: null when the business has no key yet. */
export interface CheckoutPix {
  key: PixKey;
  merchantName: string;
  merchantCity: string;
}
