/**
 * E-mailed links in Chromium (issue 11): pre-hijacking fails for the attacker in both orders; a
 * link scanner's GET neither signs in nor spends the link; a signed-in browser is warned before
 * a link signs someone else in; the e-mail change round trip with its undo; leaving the
 * organização.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { memberships, sessions, users } from "../../../db/schema/index.ts";
import { extractLink, fakeEmailClient, type SentEmail } from "../../fakes/email-server.ts";
import { createRegisteredUser, e2eDb, uniqueEmail } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { login, submitLogin } from "../support/pages.ts";

const f = browserFixture();
const mail = fakeEmailClient(inject("emailApiBase"));
const base = inject("baseURL");

const PASSWORD_LABEL = "Digite a senha que você escolheu ao criar a conta";

/** Signs up through the real form (as a person, or as an attacker's script would). */
async function signUpWithForm(email: string, password: string, name: string): Promise<void> {
  const res = await fetch(`${base}/criar-conta`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ nome: name, email, senha: password, confirmarSenha: password, aceite: "on" }),
  });
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toContain("/email-confirmation");
}

async function confirmations(email: string) {
  return (await mail.messages()).filter((m) => m.to === email && m.subject === "Confirme seu e-mail no Alicerce");
}

/**
 * Signs up through the form and returns the confirmation link that sign-up sent: the newest
 * one once one more has arrived (an earlier sign-up's message may still be on its way).
 */
async function signUpForLink(email: string, password: string, name: string): Promise<string> {
  const before = (await confirmations(email)).length;
  await signUpWithForm(email, password, name);
  await expect.poll(async () => (await confirmations(email)).length).toBe(before + 1);
  return extractLink((await confirmations(email)).at(-1) as SentEmail, "/auth/callback");
}

async function confirmInBrowser(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link);
  await page.getByRole("heading", { name: "Confirme seu e-mail" }).waitFor();
  await page.getByLabel(PASSWORD_LABEL, { exact: true }).fill(password);
  await page.getByRole("button", { name: "Confirmar e entrar" }).click();
}

