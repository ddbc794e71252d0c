import { eq } from "drizzle-orm";
import type { Database } from "../../../../db/client.ts";
import { users } from "../../../../db/schema/index.ts";
import { sendEmail } from "../../../../jobs/contracts/send-email.ts";
import type { JobBindings, JobDeps } from "../../../../jobs/define.ts";
import type { Config } from "../../../config/env.ts";
import type { BuildDeps } from "./build.ts";
import { sourceFromCatalogue } from "./catalogue-port.ts";
import { monthlySummaryEmails } from "./monthly.ts";
import type { Renderers } from "./ports.ts";
import { renderPdf } from "../render-pdf.ts";
import { reportLogo } from "../report-logo.ts";
import { spreadsheetRenderers } from "../spreadsheet.ts";

/**
 * The job's real deps (ADR 086): the catalogue's sources, the renderers (CSV and XLSX here, the
 * PDF in the reports Worker), the bucket and live rooms of the run, and the monthly summary's
 * e-mail once its file is ready.
 */

/** CSV and XLSX in this Worker (ADR 082); the PDF from the reports Worker over its binding (ADR 081). */
export function renderersFor(bindings: JobBindings | undefined): Renderers {
  return {
    ...spreadsheetRenderers,
    async pdf(source) {
      const response = await renderPdf({ REPORTS: bindings?.REPORTS }, source);
      if (!response.body) throw new Error("o gerador de PDF respondeu sem corpo");
      return response.body;
    },
  };
}

async function nameOf(db: Database, userId: string): Promise<string | null> {
  // Account-level: a user's display name (the member was checked in the organização already).
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name ?? null;
}

export function reportFileDeps(run: {
  db: Database;
  config: Config;
  waitUntil: (promise: Promise<unknown>) => void;
  bindings: JobBindings | undefined;
  now: () => Date;
  send: JobDeps["send"];
}): BuildDeps {
  const { db, config, waitUntil, bindings, now, send } = run;
  return {
    db,
    config,
    now,
    waitUntil,
    files: bindings?.FILES,
    live: bindings?.LIVE,
    renderers: renderersFor(bindings),
    async sourceFor(ctx, actor, reportId, params) {
      const [generatedBy, logo] = await Promise.all([
        actor.userId === "agenda" ? "Resumo automático" : nameOf(db, actor.userId),
        // The business's logo for the PDF's header (ADR 081); none when it has none.
        reportLogo({ db }, bindings?.FILES, actor.orgId),
      ]);
      return sourceFromCatalogue(ctx, actor, reportId, params, { generatedBy, logo });
    },
    async onReady(file) {
      if (!file.resumoMes) return;
      const origin = config.APP_URL ?? "http://localhost:8787";
      const ids = await monthlySummaryEmails(db, file.orgId, file.id, file.resumoMes, origin);
      await send(ids.map((outboxId) => ({ name: sendEmail.event, data: { outboxId } })));
    },
  };
}
