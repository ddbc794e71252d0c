/**
 * `npm test`: typecheck → lint → vitest (unit, conformance, api, workers), and beside it the
 * e2e build and `npm start`'s own test → e2e in Chromium on that build. Stops after the first
 * phase with a failing step; always ends with a summary and `N passed, N failed`.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureChromium } from "./lib/browser.ts";
import { buildArtWorker } from "./lib/art-worker.ts";
import { buildReportsWorker } from "./lib/reports-worker.ts";
import { buildApp } from "./lib/build-app.ts";
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

async function vitest(projects: string[], reportName: string, env: Record<string, string> = {}): Promise<{ ok: boolean; detail?: string }> {
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
  const code = await runNode(BIN.vitest, args, { env: childEnv(env) });
  const counts = readCounts(report);
  if (counts) {
    passed += counts.numPassedTests;
    failed += counts.numFailedTests;
  }
  const detail = counts ? `${counts.numPassedTests} passed, ${counts.numFailedTests} failed` : `no report (exit code ${code})`;
  return { ok: code === 0, detail };
}

const exitCode = (cmd: string) => (code: number) => ({ ok: code === 0, detail: code === 0 ? undefined : `${cmd} exited with ${code}` });

type Step = [string, () => Promise<{ ok: boolean; detail?: string }>];

/** Steps run one after another; false at the first failure (unless `keepGoing`). */
async function inOrder(steps: Step[], keepGoing: boolean): Promise<boolean> {
  let ok = true;
  for (const [name, run] of steps) {
    ok = (await step(name, run)) && ok;
    if (!ok && !keepGoing) break;
  }
  return ok;
}

/** The build is made once, here, for both e2e runs: their globalSetup then skips it. */
const BUILT = { E2E_SKIP_BUILD: "1" };

async function main(): Promise<number> {
  // Phases: each waits for the one before; the lanes of a phase run side by side. The vitest
  // projects keep one CPU busy (one worker on a 2-CPU machine): the build and `npm start`'s test,
  // which mostly waits for its cron's minutes, use the other.
  const phases: Step[][][] = [
    [
      [
        [
          "typecheck (react-router typegen + tsc --noEmit)",
          async () => {
            const typegen = await runNode(BIN.reactRouter, ["typegen"], { env: childEnv() });
            if (typegen !== 0) return { ok: false, detail: `react-router typegen exited with ${typegen}` };
            return exitCode("tsc")(await runNode(BIN.tsc, ["-p", "tsconfig.json", "--noEmit"], { env: childEnv() }));
          },
        ],
        ["lint (biome check .)", async () => exitCode("biome check")(await runNode(BIN.biome, ["check", "."], { env: childEnv() }))],
      ],
      // Before the vitest projects: the workers project's setup and the e2e build would otherwise
      // both write build/art/ at once (each skips a current one).
      [
        [
          "art and reports Worker builds (build/art, build/reports)",
          async () => {
            await buildArtWorker();
            await buildReportsWorker();
            return { ok: true };
          },
        ],
      ],
    ],
    [
      [["vitest: unit, conformance, api, workers", () => vitest(["unit", "conformance", "api", "workers"], "vitest")]],
      [
        [
          "e2e build (react-router build)",
          async () => {
            await buildApp();
            return { ok: true };
          },
        ],
        ["npm start (tests/e2e/start.test.ts)", () => vitest(["start"], "vitest-start", BUILT)],
      ],
    ],
    // The e2e files after the vitest projects, not beside them: tried side by side (issue 23, on a
    // machine busy with other work too), the two lanes slowed each other on two CPUs (the vitest
    // projects 1,700 → 2,380 s, the whole no shorter) and three tests with a clock (a poll, a
    // toast, a 20 s hash budget) missed it. One after the other, each keeps its margins.
    [
      [
        [
          "e2e (Chromium)",
          async () => {
            const exe = ensureChromium((m) => console.log(m));
            console.log(`Chromium: ${exe}`);
            process.env.CHROMIUM_PATH = exe;
            return vitest(["e2e"], "vitest-e2e", BUILT);
          },
        ],
      ],
    ],
  ];
  // `npm test -- --keep-going` runs every step even after a failure (triage; CI stops early).
  const keepGoing = process.argv.includes("--keep-going");
  for (const lanes of phases) {
    const ok = (await Promise.all(lanes.map((lane) => inOrder(lane, keepGoing)))).every(Boolean);
    if (!ok && !keepGoing) break;
  }

  banner("summary");
  for (const r of results) {
    console.log(`${r.ok ? "✔" : "✘"} ${r.name} — ${r.seconds.toFixed(1)} s${r.detail ? ` (${r.detail})` : ""}`);
  }
  const names = phases.flat(2).map(([name]) => name);
  const skipped = names.filter((name) => !results.some((r) => r.name === name));
  for (const name of skipped) console.log(`- ${name} — not run (an earlier step failed; --keep-going runs it anyway)`);
  const ok = skipped.length === 0 && results.every((r) => r.ok);
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
