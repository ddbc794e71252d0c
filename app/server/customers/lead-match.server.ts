import { data, redirect, type RouterContextProvider } from "react-router";
import { clientDefinition } from "../../../shared/resources/clients.ts";
import { DomainError } from "../../../worker/services/context.ts";
import { confirmLeadMatch, rejectLeadMatch } from "../../../worker/services/real-estate/lead-matches.ts";
import { isId } from "../../../shared/id.ts";
import { guard } from "../resources.server.ts";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/**
 * "Confirmar que é o mesmo cliente" / "É outra pessoa" on a client's page (a POST; the permission
 * table's clients × update decides, a 403 page otherwise). Confirming goes to the client on file,
 * who now holds the lead; rejecting stays on the page. A lead already answered (by a teammate,
 * in another tab) says so on the page.
 */
export async function answerLeadMatch(args: Args, intent: "confirmar-lead" | "recusar-lead", lead: unknown, clientId: string | undefined) {
  const { ctx, actor } = guard(args, clientDefinition, "update");
  const leadId = typeof lead === "string" ? lead : "";
  try {
    if (intent === "confirmar-lead") {
      const { clienteId } = await confirmLeadMatch(ctx, actor, leadId);
      return redirect(`/clients/${clienteId}`);
    }
    await rejectLeadMatch(ctx, actor, leadId);
    return redirect(clientId && isId(clientId) ? `/clients/${clientId}` : "/clients");
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) return data({ error: error.message }, { status: 404 });
    throw error;
  }
}
