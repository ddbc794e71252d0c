import type { Route } from "./+types/personal-data";
import { guard } from "../../server/resources.server.ts";
import { screenDefinition } from "../../server/screens.server.ts";
import { personalDataOf } from "../../../worker/resources/personal-data.ts";
import { moduleOf } from "../../../worker/resources/registry.ts";
import { DomainError } from "../../../worker/services/context.ts";

/** LGPD (`/<base>/:id/dados`): everything held about one data subject, as a JSON download (who the table allows). */
export async function loader(args: Route.LoaderArgs) {
  const def = screenDefinition(args.request, "personal-data");
  const { ctx, actor } = guard(args, def, "lgpd");
  const personalData = personalDataOf(moduleOf(def.name));
  if (!personalData) throw new Response("Página não encontrada.", { status: 404 });
  const id = args.params.id;
  try {
    const body = await personalData(ctx, actor, id);
    return new Response(JSON.stringify(body, null, 2), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="${def.labels.singular}-${id.replace(/[^0-9A-Za-z-]/g, "")}-dados-lgpd.json"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) throw new Response(error.message, { status: 404 });
    throw error;
  }
}
