import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { memberships, postComments, postTargets, properties, propertyPhotos, socialAccounts } from "../../db/schema/index.ts";
import { seedDemoPhotos } from "../../scripts/seed/demo-photos.ts";
import { createRecord } from "../../worker/resources/records.ts";
import { publishLanding, saveLandingDraft } from "../../worker/services/site/landing-page.ts";
import { movePost } from "../../worker/services/social/posts.ts";
import { DEFAULT_TIME_ZONE, dayIn } from "../../shared/time-zone.ts";
import { createRegisteredUser, e2eDb, e2eServiceContext, type TestUser } from "./support/accounts.ts";
import type { SaleDraft } from "../../shared/finance/sale-draft.ts";
import { pixSettingsSchema } from "../../shared/finance/pix-settings.ts";
import { defaultAccountsStatement } from "../../worker/services/finance/default-accounts.ts";
import { updatePixSettings } from "../../worker/services/finance/pix-settings.ts";
import { cancelSale, completeSale } from "../../worker/services/finance/sales/index.ts";
import { axeSeriousViolations, browserFixture } from "./support/browser.ts";
import { login } from "./support/pages.ts";

const f = browserFixture();
const TOMORROW = new Date(Date.now() + 86_400_000);

const PUBLIC_PAGES = ["/login", "/criar-conta", "/forgot-password", "/recover-password", "/email-confirmation?email=ana%40exemplo.com.br"];

describe("accessibility (axe-core)", () => {
  for (const path of PUBLIC_PAGES) {
    it(`has no serious or critical violations on ${path}`, async () => {
      const { page } = f;
      const response = await page.goto(path);
      expect(response?.status()).toBeLessThan(400);
      await page.waitForLoadState("networkidle");
      expect(await axeSeriousViolations(page)).toEqual([]);
    });
  }
});

/** Issue 12's screens: a broker's business with a property, a draft, an interest and a published landing page. */
describe("accessibility (axe-core): real estate", () => {
  let user: TestUser;
  let property: string;
  let draft: string;
  let interest: string;
  let slug: string;
  let landing: string;

  beforeAll(async () => {
    user = await createRegisteredUser({ name: "Renata Corretora" });
    const db = e2eDb();
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, user.id));
    const actor = { orgId: m?.orgId as string, userId: user.id, role: "owner" as const };
    const ctx = e2eServiceContext(f.baseURL);
    const client = await createRecord(ctx, actor, "clients", { tipo: "pf", nome: "Paulo Comprador", telefones: [], tags: [] } as never);
    property = String(
      (
        await createRecord(ctx, actor, "imoveis", {
          finalidade: "venda",
          tipo: "apartamento",
          titulo: "Apartamento de 2 quartos perto do metrô",
          descricao: "Sala ampla, cozinha planejada e varanda com vista para o parque.",
          valorVendaCentavos: 650_000_00,
          areaUtil: 72,
          quartos: 2,
          bairro: "Pinheiros",
          cidade: "São Paulo",
          uf: "SP",
          enderecoPublico: "bairro",
          status: "disponivel",
        } as never)
      ).id,
    );
    draft = String((await createRecord(ctx, actor, "imoveis", { titulo: "Casa em captação", status: "rascunho" } as never)).id);
    interest = String((await createRecord(ctx, actor, "interesses", { clienteId: client.id, finalidade: "venda" } as never)).id);
    const [row] = await db.select({ slug: properties.slug }).from(properties).where(eq(properties.id, property));
    slug = row?.slug as string;
    landing = `renata-${Date.now().toString(36)}`;
    await saveLandingDraft(ctx, actor, { slug: landing, titulo: "Seu próximo lar está aqui", corPrimaria: "#0f766e" });
    await publishLanding(ctx, actor);
  });

  const visit = async (path: string) => {
    const response = await f.page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    await f.page.waitForLoadState("networkidle");
    expect(await axeSeriousViolations(f.page), path).toEqual([]);
  };

  it("has no serious or critical violations on the public pages (/imovel, /p)", async () => {
    await visit(`/imovel/${slug}`);
    await visit(`/p/${landing}`);
  });

  it("has no serious or critical violations on the broker's screens", { timeout: 120_000 }, async () => {
    await login(f.page, user.email, user.password);
    for (const path of [
      "/properties",
      "/properties?view=table",
      "/properties/create",
      `/properties/${property}`,
      `/properties/${property}/fotos`,
      `/properties/${property}/interesses`,
      `/properties/${property}/portal`,
      `/properties/${property}/edit`,
      "/property-drafts",
      `/property-drafts/${draft}`,
      "/property_clients",
      "/property_clients?vista=kanban",
      "/property_clients/create",
      `/property_clients/${interest}`,
      `/property_clients/${interest}/edit`,
      "/landing-page",
      "/landing-page/preview",
      "/portais",
    ])
      await visit(path);
  });
});

