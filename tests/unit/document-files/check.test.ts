import { describe, expect, it } from "vitest";
import { checkDeclaredFile, checkDocumentFile, checkFileCount, documentFileMessages } from "../../../shared/document-files/check.ts";
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES, extensionOf } from "../../../shared/document-files/file-kinds.ts";
import { documentStorageKey, parseDocumentStorageKey } from "../../../shared/document-files/storage-key.ts";
import { DOCUMENT_TYPE } from "../../../shared/enums/documents.ts";
import { docxFile, heicFile, jpegBytes, pdfFile, pngBytes, xlsxFile } from "./samples.ts";

/** The upload check (shared/document-files/check.ts): limits, declared type vs content, and the words a person reads. */

const ALL = "PDF, JPEG, PNG, HEIC, WebP, DOCX, XLSX";

describe("messages, word for word", () => {
  it("reads as the house sentences do", () => {
    expect(documentFileMessages.empty("a.pdf")).toBe("O arquivo a.pdf está vazio");
    expect(documentFileMessages.size("a.pdf")).toBe("O arquivo a.pdf deve ter no máximo 20 MB");
    expect(documentFileMessages.type("a.exe")).toBe(`O arquivo a.exe deve ser do tipo ${ALL}`);
    expect(documentFileMessages.content("foto.jpg", "jpeg")).toBe("O conteúdo do arquivo foto.jpg não corresponde ao tipo JPEG");
    expect(documentFileMessages.tooMany()).toBe("Envie no máximo 20 arquivos de uma vez");
  });
});

describe("checkDeclaredFile: before the bytes are read", () => {
  const file = (name: string, type = "", size = 1000) => ({ name, type, size });

  it("size: empty refused, exactly 20 MB accepted, one byte more refused", () => {
    expect(checkDeclaredFile(file("a.pdf", "application/pdf", 0))).toEqual({ ok: false, message: "O arquivo a.pdf está vazio" });
    expect(checkDeclaredFile(file("a.pdf", "application/pdf", DOCUMENT_MAX_BYTES))).toEqual({ ok: true, kind: "pdf" });
    expect(checkDeclaredFile(file("a.pdf", "application/pdf", DOCUMENT_MAX_BYTES + 1))).toEqual({
      ok: false,
      message: "O arquivo a.pdf deve ter no máximo 20 MB",
    });
  });

  it("extensions outside the list, or none, are refused with the list", () => {
    for (const name of [
      "virus.exe",
      "planilha.xls",
      "texto.doc",
      "notas.txt",
      "foto.avif",
      "desenho.svg",
      "pagina.html",
      "semextensao",
      ".pdf",
    ])
      expect(checkDeclaredFile(file(name)), name).toEqual({ ok: false, message: `O arquivo ${name} deve ser do tipo ${ALL}` });
  });

  it("extension case and the declared type's aliases and parameters do not matter", () => {
    expect(checkDeclaredFile(file("SCAN.PDF", "application/pdf"))).toEqual({ ok: true, kind: "pdf" });
    expect(checkDeclaredFile(file("foto.JPEG", "image/jpg"))).toEqual({ ok: true, kind: "jpeg" });
    expect(checkDeclaredFile(file("IMG_0001.HEIC", "image/heif"))).toEqual({ ok: true, kind: "heic" });
    expect(checkDeclaredFile(file("a.pdf", "application/pdf; charset=binary"))).toEqual({ ok: true, kind: "pdf" });
  });

  it("no declared type, or octet-stream (Windows, some phones for HEIC and Office), defers to the content", () => {
    expect(checkDeclaredFile(file("IMG_0001.heic", ""))).toEqual({ ok: true, kind: "heic" });
    expect(checkDeclaredFile(file("contrato.docx", "application/octet-stream"))).toEqual({ ok: true, kind: "docx" });
  });

  it("a declared type that contradicts the extension is refused", () => {
    expect(checkDeclaredFile(file("foto.jpg", "application/pdf"))).toEqual({
      ok: false,
      message: "O conteúdo do arquivo foto.jpg não corresponde ao tipo JPEG",
    });
    expect(checkDeclaredFile(file("a.pdf", "text/html"))).toEqual({
      ok: false,
      message: "O conteúdo do arquivo a.pdf não corresponde ao tipo PDF",
    });
  });
});

