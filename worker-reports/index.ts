import { WORKER_FONTS } from "./assets.ts";
import { createReportsHandler } from "./handler.ts";

/**
 * The reports Worker (ADR 081): renders report PDFs for the main Worker and the report job,
 * which reach it only through their `REPORTS` service binding (no route of its own).
 * worker-reports/handler.ts says what it takes and answers.
 */
const handle = createReportsHandler(WORKER_FONTS);

export default {
  fetch(request: Request): Promise<Response> {
    return handle(request);
  },
};
