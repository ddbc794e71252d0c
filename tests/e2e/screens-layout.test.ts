/**
 * Every screen on a phone (390×844) and on a laptop (1366×800), over the demo business
 * (scripts/seed/demo.ts: 48-movement ledgers, long names, every kind of record):
 * - at 390 px no screen scrolls sideways: neither the document nor the body is wider than the
 *   window, with each of its menus open too ("Filtros", "Colunas"); the failure names the screen
 *   and the elements past the edge;
 * - at 1366 px no table cell or field splits a word, and no document, phone, date or amount spans
 *   two lines (the same page, widened).
 * The screens come from app/routes.ts (tests/e2e/support/screens.ts): the owner opens all of them,
 * a stranger the public ones, a newcomer the onboarding, and the professional (corretor) every
 * screen the role may open. A few tabs of one browser context visit them side by side.
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { appointments, memberships, users } from "../../db/schema/index.ts";
import { hashAppointmentLinkToken, newAppointmentLinkToken } from "../../worker/services/agenda/appointment-link.ts";
import { seedDemo } from "../../scripts/seed/demo.ts";
import { DEMO_LOGIN, DEMO_PEOPLE } from "../../shared/demo-accounts.ts";
import { createUserWithoutOrganization, e2eDb } from "./support/accounts.ts";
import { browserFixture } from "./support/browser.ts";
import { badBreaks, pageOverflow } from "./support/layout-checks.ts";
import { login, submitLogin } from "./support/pages.ts";
import { linksOf, type Screen, ScreenFinder, SCREEN_PATTERNS, UNKNOWN_PATH } from "./support/screens.ts";

const f = browserFixture();
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 800 };
const professional = DEMO_PEOPLE.find((p) => p.role === "professional");

/** What each visit found wrong, by screen ("/clients/:id (owner)": [...]). */
type Findings = Map<string, string[]>;

function add(findings: Findings, label: string, what: string): void {
  findings.set(label, [...(findings.get(label) ?? []), what]);
}

interface Visit {
  status: number;
  /** The screen opened at its own address (not redirected to /login, not refused). */
  landed: boolean;
}

/** Paths that answered with a file (an export, the LGPD download) → their pattern: not screens. */
const downloads = new Map<string, string>();

async function open(page: Page, screen: Screen): Promise<Visit | undefined> {
  if (downloads.has(screen.path)) return undefined;
  let status = 0;
  try {
    const response = await page.goto(screen.path, { waitUntil: "domcontentloaded" });
    status = response?.status() ?? 0;
  } catch (error) {
    if (!String(error).includes("Download is starting")) throw error;
    downloads.set(screen.path, screen.pattern);
    return undefined;
  }
  expect(status, `${screen.path} answered ${status}`).toBeLessThan(500);
  // Laid out with its stylesheets (photos need not be in: they carry their size).
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet));
  const url = new URL(page.url());
  const wanted = new URL(screen.path, url);
  // The unknown address is the not-found screen, answered 404 on purpose.
  const ok = status < 400 || (screen.path === UNKNOWN_PATH && status === 404);
  return { status, landed: url.pathname === wanted.pathname && ok };
}

/** Waits until React has hydrated `selector`'s element (its handlers attached), so a click opens what it should. */
async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (sel) => [...document.querySelectorAll(sel)].every((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber"))),
    selector,
    { timeout: 10_000 },
  );
}

/** The page at 390 px as opened, then with each of its menus open. */
async function checkPhone(page: Page, label: string, findings: Findings): Promise<void> {
  const report = async (state: string) => {
    const overflow = await pageOverflow(page);
    if (overflow)
      add(
        findings,
        label,
        `${state}: page ${overflow.documentWidth}px (body ${overflow.bodyWidth}px) in a ${overflow.viewport}px window; past the edge: ${overflow.offenders.join(" | ") || "(no element found)"}`,
      );
  };
  await report("as opened");
  const menus = page.locator("main details > summary");
  const count = await menus.count();
  if (count > 0) await hydrated(page, "main details > summary");
  for (let i = 0; i < count; i++) {
    const summary = menus.nth(i);
    if (!(await summary.isVisible())) continue;
    const name = ((await summary.innerText()).split("\n")[0] ?? "").trim();
    const isOpen = () => summary.evaluate((el) => (el.parentElement as HTMLDetailsElement).open);
    const before = await isOpen();
    await summary.click();
    await report(`with "${name}" ${before ? "closed" : "open"}`);
    // Escape closes a menu (the filter sheet covers its own button on a phone); a disclosure in the page is clicked back.
    await page.keyboard.press("Escape");
    if ((await isOpen()) !== before) await summary.click();
    await expect.poll(isOpen).toBe(before);
  }
}

