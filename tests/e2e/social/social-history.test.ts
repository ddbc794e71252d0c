/**
 * Histórico and Posts do Instagram on a phone (390×844), with data: every attempt with its
 * outcome, the pt-BR message and Meta's raw code; a filter chosen in the panel lands in the URL;
 * a new attempt appears without a reload when the organização's posts change (ADR 043); the
 * Instagram list shows ours and the account's own posts with their metrics and links. Nothing
 * scrolls sideways.
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { memberships, postAttempts, postTargets, socialAccountPosts, socialAccounts } from "../../../db/schema/index.ts";
import { createRegisteredUser, e2eDb } from "../support/accounts.ts";
import { browserFixture, waitForPath } from "../support/browser.ts";
import { pageOverflow } from "../support/layout-checks.ts";
import { login } from "../support/pages.ts";

const f = browserFixture();
const PHONE = { width: 390, height: 844 };

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await pageOverflow(page);
  expect(overflow, `${what}: ${overflow?.offenders.join(" | ")}`).toBeUndefined();
}

describe("Histórico e Posts do Instagram", () => {
  it("shows every attempt and the published posts with their metrics, filters in the URL, live, at 390 px", async () => {
    const page = f.page;
    await page.setViewportSize(PHONE);
    const owner = await createRegisteredUser({ name: "Helena Prado" });
    const db = e2eDb();
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, owner.id));
    const orgId = m?.orgId as string;
    await login(page, owner.email, owner.password);

    const post = async (legenda: string) => {
      const r = await page.request.post("/api/posts", { data: { legenda }, headers: { origin: f.baseURL } });
      expect(r.status(), await r.text()).toBe(201);
      return ((await r.json()) as { data: { id: string } }).data.id;
    };
    const postId = await post("Apartamento de 3 quartos com varanda gourmet no Cambuí, pertinho do Centro de Convivência #campinas");
    const now = Date.now();
    const account = crypto.randomUUID();
    const target = crypto.randomUUID();
    await db.insert(socialAccounts).values({
      id: account,
      orgId,
      rede: "instagram",
      idExterno: "demo_ig_e2e",
      nome: "Prado Imóveis",
      usuario: "prado.imoveis",
      criadoEm: new Date(now),
      atualizadoEm: new Date(now),
    });
    await db.insert(postTargets).values({
      id: target,
      orgId,
      postId,
      rede: "instagram",
      contaId: account,
      status: "publicado",
      midiaId: "demo_media_e2e",
      permalink: "https://www.instagram.com/p/demo-e2e/",
      publicadoEm: new Date(now - 3600_000),
      alcance: 1234,
      curtidas: 87,
      comentarios: 12,
      compartilhamentos: 5,
      salvamentos: 9,
      metricasEm: new Date(now - 600_000),
      criadoEm: new Date(now),
      atualizadoEm: new Date(now),
    });
    const attempt = (minutesAgo: number, fields: Partial<typeof postAttempts.$inferInsert>) => ({
      orgId,
      postId,
      alvoId: target,
      rede: "instagram" as const,
      contaId: account,
      etapa: "publicar",
      resultado: "publicado" as const,
      iniciadoEm: new Date(now - minutesAgo * 60_000),
      ...fields,
    });
    await db.insert(postAttempts).values([
      attempt(120, {
        etapa: "container",
        resultado: "falhou",
        mensagem: "A Meta não conseguiu baixar a imagem (o link expirou). Tente de novo: um novo link é gerado.",
        erroCodigo: "9004/2207052",
      }),
      attempt(90, {
        etapa: "status",
        resultado: "repetir",
        mensagem: "A Meta ainda está processando a imagem; tentamos de novo em 1 minuto.",
      }),
      attempt(60, { resultado: "publicado" }),
    ]);
    await db.insert(socialAccountPosts).values({
      orgId,
      contaId: account,
      rede: "instagram",
      idExterno: "demo_media_fora",
      legenda: "Bastidores da nossa equipe no plantão de sábado",
      tipoMidia: "IMAGE",
      permalink: "https://www.instagram.com/p/demo-fora/",
      publicadoEm: new Date(now - 2 * 86_400_000),
      alcance: 456,
      curtidas: 33,
      comentarios: 4,
      metricasEm: new Date(now - 600_000),
      criadoEm: new Date(now),
    });

    // Histórico: the three attempts, newest first, the failure's message and raw code in view.
    await page.goto("/historico");
    const items = page.getByRole("list", { name: "Tentativas de publicação" }).getByRole("listitem");
    await expect.poll(() => items.count()).toBe(3);
    await expect.poll(() => items.first().innerText()).toContain("Publicado");
    const failed = items.nth(2);
    expect(await failed.innerText()).toContain("A Meta não conseguiu baixar a imagem");
    expect(await failed.getByText("9004/2207052").isVisible()).toBe(true);
    expect(await failed.innerText()).toContain("Enviar a imagem à Meta");
    expect(await failed.getByRole("link", { name: /Apartamento de 3 quartos/ }).getAttribute("href")).toBe(`/posts/${postId}`);
    await noSidewaysScroll(page, "/historico");

    // A filter from the panel lands in the URL and narrows the list.
    await page.getByText("Filtros e ordem").click();
    await noSidewaysScroll(page, "/historico with the filters open");
    await page.getByLabel("Resultado").selectOption("falhou");
    await page.getByRole("button", { name: "Aplicar filtros" }).click();
    await waitForPath(page, "/historico");
    await expect.poll(() => new URL(page.url()).search).toBe("?resultado=falhou");
    await expect.poll(() => items.count()).toBe(1);
    await page.getByRole("link", { name: /Resultado: Falhou/ }).click();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    await expect.poll(() => items.count()).toBe(3);

    // Live: a new attempt shows up when the organização's posts change, without a reload.
    await page.evaluate(() => Object.assign(window, { semRecarregar: true }));
    await db
      .insert(postAttempts)
      .values(
        attempt(0, { etapa: "comentario", resultado: "falhou", mensagem: "O primeiro comentário não foi publicado.", erroCodigo: "368" }),
      );
    await post("Outro post qualquer");
    await expect.poll(() => items.count(), { timeout: 15_000 }).toBe(4);
    expect(await items.first().innerText()).toContain("Primeiro comentário");
    expect(await page.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar)).toBe(true);

    // Posts do Instagram: ours with its metrics and link, and the account's own.
    await page.goto("/instagram-posts");
    const cards = page.getByRole("list", { name: "Posts do Instagram" }).getByRole("listitem");
    await expect.poll(() => cards.count()).toBe(2);
    const ours = cards.first();
    expect(await ours.innerText()).toContain("Feito no Alicerce");
    expect(await ours.innerText()).toMatch(/Alcance\s*1\.234/);
    expect(await ours.getByRole("link", { name: /Ver no Instagram/ }).getAttribute("href")).toBe("https://www.instagram.com/p/demo-e2e/");
    expect(await cards.nth(1).innerText()).toContain("Fora do Alicerce");
    expect(await page.getByText("@prado.imoveis").first().isVisible()).toBe(true);
    await noSidewaysScroll(page, "/instagram-posts");

    // Posts do Facebook without a Page: the way to connect one.
    await page.goto("/facebook-posts");
    expect(await page.getByRole("link", { name: "Conectar Redes" }).getAttribute("href")).toBe("/social-connect-simple");
    await noSidewaysScroll(page, "/facebook-posts");
  });
});
