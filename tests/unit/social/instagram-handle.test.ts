import { describe, expect, it } from "vitest";
import { instagramHandle, parseInstagramHandle } from "../../../shared/social/instagram-handle.ts";
import { referenciaSchema } from "../../../shared/resources/referencias.ts";
import { formErrors } from "../../../shared/validation.ts";

describe("Instagram handles", () => {
  it("takes what people paste: @, case, a profile link with or without www and tracking", () => {
    for (const [raw, handle] of [
      ["@Casa.Bela", "casa.bela"],
      ["casa_bela_imoveis", "casa_bela_imoveis"],
      ["  @apto.paulistano ", "apto.paulistano"],
      ["https://www.instagram.com/morar.zonaoeste/", "morar.zonaoeste"],
      ["instagram.com/morar.zonaoeste?igsh=abc123", "morar.zonaoeste"],
      ["http://m.instagram.com/a1", "a1"],
      ["a", "a"],
      ["x".repeat(30), "x".repeat(30)],
    ] as const)
      expect(parseInstagramHandle(raw), raw).toBe(handle);
  });

  it("refuses what Instagram would: spaces, accents, dashes, periods at the ends or doubled, over 30, a post's link", () => {
    for (const raw of [
      "casa bela",
      "joão.imoveis",
      "casa-bela",
      ".casabela",
      "casabela.",
      "casa..bela",
      "x".repeat(31),
      "@",
      "https://www.instagram.com/p/Cxyz123/",
      "https://www.instagram.com/reel/abc/",
      "https://example.com/casabela",
      "casa@bela",
    ])
      expect(parseInstagramHandle(raw), raw).toBeNull();
  });

  it("gives the form a pt-BR message, and the record is stored bare and lower-case", () => {
    const field = instagramHandle("Perfil do Instagram");
    expect(field.parse("@Apto.Paulistano")).toBe("apto.paulistano");
    expect(formErrors(referenciaSchema.safeParse({ handle: "casa bela" })).handle).toBe(
      "O campo Perfil do Instagram deve ser um usuário do Instagram válido: até 30 letras, números, pontos e sublinhados (ex.: @casabela.imoveis)",
    );
    expect(formErrors(referenciaSchema.safeParse({ handle: "" })).handle).toBe("O campo Perfil do Instagram é obrigatório");
    expect(formErrors(referenciaSchema.safeParse({ handle: "casabela", notas: "x".repeat(501) })).notas).toBe(
      "O campo O que você gosta neste perfil não deve ter mais que 500 caracteres",
    );
  });
});
