/**
 * Real Chromium (Debian's, driven by playwright-core). `browserFixture()` registers the hooks:
 * one browser per test file, a fresh context (cookies) and page per test, and the test fails
 * when the page logged a console error or threw, unless allowed with `allowBrowserError`.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
import { CHROMIUM_FLAGS, chromiumPath } from "../../../scripts/lib/browser.ts";
import { ROOT } from "../../../scripts/lib/proc.ts";

/** Long messages (React's hydration diff) keep their head and their tail, where the diff is. */
function shorten(text: string): string {
  return text.length <= 2500 ? text : `${text.slice(0, 400)} … ${text.slice(-2000)}`;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
}

export interface BrowserFixture {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  readonly baseURL: string;
  /** Full URL for a path on the app. */
  url(pathname: string): string;
  /** Lets a browser console error / page error matching `pattern` pass in this test. */
  allowBrowserError(...patterns: RegExp[]): void;
  /** A second, independent context+page (another visitor) in the same test. */
  newPage(): Promise<Page>;
}

export function browserFixture(): BrowserFixture {
  const baseURL = inject("baseURL");
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let current: { context: BrowserContext; page: Page } | undefined;
  let errors: string[] = [];
  let allowed: RegExp[] = [];

  const open = async () => {
    if (!browser) throw new Error("browser not launched");
    const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo" });
    context.setDefaultTimeout(15_000);
    context.setDefaultNavigationTimeout(30_000);
    contexts.push(context);
    const page = await context.newPage();
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push(`console.error on ${page.url()}: ${msg.text()}`);
    });
    page.on("pageerror", (error) => errors.push(`page error on ${page.url()}: ${error.stack ?? error.message}`));
    return { context, page };
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    errors = [];
    allowed = [];
    current = await open();
  });
  afterEach(async (ctx) => {
    // On failure keep what the browser showed: test-results/e2e/<test>.png and .html.
    if (ctx.task.result?.state === "fail" && current) {
      const slug = ctx.task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
      const dir = path.join(ROOT, "test-results/e2e");
      mkdirSync(dir, { recursive: true });
      await current.page.screenshot({ path: path.join(dir, `${slug}.png`), fullPage: true }).catch(() => {});
      const html = await current.page.content().catch(() => "");
      writeFileSync(path.join(dir, `${slug}.html`), `<!-- ${current.page.url()} -->\n${html}`);
    }
    for (const c of contexts) await c.close().catch(() => {});
    contexts = [];
    current = undefined;
    // Triage only (never in CI): E2E_IGNORE_BROWSER_ERRORS="regex" lets matching errors pass.
    const ignore = process.env.E2E_IGNORE_BROWSER_ERRORS ? new RegExp(process.env.E2E_IGNORE_BROWSER_ERRORS) : undefined;
    const unexpected = errors.filter((e) => !allowed.some((re) => re.test(e)) && !ignore?.test(e));
    errors = [];
    if (unexpected.length > 0) throw new Error(`browser errors during the test:\n${unexpected.map((e) => `  - ${shorten(e)}`).join("\n")}`);
  });

  const need = () => {
    if (!current) throw new Error("no page: use the fixture inside a test");
    return current;
  };
  return {
    get browser() {
      if (!browser) throw new Error("browser not launched");
      return browser;
    },
    get context() {
      return need().context;
    },
    get page() {
      return need().page;
    },
    baseURL,
    url: (pathname: string) => new URL(pathname, baseURL).toString(),
    allowBrowserError: (...patterns: RegExp[]) => {
      allowed.push(...patterns);
    },
    newPage: async () => (await open()).page,
  };
}

/** Waits until the page's path (and optionally search) is `pathname`. */
export async function waitForPath(page: Page, pathname: string, options: { timeout?: number } = {}): Promise<void> {
  await page.waitForURL((u) => u.pathname === pathname || `${u.pathname}${u.search}` === pathname, { timeout: options.timeout ?? 15_000 });
}

const axeSource = readFileSync(path.join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page (evaluated through the DevTools protocol, so the app's CSP does not
 * block it) and returns serious/critical violations as readable lines.
 */
export async function axeSeriousViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate("typeof window.axe !== 'undefined'");
  if (!loaded) await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
    const result = await (window as any).axe.run(document, { resultTypes: ["violations"] });
    return result.violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join(", ")}`,
    );
}