/** Issue 19's post screens: an organização with a Page and an Instagram account, an imóvel with photos and a post of it. */
describe("accessibility (axe-core): posts", () => {
  let user: TestUser;
  let property: string;
  let post: string;

  beforeAll(async () => {
    user = await createRegisteredUser({ name: "Sílvia Social" });
    const db = e2eDb();
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, user.id));
    const orgId = m?.orgId as string;
    const actor = { orgId, userId: user.id, role: "owner" as const };
    const ctx = e2eServiceContext(f.baseURL);
    const now = new Date();
    const accounts = (["facebook", "instagram"] as const).map((rede) => ({
      id: crypto.randomUUID(),
      orgId,
      rede,
      idExterno: `${rede}-${orgId.slice(0, 8)}`,
      nome: "Imobiliária Acessível",
      usuario: "imobacessivel",
      criadoEm: now,
      atualizadoEm: now,
    }));
    await db.insert(socialAccounts).values(accounts);
    property = String(
      (
        await createRecord(ctx, actor, "imoveis", {
          finalidade: "venda",
          tipo: "casa",
          titulo: "Casa térrea com jardim",
          valorVendaCentavos: 720_000_00,
          areaUtil: 110,
          quartos: 3,
          bairro: "Butantã",
          cidade: "São Paulo",
          uf: "SP",
          enderecoPublico: "bairro",
          status: "disponivel",
        } as never)
      ).id,
    );
    await seedDemoPhotos(db, null, orgId, [property]);
    const [photo] = await db.select({ id: propertyPhotos.id }).from(propertyPhotos).where(eq(propertyPhotos.propertyId, property));
    post = String(
      (
        await createRecord(ctx, actor, "posts", {
          legenda: "Casa térrea com jardim no Butantã 🏡 #butantã",
          imovelId: property,
          contas: accounts.map((a) => a.id),
          midias: [photo?.id],
        } as never)
      ).id,
    );
    // A buyer's comment (Meta's webhook records them): the post's page shows it with "Criar interesse".
    const [target] = await db.select().from(postTargets).where(eq(postTargets.postId, post));
    await db.insert(postComments).values({
      id: crypto.randomUUID(),
      orgId,
      postId: post,
      alvoId: target?.id as string,
      rede: target?.rede ?? "instagram",
      comentarioId: "a11y_comment_1",
      autorUsuario: "visitante.acessivel",
      texto: "Qual o valor do condomínio?",
      comentadoEm: now,
      criadoEm: now,
      atualizadoEm: now,
    });
    // Scheduled for tomorrow and approved: on the calendar (movable chips) and in the feed.
    const scheduled = await createRecord(ctx, { ...actor, timeZone: DEFAULT_TIME_ZONE }, "posts", {
      legenda: "Sala ampla com varanda 🏡 #butantã",
      imovelId: property,
      contas: accounts.map((a) => a.id),
      midias: [photo?.id],
      agendadoPara: TOMORROW.toISOString(),
    } as never);
    await movePost(ctx, actor, String(scheduled.id), "aprovar");
  });

  it("has no serious or critical violations on the editor, a post's page, Rascunhos, Posts, the calendar and the feed", {
    timeout: 120_000,
  }, async () => {
    await login(f.page, user.email, user.password);
    const day = dayIn(TOMORROW, DEFAULT_TIME_ZONE);
    for (const path of [
      "/rascunhos",
      "/posts",
      `/posts/create?imovel=${property}`,
      `/posts/${post}`,
      `/posts/${post}/edit`,
      `/content-calendar?data=${day}`,
      `/content-calendar?vista=semana&data=${day}`,
      "/feed",
    ]) {
      const response = await f.page.goto(path);
      expect(response?.status(), path).toBeLessThan(400);
      await f.page.waitForLoadState("networkidle");
      expect(await axeSeriousViolations(f.page), path).toEqual([]);
    }
    // The comments slot is there, with the comment and its one-click action.
    await f.page.goto(`/posts/${post}`);
    await expect.poll(() => f.page.getByText("Qual o valor do condomínio?").count()).toBe(1);
    expect(await f.page.getByRole("button", { name: /Criar interesse para @visitante\.acessivel/ }).count()).toBe(1);
  });
});

