import { describe, expect, it } from "vitest";
import { brandFormSchema } from "../../../shared/brand/brand-form.ts";
import { DEFAULT_BRAND, type HexColor } from "../../../shared/brand/brand-style.ts";
import {
  accentContrast,
  accentCss,
  accentPalette,
  APP_BACKGROUNDS,
  contrastRatio,
  formatRatio,
  legibleTextOn,
  MIN_TEXT_CONTRAST,
  normalizeHex,
} from "../../../shared/brand/contrast.ts";
import { formErrors } from "../../../shared/validation.ts";

const hex = (v: string) => v as HexColor;

describe("WCAG contrast", () => {
  it("gives the known ratios: black on white 21:1, a colour on itself 1:1, #767676 on white just over 4,5:1", () => {
    expect(contrastRatio(hex("#000000"), hex("#ffffff"))).toBeCloseTo(21, 5);
    expect(contrastRatio(hex("#0f6e66"), hex("#0f6e66"))).toBe(1);
    expect(contrastRatio(hex("#767676"), hex("#ffffff"))).toBeCloseTo(4.54, 2);
    expect(contrastRatio(hex("#777777"), hex("#ffffff"))).toBeLessThan(MIN_TEXT_CONTRAST);
    // Order does not matter.
    expect(contrastRatio(hex("#ffffff"), hex("#1e3a5f"))).toBe(contrastRatio(hex("#1e3a5f"), hex("#ffffff")));
  });

  it("writes the ratio in pt-BR, rounded down so 4,49 never shows as 4,5", () => {
    expect(formatRatio(4.5)).toBe("4,5:1");
    expect(formatRatio(4.49)).toBe("4,4:1");
    expect(formatRatio(21)).toBe("21,0:1");
  });

  it("reads what people type as #rrggbb lower-case, and nothing else", () => {
    expect(normalizeHex(" #0F6E66 ")).toBe("#0f6e66");
    expect(normalizeHex("#abc")).toBe("#aabbcc");
    for (const bad of ["0f6e66", "#0f6e6", "#0f6e667", "#ggg000", "red", "", "#0f6e66;background:url(x)"])
      expect(normalizeHex(bad), bad).toBeNull();
  });

  it("picks white or ink for text on a colour, whichever reads, and it always reads", () => {
    expect(legibleTextOn(hex("#1e3a5f"))).toBe("#ffffff");
    expect(legibleTextOn(hex("#f2b134"))).not.toBe("#ffffff");
    for (const c of ["#777777", "#808080", "#ff0000", "#00ff00", "#0000ff", "#f2a541", "#ffffff", "#000000"])
      expect(contrastRatio(legibleTextOn(hex(c)), hex(c)), c).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});

describe("the app's accent", () => {
  it("refuses what does not read on the light surfaces (yellow, light teal) and takes what does", () => {
    expect(accentContrast(hex("#f2b134"))).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(accentContrast(hex("#3cc3b4"))).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(accentContrast(hex("#0f6e66"))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(accentContrast(hex("#1e3a5f"))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it("derives a palette that reads in both modes: the accent on every surface and on its soft tint, its text on it", () => {
    for (const chosen of ["#0f6e66", "#1e3a5f", "#7a1f2b", "#000000", "#5b2a86", "#8a4b00", "#0b5cad"]) {
      const { light, dark } = accentPalette(hex(chosen));
      expect(light.accent).toBe(chosen);
      for (const bg of [...APP_BACKGROUNDS.light, light.soft])
        expect(contrastRatio(light.accent, bg), `${chosen} claro em ${bg}`).toBeGreaterThanOrEqual(4.5);
      for (const bg of [...APP_BACKGROUNDS.dark, dark.soft])
        expect(contrastRatio(dark.accent, bg), `${chosen} escuro em ${bg}`).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(light.fg, light.accent)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(dark.fg, dark.accent)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("writes the three variables for light and dark, outranking app.css", () => {
    const css = accentCss(hex("#1e3a5f"));
    expect(css).toMatch(
      /^html:root\{--c-accent:light-dark\(#1e3a5f, #[0-9a-f]{6}\);--c-accent-fg:light-dark\(#ffffff, #[0-9a-f]{6}\);--c-accent-soft:light-dark\(#[0-9a-f]{6}, #[0-9a-f]{6}\)\}$/,
    );
  });
});

describe("the /cores form", () => {
  const valid = {
    corPrimaria: "#1E3A5F",
    corSecundaria: "#f2a541",
    corTextoSobrePrimaria: "#fff",
    fonte: "montserrat",
    destaque: "personalizado",
    corDestaqueApp: "#1e3a5f",
  };

  it("takes a legible brand, normalizing the colours", () => {
    const parsed = brandFormSchema.parse(valid);
    expect(parsed).toMatchObject({
      corPrimaria: "#1e3a5f",
      corTextoSobrePrimaria: "#ffffff",
      fonte: "montserrat",
      corDestaqueApp: "#1e3a5f",
      removerLogo: false,
    });
    expect(brandFormSchema.parse({ ...valid, destaque: "padrao", corDestaqueApp: "qualquer coisa" }).corDestaqueApp).toBeNull();
  });

  it("refuses an illegible pair and an illegible accent with pt-BR messages that give the ratio", () => {
    const errors = formErrors(
      brandFormSchema.safeParse({ ...valid, corPrimaria: "#f2b134", corTextoSobrePrimaria: "#ffffff", corDestaqueApp: "#f2b134" }),
    );
    expect(errors.corTextoSobrePrimaria).toMatch(
      /^O texto fica ilegível sobre a cor primária: o contraste é de 1,[0-9]:1 e o mínimo é 4,5:1\./,
    );
    expect(errors.corDestaqueApp).toMatch(
      /^Esta cor de destaque fica ilegível nas telas do Alicerce: o contraste com o fundo é de 1,[0-9]:1/,
    );
  });

  it("refuses what is no colour, no font of ours, and a missing accent when one is asked for", () => {
    const errors = formErrors(
      brandFormSchema.safeParse({ ...valid, corSecundaria: "laranja", fonte: "comic-sans", corPrimaria: undefined }),
    );
    expect(errors.corPrimaria).toBe("O campo Cor primária é obrigatório");
    expect(errors.corSecundaria).toBe("O campo Cor secundária deve ser uma cor no formato #RRGGBB (ex.: #0F6E66)");
    expect(errors.fonte).toBe("O campo Fonte deve ser um dos valores permitidos");
    expect(formErrors(brandFormSchema.safeParse({ ...valid, corDestaqueApp: "" })).corDestaqueApp).toBe(
      "O campo Cor de destaque é obrigatório",
    );
    expect(formErrors(brandFormSchema.safeParse({ ...valid, corDestaqueApp: "azul" })).corDestaqueApp).toBe(
      "O campo Cor de destaque deve ser uma cor no formato #RRGGBB (ex.: #0F6E66)",
    );
  });

  it("the default brand passes its own rules", () => {
    expect(contrastRatio(DEFAULT_BRAND.corPrimaria, DEFAULT_BRAND.corTextoSobrePrimaria)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});
