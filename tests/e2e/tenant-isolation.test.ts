/**
 * Tenant isolation across every route built so far: organization A's data must never show up
 * for organization B (session cookie or bearer token) or for a visitor, and nothing may 500.
 * Routes are enumerated from React Router's config and Hono's router; a route this test does
 * not know how to exercise fails the test until it is added below.
 */
import { pagePaths, type RouteEntry } from "./support/routes.ts";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import routes from "../../app/routes.ts";
import { aiGenerations, organizations, services, socialConnections, users } from "../../db/schema/index.ts";
import { createApp } from "../../worker/app.ts";
import { createRegisteredUser, e2eDb, loginCookie, uniqueEmail } from "./support/accounts.ts";
import { memberships } from "../../db/schema/index.ts";
import { hashPassword } from "../../worker/auth/password.ts";
import { createRecord } from "../../worker/resources/records.ts";
import { defaultAccountsStatement } from "../../worker/services/finance/default-accounts.ts";
import { completeSale } from "../../worker/services/finance/sales/index.ts";
import type { ServiceContext } from "../../worker/services/context.ts";
import { postAttempts, postTargets, properties, socialAccountPosts, socialAccounts } from "../../db/schema/index.ts";
import { appointmentServices, appointments, professionals } from "../../db/schema/index.ts";
import { moduleOf } from "../../worker/resources/registry.ts";
import { saveLandingDraft } from "../../worker/services/site/landing-page.ts";
import { newAppointmentLinkToken } from "../../worker/services/agenda/appointment-link.ts";
import { addTimeOff } from "../../worker/services/agenda/professional-schedule.ts";
import { setServiceProduct } from "../../worker/services/agenda/service-products.ts";
import { addHoursException, addLocalHoliday } from "../../worker/services/agenda/business-hours.ts";
import { webpFile } from "../support/webp.ts";
import { jpegFile } from "../support/jpeg.ts";
import { DEFAULT_TIME_ZONE, dayIn } from "../../shared/time-zone.ts";
import { pdfFile } from "../unit/document-files/samples.ts";

const base = () => inject("baseURL");
/** When A's post goes (tomorrow, on its calendar). */
const POST_A_AT = new Date(Date.now() + 86_400_000);
const MARK = `Segredo${Date.now().toString(36)}`;
const socialConnectionA = crypto.randomUUID();

