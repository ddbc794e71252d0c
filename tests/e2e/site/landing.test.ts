/**
 * The business's public face end to end in Chromium: a manager builds the landing page,
 * previews and publishes it; a visitor on a phone opens /p/{slug} and sends the contact form,
 * and the lead (client + interest with origem landing_page) exists. And the property's Portal
 * tab: the VRSync checklist, "Enviar para portais" refused until the property is ready.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clients, memberships, properties, propertyInterests, propertyPhotos } from "../../../db/schema/index.ts";
import { insertProperties, readyRow } from "../../api/real-estate/portal-fixtures.ts";
import { createRegisteredUser, e2eDb, type TestUser } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();

async function ownerWithOrg(name: string): Promise<{ owner: TestUser; orgId: string }> {
  const owner = await createRegisteredUser({ name });
  const [m] = await e2eDb().select().from(memberships).where(eq(memberships.userId, owner.id));
  if (!m) throw new Error("no membership");
  return { owner, orgId: m.orgId };
}

describe("Landing Page", () => {
  it("a manager builds, previews and publishes it; a visitor on a phone sends the contact form and the lead arrives", async () => {
    const { owner, orgId } = await ownerWithOrg("Helena Horizonte");
    // No photos: the cards render without images (the test server has no R2 files to serve).
    const featured = readyRow(orgId, { titulo: "Apartamento com varanda em Pinheiros", fotos: 0, capaChave: null });
    await insertProperties(e2eDb(), [featured]);
    const slug = `horizonte-${crypto.randomUUID().slice(0, 8)}`;
    const page = f.page;
    await login(page, owner.email, owner.password);
    await page.goto("/landing-page");
    await page.getByLabel("Endereço da página").fill(slug);
    await page.getByLabel("Chamada").fill("Seu próximo lar em São Paulo");
    await page.getByLabel("Sobre o negócio").fill("Imobiliária de bairro, com atendimento próximo e sem pressa.");
    await page.getByLabel(new RegExp(`${featured.codigo} · Apartamento com varanda`)).check();
    await page.getByLabel("Serviço 1", { exact: true }).fill("Avaliação gratuita");

    await page.getByRole("button", { name: "Pré-visualizar" }).click();
    await waitForPath(page, "/landing-page/preview");
    await page.getByRole("heading", { name: "Seu próximo lar em São Paulo" }).waitFor();
    await page.getByText("Apartamento com varanda em Pinheiros").first().waitFor();
    // Not published yet: the public address answers "não encontrada".
    const before = await page.request.get(`/p/${slug}`);
    expect(before.status()).toBe(404);

    await page.goto("/landing-page");
    await page.getByRole("button", { name: "Publicar" }).click();
    await page.getByText(`Página publicada em /p/${slug}.`).waitFor();

    const phone = await f.browser.newContext({
      baseURL: f.baseURL,
      locale: "pt-BR",
      viewport: { width: 390, height: 844 },
      isMobile: true,
    });
    try {
      const visitor = await phone.newPage();
      await visitor.goto(`/p/${slug}`);
      await visitor.getByRole("heading", { name: "Seu próximo lar em São Paulo" }).waitFor();
      await visitor.getByText("Avaliação gratuita").waitFor();
      const email = `visitante-${crypto.randomUUID().slice(0, 8)}@exemplo.com.br`;
      await visitor.getByLabel("Nome").fill("Paulo Visitante");
      await visitor.getByLabel("E-mail").fill(email);
      await visitor.getByLabel("Telefone ou WhatsApp").fill("(11) 97777-1234");
      await visitor.getByLabel("Mensagem").fill("Quero vender meu apartamento.");
      await visitor.getByRole("button", { name: "Enviar mensagem" }).click();
      await visitor.getByText("Mensagem enviada! Em breve entraremos em contato.").waitFor();
      // Fits the phone: nothing wider than the viewport.
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      const db = e2eDb();
      const [client] = await db
        .select({ id: clients.id, nome: clients.nome })
        .from(clients)
        .where(and(eq(clients.orgId, orgId), eq(clients.email, email)));
      expect(client?.nome).toBe("Paulo Visitante");
      const interests = await db
        .select({ origem: propertyInterests.origem })
        .from(propertyInterests)
        .where(and(eq(propertyInterests.orgId, orgId), eq(propertyInterests.clienteId, client?.id as string)));
      expect(interests).toEqual([{ origem: "landing_page" }]);
    } finally {
      await phone.close();
    }
  });
});

describe("Property Portal tab", () => {
  it("shows the checklist with links to fix it and refuses 'Enviar para portais' until the property is ready", async () => {
    const { owner, orgId } = await ownerWithOrg("Paula Portal");
    const row = readyRow(orgId, { portal: false, fotos: 0, capaChave: null, titulo: "Casa térrea com quintal no Butantã" });
    await insertProperties(e2eDb(), [row]);
    const id = row.id as string;
    const page = f.page;
    await login(page, owner.email, owner.password);
    await page.goto(`/properties/${id}/portal`);
    const missing = page.getByRole("list", { name: "Itens que faltam" });
    await missing.getByText("Pelo menos uma foto").waitFor();
    expect(await missing.getByRole("link", { name: "Corrigir Fotos" }).getAttribute("href")).toBe(`/properties/${id}/fotos`);

    await page.getByRole("button", { name: "Enviar para portais" }).click();
    await page.getByText("Ainda falta para enviar aos portais: Pelo menos uma foto.").waitFor();
    const portalOf = async () =>
      (await e2eDb().select({ portal: properties.portal }).from(properties).where(eq(properties.id, id)))[0]?.portal;
    expect(await portalOf()).toBe(false);

    // The cover photo arrives (as the Fotos tab's upload would leave it).
    await e2eDb()
      .insert(propertyPhotos)
      .values({
        id: crypto.randomUUID(),
        orgId,
        propertyId: id,
        chave: `org/${orgId}/properties/${id}/capa`,
        tamanhos: [320, 640, 1024, 1600],
        tipoConteudo: "image/webp",
        largura: 1600,
        altura: 1200,
        bytes: 100_000,
        posicao: 0,
        capa: true,
        criadoEm: new Date(),
      });
    await page.reload();
    await page.getByText("Tudo pronto: este imóvel atende às regras do Grupo ZAP e da OLX (VRSync).").waitFor();
    await page.getByRole("button", { name: "Enviar para portais" }).click();
    await page.getByText("Este imóvel está no feed dos portais.").waitFor();
    expect(await portalOf()).toBe(true);
  });
});
