/**
 * Issue 19 end to end (ADR 047 with 043–049), in Chromium against the Meta stand-in and the
 * every-minute cron that `npm start` runs: the owner of a fresh organização connects Facebook
 * through the stand-in's dialog, chooses demo_page_1 and its Instagram account, writes a post from
 * an imóvel and schedules it for the next minute; the open calendar turns it "Publicado" on both
 * networks without a reload, and the stand-in received exactly one publication per network. The
 * feed, the posts lists and the history show it. Then the token is revoked at "Meta": the next
 * post is held (still "Agendado", with the reason) and the accounts say "Reconectar".
 */
import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { memberships, posts, postTargets, socialAccounts } from "../../../db/schema/index.ts";
import { seedDemoPhotos } from "../../../scripts/seed/demo-photos.ts";
import { DEFAULT_TIME_ZONE, dayIn, formatTimeIn } from "../../../shared/time-zone.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { createRegisteredUser, e2eDb, e2eServiceContext } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { pageOverflow } from "../support/layout-checks.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();
const SP = DEFAULT_TIME_ZONE;
const POST_PAGE = /\/posts\/([0-9a-f-]{36})$/;
const FB_PAGE = "Demo Imobiliária (demonstração)";

interface StandinState {
  media: { id: string; caption?: string }[];
  posts: { id: string; message?: string; published: boolean }[];
}
interface StandinLogEntry {
  seq: number;
  method: string;
  path: string;
  status: number | null;
}

