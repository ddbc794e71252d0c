import type { ReportSource } from "../../../shared/reports/document.ts";
import { encodeReport, WIRE_CONTENT_TYPE } from "../../../shared/reports/wire.ts";
import { DomainError } from "../context.ts";

/**
 * The main Worker's side of the reports Worker (ADR 081): a report as PDF. The report travels as
 * the NDJSON wire (shared/reports/wire.ts) over the `REPORTS` service binding, its detail pages
 * read from the database as the renderer asks for them; pdf-lib and fontkit never load here.
 * The binding is a `Fetcher` (worker-reports/index.ts answers `POST /pdf`); tests may hand any
 * object with the same `fetch`.
 */
export type ReportsBinding = Pick<Fetcher, "fetch">;

const UNAVAILABLE = "O gerador de PDF não está disponível agora. Tente novamente em instantes.";

/**
 * Answers the PDF as a streamed `Response` (content-type application/pdf, its length, and
 * x-report-pages / x-report-rows / x-report-ms from the renderer). Throws a DomainError with the
 * reason in pt-BR when the binding is missing or the renderer refuses the report (no retry
 * helps), a plain Error when rendering failed otherwise (a retry may).
 */
export async function renderPdf(env: { REPORTS?: ReportsBinding | undefined }, source: ReportSource): Promise<Response> {
  const reports = env.REPORTS;
  if (!reports) throw new DomainError(UNAVAILABLE, 422);
  // The rows' own failure (the database midway) is what the caller should see, not its echo.
  let failure: unknown;
  const detail = source.detail;
  const guarded: ReportSource = detail
    ? {
        ...source,
        detail: {
          ...detail,
          async *pages() {
            try {
              yield* detail.pages();
            } catch (error) {
              failure = error;
              throw error;
            }
          },
        },
      }
    : source;
  let response: Response;
  try {
    response = await reports.fetch("https://reports.internal/pdf", {
      method: "POST",
      headers: { "content-type": WIRE_CONTENT_TYPE },
      body: encodeReport(guarded),
    });
  } catch (error) {
    throw failure ?? error;
  }
  if (failure) throw failure;
  if (response.ok) return response;
  const body = await response.text().catch(() => "");
  let message: string | undefined;
  try {
    message = (JSON.parse(body) as { erro?: string }).erro;
  } catch {
    // not the renderer's JSON refusal
  }
  // A report the wire refuses is the caller's to fix (the message says what): no retry helps.
  if (response.status === 422 && message) throw new DomainError(`O relatório não pôde virar PDF: ${message}`, 422);
  // Anything else (the renderer failed, the rows stopped coming) may pass: a plain error, which
  // the report job retries before it gives up.
  console.error(`reports worker answered ${response.status}: ${body.slice(0, 300)}`);
  throw new Error(`o gerador de PDF respondeu ${response.status}`);
}