/** Issue 22's Vendas: the point of sale with a cart and a Pix payment, a receipt (live and cancelled), the Pix settings and the list. */
describe("accessibility (axe-core): vendas", () => {
  let user: TestUser;
  let sold: string;
  let cancelled: string;

  beforeAll(async () => {
    user = await createRegisteredUser({ name: "Vera Caixa" });
    const db = e2eDb();
    const [m] = await db.select().from(memberships).where(eq(memberships.userId, user.id));
    const actor = { orgId: m?.orgId as string, userId: user.id, role: "owner" as const };
    const ctx = e2eServiceContext(f.baseURL);
    await defaultAccountsStatement(db, actor.orgId, new Date(), user.id);
    await updatePixSettings(
      ctx,
      actor,
      pixSettingsSchema.parse({ pixChaveTipo: "email", pixChave: "caixa@exemplo.com.br", pixNome: "Vera", pixCidade: "Recife" }),
    );
    const product = String(
      (
        await createRecord(ctx, actor, "produtos", {
          sku: "AC-1",
          nome: "Sabonete de erva-doce",
          unidade: "un",
          precoCentavos: 1290,
        } as never)
      ).id,
    );
    await createRecord(ctx, actor, "movimentacoes-produtos", { produtoId: product, tipo: "entrada", quantidade: 10 } as never);
    const sell = async (payments: SaleDraft["payments"]) =>
      (
        await completeSale(ctx, actor, {
          draftId: crypto.randomUUID(),
          items: [{ productId: product, quantityMilli: 2000, unitPriceCentavos: 1290, discount: { kind: "valor", centavos: 80 } }],
          payments,
          expectedTotalCentavos: 2500,
        })
      ).saleId;
    sold = await sell([
      { method: "pix", amountCentavos: 1000 },
      { method: "a_prazo", amountCentavos: 1000, installments: 2 },
      { method: "dinheiro", amountCentavos: 2000 },
    ]);
    cancelled = await sell([{ method: "debito", amountCentavos: 2500 }]);
    await cancelSale(ctx, actor, cancelled, { reason: "Cliente desistiu" });
  });

  it("has no serious or critical violations on the point of sale, receipts, Pix settings and the list", { timeout: 120_000 }, async () => {
    await login(f.page, user.email, user.password);
    for (const path of ["/sales", "/sales/nova", `/sales/${sold}`, `/sales/${cancelled}`, "/pix"]) {
      const response = await f.page.goto(path);
      expect(response?.status(), path).toBeLessThan(400);
      await f.page.waitForLoadState("networkidle");
      expect(await axeSeriousViolations(f.page), path).toEqual([]);
    }
    // The point of sale with something in it: a line, a Pix payment with its QR, the totals.
    await f.page.goto("/sales/nova");
    const search = f.page.getByRole("combobox", { name: "Buscar produto ou serviço" });
    await search.fill("AC-1");
    await search.press("Enter");
    await f.page.getByRole("listitem", { name: /Sabonete de erva-doce/ }).waitFor();
    await f.page.getByRole("button", { name: "+ Pix" }).click();
    await f.page.getByTestId("pix-charge").waitFor();
    expect(await axeSeriousViolations(f.page)).toEqual([]);
    // The cancel dialog open.
    await f.page.goto(`/sales/${sold}`);
    await f.page.getByRole("button", { name: "Cancelar venda" }).click();
    await f.page.getByRole("dialog", { name: /Cancelar a venda nº/ }).waitFor();
    expect(await axeSeriousViolations(f.page)).toEqual([]);
  });
});