async function standin<T>(path: string, init?: { method: string; body: unknown }): Promise<T> {
  const res = await fetch(`${inject("metaStandinUrl")}/_control${path}`, {
    method: init?.method ?? "GET",
    headers: { "content-type": "application/json" },
    body: init ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) throw new Error(`stand-in ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The stand-in's request log as an array (the control API answers it under a key or bare). */
async function standinLog(): Promise<StandinLogEntry[]> {
  const body = await standin<StandinLogEntry[] | { log: StandinLogEntry[] }>("/log");
  return Array.isArray(body) ? body : body.log;
}

/** "2026-11-26T22:14": the datetime-local value of `instant` on São Paulo's clock. */
function localValue(instant: Date): string {
  return `${dayIn(instant, SP)}T${formatTimeIn(instant, SP)}`;
}

/**
 * Waits for `locator`, firing the cron every few seconds from `from` on: the local runner wakes a
 * job's short sleep (the 10 s between reads of an Instagram container) only at a tick, and a test
 * should not wait whole minutes for them. The post's own time is left to the real minute's tick.
 */
async function waitWithCron(locator: Locator, from: number, timeout: number): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await locator.isVisible())) {
    if (Date.now() > deadline) throw new Error(`not shown in ${timeout} ms: ${locator}`);
    if (Date.now() > from) await fetch(inject("cronTriggerUrl"), { method: "POST" });
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await pageOverflow(page);
  expect(overflow, `${what}: ${overflow?.offenders.join(" | ")}`).toBeUndefined();
}

/** "Criar post" from the imóvel's page, both accounts chosen, the marker added to the caption. */
async function writePostFromProperty(page: Page, propertyId: string, marker: string): Promise<void> {
  await page.goto(`/properties/${propertyId}`);
  await page.getByRole("link", { name: "Criar post" }).click();
  await page.waitForURL((u) => u.pathname === "/posts/create" && u.searchParams.get("imovel") === propertyId);
  const caption = page.getByLabel("Legenda");
  await expect.poll(() => caption.inputValue()).toContain("Sobrado com piscina no Taquaral");
  await page.getByRole("list", { name: "Imagens do post, na ordem" }).waitFor();
  await caption.press("Control+End");
  await caption.pressSequentially(` ${marker}`);
  await page.getByRole("checkbox", { name: /Demo Imobiliária \(demonstração\).*Página do Facebook/ }).check();
  await page.getByRole("checkbox", { name: /demo\.imobiliaria/ }).check();
}

/** Clicks "Agendar" for `at` and returns the post's id from its page. */
async function schedule(page: Page, at: string): Promise<string> {
  await page.getByLabel(/^Data e hora/).fill(at);
  await page.getByRole("button", { name: "Agendar" }).click();
  await page.waitForURL((u) => POST_PAGE.test(u.pathname) && u.searchParams.get("feito") === "agendado");
  return POST_PAGE.exec(new URL(page.url()).pathname)?.[1] as string;
}

describe("publicar de ponta a ponta", () => {
  it("connects, schedules a post from an imóvel, sees it published live everywhere; a revoked token holds the next post", async () => {
    const { page } = f;
    // The stand-in's pages have no favicon (the browser asks them for one).
    f.allowBrowserError(/Failed to load resource: the server responded with a status of 404/);
    await page.setViewportSize({ width: 1280, height: 900 });
    const db = e2eDb();
    const owner = await createRegisteredUser({ name: "Renata Publica" });
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
    const orgId = m?.orgId as string;
    const actor = { orgId, userId: owner.id, role: "owner" as const };
    const { id: propertyId } = await createRecord(e2eServiceContext(f.baseURL), actor, "imoveis", {
      finalidade: "venda",
      tipo: "sobrado",
      titulo: "Sobrado com piscina no Taquaral",
      valorVendaCentavos: 1_250_000_00,
      bairro: "Taquaral",
      cidade: "Campinas",
      uf: "SP",
      quartos: 4,
      areaUtil: 220,
      enderecoPublico: "bairro",
      status: "disponivel",
    });
    await seedDemoPhotos(db, null, orgId, [propertyId as string]);

    // Conectar Redes → the stand-in's Facebook dialog → demo_page_1 and its Instagram.
    await login(page, owner.email, owner.password);
    await page.goto("/social-connect-simple");
    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Conectar com o Facebook" }).click();
    await page.getByRole("heading", { name: "Modo demonstração — não é a Meta" }).waitFor();
    await page.getByRole("button", { name: "Continuar" }).click();
    await waitForPath(page, "/facebook-pages");
    const pageCard = page.locator("section", { has: page.getByRole("heading", { name: FB_PAGE, exact: true }) });
    await pageCard.getByRole("checkbox", { name: "Publicar nesta Página do Facebook" }).check();
    await pageCard.getByRole("checkbox", { name: /Publicar no Instagram ligado a ela: @demo\.imobiliaria/ }).check();
    await page.getByRole("button", { name: "Salvar escolha" }).click();
    await page.getByRole("status").filter({ hasText: "Pronto: o Alicerce publica em" }).waitFor();

    // The calendar, open in a second tab before the post exists: it follows everything live.
    const due = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
    const calendar = await f.context.newPage();
    await calendar.goto(`/content-calendar?data=${dayIn(due, SP).slice(0, 7)}`);
    await calendar.getByRole("heading", { name: "Calendário de Posts" }).waitFor();
    await calendar.evaluate(() => Object.assign(window, { semRecarregar: true }));

    // A post from the imóvel, scheduled for the next minute.
    const marker = `#e2e${Date.now().toString(36)}`;
    const logStart = (await standinLog()).at(-1)?.seq ?? 0;
    await writePostFromProperty(page, propertyId as string, marker);
    const postId = await schedule(page, localValue(due));
    const [scheduled] = await db.select().from(posts).where(eq(posts.id, postId));
    expect(scheduled?.agendadoPara?.getTime()).toBe(due.getTime());

    // It shows up in the calendar, then both networks turn "Publicado", without a reload.
    const chip = calendar.locator(`[data-day="${dayIn(due, SP)}"] [data-post="${postId}"]`);
    await chip.waitFor({ timeout: 30_000 });
    const wait = due.getTime() - Date.now() + 45_000;
    await waitWithCron(chip.getByRole("img", { name: "Facebook: Publicado" }), due.getTime() + 5_000, wait);
    await waitWithCron(chip.getByRole("img", { name: "Instagram: Publicado" }), due.getTime() + 5_000, wait);
    expect(await calendar.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar)).toBe(true);
    await calendar.close();

    // Exactly one publication per network reached "Meta".
    const state = await standin<StandinState>("/state");
    expect(state.media.filter((x) => x.caption?.includes(marker))).toHaveLength(1);
    expect(state.posts.filter((x) => x.published && x.message?.includes(marker))).toHaveLength(1);
    const writes = (await standinLog()).filter((e) => e.seq > logStart && e.method === "POST");
    expect(writes.filter((e) => e.path.endsWith("/media_publish") && e.status === 200)).toHaveLength(1);
    expect(writes.filter((e) => e.path.endsWith("/demo_page_1/feed") && e.status === 200)).toHaveLength(1);
    const published = await db.select().from(postTargets).where(eq(postTargets.postId, postId));
    expect(published.map((t) => t.status)).toEqual(["publicado", "publicado"]);

    // The feed, the posts lists and the history show it.
    await page.goto("/feed");
    await page.getByRole("link", { name: /^Abrir o post “Sobrado com piscina no Taquaral/ }).waitFor();
    expect(await page.getByLabel(/^Sobrado com piscina no Taquaral.*: Publicado, /).count()).toBe(1);
    await page.goto("/instagram-posts");
    const igCards = page.getByRole("list", { name: "Posts do Instagram" }).getByRole("listitem");
    await igCards.filter({ hasText: "Feito no Alicerce" }).filter({ hasText: "Sobrado com piscina" }).first().waitFor();
    await page.goto("/facebook-posts");
    const fbCards = page.getByRole("list", { name: "Posts do Facebook" }).getByRole("listitem");
    await fbCards.filter({ hasText: "Feito no Alicerce" }).filter({ hasText: "Sobrado com piscina" }).first().waitFor();
    // The history on a phone: one attempt per network, both published.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/historico");
    const items = page.getByRole("list", { name: "Tentativas de publicação" }).getByRole("listitem");
    await expect.poll(() => items.filter({ hasText: "Publicado" }).count()).toBe(2);
    await noSidewaysScroll(page, "/historico");
    await page.setViewportSize({ width: 1280, height: 900 });

    // "Meta" revokes the token; the next post is held, not failed, and the accounts ask to reconnect.
    await standin("/tokens/revoke", { method: "POST", body: { subject: "demo_user_1" } });
    await standin("/tokens/revoke", { method: "POST", body: { subject: "demo_page_1" } });
    const marker2 = `${marker}b`;
    await writePostFromProperty(page, propertyId as string, marker2);
    // The shortest the form accepts: this minute (a minute back is still "now"), so the run goes at once.
    if (new Date().getSeconds() > 45) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000));
    const heldId = await schedule(page, localValue(new Date()));
    const held = () => db.select().from(postTargets).where(eq(postTargets.postId, heldId));
    try {
      await waitWithCron(page.getByText(/A conexão com a Meta precisa ser refeita/).first(), Date.now() + 5_000, 30_000);
    } catch (error) {
      // Seen once in CI (not reproduced): say where the held post stood, to tell a run that never
      // started from a page that missed the live event.
      const rows = (await held()).map((t) => ({
        rede: t.rede,
        status: t.status,
        erro: t.erroCodigo,
        em: t.atualizadoEm,
        claim: t.reivindicadoEm,
      }));
      throw new Error(`${(error as Error).message}; publicações: ${JSON.stringify(rows)}; página: ${page.url()}`);
    }
    await expect
      .poll(async () => (await held()).map((t) => `${t.status} ${t.erroCodigo}`))
      .toEqual(["agendado 190/460", "agendado 190/460"]);
    await expect.poll(() => page.getByText("Em espera:").count()).toBe(2);
    expect(await page.getByText("Agendado", { exact: true }).count()).toBe(2);
    expect(await page.getByText("Falhou", { exact: true }).count()).toBe(0);
    const toReconnect = await db
      .select()
      .from(socialAccounts)
      .where(and(eq(socialAccounts.orgId, orgId), eq(socialAccounts.status, "reconectar")));
    expect(toReconnect.map((a) => a.rede).sort()).toEqual(["facebook", "instagram"]);
    const state2 = await standin<StandinState>("/state");
    expect(state2.media.filter((x) => x.caption?.includes(marker2))).toHaveLength(0);
    expect(state2.posts.filter((x) => x.message?.includes(marker2))).toHaveLength(0);
    const [post2] = await db.select().from(posts).where(eq(posts.id, heldId));
    expect(post2?.imovelId).toBe(propertyId);

    await page.goto("/social-connect-simple");
    const used = page.locator("section", { has: page.getByRole("heading", { name: "Contas que o Alicerce usa", exact: true }) });
    await expect.poll(() => used.getByText("Reconectar", { exact: true }).count()).toBe(2);
    await used
      .getByText(/A conexão com a Meta precisa ser refeita/)
      .first()
      .waitFor();
  }, 150_000);
});
