import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getRequestContext, serviceContext } from "../../../worker/context.ts";
import { endLiveAccess } from "../../../worker/live/publish.ts";
import { clearSessionCookie, revokeSession } from "../../../worker/auth/sessions.ts";

/** POST only: ends the session in the database and clears the cookie. */
export async function action({ context }: Route.ActionArgs) {
  const rc = getRequestContext(context);
  if (rc.auth) {
    await revokeSession(rc.db, rc.auth.sessionId, rc.auth.user.id);
    // This session's open live sockets (other tabs) stop hearing the organização's events.
    endLiveAccess(serviceContext(rc), rc.auth.memberOf?.id, { sessionId: rc.auth.sessionId });
  }
  // Clear-Site-Data also wipes what the browser kept (cache, cookies, storage) for this origin.
  return redirect("/login?aviso=sessao-encerrada", {
    headers: { "set-cookie": clearSessionCookie(rc.secureCookies), "clear-site-data": '"cache", "cookies", "storage"' },
  });
}

export async function loader() {
  return redirect("/");
}
