/**
 * Calendário de Posts end to end in Chromium (ADR 045): an owner's scheduled post moves a day with
 * the → key, to a chosen day and time with its "Mover" form, and to another day by dragging it
 * with the mouse (keeping its time of day); each move reaches the database as the organização's
 * wall-clock time and the post shows on its new day. At 390 px the month is an agenda that never
 * scrolls sideways and "Mover" still reschedules.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { memberships, posts, postTargets, socialAccounts } from "../../../db/schema/index.ts";
import { addDays, monthStart } from "../../../shared/social/calendar.ts";
import { DEFAULT_TIME_ZONE, dayIn, instantIn } from "../../../shared/time-zone.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { movePost } from "../../../worker/services/social/posts.ts";
import { createRegisteredUser, e2eDb, e2eServiceContext } from "../support/accounts.ts";
import { browserFixture } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();
const SP = DEFAULT_TIME_ZONE;

describe("calendário de posts", () => {
  it("reschedules by keyboard, by the Mover form and by drag in the month view, and works at 390 px", async () => {
    const { page } = f;
    const owner = await createRegisteredUser({ name: "Lívia Prado" });
    const db = e2eDb();
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
    if (!m) throw new Error("no membership");
    const actor = { orgId: m.orgId, userId: owner.id, role: "owner" as const, timeZone: SP };
    const ctx = e2eServiceContext(f.baseURL);
    const now = new Date();
    const account = crypto.randomUUID();
    await db.insert(socialAccounts).values({
      id: account,
      orgId: m.orgId,
      rede: "facebook",
      idExterno: "pagina-livia",
      nome: "Imobiliária Prado",
      criadoEm: now,
      atualizadoEm: now,
    });
    // The 5th of next month at 10:00 in São Paulo: in the future, with room to move within the month.
    const day = addDays(monthStart(dayIn(now, SP), 1), 4);
    const created = await createRecord(ctx, actor, "posts", {
      legenda: "Casa térrea com jardim no Alto de Pinheiros #casaavenda",
      contas: [account],
      midias: [],
      agendadoPara: instantIn(day, "10:00", SP).toISOString(),
    } as never);
    const id = created.id as string;
    await movePost(ctx, actor, id, "aprovar");
    const at = async () => (await db.select().from(posts).where(eq(posts.id, id)))[0]?.agendadoPara?.getTime();
    const targetAt = async () => (await db.select().from(postTargets).where(eq(postTargets.postId, id)))[0]?.agendadoPara?.getTime();

    await login(page, owner.email, owner.password);
    await page.goto(`${f.baseURL}/content-calendar?data=${day.slice(0, 7)}`);
    const chip = (d: string) => page.locator(`[data-day="${d}"] [data-post="${id}"]`);
    await chip(day).waitFor();
    // Colour is not alone: the network and status are said in words.
    await chip(day).getByRole("img", { name: "Facebook: Agendado" }).waitFor();
    await page.getByRole("region", { name: "Legenda" }).waitFor();

    // Keyboard: → moves it a day, same time.
    await chip(day).focus();
    await page.keyboard.press("ArrowRight");
    await chip(addDays(day, 1)).waitFor();
    await expect.poll(at).toBe(instantIn(addDays(day, 1), "10:00", SP).getTime());
    expect(await targetAt()).toBe(instantIn(addDays(day, 1), "10:00", SP).getTime());
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-post"))).toBe(id);
    await page.getByRole("status").filter({ hasText: "Post reagendado." }).waitFor({ state: "attached" });

    // "Mover": a day and a time on the organização's clock.
    await chip(addDays(day, 1))
      .getByRole("button", { name: /^Mover “Casa térrea/ })
      .click();
    const form = page.getByRole("form", { name: /^Mover “Casa térrea/ });
    await form.getByLabel("Dia").fill(addDays(day, 3));
    await form.getByLabel("Horário").fill("14:30");
    await form.getByRole("button", { name: "Mover", exact: true }).click();
    await chip(addDays(day, 3)).waitFor();
    await expect.poll(at).toBe(instantIn(addDays(day, 3), "14:30", SP).getTime());

    // Drag to another day: the time of day stays 14:30.
    await chip(addDays(day, 3)).dragTo(page.locator(`[data-day="${addDays(day, 5)}"]`));
    await chip(addDays(day, 5)).waitFor();
    await expect.poll(at).toBe(instantIn(addDays(day, 5), "14:30", SP).getTime());
    expect(await targetAt()).toBe(instantIn(addDays(day, 5), "14:30", SP).getTime());

    // A phone: one column of days, no sideways scroll, and "Mover" works there too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await chip(addDays(day, 5)).waitFor();
    const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth }));
    expect(widths.doc).toBeLessThanOrEqual(390);
    expect(widths.body).toBeLessThanOrEqual(390);
    const box = await chip(addDays(day, 5)).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    // Days without posts are left out of the agenda.
    expect(await page.locator(`[data-day="${addDays(day, 2)}"]`).isVisible()).toBe(false);
    await chip(addDays(day, 5))
      .getByRole("button", { name: /^Mover “Casa térrea/ })
      .click();
    const phoneForm = page.getByRole("form", { name: /^Mover “Casa térrea/ });
    await phoneForm.getByLabel("Dia").fill(addDays(day, 6));
    await phoneForm.getByRole("button", { name: "Mover", exact: true }).click();
    await chip(addDays(day, 6)).waitFor();
    await expect.poll(at).toBe(instantIn(addDays(day, 6), "14:30", SP).getTime());
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1400, height: 800 });
  });
});
