import { defineEnum } from "../define-enum.ts";
import { ID_CHARS } from "../id.ts";

/**
 * Report files built in the background (ADR 086): a report of the catalogue, its period and
 * filters, rendered by the job `report/requested` into CSV, XLSX or PDF and kept in R2 for
 * REPORT_FILE_TTL_DAYS. Client-safe: the table, the job, the screens and the live events read it.
 */

export const REPORT_FORMAT = defineEnum({
  csv: { label: "CSV" },
  xlsx: { label: "XLSX" },
  pdf: { label: "PDF" },
});
export const REPORT_FORMATS = REPORT_FORMAT.values;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** The file's content type and extension, by format. */
export const REPORT_FORMAT_FILE: Record<ReportFormat, { extension: string; contentType: string }> = {
  csv: { extension: "csv", contentType: "text/csv; charset=utf-8" },
  xlsx: { extension: "xlsx", contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
  pdf: { extension: "pdf", contentType: "application/pdf" },
};

export const REPORT_FILE_STATUS = defineEnum({
  na_fila: { label: "Na fila", tone: "neutral" },
  gerando: { label: "Gerando", tone: "blue" },
  pronto: { label: "Pronto", tone: "green" },
  falhou: { label: "Falhou", tone: "red" },
});
export const REPORT_FILE_STATUSES = REPORT_FILE_STATUS.values;
export type ReportFileStatus = (typeof REPORT_FILE_STATUSES)[number];

/** Whether a file's status is final (the page stops listening for it). */
export function isFinalReportStatus(status: ReportFileStatus): boolean {
  return status === "pronto" || status === "falhou";
}

/** How long a built file stays downloadable; the nightly sweep deletes it (object, then row) after. */
export const REPORT_FILE_TTL_DAYS = 30;

/** The catalogue id the monthly summary files carry (Vendas + DRE of the last month, one PDF). */
export const MONTHLY_SUMMARY_REPORT_ID = "resumo-mensal";

/**
 * Where a report file lives in R2: `orgs/<orgId>/reports/<fileId>.<ext>`. Only ids and the
 * format's extension (the download name travels in Content-Disposition), under the organização's
 * prefix like every other object (ADR 070). One key per file: a retried run writes the same key,
 * so a retry never leaves two objects.
 */
export function reportStorageKey(orgId: string, fileId: string, format: ReportFormat): string {
  if (!ID.test(orgId) || !ID.test(fileId)) throw new RangeError("invalid id in a report key");
  return `orgs/${orgId}/reports/${fileId}.${REPORT_FORMAT_FILE[format].extension}`;
}

const ID = new RegExp(`^${ID_CHARS}$`);

/** A new file's row (na fila): its title and download name from the report and the period, its key, its expiry. */
export function reportFileRow(input: {
  orgId: string;
  id: string;
  report: { id: string; title: string };
  format: ReportFormat;
  params: Record<string, string>;
  from: string;
  to: string;
  requestedBy: string | null;
  at: Date;
}) {
  const { id, report, format, from, to, at } = input;
  const period = from === to ? formatDay(from) : `${formatDay(from)} a ${formatDay(to)}`;
  return {
    id,
    relatorio: report.id,
    parametros: input.params,
    formato: format,
    titulo: `${report.title} · ${period}`,
    nomeArquivo: `${report.id}-${from}-a-${to}.${REPORT_FORMAT_FILE[format].extension}`,
    chave: reportStorageKey(input.orgId, id, format),
    pedidoPor: input.requestedBy,
    pedidoEm: at,
    expiraEm: new Date(at.getTime() + REPORT_FILE_TTL_DAYS * 86_400_000),
    atualizadoEm: at,
  };
}

function formatDay(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}
