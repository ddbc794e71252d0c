import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // Unauthenticated layout: the spec's six public routes.
  layout("layouts/public.tsx", [
    route("login", "routes/login.tsx"),
    route("criar-conta", "routes/criar-conta.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("recover-password", "routes/recover-password.tsx"),
    route("email-confirmation", "routes/email-confirmation.tsx"),
  ]),
  // Consumes e-mailed links; no layout of its own.
  route("auth/callback", "routes/auth-callback.tsx"),
  route("logout", "routes/logout.tsx"),
  // Signed in, before the organization exists.
  layout("layouts/onboarding.tsx", [
    route("completar-cadastro", "routes/completar-cadastro.tsx"),
    route("registration-success", "routes/registration-success.tsx"),
  ]),
  // Default layout (and the professionals' slim shell, chosen by role).
  layout("layouts/app.tsx", [
    index("routes/dashboard.tsx"),
    route("perfil", "routes/perfil.tsx"),
    route("settings", "routes/settings.tsx", [
      index("routes/settings._index.tsx"),
      route("preferences", "routes/settings.preferences.tsx"),
    ]),
    route("config", "routes/config.tsx"),
    route("admin/users", "routes/admin.users.tsx"),
    route("setup-database", "routes/setup-database.tsx"),
    route("supabase-test", "routes/supabase-test.tsx"),
  ]),
  route("files/*", "routes/files.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
