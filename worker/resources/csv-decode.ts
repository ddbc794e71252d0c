import { DomainError } from "../services/context.ts";

/**
 * The one way an uploaded CSV's bytes become text, for the page and the API alike. Excel pt-BR
 * often saves CSV as Windows-1252 (Latin-1): read strict UTF-8 when the bytes are UTF-8, else
 * Windows-1252. Text that still holds a replacement character (U+FFFD) or a C1 control (what
 * Windows-1252 makes of its five undefined bytes) was not read right: refuse it rather than
 * import "Jos� Concei��o".
 */

export const UNREADABLE_CSV_MESSAGE = "O arquivo não está em UTF-8 nem em Windows-1252 (Latin-1). Salve-o como CSV UTF-8 e tente de novo.";

const GARBLED = /[\uFFFD\u0080-\u009F]/;

/** Throws the pt-BR 400 when the text holds characters no readable CSV has. */
export function assertReadableCsv(text: string): void {
  if (GARBLED.test(text)) throw new DomainError(UNREADABLE_CSV_MESSAGE, 400, "arquivo");
}

/** The file's text: BOM stripped; strict UTF-8, else Windows-1252; refused when still garbled. */
export function decodeCsvBytes(bytes: ArrayBuffer | Uint8Array): string {
  let text: string;
  try {
    // ignoreBOM keeps the BOM in the text, so it is stripped the same way on both paths.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = new TextDecoder("windows-1252").decode(bytes);
  }
  text = text.replace(/^\uFEFF/, "");
  assertReadableCsv(text);
  return text;
}
