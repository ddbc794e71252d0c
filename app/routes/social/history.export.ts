import type { Route } from "./+types/history.export";
import { parseSocialListQuery, POSTS_RESOURCE } from "../../../shared/social/social-list-query.ts";
import { serviceContext } from "../../../worker/context.ts";
import { attemptsCsv } from "../../../worker/services/social/history-export.ts";
import { requirePermission } from "../../server/guards.server.ts";

/** `/historico/exportar?<the history's filters>`: the CSV of what the history shows (owner/admin, as every export). */
export async function loader(args: Route.LoaderArgs) {
  const signed = requirePermission(args.context, args.request, POSTS_RESOURCE, "export");
  const query = parseSocialListQuery(new URL(args.request.url).searchParams);
  const file = attemptsCsv(serviceContext(signed.rc), signed.actor, query);
  return new Response(file.body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "no-store",
    },
  });
}
