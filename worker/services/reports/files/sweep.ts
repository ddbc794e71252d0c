import { and, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../../../db/client.ts";
import { reportFiles } from "../../../../db/schema/index.ts";
import { orgScope } from "../../../../db/tenant.ts";
import type { LiveNamespace } from "../../../live/publish.ts";
import { markReportFailed } from "./build.ts";

/**
 * Report files' housekeeping for one organização (ADR 086), run nightly by `sweep-report-files`:
 * files past their expiry leave R2 and the table (objects first, then rows: never a ready row
 * without its object); a build silent for STUCK_AFTER_MS is marked failed; objects under the
 * reports prefix that no row names (a row deleted while its build ran) go after a day.
 */

export const STUCK_AFTER_MS = 2 * 3600_000;
const ORPHAN_AFTER_MS = 24 * 3600_000;
export const STUCK_MESSAGE = "A geração parou sem terminar. Peça o arquivo de novo.";

export interface SweepDeps {
  db: Database;
  now: Date;
  live?: LiveNamespace | undefined;
  waitUntil: (promise: Promise<unknown>) => void;
}

export async function sweepReportFiles(deps: SweepDeps, bucket: R2Bucket, orgId: string, limit = 200): Promise<number> {
  const { db, now } = deps;
  const scope = orgScope(db, orgId);
  const expired = await db
    .select({ id: reportFiles.id, chave: reportFiles.chave })
    .from(reportFiles)
    .where(scope.where(reportFiles, lt(reportFiles.expiraEm, now)))
    .limit(limit);
  if (expired.length) {
    await bucket.delete(expired.map((r) => r.chave));
    await db.delete(reportFiles).where(
      scope.where(
        reportFiles,
        inArray(
          reportFiles.id,
          expired.map((r) => r.id),
        ),
      ),
    );
  }
  const stuck = await db
    .select({ id: reportFiles.id })
    .from(reportFiles)
    .where(
      scope.where(
        reportFiles,
        and(inArray(reportFiles.status, ["na_fila", "gerando"]), lt(reportFiles.atualizadoEm, new Date(now.getTime() - STUCK_AFTER_MS))),
      ),
    )
    .limit(limit);
  for (const s of stuck) await markReportFailed({ ...deps, files: bucket }, orgId, s.id, STUCK_MESSAGE, now);

  const listed = await bucket.list({ prefix: `orgs/${orgId}/reports/`, limit: 500 });
  const old = listed.objects.filter((o) => now.getTime() - o.uploaded.getTime() > ORPHAN_AFTER_MS);
  let orphans: string[] = [];
  if (old.length) {
    const known = await db
      .select({ chave: reportFiles.chave })
      .from(reportFiles)
      .where(
        scope.where(
          reportFiles,
          sql`${reportFiles.chave} in (${sql.join(
            old.map((o) => sql`${o.key}`),
            sql`, `,
          )})`,
        ),
      );
    const kept = new Set(known.map((k) => k.chave));
    orphans = old.map((o) => o.key).filter((key) => !kept.has(key));
    if (orphans.length) await bucket.delete(orphans);
  }
  return expired.length + orphans.length;
}