describe("checkDocumentFile: the bytes decide", () => {
  it("accepts each format under its own name", async () => {
    expect(checkDocumentFile({ name: "contrato.pdf", type: "application/pdf", size: 0 }, pdfFile())).toEqual({ ok: true, kind: "pdf" });
    expect(checkDocumentFile({ name: "rg.jpg", type: "image/jpeg", size: 0 }, jpegBytes())).toEqual({ ok: true, kind: "jpeg" });
    expect(checkDocumentFile({ name: "planta.png", type: "image/png", size: 0 }, pngBytes())).toEqual({ ok: true, kind: "png" });
    expect(checkDocumentFile({ name: "IMG_0420.HEIC", type: "", size: 0 }, heicFile("heic", ["mif1", "heic"]))).toEqual({
      ok: true,
      kind: "heic",
    });
    expect(checkDocumentFile({ name: "minuta.docx", type: "", size: 0 }, await docxFile())).toEqual({ ok: true, kind: "docx" });
    expect(checkDocumentFile({ name: "custos.xlsx", type: "", size: 0 }, await xlsxFile())).toEqual({ ok: true, kind: "xlsx" });
  });

  it("a PDF renamed .jpg (and declared image/jpeg) is refused", () => {
    expect(checkDocumentFile({ name: "foto.jpg", type: "image/jpeg", size: 0 }, pdfFile())).toEqual({
      ok: false,
      message: "O conteúdo do arquivo foto.jpg não corresponde ao tipo JPEG",
    });
  });

  it("a DOCX renamed .xlsx, and HTML renamed .pdf, are refused", async () => {
    expect(checkDocumentFile({ name: "a.xlsx", type: "", size: 0 }, await docxFile())).toEqual({
      ok: false,
      message: "O conteúdo do arquivo a.xlsx não corresponde ao tipo XLSX",
    });
    const html = new TextEncoder().encode("<html><script>fetch('/api')</script></html>");
    expect(checkDocumentFile({ name: "a.pdf", type: "application/pdf", size: 0 }, html)).toEqual({
      ok: false,
      message: "O conteúdo do arquivo a.pdf não corresponde ao tipo PDF",
    });
  });

  it("the size checked is the bytes', not the declared one", () => {
    const big = new Uint8Array(DOCUMENT_MAX_BYTES + 1);
    expect(checkDocumentFile({ name: "a.pdf", type: "application/pdf", size: 10 }, big)).toEqual({
      ok: false,
      message: "O arquivo a.pdf deve ter no máximo 20 MB",
    });
  });
});

describe("limits and helpers", () => {
  it("at most 20 files in one upload", () => {
    expect(checkFileCount(20)).toBeNull();
    expect(checkFileCount(21)).toBe("Envie no máximo 20 arquivos de uma vez");
  });

  it("the input's accept lists types and extensions", () => {
    expect(DOCUMENT_ACCEPT.split(",")).toEqual(expect.arrayContaining(["application/pdf", ".heic", ".heif", "image/heic", ".docx"]));
  });

  it("extensionOf", () => {
    expect(extensionOf("a.b.PDF")).toBe("pdf");
    expect(extensionOf(".bashrc")).toBe("");
    expect(extensionOf("a.")).toBe("");
  });

  it("the R2 key is the organização's prefix, the id and the checked format's extension", () => {
    expect(documentStorageKey("org1", "doc-9", "jpeg")).toBe("orgs/org1/documents/doc-9.jpg");
    expect(parseDocumentStorageKey("orgs/org1/documents/doc-9.jpg")).toEqual({ orgId: "org1", documentId: "doc-9", extension: "jpg" });
    expect(() => documentStorageKey("../org2", "d", "pdf")).toThrow(RangeError);
    expect(() => documentStorageKey("org1", "a/b", "pdf")).toThrow(RangeError);
    for (const key of [
      "orgs/org1/properties/p/a.jpg",
      "orgs/org1/documents/a/b.pdf",
      "orgs/org1/documents/a.pdf/x",
      "x/orgs/o/documents/a.pdf",
    ])
      expect(parseDocumentStorageKey(key), key).toBeNull();
  });

  it("document types, labelled as a corretor says them", () => {
    expect(DOCUMENT_TYPE.options.map((o) => o.label)).toEqual([
      "Contrato",
      "Matrícula",
      "RG/CPF",
      "Comprovante",
      "Laudo",
      "Nota fiscal",
      "Outro",
    ]);
  });
});