/** How each page route is exercised: the concrete URL, or null when it has no org data to leak. */
const PAGE_URLS: Record<string, ((orgA: string) => string) | null> = {
  "/": () => "/",
  "/login": null,
  "/criar-conta": null,
  "/forgot-password": null,
  "/recover-password": null,
  "/email-confirmation": null,
  "/auth/callback": () => "/auth/callback?type=signup&token=invalido",
  // A token names its organização to whoever holds it; a guessed one shows nothing.
  "/convite": () => "/convite?token=invalido",
  "/logout": null,
  "/completar-cadastro": () => "/completar-cadastro",
  "/setup-instagram": () => "/setup-instagram",
  "/social-connect-simple": () => "/social-connect-simple",
  "/facebook-connection": () => "/facebook-connection",
  "/instagram-connection": () => "/instagram-connection",
  "/facebook-pages": () => "/facebook-pages",
  "/admin/social-credentials": () => "/admin/social-credentials",
  "/test-facebook": () => "/test-facebook",
  "/test-social-integration": () => "/test-social-integration",
  "/test-posting": () => "/test-posting",
  // A callback names nothing: the state cookie (bound to the organização and session) is what would.
  "/auth/facebook/callback": () => "/auth/facebook/callback?code=codigo&state=estado",
  "/auth/instagram/callback": () => "/auth/instagram/callback?code=codigo&state=estado",
  "/registration-success": () => "/registration-success",
  "/sair-da-organizacao": () => "/sair-da-organizacao",
  "/perfil": () => "/perfil",
  "/settings": () => "/settings",
  "/settings/preferences": () => "/settings/preferences",
  "/config": () => "/config",
  "/cores": () => "/cores",
  // A's month plan asked by id: B sees only their own generations.
  "/ai-content": () => `/ai-content?geracao=${planA}`,
  "/ai-content/referencias": () => "/ai-content/referencias?q=notas",
  "/ai-content/referencias/create": () => "/ai-content/referencias/create",
  "/ai-content/referencias/:id": () => `/ai-content/referencias/${referenciaA}`,
  "/ai-content/referencias/:id/edit": () => `/ai-content/referencias/${referenciaA}/edit`,
  "/profissionais": () => "/profissionais?q=segredo",
  "/profissionais/create": () => "/profissionais/create",
  "/profissionais/export": () => "/profissionais/export?formato=csv",
  "/profissionais/:id": () => `/profissionais/${profissionalA}`,
  "/profissionais/:id/edit": () => `/profissionais/${profissionalA}/edit`,
  "/documents": () => "/documents?q=segredo",
  "/documents/export": () => "/documents/export?formato=csv",
  "/documents/:id": () => `/documents/${documentA}`,
  // Issue 23: reports (ADR 083), analytics (ADR 085) and report files (ADR 086; the action's GET redirects, a download of a file B cannot see goes back to the list).
  "/relatorios": () => "/relatorios",
  "/relatorio": () => "/relatorio?r=vendas",
  "/relatorio/csv": () => "/relatorio/csv?r=vendas",
  "/analytics": () => "/analytics",
  "/relatorios/arquivos": () => "/relatorios/arquivos",
  "/relatorios/arquivos/:id/baixar": () => `/relatorios/arquivos/${crypto.randomUUID()}/baixar`,
  "/documents/:id/edit": () => `/documents/${documentA}/edit`,
  "/servicos": () => "/servicos?q=segredo",
  "/servicos/create": () => "/servicos/create",
  "/servicos/import": () => "/servicos/import",
  "/servicos/export": () => "/servicos/export?formato=csv",
  "/servicos/:id": () => `/servicos/${servicoA}`,
  "/servicos/:id/edit": () => `/servicos/${servicoA}/edit`,
  "/clients": () => "/clients",
  "/clientes": () => "/clientes?q=segredo",
  "/clients/create": () => "/clients/create",
  "/clients/import": () => "/clients/import",
  "/clients/export": () => "/clients/export?formato=csv",
  "/clients/:id": () => `/clients/${clientA}`,
  "/clients/:id/edit": () => `/clients/${clientA}/edit`,
  "/clients/:id/dados": () => `/clients/${clientA}/dados`,
  "/companies": () => "/companies",
  "/companies/create": () => "/companies/create",
  "/companies/import": () => "/companies/import",
  "/companies/export": () => "/companies/export?formato=xlsx",
  "/companies/:id": () => `/companies/${companyA}`,
  "/companies/:id/edit": () => `/companies/${companyA}/edit`,
  "/produtos": () => "/produtos",
  "/produtos/create": () => "/produtos/create",
  "/produtos/import": () => "/produtos/import",
  "/produtos/export": () => "/produtos/export?formato=csv",
  "/produtos/:id": () => `/produtos/${produtoA}`,
  // Vendas (issue 22): A's receipt (its product and notes carry the marker), the checkout, its search.
  "/sales": () => "/sales",
  "/sales/export": () => "/sales/export?formato=csv",
  "/sales/:id": () => `/sales/${saleA}`,
  "/sales/nova": () => "/sales/nova",
  "/sales/nova/catalogo": () => `/sales/nova/catalogo?q=${MARK}`,
  "/produtos/:id/edit": () => `/produtos/${produtoA}/edit`,
  "/movimentacao-produtos": () => "/movimentacao-produtos",
  "/movimentacao-produtos/create": () => `/movimentacao-produtos/create?produto=${produtoA}`,
  "/movimentacao-produtos/import": () => "/movimentacao-produtos/import",
  "/movimentacao-produtos/export": () => "/movimentacao-produtos/export?formato=xlsx",
  "/movimentacao-produtos/:id": () => `/movimentacao-produtos/${movimentoA}`,
  "/properties": () => "/properties",
  "/properties/create": () => "/properties/create",
  "/properties/:id": () => `/properties/${propertyA}`,
  "/properties/:id/fotos": () => `/properties/${propertyA}/fotos`,
  "/properties/:id/interesses": () => `/properties/${propertyA}/interesses`,
  "/properties/:id/portal": () => `/properties/${propertyA}/portal`,
  "/properties/:id/edit": () => `/properties/${propertyA}/edit`,
  "/property-drafts": () => "/property-drafts",
  "/property-drafts/:id": () => `/property-drafts/${draftA}`,
  "/orders": () => "/orders?q=segredo",
  "/orders/export": () => "/orders/export?formato=csv",
  "/orders/create": () => `/orders/create?cliente=${clientA}`,
  "/orders/:id": () => `/orders/${orderA}`,
  "/orders/:id/edit": () => `/orders/${orderA}/edit`,
  "/property_clients": () => "/property_clients",
  "/property_clients/create": () => `/property_clients/create?imovel=${propertyA}`,
  "/property_clients/:id": () => `/property_clients/${interestA}`,
  "/property_clients/:id/edit": () => `/property_clients/${interestA}/edit`,
  "/posts": () => "/posts",
  "/posts/export": () => "/posts/export?formato=csv",
  // Started from A's imóvel: B gets neither its title, price nor photos.
  "/posts/create": () => `/posts/create?imovel=${propertyA}`,
  "/posts/:id": () => `/posts/${postA}`,
  "/posts/:id/edit": () => `/posts/${postA}/edit`,
  "/rascunhos": () => "/rascunhos",
  // Started from A's produto (its name carries the marker): B gets neither it nor its facts.
  "/gerar-postagem": () => `/gerar-postagem?produto=${produtoA}`,
  "/content-calendar": () => "/content-calendar",
  // A's appointment (its client carries the marker) is on A's week only.
  "/agenda": () => `/agenda?vista=semana&data=${dayIn(POST_A_AT, DEFAULT_TIME_ZONE)}`,
  // The service desk (ADR 061): A's appointment's finish panel asked by id (on A's queue of today).
  "/atendimento": () => `/atendimento?finalizar=${deskAppointmentA}`,
  "/feed": () => "/feed",
  "/landing-page": () => "/landing-page",
  "/landing-page/preview": () => "/landing-page/preview",
  "/portais": () => "/portais",
  "/facebook-posts": () => "/facebook-posts",
  "/instagram-posts": () => `/instagram-posts?q=segredo`,
  "/historico": () => "/historico",
  "/historico/exportar": () => "/historico/exportar",
  // Public pages: A's unpublished landing page and A's draft show nothing to anyone else (the
  // available property's public page is checked below for its private fields).
  "/p/:slug": () => `/p/${landingSlugA}`,
  "/imovel/:slug": () => `/imovel/${draftSlugA}`,
  // A's booking page stays shut while its landing page is unpublished; an unknown link is the same 404 (ADR 062).
  "/agendar/:slug": () => `/agendar/${landingSlugA}`,
  "/agendamento/:token": () => `/agendamento/${newAppointmentLinkToken()}`,
  "/business-settings": () => "/business-settings",
  "/pix": () => "/pix",
  // Money (owner/admin screens): B's pages list only B's rows, and A's ids answer 404 to B.
  "/contas": () => `/contas?q=segredo`,
  "/contas/create": () => "/contas/create",
  "/contas/export": () => "/contas/export?formato=csv",
  "/contas/:id": () => `/contas/${despesaA}`,
  "/contas/:id/edit": () => `/contas/${despesaA}/edit`,
  "/receitas": () => `/receitas?q=segredo`,
  "/receitas/create": () => "/receitas/create",
  "/receitas/export": () => "/receitas/export?formato=csv",
  "/receitas/:id": () => `/receitas/${receitaA}`,
  "/receitas/:id/edit": () => `/receitas/${receitaA}/edit`,
  "/movimentacoes": () => `/movimentacoes?q=segredo`,
  "/movimentacoes/create": () => "/movimentacoes/create",
  "/movimentacoes/export": () => "/movimentacoes/export?formato=csv",
  "/movimentacoes/:id": () => `/movimentacoes/${lancamentoA}`,
  "/movimentacoes/saldos": () => `/movimentacoes/saldos?conta=${contaA}`,
  "/movimentacoes/contas": () => `/movimentacoes/contas?q=segredo`,
  "/movimentacoes/contas/create": () => "/movimentacoes/contas/create",
  "/movimentacoes/contas/export": () => "/movimentacoes/contas/export?formato=csv",
  "/movimentacoes/contas/:id": () => `/movimentacoes/contas/${contaA}`,
  "/movimentacoes/contas/:id/edit": () => `/movimentacoes/contas/${contaA}/edit`,
  // A's local holiday and exception (named with the marker) are A's only.
  "/horarios": () => "/horarios",
  "/admin/users": () => "/admin/users",
  "/setup-database": () => "/setup-database",
  "/supabase-test": () => "/supabase-test",
  "/files/*": (orgA) => `/files/orgs/${orgA}/logo-teste.png`,
  "/*": () => "/rota-que-nao-existe",
};

