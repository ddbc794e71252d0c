/**
 * Text into markup, once for everything we write by hand: HTML (e-mails, the API reference) and
 * XML (the portals' VRSync feed, the XLSX export). Client-safe and dependency-free.
 */

const MARKUP = /[&<>"']/g;
const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const XML_ENTITIES: Record<string, string> = { ...HTML_ENTITIES, "'": "&apos;" };

/**
 * What XML 1.0 cannot carry: control characters other than tab, newline and carriage return,
 * lone surrogates, U+FFFE and U+FFFF (a pasted description or a spreadsheet cell may hold any).
 */
const XML_FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for an HTML element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(MARKUP, (ch) => HTML_ENTITIES[ch] as string);
}

/** The text without the characters XML 1.0 forbids (for CDATA, which escapes nothing else). */
export function xmlChars(text: string): string {
  return text.replace(XML_FORBIDDEN, "");
}

/** Text for an XML element or a quoted attribute: forbidden characters dropped, markup escaped. */
export function escapeXml(value: string | number): string {
  return xmlChars(String(value)).replace(MARKUP, (ch) => XML_ENTITIES[ch] as string);
}
