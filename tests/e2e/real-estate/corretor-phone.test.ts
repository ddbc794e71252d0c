/**
 * The corretor's day on an iPhone-sized screen (390 × 844), in Chromium, signed in with the
 * `professional` role: from the menu open Imóveis, then a property, copy its public link (and
 * the link opens the public page), then from the menu open Interesses, an interest, and send its
 * match by WhatsApp. No screen on the way scrolls sideways.
 */
import type { Page } from "playwright-core";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { properties } from "../../../db/schema/index.ts";
import { createRecord } from "../../../worker/resources/records.ts";
import { e2eDb, e2eServiceContext } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { createTeam } from "../support/team.ts";

const f = browserFixture();
const PHONE = { width: 390, height: 844 };

/** The page's own width, and the widest element that sticks out past the screen (to name it). */
async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const report = await page.evaluate(() => {
    const width = document.documentElement.scrollWidth;
    let culprit = "";
    if (width > window.innerWidth) {
      for (const el of Array.from(document.body.querySelectorAll("*"))) {
        if (el.getBoundingClientRect().right > window.innerWidth + 1) {
          culprit = `${el.tagName.toLowerCase()}.${(el.getAttribute("class") ?? "").split(" ").slice(0, 3).join(".")}`;
          break;
        }
      }
    }
    return { width, culprit };
  });
  expect(report.width, `${where}: page ${report.width} px wide (${report.culprit})`).toBeLessThanOrEqual(PHONE.width);
}

/** Opens the phone's menu drawer and follows one of its links. */
async function openFromMenu(page: Page, name: string, path: string): Promise<void> {
  await page.getByRole("button", { name: "Abrir menu" }).click();
  await page.getByRole("navigation", { name: "Menu principal" }).getByRole("link", { name, exact: true }).click();
  await waitForPath(page, path);
  await page.waitForLoadState("networkidle");
}

describe("o dia do corretor no celular", () => {
  it("menu → Imóveis → imóvel → copiar link → Interesses → interesse → enviar por WhatsApp, at 390 px without sideways scroll", async () => {
    const { page, context } = f;
    const team = await createTeam("Dona Imobiliária", "corretor-celular");
    const corretor = { orgId: team.orgId, userId: team.users.professional, role: "professional" as const };
    const owner = { orgId: team.orgId, userId: team.users.owner, role: "owner" as const };
    const ctx = e2eServiceContext(f.baseURL);
    // The office registered the client; the corretor captured the property and the interest.
    const client = await createRecord(ctx, owner, "clients", {
      tipo: "pf",
      nome: "Marcos Vinícius Prado",
      email: "marcos.prado@exemplo.com.br",
      telefones: [{ numero: "(11) 98123-4567", whatsapp: true }],
    });
    const title = "Apartamento de 2 quartos na Vila Madalena";
    const property = await createRecord(ctx, corretor, "imoveis", {
      finalidade: "venda",
      tipo: "apartamento",
      titulo: title,
      descricao: "Apartamento reformado, sala para dois ambientes, varanda e uma vaga, a duas quadras do metrô.",
      valorVendaCentavos: 69_000_000,
      areaUtil: 71,
      quartos: 2,
      vagas: 1,
      bairro: "Vila Madalena",
      cidade: "São Paulo",
      uf: "SP",
      status: "disponivel",
    });
    const interest = await createRecord(ctx, corretor, "interesses", {
      clienteId: client.id,
      finalidade: "venda",
      tipos: ["apartamento"],
      locais: ["Vila Madalena, São Paulo - SP"],
      precoMaxCentavos: 75_000_000,
      quartosMin: 2,
    });
    const [row] = await e2eDb()
      .select({ slug: properties.slug })
      .from(properties)
      .where(eq(properties.id, String(property.id)));
    const publicUrl = `${f.baseURL}/imovel/${row?.slug}`;

    await page.setViewportSize(PHONE);
    const [name, value] = team.cookies.professional.split(/=(.*)/s) as [string, string];
    await context.addCookies([{ name, value, url: f.baseURL }]);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: f.baseURL });
    // WhatsApp is outside the test's network: a stand-in page answers for wa.me.
    await context.route("https://wa.me/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<p>WhatsApp</p>" }));

    await page.goto("/");
    await page.waitForLoadState("networkidle");
    await expectNoSidewaysScroll(page, "Dashboard");

    // Menu → Imóveis → the property.
    await openFromMenu(page, "Imóveis", "/properties");
    await expectNoSidewaysScroll(page, "Imóveis");
    await page.locator(`main a[href="/properties/${property.id}"]`).first().click();
    await waitForPath(page, `/properties/${property.id}`);
    await page.waitForLoadState("networkidle");
    await expectNoSidewaysScroll(page, "Imóvel");

    // Copy its public link; the link is the public page, which works on the phone too.
    await page.getByRole("button", { name: "Copiar link" }).click();
    await page.getByText("Link copiado").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(publicUrl);
    const visitor = await f.newPage();
    await visitor.setViewportSize(PHONE);
    const response = await visitor.goto(copied);
    expect(response?.status()).toBe(200);
    await visitor.getByRole("heading", { level: 1, name: title }).waitFor();
    await expectNoSidewaysScroll(visitor, "Página pública");

    // Menu → Interesses → the interest → its match, sent by WhatsApp to the client's number.
    await openFromMenu(page, "Interesses em Imóveis", "/property_clients");
    await expectNoSidewaysScroll(page, "Interesses");
    await page.locator(`a[href="/property_clients/${interest.id}"]`).first().click();
    await waitForPath(page, `/property_clients/${interest.id}`);
    await page.getByRole("heading", { name: "Imóveis que combinam (1)" }).waitFor();
    await expectNoSidewaysScroll(page, "Interesse");
    const match = page.locator(`[data-match="${property.id}"]`);
    const [whatsapp] = await Promise.all([page.waitForEvent("popup"), match.getByRole("link", { name: "Enviar por WhatsApp" }).click()]);
    const sent = new URL(whatsapp.url());
    expect(`${sent.origin}${sent.pathname}`).toBe("https://wa.me/5511981234567");
    expect(sent.searchParams.get("text")).toContain(publicUrl);
    expect(sent.searchParams.get("text")).toContain("Marcos");
  });
});