/** More views of a page than its route (the kanban). */
const EXTRA_URLS = (): string[] => [
  "/property_clients?vista=kanban",
  "/orders?vista=quadro",
  "/properties?view=cards&q=segredo",
  "/property-drafts?q=segredo",
  "/facebook-posts?origem=conta",
  "/historico?resultado=falhou",
  `/gerar-postagem?imovel=${propertyA}`,
  "/gerar-postagem?busca=Produto",
  `/content-calendar?vista=semana&data=${dayIn(POST_A_AT, DEFAULT_TIME_ZONE)}`,
  `/content-calendar?data=${dayIn(POST_A_AT, DEFAULT_TIME_ZONE)}`,
];

let orgA: string;
/** Records of organization A whose names carry the marker. */
let clientA: string;
let companyA: string;
let produtoA: string;
let saleA: string;
let movimentoA: string;
let contaA: string;
let despesaA: string;
let receitaA: string;
let lancamentoA: string;
/** A's available property (private fields carry the marker), draft, interest and landing page. */
let propertyA: string;
let propertySlugA: string;
let draftA: string;
let draftSlugA: string;
let interestA: string;
/** A's order (its walk-in customer and notes carry the marker). */
let orderA: string;
let deskAppointmentA: string;
let postA: string;
/** A's reference account (its notes carry the marker). */
let referenciaA: string;
/** A's professional (name, notes and a time off's detail carry the marker). */
let profissionalA: string;
let servicoA: string;
/** A's AI generation (its topic, partial text and result carry the marker). */
let generationA: string;
/** A's month plan (its title and idea carry the marker). */
let planA: string;
let landingSlugA: string;
/** The media path of a photo of A's draft (members of A only). */
let draftPhotoA: string;
/** An image A uploaded from the device for a post (not yet in any post): A's members only. */
let postImageA: string;
/** A's document (a PDF on A's client, uploaded as the Documentos screen does) and a 5-minute link A opened. */
let documentA: string;
let documentLinkA: string;
let cookieA: string;
let cookieB: string;
let bearerB: string;

