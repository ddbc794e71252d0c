/**
 * CSV for Excel pt-BR and back (pure; unit-tested in tests/unit/csv.test.ts).
 *
 * Writing: `;` between fields, CRLF between records, a UTF-8 BOM first (Excel then reads
 * accents right), numbers with a decimal comma, fields quoted when they hold `;`, `"`, CR or
 * LF. Text that Excel would run as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a leading
 * apostrophe (OWASP "CSV injection").
 *
 * Reading: `;` or `,` (whichever the header line uses outside quotes), optional BOM, quoted
 * fields with `""` escapes and line breaks inside, CRLF or LF, blank lines skipped.
 */

export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";
export const CSV_NEWLINE = "\r\n";

const FORMULA_START = /^[=+\-@\t\r]/;

/** A number as Excel pt-BR reads it: "1234,5" (no grouping, decimal comma). */
export function csvNumber(value: number): string {
  if (!Number.isFinite(value)) return "";
  return String(value).replace(".", ",");
}

/** One field: text is neutralised against formulas and quoted when needed; numbers get a decimal comma. */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return csvNumber(value);
  let text = value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, CRLF-terminated. */
export function csvLine(fields: readonly (string | number | null | undefined)[]): string {
  return fields.map(csvField).join(CSV_SEPARATOR) + CSV_NEWLINE;
}

/** The whole file (BOM + header + rows), for small exports and tests. */
export function formatCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return CSV_BOM + csvLine(header) + rows.map(csvLine).join("");
}

/** The separator the header line uses: the one of `;` and `,` found more often outside quotes. */
export function detectSeparator(text: string): ";" | "," {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch === ";") semicolons++;
    else if (!quoted && ch === ",") commas++;
  }
  return commas > semicolons ? "," : ";";
}

export interface ParsedCsv {
  header: string[];
  /** Data records with their 1-based line number in the file (the header is line 1). */
  records: { line: number; fields: string[] }[];
}

/** Parses a whole CSV text; throws `CsvError` on an unterminated quote. */
export function parseCsv(input: string, separator?: ";" | ","): ParsedCsv {
  const text = input.startsWith(CSV_BOM) ? input.slice(1) : input;
  const sep = separator ?? detectSeparator(text);
  const rows: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let fieldStarted = false;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === "" && !fieldStarted)) rows.push({ line: rowLine, fields });
    fields = [];
    field = "";
    fieldStarted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === "\n") line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field === "") {
      quoted = true;
      fieldStarted = true;
    } else if (ch === sep) {
      fields.push(field);
      field = "";
      fieldStarted = true;
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      rowLine = line;
    } else {
      field += ch;
      fieldStarted = true;
    }
  }
  if (quoted) throw new CsvError(`Aspas sem fechamento a partir da linha ${rowLine}.`);
  if (field !== "" || fields.length > 0 || fieldStarted) endRecord();
  const [head, ...records] = rows;
  return { header: (head?.fields ?? []).map((h) => h.trim()), records };
}

export class CsvError extends Error {
  override name = "CsvError";
}
