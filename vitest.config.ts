import path from "node:path";
import { cloudflareTest } from "@cloudflare/vitest-plugin";
import { configDefaults, defineConfig } from "vitest/config";
import { artWorkerOptions } from "./scripts/lib/art-worker.ts";
import { reportsWorkerOptions } from "./scripts/lib/reports-worker.ts";

const consoleGuard = "./tests/support/console-guard.ts";
/** `npm start`'s own e2e test (the `start` project). */
const START_TEST = "tests/e2e/start.test.ts";
/** Every statement the app sends is checked for its organization predicate (ADR 027). */
const tenantGuard = "./tests/support/tenant-guard.ts";

export default defineConfig({
  test: {
    setupFiles: [consoleGuard],
    projects: [
      {
        // One worker reused across files (no fresh module graph per file): unit tests hold no
        // state between files, and a worker's start-up per file cost more than most files' tests.
        test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", isolate: false },
      },
      {
        test: { name: "conformance", include: ["tests/conformance/**/*.test.ts"], environment: "node", testTimeout: 20_000 },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts"],
          environment: "node",
          globalSetup: ["./tests/support/global-db.ts"],
          setupFiles: [tenantGuard],
          // A wide bound: passwords hash at argon2id's cheapest setting under test (ADR 028), so
          // no api test comes near it, even on a slow, loaded machine.
          testTimeout: 20_000,
        },
      },
      {
        resolve: {
          alias: [{ find: /^virtual:react-router\/server-build$/, replacement: path.resolve("tests/workers/stub-server-build.ts") }],
        },
        plugins: [
          cloudflareTest(({ inject }) => ({
            main: "./worker/index.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                APP_ENV: "test",
                DATABASE_URL: inject("libsqlUrl"),
                JWT_PRIVATE_JWK: inject("jwtPrivateJwk"),
                TOKEN_ENCRYPTION_KEYS: inject("tokenEncryptionKeys"),
                // Meta's webhook doors (tests/workers/meta-webhooks.test.ts).
                META_APP_SECRET: "segredo-workerd",
                META_WEBHOOK_VERIFY_TOKEN: "verificacao-workerd",
                // The fake OpenAI (tests/fakes/openai) the SDK path is proven against; no key here,
                // so the Worker itself stays "not configured" (template generator) unless a test says so.
                OPENAI_BASE_URL: inject("openaiFakeUrl"),
              },
              // The art Worker (ADR 051) and the reports Worker (ADR 081), built by
              // tests/workers/global-setup.ts, bound as ART and REPORTS.
              workers: [artWorkerOptions(), reportsWorkerOptions()],
            },
          })),
        ],
        test: {
          name: "workers",
          include: ["tests/workers/**/*.test.ts"],
          globalSetup: ["./tests/workers/global-setup.ts"],
          // The first request transforms the whole Worker module graph (≈15 s cold).
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          // `npm start` itself runs apart (the `start` project below): it waits on its cron's minutes.
          exclude: [...configDefaults.exclude, START_TEST],
          environment: "node",
          globalSetup: ["./tests/e2e/support/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // A poll waits on the app as the locators do (a sign-in hashes a password: ≈1 s under
          // a loaded CI machine), not on vitest's 1 s default.
          expect: { poll: { timeout: 15_000 } },
        },
      },
      {
        // `npm start` as production runs it (tests/e2e/start.test.ts): its own app on its own
        // database, mostly waiting for the cron's minutes, so `npm test` runs it beside the
        // vitest projects instead of in the e2e queue. Needs only the build.
        test: {
          name: "start",
          include: [START_TEST],
          environment: "node",
          globalSetup: ["./tests/e2e/support/start-setup.ts"],
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
