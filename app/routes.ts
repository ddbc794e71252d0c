import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { DEFINITIONS } from "../shared/resources/definitions.ts";
import { plainScreenRoutes } from "./routes/records/config.ts";

export default [
  // Unauthenticated layout: the spec's six public routes.
  layout("layouts/public.tsx", [
    route("login", "routes/login.tsx"),
    route("criar-conta", "routes/criar-conta.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("recover-password", "routes/recover-password.tsx"),
    route("email-confirmation", "routes/email-confirmation.tsx"),
    // E-mailed links: a GET shows what the link does, its button POSTs (nothing spent before).
    route("auth/callback", "routes/auth-callback.tsx"),
    // Team invites: a GET shows the invite, its forms POST to accept (signed in or not).
    route("convite", "routes/convite.tsx"),
  ]),
  route("logout", "routes/logout.tsx"),
  // Signed in, before the organization exists.
  layout("layouts/onboarding.tsx", [
    route("completar-cadastro", "routes/completar-cadastro.tsx"),
    route("registration-success", "routes/registration-success.tsx"),
    // A deactivated member leaves their organização here (the app's pages refuse them).
    route("sair-da-organizacao", "routes/sair-da-organizacao.tsx"),
  ]),
  // Default layout (and the professionals' slim shell, chosen by role).
  layout("layouts/app.tsx", [
    index("routes/dashboard.tsx"),
    route("perfil", "routes/perfil.tsx"),
    route("settings", "routes/settings.tsx", [
      index("routes/settings._index.tsx"),
      route("preferences", "routes/settings.preferences.tsx"),
    ]),
    // Records: each definition's plain screens come from shared modules (app/routes/records/);
    // a resource writes its own route module only for a screen with real behaviour.
    ...plainScreenRoutes(DEFINITIONS),
    route("clients/:id", "routes/clients.$id.tsx"),
    route("companies/:id", "routes/companies.$id.tsx"),
    route("produtos/:id", "routes/produtos.$id.tsx"),
    route("movimentacao-produtos/:id", "routes/movimentacao-produtos.$id.tsx"),
    route("properties", "routes/properties.tsx"),
    route("properties/create", "routes/properties.form.tsx", { id: "routes/properties.create" }),
    route("properties/:id", "routes/properties.$id.tsx", [
      index("routes/properties.$id._index.tsx"),
      route("fotos", "routes/properties.$id.fotos.tsx"),
      route("interesses", "routes/properties.$id.interesses.tsx"),
      route("portal", "routes/properties.$id.portal.tsx"),
    ]),
    route("properties/:id/edit", "routes/properties.form.tsx", { id: "routes/properties.edit" }),
    route("property-drafts", "routes/property-drafts.tsx"),
    route("property-drafts/:id", "routes/property-drafts.$id.tsx"),
    route("property_clients", "routes/property_clients.tsx"),
    route("property_clients/create", "routes/property_clients.form.tsx", { id: "routes/property_clients.create" }),
    route("property_clients/:id", "routes/property_clients.$id.tsx"),
    route("property_clients/:id/edit", "routes/property_clients.form.tsx", { id: "routes/property_clients.edit" }),
    route("business-settings", "routes/business-settings.tsx"),
    route("landing-page", "routes/landing-page.tsx"),
    route("landing-page/preview", "routes/landing-page.preview.tsx"),
    route("portais", "routes/portais.tsx"),
    route("config", "routes/config.tsx"),
    route("admin/users", "routes/admin.users.tsx"),
    route("setup-database", "routes/setup-database.tsx"),
    route("supabase-test", "routes/supabase-test.tsx"),
  ]),
  route("files/*", "routes/files.tsx"),
  // The business's public page (no login), built on /landing-page.
  route("p/:slug", "routes/p.$slug.tsx"),
  // Public property page (no login): what a client opens from WhatsApp.
  route("imovel/:slug", "routes/imovel.$slug.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
