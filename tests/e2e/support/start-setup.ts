/**
 * globalSetup of the `start` project (tests/e2e/start.test.ts, `npm start` itself): it serves
 * build/ as `npm start` does with START_SKIP_BUILD=1, so the build comes first (E2E_SKIP_BUILD=1
 * when `npm test` built it already). No app of the e2e project's: that test starts its own.
 */
import { buildApp } from "../../../scripts/lib/build-app.ts";

export default async function setup(): Promise<void> {
  await buildApp();
}
