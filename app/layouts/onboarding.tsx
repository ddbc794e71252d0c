import { Outlet } from "react-router";
import type { Route } from "./+types/onboarding";
import { requireUser } from "../server/guards.server.ts";

export const middleware: Route.MiddlewareFunction[] = [({ request, context }) => void requireUser(context, request)];

export default function OnboardingLayout() {
  return (
    <div className="flex min-h-dvh flex-col items-center px-4 py-10">
      <p className="mb-8 flex items-center gap-2 text-xl font-bold tracking-tight">
        <span aria-hidden="true" className="grid size-9 place-items-center rounded-lg bg-accent text-accent-fg">
          A
        </span>
        Alicerce
      </p>
      <main id="conteudo" className="w-full max-w-xl rounded-2xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        <Outlet />
      </main>
    </div>
  );
}
