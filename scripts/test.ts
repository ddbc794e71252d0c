/**
 * `npm test`: typecheck → lint → vitest (unit, conformance, api, workers) → e2e in Chromium.
 * Stops at the first failing step; always ends with a summary and `N passed, N failed`.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureChromium } from "./lib/browser.ts";
import { BIN, childEnv, ROOT, runNode } from "./lib/proc.ts";

interface StepResult {
  name: string;
  ok: boolean;
  seconds: number;
  detail?: string;
}

const results: StepResult[] = [];
let passed = 0;
let failed = 0;
const t0 = performance.now();
const resultsDir = path.join(ROOT, "test-results");
mkdirSync(resultsDir, { recursive: true });

function banner(text: string): void {
  console.log(`\n━━ ${text} ${"━".repeat(Math.max(0, 70 - text.length))}`);
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numTotalTests: number;
  numPendingTests?: number;
  success: boolean;
}

/** Reads vitest's JSON report (written by the json reporter) to count tests. */
function readCounts(file: string): VitestJson | undefined {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8")) as VitestJson;
  } catch {
    return undefined;
  }
}

async function step(name: string, run: () => Promise<{ ok: boolean; detail?: string }>): Promise<boolean> {
  banner(name);
  const started = performance.now();
  let outcome: { ok: boolean; detail?: string };
  try {
    outcome = await run();
  } catch (error) {
    outcome = { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
  const seconds = (performance.now() - started) / 1000;
  results.push({ name, seconds, ...outcome });
  return outcome.ok;
}

async function vitest(projects: string[], reportName: string): Promise<{ ok: boolean; detail?: string }> {
  const report = path.join(resultsDir, `${reportName}.json`);
  rmSync(report, { force: true });
  const args = [
    "run",
    ...projects.flatMap((p) => ["--project", p]),
    "--passWithNoTests",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
  ];
  const code = await runNode(BIN.vitest, args, { env: childEnv() });
  const counts = readCounts(report);
  if (counts) {
    passed += counts.numPassedTests;
    failed += counts.numFailedTests;
  }
  const detail = counts ? `${counts.numPassedTests} passed, ${counts.numFailedTests} failed` : `no report (exit code ${code})`;
  return { ok: code === 0, detail };
}

const exitCode = (cmd: string) => (code: number) => ({ ok: code === 0, detail: code === 0 ? undefined : `${cmd} exited with ${code}` });

async function main(): Promise<number> {
  const steps: [string, () => Promise<{ ok: boolean; detail?: string }>][] = [
    [
      "typecheck (react-router typegen + tsc --noEmit)",
      async () => {
        const typegen = await runNode(BIN.reactRouter, ["typegen"], { env: childEnv() });
        if (typegen !== 0) return { ok: false, detail: `react-router typegen exited with ${typegen}` };
        return exitCode("tsc")(await runNode(BIN.tsc, ["-p", "tsconfig.json", "--noEmit"], { env: childEnv() }));
      },
    ],
    ["lint (biome check .)", async () => exitCode("biome check")(await runNode(BIN.biome, ["check", "."], { env: childEnv() }))],
    ["vitest: unit, conformance, api, workers", () => vitest(["unit", "conformance", "api", "workers"], "vitest")],
    [
      "e2e (Chromium)",
      async () => {
        const exe = ensureChromium((m) => console.log(m));
        console.log(`Chromium: ${exe}`);
        process.env.CHROMIUM_PATH = exe;
        return vitest(["e2e"], "vitest-e2e");
      },
    ],
  ];
  // `npm test -- --keep-going` runs every step even after a failure (triage; CI stops early).
  const keepGoing = process.argv.includes("--keep-going");
  for (const [name, run] of steps) {
    if (!(await step(name, run)) && !keepGoing) break;
  }

  banner("summary");
  for (const r of results) {
    console.log(`${r.ok ? "✔" : "✘"} ${r.name} — ${r.seconds.toFixed(1)} s${r.detail ? ` (${r.detail})` : ""}`);
  }
  const skipped = steps.slice(results.length).map(([name]) => name);
  for (const name of skipped) console.log(`- ${name} — not run (an earlier step failed; --keep-going runs it anyway)`);
  const ok = results.length === steps.length && results.every((r) => r.ok);
  console.log(`total ${((performance.now() - t0) / 1000).toFixed(1)} s — ${ok ? "OK" : "FAILED"}`);
  console.log(`${passed} passed, ${failed} failed`);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log(`${passed} passed, ${failed === 0 ? 1 : failed} failed`);
    process.exit(1);
  },
);
