import type { Route } from "./+types/clients.$id.dados";
import { clientDefinition } from "../../shared/resources/clients.ts";
import { guard } from "../server/resources.server.ts";
import { exportClientData } from "../../worker/services/clients.ts";
import { DomainError } from "../../worker/services/context.ts";

/** LGPD: everything held about one client, as a JSON download (owner and admin only). */
export async function loader(args: Route.LoaderArgs) {
  const { ctx, actor } = guard(args, clientDefinition, "lgpd");
  const id = args.params.id;
  try {
    const body = await exportClientData(ctx, actor, id);
    return new Response(JSON.stringify(body, null, 2), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="cliente-${id.replace(/[^0-9A-Za-z-]/g, "")}-dados-lgpd.json"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) throw new Response(error.message, { status: 404 });
    throw error;
  }
}
