import { Link, redirect } from "react-router";
import type { Route } from "./+types/auth-callback";
import { titleMeta } from "../lib/title.ts";
import { getRequestContext, serviceContext } from "../../worker/context.ts";
import { confirmEmail, recoveryTokenIsValid, INVALID_LINK } from "../../worker/services/accounts.ts";
import { acceptInvite } from "../../worker/services/team.ts";
import { sessionCookie } from "../../worker/auth/sessions.ts";
import { DomainError } from "../../worker/services/context.ts";
import { recoveryCookie } from "../server/recovery.server.ts";

export const meta: Route.MetaFunction = () => titleMeta("Verificando link");

/** Consumes e-mailed links: confirmation (signs in), password recovery and team invites. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const rc = getRequestContext(context);
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  const token = url.searchParams.get("token") ?? "";
  const ctx = serviceContext(rc);
  try {
    if (!token) throw new DomainError(INVALID_LINK);
    if (type === "signup") {
      const result = await confirmEmail(ctx, token);
      return redirect(result.hasOrg ? "/" : "/completar-cadastro", {
        headers: { "set-cookie": sessionCookie(result.sessionToken, result.expiresAt, rc.secureCookies) },
      });
    }
    if (type === "recovery") {
      if (!(await recoveryTokenIsValid(ctx, token))) throw new DomainError(INVALID_LINK);
      return redirect("/recover-password", { headers: { "set-cookie": recoveryCookie(token, rc.secureCookies) } });
    }
    if (type === "invite") {
      const { recoveryToken } = await acceptInvite(ctx, token);
      return redirect("/recover-password?convite=1", { headers: { "set-cookie": recoveryCookie(recoveryToken, rc.secureCookies) } });
    }
    throw new DomainError(INVALID_LINK);
  } catch (error) {
    if (error instanceof DomainError) return { message: error.message };
    throw error;
  }
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-6">
      <h1 className="text-2xl font-bold">Link inválido</h1>
      <p className="text-fg-soft">{loaderData.message}</p>
      <div className="flex gap-4 text-sm">
        <Link to="/login" className="font-semibold text-accent underline">
          Entrar
        </Link>
        <Link to="/forgot-password" className="font-semibold text-accent underline">
          Pedir novo link de senha
        </Link>
      </div>
    </main>
  );
}
