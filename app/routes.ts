import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { DEFINITIONS } from "../shared/resources/definitions.ts";
import { plainScreenRoutes } from "./routes/records/config.ts";

export default [
  // Unauthenticated layout: the spec's six public routes.
  layout("layouts/public.tsx", [
    route("login", "routes/account/login.tsx"),
    route("criar-conta", "routes/account/sign-up.tsx"),
    route("forgot-password", "routes/account/forgot-password.tsx"),
    route("recover-password", "routes/account/recover-password.tsx"),
    route("email-confirmation", "routes/account/email-confirmation.tsx"),
    // E-mailed links: a GET shows what the link does, its button POSTs (nothing spent before).
    route("auth/callback", "routes/account/auth-callback.tsx"),
    // Team invites: a GET shows the invite, its forms POST to accept (signed in or not).
    route("convite", "routes/organization/invite.tsx"),
  ]),
  route("logout", "routes/account/logout.tsx"),
  // Signed in, before the organization exists.
  layout("layouts/onboarding.tsx", [
    route("completar-cadastro", "routes/organization/complete-registration.tsx"),
    route("registration-success", "routes/account/registration-success.tsx"),
    // A deactivated member leaves their organização here (the app's pages refuse them).
    route("sair-da-organizacao", "routes/organization/leave-organization.tsx"),
    // The optional onboarding step after the business exists (skippable).
    route("setup-instagram", "routes/social/setup-instagram.tsx"),
  ]),
  // Default layout: one shell for every role (the menu comes from the permission table).
  layout("layouts/app.tsx", [
    index("routes/reports/dashboard.tsx"),
    // Analytics (issue 23, ADR 085): social and business numbers over a period.
    route("analytics", "routes/reports/analytics.tsx"),
    // Report files (ADR 086): asked for on /relatorio, listed on /relatorios; downloads through a fresh 5-minute link.
    route("relatorios/arquivos", "routes/reports/report-files.tsx"),
    route("relatorios/arquivos/:id/baixar", "routes/reports/report-file-download.tsx"),
    // The settings area: the product's URLs under one section navigation (app/modules/navigation.ts).
    layout("layouts/settings.tsx", [
      route("settings", "routes/account/settings.tsx", [
        index("routes/account/settings._index.tsx"),
        route("preferences", "routes/account/settings.preferences.tsx"),
      ]),
      route("perfil", "routes/account/profile.tsx"),
      route("config", "routes/organization/business-profile.tsx"),
      route("cores", "routes/organization/brand.tsx"),
      route("business-settings", "routes/organization/business-settings.tsx"),
      // Pix at checkout (issue 22): the key, name and city the sales' BR Code carries.
      route("pix", "routes/sales/pix-settings.tsx"),
      route("admin/users", "routes/organization/team.tsx"),
      route("portais", "routes/real-estate/portals.tsx"),
      route("facebook-connection", "routes/social/facebook-connection.tsx"),
      route("instagram-connection", "routes/social/instagram-connection.tsx"),
      route("facebook-pages", "routes/social/facebook-pages.tsx"),
      route("admin/social-credentials", "routes/social/social-credentials.tsx"),
      // Social diagnostics (ADR 050): read-only checks on GET; the test actions are POSTs.
      route("test-facebook", "routes/social/test-facebook.tsx"),
      route("test-social-integration", "routes/social/test-integration.tsx"),
      route("test-posting", "routes/social/test-posting.tsx"),
      route("setup-database", "routes/system/database.tsx"),
      route("supabase-test", "routes/system/diagnostics.tsx"),
    ]),
    // Records: each definition's plain screens come from shared modules (app/routes/records/);
    // a resource writes its own route module only for a screen with real behaviour.
    ...plainScreenRoutes(DEFINITIONS),
    // Agenda (issue 21): the business hours the bookings follow (ADR 063).
    route("horarios", "routes/agenda/business-hours.tsx"),
    // Relatórios (issue 23, ADR 083): the catalogue, one report with its period and filters, its CSV.
    route("relatorios", "routes/reports/relatorios.tsx"),
    route("relatorio", "routes/reports/relatorio.tsx"),
    route("relatorio/csv", "routes/reports/relatorio.csv.ts"),
    // Vendas (issue 22): the point of sale, its search, and the receipt (the list is the registry's).
    route("sales/nova", "routes/sales/new.tsx"),
    route("sales/nova/catalogo", "routes/sales/catalog.ts"),
    route("sales/:id", "routes/sales/receipt.tsx"),
    route("clients/:id", "routes/customers/clients.$id.tsx"),
    route("companies/:id", "routes/customers/companies.$id.tsx"),
    route("produtos/:id", "routes/stock/products.$id.tsx"),
    // Money (ADR 072): the bill's and the receivable's pages settle them; the ledger's undoes with an estorno.
    route("contas/:id", "routes/finance/expense.$id.tsx"),
    route("receitas/:id", "routes/finance/receivable.$id.tsx"),
    route("movimentacoes/saldos", "routes/finance/balances.tsx"),
    route("movimentacoes/:id", "routes/finance/movement.$id.tsx"),
    route("profissionais/create", "routes/agenda/professionals.form.tsx", { id: "routes/profissionais.create" }),
    route("profissionais/:id", "routes/agenda/professionals.$id.tsx"),
    route("profissionais/:id/edit", "routes/agenda/professionals.form.tsx", { id: "routes/profissionais.edit" }),
    route("servicos/create", "routes/agenda/services.form.tsx", { id: "routes/servicos.create" }),
    route("servicos/:id", "routes/agenda/services.$id.tsx"),
    route("servicos/:id/edit", "routes/agenda/services.form.tsx", { id: "routes/servicos.edit" }),
    route("properties", "routes/real-estate/properties.tsx"),
    route("properties/create", "routes/real-estate/properties.form.tsx", { id: "routes/properties.create" }),
    route("properties/:id", "routes/real-estate/properties.$id.tsx", [
      index("routes/real-estate/properties.$id._index.tsx"),
      route("fotos", "routes/real-estate/properties.$id.fotos.tsx"),
      route("interesses", "routes/real-estate/properties.$id.interesses.tsx"),
      route("portal", "routes/real-estate/properties.$id.portal.tsx"),
    ]),
    route("properties/:id/edit", "routes/real-estate/properties.form.tsx", { id: "routes/properties.edit" }),
    // Documentos (ADR 074): the list with the upload area, the page with the preview, the metadata form.
    route("documents", "routes/documents/documents.tsx"),
    route("documents/:id", "routes/documents/documents.$id.tsx"),
    route("documents/:id/edit", "routes/documents/documents.edit.tsx"),
    route("property-drafts", "routes/real-estate/property-drafts.tsx"),
    route("property-drafts/:id", "routes/real-estate/property-drafts.$id.tsx"),
    route("property_clients", "routes/real-estate/interests.tsx"),
    route("property_clients/create", "routes/real-estate/interests.form.tsx", { id: "routes/property_clients.create" }),
    route("property_clients/:id", "routes/real-estate/interests.$id.tsx"),
    route("property_clients/:id/edit", "routes/real-estate/interests.form.tsx", { id: "routes/property_clients.edit" }),
    // Pedidos (issue 22, ADR 073): the list and its board, the form with the items, the order's page.
    route("orders", "routes/finance/orders.tsx"),
    route("orders/create", "routes/finance/orders.form.tsx", { id: "routes/orders.create" }),
    route("orders/:id", "routes/finance/orders.$id.tsx"),
    route("orders/:id/edit", "routes/finance/orders.form.tsx", { id: "routes/orders.edit" }),
    route("posts/create", "routes/social/post-editor.tsx", { id: "routes/posts.create" }),
    route("posts/:id", "routes/social/post.tsx"),
    route("posts/:id/edit", "routes/social/post-editor.tsx", { id: "routes/posts.edit" }),
    route("rascunhos", "routes/social/drafts.tsx"),
    route("gerar-postagem", "routes/social/generate-post.tsx"),
    // Social: what was published (ours and the account's own) and every publish attempt.
    route("facebook-posts", "routes/social/published-posts.tsx", { id: "routes/facebook-posts" }),
    route("instagram-posts", "routes/social/published-posts.tsx", { id: "routes/instagram-posts" }),
    route("historico", "routes/social/history.tsx"),
    route("historico/exportar", "routes/social/history.export.ts"),
    route("content-calendar", "routes/social/content-calendar.tsx"),
    // The agenda (issue 21, ADR 060): appointments and property visits, day/week/month.
    route("agenda", "routes/agenda/agenda.tsx"),
    route("ai-content", "routes/social/ai-content.tsx"),
    route("feed", "routes/social/feed.tsx"),
    // The service desk (ADR 061): today's queue; `?finalizar={id}` opens the finish panel.
    route("atendimento", "routes/agenda/atendimento.tsx"),
    route("landing-page", "routes/site/landing-page.tsx"),
    route("landing-page/preview", "routes/site/landing-page.preview.tsx"),
    route("social-connect-simple", "routes/social/connect-simple.tsx"),
  ]),
  // Meta's login callbacks (no layout, spec §2): the code is exchanged on the server.
  route("auth/facebook/callback", "routes/social/facebook-callback.tsx"),
  route("auth/instagram/callback", "routes/social/instagram-callback.tsx"),
  route("files/*", "routes/system/files.tsx"),
  // The business's public page (no login), built on /landing-page.
  route("p/:slug", "routes/site/landing-page.public.tsx"),
  // The public booking page (no login, ADR 062) and the client's appointment page from its link.
  route("agendar/:slug", "routes/agenda/booking.public.tsx"),
  route("agendamento/:token", "routes/agenda/appointment.public.tsx"),
  // Public property page (no login): what a client opens from WhatsApp.
  route("imovel/:slug", "routes/real-estate/public-property.tsx"),
  route("*", "routes/system/not-found.tsx"),
] satisfies RouteConfig;
