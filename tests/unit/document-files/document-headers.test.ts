import { describe, expect, it } from "vitest";
import { contentDisposition, documentHeaders } from "../../../worker/services/documents/document-headers.ts";

describe("documentHeaders", () => {
  it("previews images and PDFs inline when asked, downloads the rest always", () => {
    expect(documentHeaders("pdf", "inline", "a.pdf", 10)["content-disposition"]).toMatch(/^inline;/);
    expect(documentHeaders("png", "inline", "a.png", 10)["content-disposition"]).toMatch(/^inline;/);
    for (const kind of ["docx", "xlsx", "heic"] as const)
      expect(documentHeaders(kind, "inline", "a", 10)["content-disposition"], kind).toMatch(/^attachment;/);
    expect(documentHeaders("pdf", "attachment", "a.pdf", 10)["content-disposition"]).toMatch(/^attachment;/);
  });

  it("serves the checked type, never cached, never sniffed", () => {
    expect(documentHeaders("jpeg", "inline", "a.jpg", 1234)).toEqual({
      "content-type": "image/jpeg",
      "content-length": "1234",
      "content-disposition": `inline; filename="a.jpg"; filename*=UTF-8''a.jpg`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      "referrer-policy": "no-referrer",
    });
  });
});

describe("contentDisposition", () => {
  it("keeps accents in filename* and folds them in the ASCII fallback", () => {
    expect(contentDisposition("attachment", "Contrato de locação (João).pdf")).toBe(
      `attachment; filename="Contrato de locacao (Joao).pdf"; filename*=UTF-8''Contrato%20de%20loca%C3%A7%C3%A3o%20%28Jo%C3%A3o%29.pdf`,
    );
  });

  it("no quote, slash, backslash or control character survives (no header injection, no path)", () => {
    const header = contentDisposition("attachment", 'a"\r\nSet-Cookie: x=1/..\\b.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(`attachment; filename="a___Set-Cookie: x=1_.._b.pdf"; filename*=UTF-8''a___Set-Cookie%3A%20x%3D1_.._b.pdf`);
  });

  it("an empty name becomes documento", () => {
    expect(contentDisposition("inline", "  ")).toBe(`inline; filename="documento"; filename*=UTF-8''documento`);
  });
});
