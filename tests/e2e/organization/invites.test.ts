/**
 * Team invites end to end (issue 11): inviting reveals nothing about other organizations'
 * accounts, the invitee accepts on /convite (new account, or an existing one with its
 * password), a GET never spends the link, and an expired invite asks the inviter for a new one.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { authTokens, memberships, sessions, users } from "../../../db/schema/index.ts";
import { hashPassword } from "../../../worker/auth/password.ts";
import { extractLink, fakeEmailClient } from "../../fakes/email-server.ts";
import { createRegisteredUser, e2eDb, uniqueEmail } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();
const mail = fakeEmailClient(inject("emailApiBase"));

/** Sends the invite form and returns what the person saw and what the network answered (e-mail masked). */
async function invite(page: Page, email: string, name: string) {
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("E-mail", { exact: true }).fill(email);
  await page.getByLabel("Papel", { exact: true }).selectOption("staff");
  // The action's own answer, read on its way to the page (the browser's copy of a stream is not kept).
  let answer: { status: number; body: string } | undefined;
  const teamPage = (url: URL) => url.pathname.startsWith("/admin/users");
  await page.route(teamPage, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const response = await route.fetch();
    answer = { status: response.status(), body: await response.text() };
    await route.fulfill({ response });
  });
  await page.getByRole("button", { name: "Enviar convite", exact: true }).click();
  const status = page.getByRole("status").filter({ hasText: `Convite enviado para ${email}` });
  await status.waitFor();
  const mask = (text: string) => text.replaceAll(email, "<e-mail>").replaceAll(name, "<nome>");
  await page.unroute(teamPage);
  expect(answer).toBeDefined();
  return {
    status: answer?.status,
    body: mask(answer?.body ?? ""),
    message: mask(await status.innerText()),
    team: await page.getByRole("heading", { name: /^Equipe \(/ }).innerText(),
  };
}

async function ownerOnTeamPage(page: Page) {
  const owner = await createRegisteredUser({ name: "Otávio Dono" });
  await login(page, owner.email, owner.password);
  await page.goto("/admin/users");
  await page.getByRole("heading", { name: "Usuários" }).first().waitFor();
  await page.waitForLoadState("networkidle");
  const [membership] = await e2eDb().select().from(memberships).where(eq(memberships.userId, owner.id));
  return { owner, orgId: membership?.orgId as string };
}

async function inviteLink(to: string): Promise<string> {
  return extractLink(await mail.waitForEmail(to, { subject: "Convite para" }), "/convite");
}