async function liveSessions(userId: string) {
  return e2eDb()
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

describe("pre-hijacking", () => {
  it("attacker signs up first with the victim's e-mail and password A; the victim signs up with V and confirms: V works, A does not", async () => {
    const { page } = f;
    const victim = uniqueEmail("vitima");
    await signUpForLink(victim, "senha-do-atacante-A", "Atacante");
    const link = await signUpForLink(victim, "senha-da-vitima-V", "Vitória Souza");

    await confirmInBrowser(page, link, "senha-da-vitima-V");
    await waitForPath(page, "/completar-cadastro");

    const attacker = await f.newPage();
    f.allowBrowserError(/status of 401/);
    await attacker.goto("/login");
    await submitLogin(attacker, victim, "senha-do-atacante-A");
    await expect.poll(() => attacker.getByRole("alert").textContent()).toContain("E-mail ou senha incorretos.");
    const [row] = await e2eDb().select().from(users).where(eq(users.email, victim));
    expect(row?.name).toBe("Vitória Souza");
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("victim first, attacker signs up again after: the link the attacker's sign-up sends cannot be confirmed with V, the attacker gets nothing, the victim signing up again recovers", async () => {
    const { page } = f;
    const victim = uniqueEmail("vitima-antes");
    await signUpForLink(victim, "senha-da-vitima-V", "Vitória Souza");
    const linkFromAttacker = await signUpForLink(victim, "senha-do-atacante-A", "Atacante");

    // The victim, in their mailbox, opens the newest link and types their own password: refused, link kept.
    f.allowBrowserError(/status of 400/);
    await confirmInBrowser(page, linkFromAttacker, "senha-da-vitima-V");
    await page.getByText("Senha incorreta. Digite a senha que você escolheu ao criar a conta.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth/callback");
    expect(await page.context().cookies()).not.toContainEqual(expect.objectContaining({ name: "alicerce_session" }));

    // The attacker, without the mailbox, cannot sign in (the right A only mails the victim a new link).
    const attacker = await f.newPage();
    f.allowBrowserError(/status of 403/);
    await attacker.goto("/login");
    await submitLogin(attacker, victim, "senha-do-atacante-A");
    await expect.poll(() => attacker.getByRole("alert").textContent()).toContain("Confirme seu e-mail antes de entrar.");
    expect(new URL(attacker.url()).pathname).toBe("/login");

    // The victim signs up again and confirms into V.
    // (The attacker's sign-in attempt above mailed the victim one more link, bound to A.)
    await expect.poll(async () => (await confirmations(victim)).length).toBe(3);
    const again = await signUpForLink(victim, "senha-da-vitima-V", "Vitória Souza");
    await confirmInBrowser(page, again, "senha-da-vitima-V");
    await waitForPath(page, "/completar-cadastro");
    await attacker.goto("/login");
    f.allowBrowserError(/status of 401/);
    await submitLogin(attacker, victim, "senha-do-atacante-A");
    await expect.poll(() => attacker.getByRole("alert").textContent()).toContain("E-mail ou senha incorretos.");
  });
});

describe("link scanners", () => {
  it("a plain GET, a HEAD and a prefetch of the confirmation link sign nobody in and spend nothing; the person then confirms", async () => {
    const { page } = f;
    const email = uniqueEmail("scanner");
    const link = await signUpForLink(email, "senha-forte-123", "Sérgio Scanner");

    for (const init of [
      { method: "GET" },
      { method: "HEAD" },
      { method: "GET", headers: { "sec-purpose": "prefetch", purpose: "prefetch" } },
    ] satisfies RequestInit[]) {
      const res = await fetch(link, { ...init, redirect: "manual" });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().join("; ")).not.toMatch(/alicerce_session=[^;]/);
    }
    // The scanner's cookie jar got nothing: the app still sends it to /login.
    const home = await fetch(`${base}/`, { redirect: "manual" });
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toContain("/login");
    const [row] = await e2eDb().select().from(users).where(eq(users.email, email));
    expect(row?.emailVerifiedAt).toBeNull();

    await confirmInBrowser(page, link, "senha-forte-123");
    await waitForPath(page, "/completar-cadastro");
  });
});

describe("a different account signed in in this browser", () => {
  it("is named on the link's page, and continuing ends that session before signing the link's owner in", async () => {
    const { page } = f;
    const signedIn = await createRegisteredUser({ name: "Fulano de Tal" });
    await login(page, signedIn.email, signedIn.password);

    const email = uniqueEmail("outra-conta");
    const link = await signUpForLink(email, "senha-forte-456", "Beltrana");

    await page.goto(link);
    await page.getByRole("heading", { name: "Confirme seu e-mail" }).waitFor();
    await expect
      .poll(() => page.getByRole("status").textContent())
      .toBe(`Você está conectado como ${signedIn.email}; continuar vai encerrar essa sessão.`);
    expect(await liveSessions(signedIn.id)).toHaveLength(1);

    await page.getByLabel(PASSWORD_LABEL, { exact: true }).fill("senha-forte-456");
    await page.getByRole("button", { name: "Confirmar e entrar" }).click();
    await waitForPath(page, "/completar-cadastro");
    expect(await liveSessions(signedIn.id)).toEqual([]);
    const [beltrana] = await e2eDb().select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await liveSessions(beltrana?.id as string)).toHaveLength(1);
  });
});

describe("changing the e-mail on /perfil", () => {
  it("confirms on the new address, keeps the session, and the old address undoes it (sessions end, a new password is needed)", async () => {
    const { page } = f;
    const user = await createRegisteredUser({ name: "Helena Prado" });
    const next = uniqueEmail("novo-endereco");
    await login(page, user.email, user.password);
    await page.goto("/perfil");
    await page.getByLabel("Novo e-mail", { exact: true }).fill(next);
    await page.getByLabel("Senha atual", { exact: true }).first().fill(user.password);
    const since = Date.now();
    await page.getByRole("button", { name: "Trocar e-mail" }).click();
    await page.getByText(`Aguardando confirmação de ${next}`).waitFor();

    // Still the old e-mail until the new address confirms.
    const [before] = await e2eDb().select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(before?.email).toBe(user.email);
    const confirm = extractLink(await mail.waitForEmail(next, { subject: "Confirme seu novo e-mail", after: since }), "/auth/callback");
    await page.goto(confirm);
    await page.getByRole("button", { name: "Confirmar novo e-mail" }).click();
    await page.getByRole("heading", { name: "E-mail confirmado" }).waitFor();
    await page.goto("/perfil");
    await page.getByText(`Seu login é ${next}.`).waitFor();
    expect(await page.getByText("Aguardando confirmação").count()).toBe(0);

    // The old address was told, with the undo link.
    const notice = await mail.waitForEmail(user.email, { subject: "foi trocado", after: since });
    const undo = extractLink(notice, "/auth/callback");
    await page.goto(undo);
    await page.getByRole("heading", { name: "Desfazer troca de e-mail" }).waitFor();
    await page.getByRole("button", { name: "Desfazer a troca" }).click();
    await page.getByRole("heading", { name: "Troca desfeita" }).waitFor();
    const [after] = await e2eDb().select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(after?.email).toBe(user.email);
    expect(await liveSessions(user.id)).toEqual([]);
    await page.goto("/");
    await waitForPath(page, "/login");
    await mail.waitForEmail(user.email, { subject: "Crie uma nova senha", after: since });
  });
});

describe("leaving the organização", () => {
  it("a member leaves from /perfil after confirming, and lands on creating their own business", async () => {
    const { page } = f;
    const owner = await createRegisteredUser({ name: "Dona Olga" });
    const [ownerMembership] = await e2eDb().select().from(memberships).where(eq(memberships.userId, owner.id));
    const member = await createRegisteredUser({ name: "Mário Membro" });
    await e2eDb()
      .update(memberships)
      .set({ orgId: ownerMembership?.orgId as string, role: "staff" })
      .where(eq(memberships.userId, member.id));

    await login(page, member.email, member.password);
    await page.goto("/perfil");
    await page.getByRole("link", { name: "Sair da organização" }).click();
    await page.getByRole("alertdialog").waitFor();
    await page.getByRole("alertdialog").getByRole("button", { name: "Sair da organização" }).click();
    await waitForPath(page, "/completar-cadastro");
    expect(await e2eDb().select().from(memberships).where(eq(memberships.userId, member.id))).toEqual([]);
  });

  it("the last owner is told why they cannot leave, and stays", async () => {
    const { page } = f;
    const owner = await createRegisteredUser({ name: "Única Dona" });
    await login(page, owner.email, owner.password);
    await page.goto("/perfil?sair=1");
    f.allowBrowserError(/status of 409/);
    await page.getByRole("alertdialog").getByRole("button", { name: "Sair da organização" }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("pelo menos um dono ativo");
    expect(await e2eDb().select().from(memberships).where(eq(memberships.userId, owner.id))).toHaveLength(1);
  });

  it("a deactivated member can still leave (from /sair-da-organizacao)", async () => {
    const { page } = f;
    const owner = await createRegisteredUser({ name: "Dona Regina" });
    const [ownerMembership] = await e2eDb().select().from(memberships).where(eq(memberships.userId, owner.id));
    const member = await createRegisteredUser({ name: "Davi Desativado" });
    await e2eDb()
      .update(memberships)
      .set({ orgId: ownerMembership?.orgId as string, role: "staff", deactivatedAt: new Date() })
      .where(eq(memberships.userId, member.id));
    // Signed in, every app page refuses them (403).
    f.allowBrowserError(/status of 403/);
    await page.goto("/login");
    await submitLogin(page, member.email, member.password);
    await page.waitForLoadState("networkidle");
    await page.goto("/sair-da-organizacao");
    await page.getByRole("heading", { name: "Sair de Carvalho Imóveis?" }).waitFor();
    await page.getByRole("button", { name: "Sair da organização" }).click();
    await waitForPath(page, "/completar-cadastro");
    expect(await e2eDb().select().from(memberships).where(eq(memberships.userId, member.id))).toEqual([]);
  });
});
