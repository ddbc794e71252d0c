/**
 * The production build the e2e tests serve: `react-router build` into build/, the art Worker
 * (ADR 051) beside it in build/art/, the reports Worker (ADR 081) in build/reports/. `npm test` builds once, while the vitest projects run, and
 * hands the build to both e2e runs (E2E_SKIP_BUILD=1); `npx vitest run --project e2e` alone builds here.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { buildArtWorker } from "./art-worker.ts";
import { buildReportsWorker } from "./reports-worker.ts";
import { BIN, buildEnv, ROOT, spawnGroup } from "./proc.ts";

/** Builds (unless E2E_SKIP_BUILD=1, when build/ must already exist); throws with the build's output tail. */
export async function buildApp(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD !== "1") {
    const build = spawnGroup(process.execPath, [BIN.reactRouter, "build"], { env: buildEnv({ FORCE_COLOR: "0" }), stdio: "pipe" });
    let output = "";
    build.child.stdout?.on("data", (c: Buffer) => {
      output += c.toString();
    });
    build.child.stderr?.on("data", (c: Buffer) => {
      output += c.toString();
    });
    const code = await build.exited;
    await build.stop();
    if (code !== 0) throw new Error(`react-router build failed:\n${output.slice(-4000)}`);
  }
  // The art Worker rides along in build/art/ (skipped when current).
  await buildArtWorker();
  // And the reports Worker (ADR 081) in build/reports/.
  await buildReportsWorker();
  if (!existsSync(path.join(ROOT, "build/server/wrangler.json"))) throw new Error("no build/ to serve: unset E2E_SKIP_BUILD");
}
