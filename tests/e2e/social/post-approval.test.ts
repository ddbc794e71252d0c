/**
 * A post from an imóvel, written on a phone (390 × 844) and approved (issue 19): a corretor opens
 * the imóvel, "Criar post" starts it with the imóvel's photos, title, price and link; they choose
 * the Page and the Instagram account, the counter follows the caption as they type, and they send
 * it for approval. The owner finds it in Rascunhos, opens it, schedules it for 09:30 on the
 * organização's clock (Manaus, an hour behind Brasília) and sees both networks "Agendado".
 */
import type { Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { businessSettings, posts, socialAccounts } from "../../../db/schema/index.ts";
import { seedDemoPhotos } from "../../../scripts/seed/demo-photos.ts";
import { dayIn } from "../../../shared/time-zone.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { e2eDb, e2eServiceContext } from "../support/accounts.ts";
import { browserFixture } from "../support/browser.ts";
import { createTeam } from "../support/team.ts";

const f = browserFixture();
const PHONE = { width: 390, height: 844 };
const POST_PAGE = /\/posts\/([0-9a-f-]{36})$/;

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${where}: page ${width} px wide`).toBeLessThanOrEqual(PHONE.width);
}

async function signInAs(cookie: string): Promise<void> {
  await f.context.clearCookies();
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await f.context.addCookies([{ name, value, url: f.baseURL }]);
}

describe("um post de imóvel, do corretor à aprovação", () => {
  it("the corretor writes it from the imóvel and sends it; the owner schedules it in the org's zone and sees it agendado", async () => {
    const { page } = f;
    const team = await createTeam("Dona Aprovação", "post-aprovacao");
    const db = e2eDb();
    const now = new Date();
    await db.insert(businessSettings).values({ orgId: team.orgId, fusoHorario: "America/Manaus" });
    for (const [rede, nome] of [
      ["facebook", "Imobiliária Aprovação"],
      ["instagram", "Imobiliária Aprovação IG"],
    ] as const) {
      await db.insert(socialAccounts).values({
        orgId: team.orgId,
        rede,
        idExterno: `${rede}-${team.orgId.slice(0, 8)}`,
        nome,
        usuario: "imobaprovacao",
        criadoEm: now,
        atualizadoEm: now,
      });
    }
    const owner = { orgId: team.orgId, userId: team.users.owner, role: "owner" as const };
    const { id: propertyId } = await createRecord(e2eServiceContext(f.baseURL), owner, "imoveis", {
      finalidade: "venda",
      tipo: "casa",
      titulo: "Casa com quintal na Lapa",
      valorVendaCentavos: 980_000_00,
      bairro: "Lapa",
      cidade: "São Paulo",
      uf: "SP",
      quartos: 3,
      areaUtil: 140,
      enderecoPublico: "bairro",
      status: "disponivel",
      corretorId: team.users.professional,
    });
    await seedDemoPhotos(db, null, team.orgId, [propertyId as string]);

    // The corretor, on a phone.
    await page.setViewportSize(PHONE);
    await signInAs(team.cookies.professional);
    await page.goto(`/properties/${propertyId}`);
    await page.getByRole("link", { name: "Criar post" }).click();
    await page.waitForURL((u) => u.pathname === "/posts/create" && u.searchParams.get("imovel") === propertyId);
    const caption = page.getByLabel("Legenda");
    await expect.poll(() => caption.inputValue()).toContain("Casa com quintal na Lapa");
    expect(await caption.inputValue()).toContain("R$ 980.000,00");
    // The public link only on a site the public reaches (this one is 127.0.0.1: none; tests/unit covers it).
    expect(await page.getByLabel("Link").inputValue()).toBe("");
    // The imóvel's photos are in the post, in order.
    await page.getByRole("list", { name: "Imagens do post, na ordem" }).waitFor();
    const chosen = await page.locator('input[type="hidden"][name="midias"]').count();
    expect(chosen).toBeGreaterThan(0);
    await page.getByRole("checkbox", { name: /Imobiliária Aprovação\b.*Página do Facebook/ }).check();
    await page.getByRole("checkbox", { name: /Imobiliária Aprovação IG/ }).check();
    // The counter follows the caption as it is typed.
    const counter = page.getByText(/^\d[\d.]*\/2\.200 · \d+\/30 hashtags · \d+\/20 menções$/);
    const before = await counter.textContent();
    await caption.press("Control+End");
    await caption.pressSequentially(" Visita no sábado! #lapa @imobaprovacao");
    await expect.poll(() => counter.textContent()).not.toBe(before);
    expect(await counter.textContent()).toMatch(/ · 1\/20 menções$/);
    // Both previews are drawn.
    await page.getByRole("figure", { name: "Prévia no Instagram" }).waitFor();
    await page.getByRole("figure", { name: "Prévia no Facebook" }).waitFor();
    await expectNoSidewaysScroll(page, "Novo post");
    await page.getByRole("button", { name: "Enviar para aprovação" }).click();
    await page.waitForURL((u) => POST_PAGE.test(u.pathname) && u.searchParams.get("feito") === "enviado");
    const postId = POST_PAGE.exec(new URL(page.url()).pathname)?.[1] as string;
    await page.getByText("Enviado para aprovação.").waitFor();
    await expectNoSidewaysScroll(page, "Post enviado");
    const [sent] = await db.select().from(posts).where(eq(posts.id, postId));
    expect(sent?.aprovacao).toBe("aguardando_aprovacao");
    expect(sent?.imovelId).toBe(propertyId);
    expect(sent?.criadoPor).toBe(team.users.professional);

    // The owner: Rascunhos lists it waiting; they open it, edit the time and schedule.
    await signInAs(team.cookies.owner);
    await page.goto("/rascunhos");
    const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /Casa com quintal na Lapa/ }) });
    await card.getByRole("button", { name: /Aprovar e agendar/ }).waitFor();
    await expectNoSidewaysScroll(page, "Rascunhos");
    await card.getByRole("link", { name: /Casa com quintal na Lapa/ }).click();
    await page.waitForURL((u) => u.pathname === `/posts/${postId}`);
    await page.getByRole("link", { name: "Editar" }).click();
    await page.waitForURL((u) => u.pathname === `/posts/${postId}/edit`);
    const tomorrow = dayIn(new Date(Date.now() + 86_400_000), "America/Manaus");
    await page.getByLabel(/Data e hora \(Amazonas/).fill(`${tomorrow}T09:30`);
    // Leaving with a change asks first; staying keeps what was typed.
    await page.getByRole("link", { name: "Cancelar" }).click();
    await page.getByRole("dialog", { name: "Sair sem salvar?" }).waitFor();
    await page.getByRole("button", { name: "Continuar editando" }).click();
    expect(await page.getByLabel(/Data e hora \(Amazonas/).inputValue()).toBe(`${tomorrow}T09:30`);
    await page.getByRole("button", { name: "Agendar" }).click();
    await page.waitForURL((u) => u.pathname === `/posts/${postId}` && u.searchParams.get("feito") === "agendado");
    // Each network's own status: both scheduled.
    await expect.poll(() => page.getByText("Agendado", { exact: true }).count()).toBe(2);
    const [day, month, year] = [tomorrow.slice(8, 10), tomorrow.slice(5, 7), tomorrow.slice(0, 4)];
    await page.getByText(`Sai em ${day}/${month}/${year} 09:30`).waitFor();
    await expectNoSidewaysScroll(page, "Post agendado");
    const [scheduled] = await db.select().from(posts).where(eq(posts.id, postId));
    // 09:30 in Manaus is 13:30 UTC (no daylight saving there).
    expect(scheduled?.agendadoPara?.toISOString()).toBe(`${tomorrow}T13:30:00.000Z`);
    expect(scheduled?.aprovacao).toBe("aprovado");
  });
});
