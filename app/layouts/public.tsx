import { Link, Outlet, redirect } from "react-router";
import type { Route } from "./+types/public";
import { getRequestContext } from "../../worker/context.ts";
import { normalizePath, SIGNED_IN_ALLOWED } from "../server/guards.server.ts";

/** Spec §4: a signed-in user on a public route goes to /, except on a few screens. */
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => {
    const rc = getRequestContext(context);
    const path = normalizePath(new URL(request.url).pathname);
    if (rc.auth && !(SIGNED_IN_ALLOWED as readonly string[]).includes(path)) throw redirect("/");
  },
];

export default function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center px-4 py-10">
      <a href="#conteudo" className="skip-link">
        Pular para o conteúdo
      </a>
      <Link to="/login" className="mb-8 flex items-center gap-2 text-xl font-bold tracking-tight">
        <span aria-hidden="true" className="grid size-9 place-items-center rounded-lg bg-accent text-accent-fg">
          A
        </span>
        Alicerce
      </Link>
      <main id="conteudo" className="w-full max-w-md rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        <Outlet />
      </main>
      <p className="mt-6 text-center text-xs text-fg-soft">Gestão, imóveis e redes sociais do seu negócio em um só lugar.</p>
    </div>
  );
}
