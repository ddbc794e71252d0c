import { describe, expect, it } from "vitest";
import { validateForm } from "../../shared/validation.ts";
import { changePasswordSchema, profileActionSchema } from "../../shared/account/account.ts";
import { organizationSchema } from "../../shared/organization/organization.ts";
import { compareMigrations } from "../../worker/services/system/database.ts";
import { TimeoutError, withTimeout } from "../../worker/services/system/diagnostics.ts";
import { detectImageType, isOrgKey, LOGO_MAX_PX } from "../../worker/services/organization/organization.ts";
import { jpegFile } from "../support/jpeg.ts";
import { webpFile } from "../support/webp.ts";
import { describeUserAgent } from "../../worker/services/account/profile.ts";

describe("describeUserAgent", () => {
  it.each([
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36", "Chrome no Linux"],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0",
      "Edge no Windows",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      "Safari no iPhone",
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/140.0 Mobile/15E148 Safari/604.1",
      "Chrome no iPhone",
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
      "Safari no macOS",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0", "Firefox no macOS"],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36",
      "Samsung Internet no Android",
    ],
    [
      "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36 OPR/85.0",
      "Opera no Android",
    ],
    ["Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36", "Chrome no Linux"],
    ["curl/8.5.0", "curl (linha de comando ou API)"],
    ["API", "Aplicativo ou API"],
    ["", "Navegador desconhecido"],
    [null, "Navegador desconhecido"],
  ])("%j → %s", (ua, expected) => expect(describeUserAgent(ua)).toBe(expected));
});