/** The same page widened to 1366 px: text broken where a reader would misread it. */
async function checkLaptop(page: Page, label: string, findings: Findings): Promise<void> {
  await page.setViewportSize(LAPTOP);
  for (const bad of (await badBreaks(page)).slice(0, 8)) add(findings, label, bad);
  await page.setViewportSize(PHONE);
}

function failuresOf(findings: Findings): string {
  return [...findings].map(([label, list]) => `${label}\n    ${list.join("\n    ")}`).join("\n");
}

/** Tabs of one browser context (one sign-in): the fixture's page and two more. */
const TABS = 3;

async function tabsOf(context: BrowserContext, first: Page, errors: string[]): Promise<Page[]> {
  const pages = [first];
  while (pages.length < TABS) {
    const page = await context.newPage();
    page.on("pageerror", (error) => errors.push(`page error on ${page.url()}: ${error.message}`));
    page.on("console", (msg) => {
      if (msg.type() === "error" && !/status of 40[34] /.test(msg.text())) errors.push(`console.error on ${page.url()}: ${msg.text()}`);
    });
    pages.push(page);
  }
  for (const page of pages) await page.setViewportSize(PHONE);
  return pages;
}

/**
 * Visits screens in every tab at once until `next` has none left and no tab is busy (a visit
 * may make more screens known: the owner's tour learns records from the lists' links).
 */
async function tour(pages: Page[], next: () => Screen | undefined, visit: (page: Page, screen: Screen) => Promise<void>): Promise<void> {
  let busy = 0;
  await Promise.all(
    pages.map(async (page) => {
      for (;;) {
        const screen = next();
        if (!screen) {
          if (busy === 0) return;
          await new Promise((r) => setTimeout(r, 50));
          continue;
        }
        busy++;
        try {
          await visit(page, screen);
        } finally {
          busy--;
        }
      }
    }),
  );
}

/** `/agendamento/{token}` for one of the demo's coming appointments (its link set as the reminders job sets it). */
async function demoAppointmentLink(): Promise<string> {
  const db = e2eDb();
  const [demo] = await db
    .select({ orgId: memberships.orgId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(users.email, DEMO_LOGIN.email));
  const [next] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.orgId, demo?.orgId ?? ""),
        gt(appointments.inicio, new Date()),
        inArray(appointments.status, ["pendente", "confirmado"]),
      ),
    )
    .limit(1);
  if (!next) throw new Error("the demo has no coming appointment");
  const token = newAppointmentLinkToken();
  await db
    .update(appointments)
    .set({ linkHash: await hashAppointmentLinkToken(token) })
    .where(eq(appointments.id, next.id));
  return `/agendamento/${token}`;
}

/** Screens the owner reached (pattern → path), for the professional's tour. */
const reached = new Map<string, string>();

