import { z } from "zod";
import { LOGO_MAX_KB, LOGO_TYPES } from "../organization/business-fields.ts";
import { blankToUndefined, checkbox, file, messages, oneOf, optional } from "../validation.ts";
import { BRAND_FONTS, type BrandFontId, type HexColor } from "./brand-style.ts";
import { accentContrast, contrastRatio, formatRatio, MIN_TEXT_CONTRAST, normalizeHex } from "./contrast.ts";

/**
 * The /cores "Estilização" form, one schema for the browser and the action (ADR 054): colours
 * as `#rrggbb`, the text on the primary colour and the app's accent refused when illegible
 * (WCAG AA, 4,5:1), the font from the shipped ones, the logo as /config takes it. Client-safe.
 */

const FONT_IDS = BRAND_FONTS.map((f) => f.id) as unknown as readonly [BrandFontId, ...BrandFontId[]];

/** A colour typed or picked: `#rgb`/`#rrggbb` in any case → `#rrggbb`. */
export function hexColor(field: string): z.ZodType<HexColor, unknown> {
  const error = (iss: { input?: unknown }) =>
    iss.input === undefined ? messages.required(field) : `O campo ${field} deve ser uma cor no formato #RRGGBB (ex.: #0F6E66)`;
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === "string" ? (normalizeHex(b) ?? b) : b;
    },
    z
      .string({ error })
      .regex(/^#[0-9a-f]{6}$/, { error })
      .transform((v) => v as HexColor),
  );
}

/** Why a pair is refused, or null: the text drawn on the primary colour of the art. */
export function textOnPrimaryProblem(primary: HexColor, text: HexColor): string | null {
  const ratio = contrastRatio(primary, text);
  if (ratio >= MIN_TEXT_CONTRAST) return null;
  return `O texto fica ilegível sobre a cor primária: o contraste é de ${formatRatio(ratio)} e o mínimo é ${formatRatio(MIN_TEXT_CONTRAST)}. Escolha um texto mais claro ou mais escuro.`;
}

/** Why an accent is refused, or null: it is text and buttons on the app's light surfaces. */
export function accentProblem(accent: HexColor): string | null {
  const ratio = accentContrast(accent);
  if (ratio >= MIN_TEXT_CONTRAST) return null;
  return `Esta cor de destaque fica ilegível nas telas do Alicerce: o contraste com o fundo é de ${formatRatio(ratio)} e o mínimo é ${formatRatio(MIN_TEXT_CONTRAST)}. Escolha uma cor mais escura.`;
}

/** The accent's choice: Alicerce's own teal, or the business's colour. */
export const ACCENT_CHOICES = ["padrao", "personalizado"] as const;

const ACCENT = hexColor("Cor de destaque");

export const brandFormSchema = z
  .object({
    corPrimaria: hexColor("Cor primária"),
    corSecundaria: hexColor("Cor secundária"),
    corTextoSobrePrimaria: hexColor("Texto sobre a cor primária"),
    fonte: oneOf("Fonte", FONT_IDS),
    destaque: oneOf("Cor de destaque", ACCENT_CHOICES),
    /** Read only when `destaque` is "personalizado". */
    corDestaqueApp: z.unknown(),
    logo: optional(file("Logo", { maxKb: LOGO_MAX_KB, mimes: LOGO_TYPES })),
    removerLogo: checkbox(),
  })
  .superRefine((v, ctx) => {
    const problem = textOnPrimaryProblem(v.corPrimaria, v.corTextoSobrePrimaria);
    if (problem) ctx.addIssue({ code: "custom", path: ["corTextoSobrePrimaria"], message: problem });
    if (v.destaque !== "personalizado") return;
    const accent = ACCENT.safeParse(v.corDestaqueApp);
    const message = accent.success ? accentProblem(accent.data) : (accent.error.issues[0]?.message ?? messages.default("Cor de destaque"));
    if (message) ctx.addIssue({ code: "custom", path: ["corDestaqueApp"], message });
  })
  .transform(({ destaque, corDestaqueApp, ...rest }) => ({
    ...rest,
    corDestaqueApp: destaque === "personalizado" ? ACCENT.parse(corDestaqueApp) : null,
  }));

export type BrandForm = z.output<typeof brandFormSchema>;