describe("detectImageType (the decoded header, not the declared type nor a bare signature)", () => {
  const ascii = (s: string) => new TextEncoder().encode(s);
  // A real 1 × 1 PNG.
  const png = Uint8Array.from(
    atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
    (c) => c.charCodeAt(0),
  );
  /** The PNG with its IHDR claiming `width` × `height`. */
  const pngSized = (width: number, height: number) => {
    const copy = png.slice();
    new DataView(copy.buffer).setUint32(16, width);
    new DataView(copy.buffer).setUint32(20, height);
    return copy;
  };
  it("recognises complete PNG, JPEG and WebP files", () => {
    expect(detectImageType(png)).toEqual({ mime: "image/png", ext: "png" });
    expect(detectImageType(jpegFile("baseline", 400, 200))).toEqual({ mime: "image/jpeg", ext: "jpg" });
    expect(detectImageType(webpFile("VP8", 400, 200))).toEqual({ mime: "image/webp", ext: "webp" });
    expect(detectImageType(pngSized(LOGO_MAX_PX, LOGO_MAX_PX))?.ext).toBe("png");
  });
  it("refuses a bare signature followed by anything, a cut-off file, a zero or oversize image", () => {
    expect(detectImageType(new Uint8Array([...png.slice(0, 16), ...ascii("<script>alert(1)</script>")]))).toBeNull();
    expect(detectImageType(png.slice(0, png.length - 6))).toBeNull();
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, ...ascii("JFIF")]))).toBeNull();
    expect(detectImageType(new Uint8Array([...ascii("RIFF"), 1, 2, 3, 4, ...ascii("WEBPVP8 ")]))).toBeNull();
    expect(detectImageType(pngSized(0, 10))).toBeNull();
    expect(detectImageType(pngSized(LOGO_MAX_PX + 1, 10))).toBeNull();
    expect(detectImageType(jpegFile("progressive", 20_000, 20_000))).toBeNull();
  });
  it("refuses SVG, HTML and GIF", () => {
    expect(detectImageType(ascii('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(detectImageType(ascii("<html><script>alert(1)</script>"))).toBeNull();
    expect(detectImageType(ascii("GIF89a"))).toBeNull();
  });
});

describe("isOrgKey", () => {
  const org = "11111111-1111-1111-1111-111111111111";
  it("accepts keys inside the organization's prefix", () => {
    expect(isOrgKey(org, `orgs/${org}/logo-abc.png`)).toBe(true);
    expect(isOrgKey(org, `orgs/${org}/diagnostics/x.txt`)).toBe(true);
  });
  it.each([
    ["another organization", "orgs/22222222-2222-2222-2222-222222222222/logo.png"],
    ["a prefix lookalike", `orgs/${org}x/logo.png`],
    ["dot-dot", `orgs/${org}/../22222222-2222-2222-2222-222222222222/logo.png`],
    ["empty segment", `orgs/${org}//logo.png`],
    ["the prefix alone", `orgs/${org}/`],
    ["no prefix", "logo.png"],
  ])("refuses %s", (_, key) => expect(isOrgKey(org, key)).toBe(false));
});

describe("compareMigrations", () => {
  const journal = [
    { idx: 1, when: 2000, tag: "0001_b" },
    { idx: 0, when: 1000, tag: "0000_a" },
  ];
  it("marks applied by created_at = when, sorted by idx", () => {
    const r = compareMigrations(journal, [{ created_at: 1000 }]);
    expect(r.migrations.map((m) => [m.tag, m.applied])).toEqual([
      ["0000_a", true],
      ["0001_b", false],
    ]);
    expect(r.pending).toBe(1);
    expect(r.unknownApplied).toBe(0);
  });
  it("counts rows the journal doesn't know (a newer deploy ran them)", () => {
    const r = compareMigrations(journal, [{ created_at: "1000" }, { created_at: 2000 }, { created_at: 3000 }]);
    expect(r.pending).toBe(0);
    expect(r.unknownApplied).toBe(1);
  });
});

describe("withTimeout", () => {
  it("rejects with a pt-BR TimeoutError when the work hangs", async () => {
    const hanging = new Promise<never>(() => {});
    await expect(withTimeout(hanging, 20)).rejects.toBeInstanceOf(TimeoutError);
    await expect(withTimeout(hanging, 20)).rejects.toThrow("Sem resposta em 0.02 s.");
  });
  it("passes results through", async () => {
    await expect(withTimeout(Promise.resolve(7), 1000)).resolves.toBe(7);
  });
});

describe("form schemas", () => {
  it("profile: the discriminated union picks the form by intent; passwords are not trimmed", () => {
    const ok = validateForm(profileActionSchema, {
      intent: "senha",
      senhaAtual: " antiga ",
      novaSenha: " nova-senha ",
      confirmarNovaSenha: " nova-senha ",
    });
    expect(ok).toEqual({
      ok: true,
      data: { intent: "senha", senhaAtual: " antiga ", novaSenha: " nova-senha ", confirmarNovaSenha: " nova-senha " },
    });
    expect(
      validateForm(changePasswordSchema, { intent: "senha", senhaAtual: "x", novaSenha: "nova-senha", confirmarNovaSenha: "outra" }),
    ).toEqual({
      ok: false,
      errors: { confirmarNovaSenha: "A confirmação do campo Nova senha deve ser igual" },
    });
  });
  const base = {
    nome: "Imobiliária Horizonte",
    segmento: "imobiliaria",
    documento: "12.abc.345/01de-35",
    creci: "J-1",
    whatsapp: "(11) 98765-4321",
    cidade: "São Paulo",
    uf: "SP",
  };
  it("organization: alphanumeric CNPJ, CEP and phone come out canonical", () => {
    const r = validateForm(organizationSchema, { ...base, cep: "05422-030", email: "" });
    expect(r.ok && r.data).toMatchObject({
      documento: "12ABC34501DE35",
      whatsapp: "11987654321",
      cep: "05422030",
      email: undefined,
      removerLogo: false,
    });
  });
  it("organization: CRECI required for real estate, shown with the other errors", () => {
    const r = validateForm(organizationSchema, { ...base, creci: "", documento: "11.111.111/1111-11" });
    expect(r).toEqual({ ok: false, errors: { documento: "O campo CPF ou CNPJ não é válido", creci: "O campo CRECI é obrigatório" } });
    expect(validateForm(organizationSchema, { ...base, segmento: "comercio", creci: "" }).ok).toBe(true);
  });
});