beforeAll(async () => {
  const a = await createRegisteredUser({ name: `Dona ${MARK}` });
  const db = e2eDb();
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, a.id));
  orgA = m?.orgId as string;
  await db
    .update(organizations)
    .set({ name: `Empresa ${MARK}`, description: `Descrição ${MARK}`, document: "11222333000181" })
    .where(eq(organizations.id, orgA));
  const now = new Date();
  const staffId = crypto.randomUUID();
  await db.batch([
    db.insert(users).values({
      id: staffId,
      name: `Equipe ${MARK}`,
      email: uniqueEmail(MARK.toLowerCase()),
      passwordHash: hashPassword("x-senha-123"),
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    }),
    db.insert(memberships).values({ orgId: orgA, userId: staffId, role: "staff", createdAt: now, updatedAt: now }),
    // A's Meta login and its Page (no token: nothing here calls Meta), named with the marker.
    db.insert(socialConnections).values({
      id: socialConnectionA,
      orgId: orgA,
      tipo: "facebook_login",
      usuarioMetaId: `meta-${MARK}`,
      nome: `Login ${MARK}`,
      criadoEm: now,
      atualizadoEm: now,
    }),
    db.insert(socialAccounts).values({
      orgId: orgA,
      rede: "facebook",
      idExterno: `pagina-${MARK}`,
      nome: `Página ${MARK}`,
      conexaoId: socialConnectionA,
      criadoEm: now,
      atualizadoEm: now,
    }),
  ]);
  const ctx = { db, config: {}, origin: base(), ip: "127.0.0.1", userAgent: null, waitUntil: () => {}, now } as unknown as ServiceContext;
  companyA = String(
    (
      await createRecord(ctx, { orgId: orgA, userId: a.id, role: "owner" }, "companies", {
        tipo: "construtora",
        razaoSocial: `Construtora ${MARK} Ltda`,
        email: "obras@construtora.com.br",
      } as never)
    ).id,
  );
  clientA = String(
    (
      await createRecord(ctx, { orgId: orgA, userId: a.id, role: "owner" }, "clients", {
        tipo: "pf",
        nome: `Cliente ${MARK}`,
        email: "cliente.segredo@exemplo.com.br",
        telefones: [{ numero: "11912345678", whatsapp: true }],
        tags: [],
        consentimentoLgpd: false,
        empresaId: companyA,
      } as never)
    ).id,
  );
  const owner = { orgId: orgA, userId: a.id, role: "owner" as const };
  // A's professional and an appointment of A's client on POST_A_AT's day (/agenda's week).
  const professionalA = crypto.randomUUID();
  const appointmentA = crypto.randomUUID();
  await db.batch([
    db.insert(professionals).values({
      id: professionalA,
      orgId: orgA,
      nome: `Profissional ${MARK}`,
      ordem: "profissional",
      cor: "#2563eb",
      criadoEm: now,
      atualizadoEm: now,
    }),
    db.insert(appointments).values({
      id: appointmentA,
      orgId: orgA,
      clienteId: clientA,
      profissionalId: professionalA,
      inicio: POST_A_AT,
      fim: new Date(POST_A_AT.getTime() + 3_600_000),
      ordem: "cliente",
      criadoEm: now,
      atualizadoEm: now,
    }),
    db.insert(appointmentServices).values({
      id: crypto.randomUUID(),
      orgId: orgA,
      agendamentoId: appointmentA,
      nome: `Serviço ${MARK}`,
      duracaoMin: 60,
      precoCentavos: 0,
    }),
  ]);
  produtoA = String(
    (
      await createRecord(ctx, owner, "produtos", {
        sku: "SEG-001",
        nome: `Produto ${MARK}`,
        unidade: "un",
        fornecedorId: companyA,
      } as never)
    ).id,
  );
  movimentoA = String(
    (
      await createRecord(ctx, owner, "movimentacoes-produtos", {
        produtoId: produtoA,
        tipo: "entrada",
        quantidade: 5,
        motivo: `Compra ${MARK}`,
      } as never)
    ).id,
  );
  // A sale of A's product (Caixa and Banco as registration creates them), its notes marked.
  await defaultAccountsStatement(db, orgA, now, owner.userId);
  saleA = (
    await completeSale(ctx, owner, {
      draftId: crypto.randomUUID(),
      items: [{ productId: produtoA, quantityMilli: 1000, unitPriceCentavos: 1000 }],
      payments: [{ method: "dinheiro", amountCentavos: 1000 }],
      expectedTotalCentavos: 1000,
      notes: `Venda ${MARK}`,
    })
  ).saleId;
  // A's money: an account, a bill, a receivable and a hand-typed movement, each text marked.
  contaA = String(
    (
      await createRecord(ctx, owner, "contas-financeiras", {
        nome: `Conta ${MARK}`,
        tipo: "banco",
        ativo: true,
        saldoInicialCentavos: 5000,
      } as never)
    ).id,
  );
  despesaA = String(
    (
      await createRecord(ctx, owner, "despesas", {
        descricao: `Despesa ${MARK}`,
        valorCentavos: 12_000,
        vencimento: dayIn(now, DEFAULT_TIME_ZONE),
        recorrencia: "nenhuma",
      } as never)
    ).id,
  );
  receitaA = String(
    (
      await createRecord(ctx, owner, "receitas", {
        descricao: `Receita ${MARK}`,
        valorCentavos: 8_000,
        vencimento: dayIn(now, DEFAULT_TIME_ZONE),
      } as never)
    ).id,
  );
  lancamentoA = String(
    (
      await createRecord(ctx, owner, "movimentacoes", {
        contaId: contaA,
        tipo: "saida",
        valorCentavos: 990,
        descricao: `Tarifa ${MARK}`,
        ocorridoEm: now.toISOString(),
      } as never)
    ).id,
  );
  propertyA = String(
    (
      await createRecord(ctx, owner, "imoveis", {
        finalidade: "venda",
        tipo: "apartamento",
        titulo: "Apartamento com varanda perto do metrô",
        valorVendaCentavos: 650_000_00,
        areaUtil: 72,
        quartos: 2,
        rua: `Rua ${MARK}`,
        numero: "77",
        bairro: "Pinheiros",
        cidade: "São Paulo",
        uf: "SP",
        enderecoPublico: "bairro",
        chaves: `Chaves ${MARK}`,
        proprietarioId: clientA,
        status: "disponivel",
      } as never)
    ).id,
  );
  draftA = String((await createRecord(ctx, owner, "imoveis", { titulo: `Rascunho ${MARK}`, status: "rascunho" } as never)).id);
  const slugs = await db.select({ id: properties.id, slug: properties.slug }).from(properties).where(eq(properties.orgId, orgA));
  propertySlugA = slugs.find((r) => r.id === propertyA)?.slug as string;
  draftSlugA = slugs.find((r) => r.id === draftA)?.slug as string;
  interestA = String(
    (
      await createRecord(ctx, owner, "interesses", {
        clienteId: clientA,
        finalidade: "venda",
        observacoes: `Interesse ${MARK}`,
      } as never)
    ).id,
  );
  orderA = String(
    (
      await createRecord(ctx, owner, "pedidos", {
        contatoNome: `Cliente ${MARK}`,
        previstoPara: "2026-12-24T10:00:00-03:00",
        observacoes: `Pedido ${MARK}`,
        itens: [{ produtoId: produtoA, descricao: `Produto ${MARK}`, quantidade: 1, precoUnitarioCentavos: 1000 }],
      } as never)
    ).id,
  );
  // Today's appointment of A's client, with its professional and service: A's desk queue.
  deskAppointmentA = crypto.randomUUID();
  const proA = crypto.randomUUID();
  const serviceA = crypto.randomUUID();
  await db.batch([
    db.insert(professionals).values({
      id: proA,
      orgId: orgA,
      nome: `Profissional ${MARK}`,
      ordem: "profissional",
      cor: "#0f766e",
      criadoEm: now,
      atualizadoEm: now,
    }),
    db
      .insert(services)
      .values({ id: serviceA, orgId: orgA, nome: `Serviço ${MARK}`, ordem: "servico", duracaoMin: 30, criadoEm: now, atualizadoEm: now }),
    db.insert(appointments).values({
      id: deskAppointmentA,
      orgId: orgA,
      clienteId: clientA,
      profissionalId: proA,
      inicio: now,
      fim: new Date(now.getTime() + 30 * 60_000),
      ordem: "cliente",
      criadoEm: now,
      atualizadoEm: now,
    }),
    db.insert(appointmentServices).values({
      id: crypto.randomUUID(),
      orgId: orgA,
      agendamentoId: deskAppointmentA,
      servicoId: serviceA,
      nome: `Serviço ${MARK}`,
      duracaoMin: 30,
      precoCentavos: 0,
    }),
  ]);
  // Tomorrow: on A's calendar (the week view below opens that day's week).
  postA = String((await createRecord(ctx, owner, "posts", { legenda: `Post ${MARK}`, agendadoPara: POST_A_AT.toISOString() } as never)).id);
  referenciaA = String(
    (await createRecord(ctx, owner, "referencias", { handle: "referencia.segredo", notas: `Notas ${MARK}` } as never)).id,
  );
  profissionalA = String(
    (
      await createRecord(ctx, owner, "profissionais", {
        nome: `Profissional ${MARK}`,
        cor: "#2563eb",
        observacoes: `Notas ${MARK}`,
      } as never)
    ).id,
  );
  servicoA = String(
    (
      await createRecord(ctx, owner, "servicos", {
        nome: `Serviço ${MARK}`,
        categoria: `Categoria ${MARK}`,
        duracaoMin: 60,
        profissionalIds: [profissionalA],
        descricao: `Descrição ${MARK}`,
      } as never)
    ).id,
  );
  await setServiceProduct(ctx, owner, servicoA, { produtoId: produtoA, quantidade: 1 });
  await addTimeOff(ctx, owner, profissionalA, { dataInicio: "2030-01-07", dataFim: "2030-01-08", tipo: "Férias", detalhe: MARK });
  await addLocalHoliday(ctx, owner, { dia: "2030-01-20", nome: `Feriado ${MARK}` });
  await addHoursException(ctx, owner, { dia: "2030-01-21", fechado: "on", motivo: `Inventário ${MARK}` });
  generationA = crypto.randomUUID();
  await db.insert(aiGenerations).values({
    id: generationA,
    orgId: orgA,
    userId: a.id,
    tipo: "livre",
    pedido: { tema: `Tema ${MARK}`, objetivo: "engajar", tom: "acolhedor", rede: "instagram" },
    titulo: `Tema ${MARK}`,
    status: "pronta",
    origem: "modelo",
    textoParcial: `Legenda ${MARK}`,
    resultado: { tipo: "livre", legendas: [`Legenda ${MARK}`, "Outra"], hashtags: [], ideias: [] },
    criadoEm: now,
    atualizadoEm: now,
  });
  planA = crypto.randomUUID();
  await db.insert(aiGenerations).values({
    id: planA,
    orgId: orgA,
    userId: a.id,
    tipo: "mes",
    pedido: { mes: dayIn(POST_A_AT, DEFAULT_TIME_ZONE).slice(0, 7), tom: "acolhedor" },
    titulo: `Plano ${MARK}`,
    status: "pronta",
    origem: "modelo",
    resultado: {
      tipo: "mes",
      ideias: [
        {
          data: dayIn(POST_A_AT, DEFAULT_TIME_ZONE),
          titulo: `Ideia ${MARK}`,
          legenda: `Legenda ${MARK}`,
          formato: "post",
          motivo: `Motivo ${MARK}`,
          vinculo: { tipo: "data", registroId: null, dataComemorativa: "Dia do Corretor" },
        },
      ],
    },
    criadoEm: now,
    atualizadoEm: now,
  });
  // A's Page, a post published there with its attempt, and a post the Page made outside Alicerce.
  const publishedA = String((await createRecord(ctx, owner, "posts", { legenda: `Publicado ${MARK}` } as never)).id);
  const pageA = crypto.randomUUID();
  const targetA = crypto.randomUUID();
  await db.insert(socialAccounts).values({
    id: pageA,
    orgId: orgA,
    rede: "facebook",
    idExterno: "demo_page_a",
    nome: `Página ${MARK}`,
    criadoEm: now,
    atualizadoEm: now,
  });
  await db.insert(postTargets).values({
    id: targetA,
    orgId: orgA,
    postId: publishedA,
    rede: "facebook",
    contaId: pageA,
    status: "publicado",
    publicadoEm: now,
    permalink: "https://www.facebook.com/demo_page_a/posts/1",
    criadoEm: now,
    atualizadoEm: now,
  });
  await db.insert(postAttempts).values({
    orgId: orgA,
    postId: publishedA,
    alvoId: targetA,
    rede: "facebook",
    contaId: pageA,
    etapa: "facebook",
    resultado: "falhou",
    mensagem: `Falha ${MARK}`,
    erroCodigo: "190",
    iniciadoEm: now,
  });
  await db.insert(socialAccountPosts).values({
    orgId: orgA,
    contaId: pageA,
    rede: "facebook",
    idExterno: "demo_page_a_9",
    legenda: `Externo ${MARK}`,
    publicadoEm: now,
    metricasEm: now,
    criadoEm: now,
  });
  landingSlugA = `seg-${MARK.toLowerCase()}`;
  await saveLandingDraft(ctx, owner, { slug: landingSlugA, titulo: `Landing ${MARK}`, corPrimaria: "#0f766e" });
  const b = await createRegisteredUser({ name: "Bruno Outro" });
  cookieB = await loginCookie(b.email, b.password);
  const token = await fetch(`${base()}/api/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: b.email, senha: b.password }),
  });
  bearerB = ((await token.json()) as { access_token: string }).access_token;
  // Sanity: A's own session does see the marker, so the assertions below can fail.
  cookieA = await loginCookie(a.email, a.password);
  // A photo of A's draft, uploaded by A as the Fotos tab does (every width, WebP).
  const form = new FormData();
  for (const w of [320, 640, 1024, 1600])
    form.set(`w${w}`, new File([webpFile("VP8", w, (w * 3) / 4) as BlobPart], `${w}.webp`, { type: "image/webp" }));
  form.set("largura", "1600");
  form.set("altura", "1200");
  const upload = await fetch(`${base()}/api/property-photos/${draftA}`, {
    method: "POST",
    body: form,
    headers: { cookie: cookieA, origin: base() },
  });
  expect(upload.status, await upload.clone().text()).toBe(201);
  draftPhotoA = `/media/${((await upload.json()) as { data: { chave: string } }).data.chave}/640.webp`;
  // An image for a post, uploaded by A as the post editor does (the publishing JPEG and two display sizes).
  const postForm = new FormData();
  for (const [name, w, hgt] of [
    ["publicacao", 1080, 810],
    ["w320", 320, 240],
    ["w640", 640, 480],
  ] as const)
    postForm.set(name, new File([jpegFile("baseline", w, hgt) as BlobPart], `${name}.jpg`, { type: "image/jpeg" }));
  const postUpload = await fetch(`${base()}/api/post-images`, {
    method: "POST",
    body: postForm,
    headers: { cookie: cookieA, origin: base() },
  });
  expect(postUpload.status, await postUpload.clone().text()).toBe(201);
  postImageA = `/media/${((await postUpload.json()) as { data: { chave: string } }).data.chave}/640.jpg`;
  // A document of A's client, uploaded by A as the Documentos screen does, and the link A gets to open it.
  const docForm = new FormData();
  docForm.append("arquivo", new File([pdfFile() as BlobPart], `contrato-${MARK}.pdf`, { type: "application/pdf" }));
  docForm.set("titulo", `Documento ${MARK}`);
  docForm.set("clienteId", clientA);
  const docUpload = await fetch(`${base()}/api/documents/upload`, {
    method: "POST",
    body: docForm,
    headers: { cookie: cookieA, origin: base() },
  });
  expect(docUpload.status, await docUpload.clone().text()).toBe(201);
  documentA = ((await docUpload.json()) as { data: { arquivos: { id: string }[] } }).data.arquivos[0]?.id as string;
  const docLink = await fetch(`${base()}/api/documents/${documentA}/link?d=attachment`, { headers: { cookie: cookieA } });
  documentLinkA = ((await docLink.json()) as { data: { url: string } }).data.url;
  const own = await fetch(`${base()}/admin/users`, { headers: { cookie: cookieA } });
  expect(await own.text()).toContain(MARK);
  for (const path of [
    `/clients/${clientA}`,
    `/companies/${companyA}`,
    "/clients",
    "/companies/export?formato=csv",
    `/produtos/${produtoA}`,
    `/sales/${saleA}`,
    `/sales/nova/catalogo?q=${MARK}`,
    "/movimentacao-produtos",
    `/properties/${propertyA}`,
    `/property-drafts/${draftA}`,
    `/property_clients/${interestA}`,
    `/orders/${orderA}`,
    "/orders?vista=quadro",
    "/landing-page",
    `/posts/${postA}`,
    `/ai-content/referencias/${referenciaA}`,
    `/profissionais/${profissionalA}`,
    `/servicos/${servicoA}`,
    `/servicos/${servicoA}/edit`,
    `/documents/${documentA}`,
    "/documents/export?formato=csv",
    `/gerar-postagem?servico=${servicoA}`,
    "/horarios",
    "/rascunhos",
    `/gerar-postagem?produto=${produtoA}`,
    "/gerar-postagem?busca=Produto",
    "/facebook-posts",
    "/historico",
    "/historico/exportar",
    "/social-connect-simple",
    "/facebook-connection",
  ]) {
    const res = await fetch(`${base()}${path}`, { headers: { cookie: cookieA } });
    expect(await res.text(), path).toContain(MARK);
  }
});

describe("tenant isolation", () => {
  const pages = pagePaths(routes as RouteEntry[]);

  it("knows how to exercise every page route", () => {
    const unknown = pages.filter((p) => !(p in PAGE_URLS));
    expect(unknown, "new route: add it to PAGE_URLS in tenant-isolation.test.ts").toEqual([]);
  });

  it("organization B never sees A's data on any page, and nothing answers 500", async () => {
    const urls = [...pages.map((path) => PAGE_URLS[path]?.(orgA)), ...EXTRA_URLS()];
    // Sanity: A's own calendar shows A's post, so the checks below can fail.
    const calendarA = await fetch(`${base()}/content-calendar?vista=semana&data=${dayIn(POST_A_AT, DEFAULT_TIME_ZONE)}`, {
      headers: { cookie: cookieA },
    });
    expect(await calendarA.text()).toContain(MARK);
    // Sanity for the money screens: A's own lists show A's marked rows.
    for (const list of ["/contas", "/receitas", "/movimentacoes", "/movimentacoes/contas"]) {
      const own = await fetch(`${base()}${list}?q=segredo`, { headers: { cookie: cookieA } });
      expect(await own.text(), list).toContain(MARK);
    }
    for (const url of urls) {
      if (!url) continue;
      for (const [who, headers] of [
        ["B (cookie)", { cookie: cookieB }],
        ["visitante", {}],
      ] as const) {
        const res = await fetch(`${base()}${url}`, { headers, redirect: "manual" });
        const body = await res.text();
        expect(res.status, `${who} ${url}`).toBeLessThan(500);
        expect(body.includes(MARK), `${who} ${url} leaked A's data`).toBe(false);
      }
    }
  });

  it("organization B never sees A's data through any API route", async () => {
    const app = createApp({ renderPage: async () => new Response(""), buildVersion: async () => "" });
    const apiGets = [...new Set(app.routes.filter((r) => r.method === "GET" || r.method === "ALL").map((r) => r.path))].filter(
      (p) => p.startsWith("/api/") || p.startsWith("/.well-known/"),
    );
    expect(apiGets.length).toBeGreaterThan(2);
    for (const path of apiGets) {
      if (path.includes("*") || path.includes(":")) continue;
      for (const headers of [{ authorization: `Bearer ${bearerB}` }, { cookie: cookieB }, {}] as Record<string, string>[]) {
        const res = await fetch(`${base()}${path}`, { headers });
        expect(res.status, path).toBeLessThan(500);
        expect((await res.text()).includes(MARK), `${path} leaked A's data`).toBe(false);
      }
    }
  });

  it("organization B gets nothing of A's records through the API routes that name them", async () => {
    const app = createApp({ renderPage: async () => new Response(""), buildVersion: async () => "" });
    // Each path parameter filled with A's record of the resource the path names.
    const ofA: Record<string, string> = {
      [moduleOf("clients").definition.api]: clientA,
      [moduleOf("companies").definition.api]: companyA,
      [moduleOf("produtos").definition.api]: produtoA,
      [moduleOf("movimentacoes-produtos").definition.api]: movimentoA,
      [moduleOf("imoveis").definition.api]: propertyA,
      [moduleOf("interesses").definition.api]: interestA,
      [moduleOf("posts").definition.api]: postA,
      [moduleOf("referencias").definition.api]: referenciaA,
      [moduleOf("profissionais").definition.api]: profissionalA,
      [moduleOf("servicos").definition.api]: servicoA,
      [moduleOf("documentos").definition.api]: documentA,
      [moduleOf("agendamentos").definition.api]: deskAppointmentA,
      [moduleOf("pedidos").definition.api]: orderA,
      [moduleOf("vendas").definition.api]: saleA,
      [moduleOf("contas-financeiras").definition.api]: contaA,
      [moduleOf("despesas").definition.api]: despesaA,
      [moduleOf("receitas").definition.api]: receitaA,
      [moduleOf("movimentacoes").definition.api]: lancamentoA,
      "ai-generations": generationA,
    };
    const gets = [...new Set(app.routes.filter((r) => r.method === "GET").map((r) => r.path))].filter(
      (p) => p.startsWith("/api/") && p.includes(":"),
    );
    const fill = (path: string): string => {
      const api = path.split("/")[2] as string;
      return path
        .replace(":propertyId", api === "property-photos" ? draftA : propertyA)
        .replace(":id", ofA[api] ?? "")
        .replace(/:[A-Za-z]+/, "");
    };
    expect(gets.length).toBeGreaterThan(5);
    // Sanity: A's own session reads the marker through these routes, so the checks below can fail.
    for (const path of [
      "/api/properties/:id/dados",
      "/api/property_clients/:id",
      "/api/posts/:id",
      "/api/ai-generations/:id",
      "/api/orders/:id",
    ]) {
      const own = await fetch(`${base()}${fill(path)}`, { headers: { cookie: cookieA } });
      expect(await own.text(), path).toContain(MARK);
    }
    for (const path of gets) {
      const url = fill(path);
      expect(url.includes("//") || url.endsWith("/"), `${path}: teach tenant-isolation.test.ts which of A's records fills it`).toBe(false);
      for (const headers of [{ authorization: `Bearer ${bearerB}` }, { cookie: cookieB }, {}] as Record<string, string>[]) {
        const res = await fetch(`${base()}${url}`, { headers });
        const body = await res.text();
        expect(res.status, `${url} ${JSON.stringify(Object.keys(headers))}`).toBeLessThan(500);
        expect(body.includes(MARK), `${url} leaked A's data`).toBe(false);
      }
    }
  });

  it("a photo of A's draft, and an image A uploaded for a post, are A's members' only: B and visitors get the same 404", async () => {
    for (const path of [draftPhotoA, postImageA]) {
      const own = await fetch(`${base()}${path}`, { headers: { cookie: cookieA } });
      expect(own.status, path).toBe(200);
      expect(own.headers.get("cache-control")).toContain("private");
      for (const headers of [{ cookie: cookieB }, { authorization: `Bearer ${bearerB}` }, {}] as Record<string, string>[]) {
        const res = await fetch(`${base()}${path}`, { headers });
        expect(res.status, `${path} ${JSON.stringify(Object.keys(headers))}`).toBe(404);
        expect(await res.text()).toBe("Imagem não encontrada.");
      }
    }
  });

  it("A's document file opens only for A's member through A's link: B, a bearer and visitors get the same 403", async () => {
    const own = await fetch(`${base()}${documentLinkA}`, { headers: { cookie: cookieA } });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-disposition")).toContain(`contrato-${MARK}.pdf`);
    for (const headers of [{ cookie: cookieB }, { authorization: `Bearer ${bearerB}` }, {}] as Record<string, string>[]) {
      const res = await fetch(`${base()}${documentLinkA}`, { headers });
      const body = await res.text();
      expect(res.status, JSON.stringify(Object.keys(headers))).toBe(403);
      expect(body.includes(MARK)).toBe(false);
    }
  });

  it("the public page of A's available property shows none of its private fields", async () => {
    const res = await fetch(`${base()}/imovel/${propertySlugA}`);
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(body).toContain("Apartamento com varanda perto do metrô");
    for (const secret of [`Chaves ${MARK}`, `Rua ${MARK}`, `Cliente ${MARK}`, "cliente.segredo@exemplo.com.br", `Interesse ${MARK}`])
      expect(body.includes(secret), `/imovel/${propertySlugA} leaked ${secret}`).toBe(false);
  });

  it("B cannot read A's files by guessing the key", async () => {
    const res = await fetch(`${base()}/files/orgs/${orgA}/logo-teste.png`, { headers: { cookie: cookieB } });
    expect(res.status).toBe(404);
  });
});
