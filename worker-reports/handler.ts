import { decodeReport, WireError } from "../shared/reports/wire.ts";
import { type ReportFonts, renderReportPdf } from "./pdf/render.ts";

/**
 * The reports Worker's one door (ADR 081): `POST /pdf` takes a report as the NDJSON wire
 * (shared/reports/wire.ts) and answers the PDF. Org scoping, permissions and storage stay in
 * the main Worker and the report job: this one only draws what it is sent.
 */

function refuse(message: string, status = 400): Response {
  return Response.json({ erro: message }, { status });
}

export function createReportsHandler(fonts: ReportFonts): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    if (url.pathname !== "/pdf") return refuse("Não encontrado.", 404);
    if (request.method !== "POST") return refuse("Use POST.", 405);
    if (!request.body) return refuse("Envie o relatório no corpo da requisição.");
    const started = performance.now();
    try {
      const source = await decodeReport(request.body);
      const pdf = await renderReportPdf(source, fonts);
      return new Response(pdf.bytes, {
        headers: {
          "content-type": "application/pdf",
          "content-length": String(pdf.bytes.byteLength),
          "x-report-pages": String(pdf.pages),
          "x-report-rows": String(pdf.rows),
          "x-report-ms": (performance.now() - started).toFixed(0),
        },
      });
    } catch (error) {
      // Cut short: the sender's failure (502, worth a retry); else the report's own fault (422).
      if (error instanceof WireError) return refuse(error.message, error.incomplete ? 502 : 422);
      console.error(`reports worker: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return refuse("Não foi possível gerar o PDF do relatório.", 500);
    }
  };
}