describe("every screen fits a phone and reads well on a laptop", () => {
  beforeAll(async () => {
    const db = e2eDb();
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGIN.email));
    if (!demo) await seedDemo(db);
  });

  it("no screen scrolls sideways at 390 px nor breaks a word at 1366 px (owner, stranger, newcomer)", { timeout: 300_000 }, async () => {
    const started = performance.now();
    // The not-found screen answers 404, and its document's status is logged.
    f.allowBrowserError(/status of 404 \(Not Found\)/);
    const errors: string[] = [];
    const pages = await tabsOf(f.context, f.page, errors);
    await login(f.page, DEMO_LOGIN.email, DEMO_LOGIN.password);
    const finder = new ScreenFinder();
    // The client's appointment page is opened from an e-mail, never from a screen: a demo appointment gets a link.
    finder.learn(new URL(f.url("/")), [await demoAppointmentLink()]);
    const phone: Findings = new Map();
    const laptop: Findings = new Map();
    const signedOut: Screen[] = [];
    await tour(
      pages,
      () => finder.next(),
      async (page, screen) => {
        const visit = await open(page, screen);
        if (!visit) return;
        finder.learn(new URL(page.url()), await linksOf(page));
        if (!visit.landed) {
          signedOut.push(screen);
          return;
        }
        reached.set(screen.pattern, screen.path);
        await checkPhone(page, `${screen.pattern} (owner)`, phone);
        await checkLaptop(page, screen.pattern, laptop);
      },
    );
    // The doors before signing in (login, sign-up, the public pages) as a stranger sees them.
    await f.context.clearCookies();
    // Which of the owner's screens a stranger may open too (/imovel/…, /p/…): asked without a cookie first.
    const publicScreens = await Promise.all(
      [...reached].map(async ([pattern, path]) => {
        const res = await fetch(f.url(path), { redirect: "manual" });
        await res.body?.cancel();
        return res.status === 200 ? [{ pattern, path }] : [];
      }),
    );
    const strangers = [...signedOut, ...publicScreens.flat()];
    await tour(
      pages,
      () => strangers.shift(),
      async (page, screen) => {
        const visit = await open(page, screen);
        if (!visit?.landed) return;
        reached.set(screen.pattern, screen.path);
        await checkPhone(page, `${screen.pattern} (signed out)`, phone);
      },
    );
    // Before the organização exists (onboarding), as someone who just confirmed their e-mail.
    const newcomer = await createUserWithoutOrganization();
    await f.page.goto("/login");
    await submitLogin(f.page, newcomer.email, newcomer.password);
    await f.page.waitForURL((u) => u.pathname !== "/login");
    for (const pattern of SCREEN_PATTERNS.filter((p) => !reached.has(p) && !p.includes(":"))) {
      const visit = await open(f.page, { pattern, path: pattern });
      if (!visit?.landed) continue;
      reached.set(pattern, pattern);
      await checkPhone(f.page, `${pattern} (no organização yet)`, phone);
    }
    const files = new Set(downloads.values());
    const missing = SCREEN_PATTERNS.filter((p) => !reached.has(p) && !files.has(p));
    console.log(
      `${reached.size} screens at 390 and 1366 px in ${((performance.now() - started) / 1000).toFixed(1)} s; files, not screens: ${[...files].join(", ")}`,
    );
    expect.soft(failuresOf(phone), "screens wider than the phone").toBe("");
    expect.soft(failuresOf(laptop), "text broken at 1366 px where it should not be").toBe("");
    expect.soft(finder.unreached(), "screens no visited screen links to").toEqual([]);
    expect.soft(missing, "screens never opened").toEqual([]);
    expect(errors, "browser errors in the other tabs").toEqual([]);
  });

  it("no screen the corretor may open scrolls sideways at 390 px", { timeout: 240_000 }, async () => {
    expect(reached.size, "the owner's tour ran first").toBeGreaterThan(0);
    const started = performance.now();
    // Screens the role may not open answer 403 (the role matrix checks which): they are skipped.
    f.allowBrowserError(/status of 40[34] \((Forbidden|Not Found)\)/);
    const errors: string[] = [];
    const pages = await tabsOf(f.context, f.page, errors);
    await login(f.page, professional?.email as string, DEMO_LOGIN.password);
    const phone: Findings = new Map();
    // Asked without a browser first (in parallel, with the professional's cookie): only the
    // screens that answer 200 are opened in a tab, so the refused ones cost no page load.
    const cookie = (await f.context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const answers = await Promise.all(
      [...reached].map(async ([pattern, path]) => {
        const res = await fetch(f.url(path), { redirect: "manual", headers: { cookie } });
        await res.body?.cancel();
        return res.status === 200 ? [{ pattern, path }] : [];
      }),
    );
    const screens = answers.flat();
    let opened = 0;
    await tour(
      pages,
      () => screens.shift(),
      async (page, screen) => {
        const visit = await open(page, screen);
        if (!visit?.landed) return;
        opened++;
        await checkPhone(page, `${screen.pattern} (professional)`, phone);
      },
    );
    console.log(`${opened} screens as the professional in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    expect(opened).toBeGreaterThan(3);
    expect.soft(failuresOf(phone), "screens wider than the phone").toBe("");
    expect(errors, "browser errors in the other tabs").toEqual([]);
  });
});