describe("convites", () => {
  it("inviting an e-mail that has an account elsewhere looks exactly like inviting a new one; the newcomer creates the account", async () => {
    const { page } = f;
    await ownerOnTeamPage(page);
    const elsewhere = await createRegisteredUser({ name: "Helena Outra" });
    const newcomer = uniqueEmail("novata");

    const toNew = await invite(page, newcomer, "Nina Novata");
    const toExisting = await invite(page, elsewhere.email, "Helena Outra");
    // Same status, same answer, same page: nothing tells the two apart.
    expect(toExisting).toEqual(toNew);
    expect(toNew.message).toBe("Convite enviado para <e-mail>, se este e-mail puder entrar na equipe.");
    const pending = page.getByRole("listitem").filter({ hasText: "Convidado por" });
    await expect.poll(() => pending.count()).toBe(2);
    // Nothing was created for either until they accept.
    const [stranger] = await e2eDb().select().from(users).where(eq(users.email, newcomer));
    expect(stranger).toBeUndefined();
    expect(await e2eDb().select().from(memberships).where(eq(memberships.userId, elsewhere.id))).toHaveLength(1);

    // The newcomer opens the link (no one signed in), names themself and chooses a password.
    const visitor = await f.newPage();
    await visitor.goto(await inviteLink(newcomer));
    await visitor.getByRole("heading", { name: "Convite para Carvalho Imóveis" }).waitFor();
    await visitor.getByText("Otávio Dono convidou você").waitFor();
    expect(await visitor.getByLabel("Nome", { exact: true }).inputValue()).toBe("Nina Novata");
    await visitor.getByLabel("Senha", { exact: true }).fill("Novata#2026");
    await visitor.getByLabel("Confirmar senha", { exact: true }).fill("Novata#2026");
    await visitor.getByLabel(/Li e aceito/).check();
    await visitor.getByRole("button", { name: "Criar conta e aceitar convite" }).click();
    await waitForPath(visitor, "/");
    const [created] = await e2eDb().select().from(users).where(eq(users.email, newcomer));
    expect(created?.emailVerifiedAt).not.toBeNull();
    const [joined] = await e2eDb()
      .select()
      .from(memberships)
      .where(eq(memberships.userId, created?.id as string));
    expect(joined?.role).toBe("staff");
  });

  it("an existing account accepts with its password; someone else signed in is warned and signed out; a GET spends nothing", async () => {
    const { page } = f;
    const { owner, orgId } = await ownerOnTeamPage(page);
    // A confirmed account with no organization (e.g. it left one).
    const invitee = { id: crypto.randomUUID(), email: uniqueEmail("existente"), password: "Existente#2026" };
    const now = new Date();
    await e2eDb()
      .insert(users)
      .values({
        ...invitee,
        name: "Érica Existente",
        passwordHash: hashPassword(invitee.password),
        emailVerifiedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    await invite(page, invitee.email, "Érica Existente");
    const link = await inviteLink(invitee.email);

    // A link scanner's GET: the page answers, the invite stays usable.
    expect((await fetch(link, { redirect: "manual" })).status).toBe(200);
    expect((await fetch(link, { redirect: "manual" })).status).toBe(200);

    // Opened in the owner's browser: the page says who is signed in and what accepting does.
    await page.goto(link);
    await page.getByText("Você já tem uma conta no Alicerce com este e-mail").waitFor();
    await page
      .getByRole("status")
      .filter({ hasText: `Você está conectado(a) como ${owner.email}` })
      .waitFor();
    // The wrong password's answer is a 401, which the browser logs.
    f.allowBrowserError(/status of 401/);
    await page.getByLabel("Senha", { exact: true }).fill("senha-errada");
    await page.getByRole("button", { name: "Entrar e aceitar convite" }).click();
    await page.getByRole("alert").filter({ hasText: "E-mail ou senha incorretos." }).waitFor();
    expect(await e2eDb().select().from(memberships).where(eq(memberships.userId, invitee.id))).toEqual([]);

    await page.getByLabel("Senha", { exact: true }).fill(invitee.password);
    await page.getByRole("button", { name: "Entrar e aceitar convite" }).click();
    await waitForPath(page, "/");
    const [joined] = await e2eDb().select().from(memberships).where(eq(memberships.userId, invitee.id));
    expect(joined?.orgId).toBe(orgId);
    const ownerSessions = await e2eDb()
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, owner.id), isNull(sessions.revokedAt)));
    expect(ownerSessions).toEqual([]);
    // Used: the same link now says it is invalid.
    await page.goto(link);
    await page.getByRole("heading", { name: "Convite inválido" }).waitFor();
  });

  it("an expired invite says so and asks the inviter for a new one", async () => {
    const { page } = f;
    const { owner } = await ownerOnTeamPage(page);
    const email = uniqueEmail("expirada");
    await invite(page, email, "Ester Expirada");
    const link = await inviteLink(email);
    await e2eDb()
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(and(eq(authTokens.email, email), eq(authTokens.purpose, "invite")));

    const visitor = await f.newPage();
    await visitor.goto(link);
    await visitor.getByText("Este convite expirou.").waitFor();
    await visitor.waitForLoadState("networkidle");
    await visitor.getByRole("button", { name: "Pedir um novo convite" }).click();
    await visitor.getByRole("status").filter({ hasText: "Pedido enviado." }).waitFor();
    const notice = await mail.waitForEmail(owner.email, { subject: "pediu um novo convite" });
    expect(notice.subject).toBe(`Ester Expirada (${email}) pediu um novo convite para Carvalho Imóveis`);

    // The owner sees it as expired in the pending list.
    await page.reload();
    await page
      .getByRole("listitem", { name: `Convite para ${email}` })
      .getByText("Expirado")
      .waitFor();
  });
});
