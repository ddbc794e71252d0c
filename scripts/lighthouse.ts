/**
 * `npm run lighthouse [-- <base URL>]`: Lighthouse's mobile preset (simulated slow 4G and a
 * mid-range phone) on the public pages a client opens from WhatsApp — /imovel/<a demo slug>
 * and /p/imobiliaria-horizonte — printing performance and accessibility and the main
 * opportunities. Without a base URL it builds the app and serves it on a temporary database
 * with the demo seed (like the e2e setup). Not part of `npm test`: a run takes minutes.
 * Goal (issue 12): performance ≥ 95, accessibility 100. See ADR 021.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import lighthouse from "lighthouse";
import { landingPages, memberships, properties } from "../db/schema/index.ts";
import { seedDemo } from "./seed/demo.ts";
import { DEMO_LANDING_SLUG, seedDemoLanding } from "./seed/demo-landing.ts";
import { generateSigningJwk } from "../worker/auth/jwt.ts";
import { startLibsql } from "./lib/libsql.ts";
import { migrateDatabase } from "./lib/migrate.ts";
import { BIN, buildEnv, freePort, spawnGroup, stopAll, waitForHttp } from "./lib/proc.ts";
import { serveWorker } from "./lib/serve-worker.ts";

const log = (message: string) => console.log(`[lighthouse] ${message}`);
const cleanups: (() => Promise<void> | void)[] = [];

async function build(): Promise<void> {
  log("build de produção…");
  const child = spawnGroup(process.execPath, [BIN.reactRouter, "build"], { env: buildEnv({ FORCE_COLOR: "0" }), stdio: "pipe" });
  const code = await child.exited;
  await child.stop();
  if (code !== 0) throw new Error("react-router build falhou (rode `npm run build` para ver o erro)");
}

/** The built app on a temporary database with the demo seed; returns its URL and the paths to measure. */
async function serveDemo(): Promise<{ base: string; paths: string[] }> {
  await build();
  const dir = mkdtempSync(path.join(tmpdir(), "alicerce-lighthouse-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, "lighthouse.db");
  const db = await migrateDatabase(`file:${file}`);
  const { orgId } = await seedDemo(db);
  const available = await db
    .select({ id: properties.id, slug: properties.slug })
    .from(properties)
    .where(and(eq(properties.orgId, orgId), eq(properties.status, "disponivel"), isNull(properties.excluidoEm)))
    .orderBy(properties.ordem);
  // The demo may not publish the landing page yet (scripts/seed/demo.ts wires it): then do it here.
  const [page] = await db.select({ slug: landingPages.slug }).from(landingPages).where(eq(landingPages.orgId, orgId));
  if (!page) {
    const [owner] = await db
      .select({ id: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.orgId, orgId), eq(memberships.role, "owner")));
    await seedDemoLanding(
      db,
      orgId,
      owner?.id as string,
      available.map((p) => p.id),
      new Date(),
    );
  }
  db.$client.close();
  const libsql = await startLibsql(file);
  cleanups.push(() => libsql.close());
  const worker = await serveWorker({
    vars: { APP_ENV: "development", DATABASE_URL: libsql.url, JWT_PRIVATE_JWK: await generateSigningJwk() },
    persistTo: path.join(dir, "wrangler-state"),
    output: "capture",
  });
  cleanups.push(() => worker.stop());
  const paths = [`/p/${DEMO_LANDING_SLUG}`];
  const first = available[0];
  if (first) paths.unshift(`/imovel/${first.slug}`);
  else log("a demonstração não tem imóvel disponível: /imovel/<slug> não será medido");
  return { base: worker.url, paths };
}

/** Headless Chromium with a DevTools port for Lighthouse. */
async function launchChromium(): Promise<number> {
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), "alicerce-lighthouse-chromium-"));
  cleanups.push(() => rmSync(profile, { recursive: true, force: true }));
  const args = [`--remote-debugging-port=${port}`, "--headless=new", "--no-first-run", "--disable-gpu", `--user-data-dir=${profile}`];
  // Chromium refuses to run as root without it (containers, CI).
  if (process.getuid?.() === 0) args.push("--no-sandbox");
  const chromium = spawnGroup(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args, { stdio: "pipe" });
  cleanups.push(() => chromium.stop());
  await waitForHttp(`http://127.0.0.1:${port}/json/version`, { timeoutMs: 30_000, exited: chromium.exited });
  return port;
}

interface Audit {
  title: string;
  score: number | null;
  displayValue?: string;
  details?: { type?: string; overallSavingsMs?: number };
}

async function measure(url: string, port: number): Promise<{ performance: number; accessibility: number }> {
  // No config: Lighthouse's default is the mobile preset (Moto G Power, slow 4G, 4× CPU slowdown).
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] });
  if (!result) throw new Error(`Lighthouse não mediu ${url}`);
  const { categories, audits } = result.lhr;
  const performance = Math.round((categories.performance?.score ?? 0) * 100);
  const accessibility = Math.round((categories.accessibility?.score ?? 0) * 100);
  console.log(`\n${url}\n  desempenho (mobile): ${performance}   acessibilidade: ${accessibility}`);
  for (const id of [
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
  ]) {
    const a = audits[id] as Audit | undefined;
    if (a) console.log(`  ${a.title}: ${a.displayValue ?? "—"}`);
  }
  const opportunities = Object.values(audits as Record<string, Audit>)
    .filter((a) => a.details?.type === "opportunity" && (a.details.overallSavingsMs ?? 0) > 0)
    .sort((a, b) => (b.details?.overallSavingsMs ?? 0) - (a.details?.overallSavingsMs ?? 0))
    .slice(0, 5);
  for (const a of opportunities) console.log(`  oportunidade: ${a.title} (≈ ${Math.round(a.details?.overallSavingsMs ?? 0)} ms)`);
  const failing = (categories.accessibility?.auditRefs ?? [])
    .map((ref) => audits[ref.id] as Audit | undefined)
    // Informative audits have no score; the others pass with 1.
    .filter((a): a is Audit => a !== undefined && a.score !== null && a.score < 1);
  for (const a of failing) console.log(`  acessibilidade: ${a.title}`);
  return { performance, accessibility };
}

async function main(): Promise<void> {
  const given = process.argv[2];
  const { base, paths } = given
    ? { base: given.replace(/\/$/, ""), paths: process.argv.slice(3).length ? process.argv.slice(3) : [`/p/${DEMO_LANDING_SLUG}`] }
    : await serveDemo();
  const port = await launchChromium();
  let belowGoal = false;
  for (const p of paths) {
    const { performance, accessibility } = await measure(`${base}${p}`, port);
    if (performance < 95 || accessibility < 100) belowGoal = true;
  }
  console.log(belowGoal ? "\nAbaixo da meta (desempenho ≥ 95, acessibilidade 100)." : "\nNa meta (desempenho ≥ 95, acessibilidade 100).");
  process.exitCode = belowGoal ? 1 : 0;
}

try {
  await main();
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
  await stopAll();
}
