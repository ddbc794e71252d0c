/**
 * The team page end to end: a manager who gives up managing (changes their own role to Equipe)
 * lands on the settings overview told where they stand, not on a refusal of the page they were on;
 * pending invites are resent and revoked; after 10 minutes a change asks for the password again.
 */
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { memberships, sessions } from "../../../db/schema/index.ts";
import { extractLink, fakeEmailClient } from "../../fakes/email-server.ts";
import { createRegisteredUser, e2eDb, uniqueEmail } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();
const mail = fakeEmailClient(inject("emailApiBase"));

describe("equipe", () => {
  it("sends an admin who demotes themself to the settings overview, with their new role", async () => {
    const { page } = f;
    const owner = await createRegisteredUser({ name: "Olga Dona" });
    const [ownerMembership] = await e2eDb().select().from(memberships).where(eq(memberships.userId, owner.id));
    const admin = await createRegisteredUser({ name: "Alice Admin" });
    await e2eDb()
      .update(memberships)
      .set({ orgId: ownerMembership?.orgId as string, role: "admin" })
      .where(eq(memberships.userId, admin.id));

    await login(page, admin.email, admin.password);
    await page.goto("/admin/users");
    await page.getByRole("heading", { name: "Usuários" }).first().waitFor();
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Papel de Alice Admin", { exact: true }).selectOption("staff");
    await page.getByRole("button", { name: "Salvar papel de Alice Admin" }).click();

    await waitForPath(page, "/settings");
    expect(new URL(page.url()).searchParams.get("papel")).toBe("staff");
    await page.getByRole("status").filter({ hasText: "Seu papel agora é Equipe." }).waitFor();
    // Usuários is gone from the settings area (its sections come from the permission table).
    const sections = page.getByRole("navigation", { name: "Seções de configurações" });
    await sections.getByRole("link", { name: "Meu perfil" }).waitFor();
    expect(await sections.getByRole("link", { name: "Usuários" }).count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Todas as configurações" }).getByRole("link", { name: "Usuários" }).count()).toBe(0);
    const [saved] = await e2eDb().select().from(memberships).where(eq(memberships.userId, admin.id));
    expect(saved?.role).toBe("staff");

    // The notice only repeats what is true: a link claiming another role shows nothing.
    await page.goto("/settings?papel=owner");
    await page.getByRole("heading", { name: "Configurações" }).first().waitFor();
    expect(await page.getByText("Seu papel agora é").count()).toBe(0);
  });

  it("resends (the old link stops working) and revokes (after a confirmation) a pending invite", async () => {
    const { page } = f;
    const owner = await createRegisteredUser({ name: "Rosa Reenvia" });
    await login(page, owner.email, owner.password);
    await page.goto("/admin/users");
    await page.waitForLoadState("networkidle");
    const email = uniqueEmail("pendente");
    await page.getByLabel("Nome", { exact: true }).fill("Paulo Pendente");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByLabel("Papel", { exact: true }).selectOption("professional");
    await page.getByRole("button", { name: "Enviar convite", exact: true }).click();
    const first = extractLink(await mail.waitForEmail(email, { subject: "Convite para" }), "/convite");
    const row = page.getByRole("listitem", { name: `Convite para ${email}` });
    await row.getByText("Profissional").waitFor();
    await row.getByText("Rosa Reenvia").waitFor();

    const sent = Date.now();
    await page.getByRole("button", { name: `Reenviar convite para ${email}` }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Convite reenviado para ${email}. O link anterior deixou de valer.` })
      .waitFor();
    const second = extractLink(await mail.waitForEmail(email, { subject: "Convite para", after: sent }), "/convite");
    expect(second).not.toBe(first);
    const visitor = await f.newPage();
    await visitor.goto(first);
    await visitor.getByRole("heading", { name: "Convite inválido" }).waitFor();

    await page.getByRole("link", { name: `Revogar convite para ${email}` }).click();
    await page.getByText(`Revogar o convite para ${email}?`).waitFor();
    await page.getByRole("button", { name: "Confirmar revogação" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: `Convite para ${email} revogado.` })
      .waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await visitor.goto(second);
    await visitor.getByRole("heading", { name: "Convite inválido" }).waitFor();
  });

  it("asks for the password before a role change once the last one is older than 10 minutes", async () => {
    const { page } = f;
    const owner = await createRegisteredUser({ name: "Sônia Senha" });
    const [ownerMembership] = await e2eDb().select().from(memberships).where(eq(memberships.userId, owner.id));
    const staff = await createRegisteredUser({ name: "Tiago Time" });
    await e2eDb()
      .update(memberships)
      .set({ orgId: ownerMembership?.orgId as string, role: "staff" })
      .where(eq(memberships.userId, staff.id));
    await login(page, owner.email, owner.password);
    await page.goto("/admin/users");
    await page.waitForLoadState("networkidle");
    // Signed in just now: no password asked.
    expect(await page.getByLabel("Sua senha para mudar o papel de Tiago Time").count()).toBe(0);

    // Eleven minutes later (the session's last password check moved back in the database).
    await e2eDb()
      .update(sessions)
      .set({ authenticatedAt: new Date(Date.now() - 11 * 60_000) })
      .where(and(eq(sessions.userId, owner.id), isNull(sessions.revokedAt)));
    await page.reload();
    await page.waitForLoadState("networkidle");
    const password = page.getByLabel("Sua senha para mudar o papel de Tiago Time");
    await password.waitFor();
    await page.getByLabel("Papel de Tiago Time", { exact: true }).selectOption("admin");
    f.allowBrowserError(/status of 400/);
    await password.fill("nao-e-a-senha");
    await page.getByRole("button", { name: "Salvar papel de Tiago Time" }).click();
    await page.getByText("Senha incorreta. Nada foi alterado.").waitFor();
    const role = async () => (await e2eDb().select().from(memberships).where(eq(memberships.userId, staff.id)))[0]?.role;
    expect(await role()).toBe("staff");

    await page.getByLabel("Papel de Tiago Time", { exact: true }).selectOption("admin");
    await page.getByLabel("Sua senha para mudar o papel de Tiago Time").fill(owner.password);
    await page.getByRole("button", { name: "Salvar papel de Tiago Time" }).click();
    await page.getByRole("status").filter({ hasText: "Papel alterado para Administrador(a)." }).waitFor();
    expect(await role()).toBe("admin");
    // Confirmed: for the next 10 minutes nothing more is asked.
    await expect.poll(() => page.getByLabel("Sua senha para mudar o papel de Tiago Time").count()).toBe(0);
  });
});
