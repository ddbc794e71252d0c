import { useActionData } from "react-router";
import type { Route } from "./+types/facebook-connection";
import { ConnectionDetail } from "../../components/social/connection-detail.tsx";
import type { ConnectMessage } from "../../components/social/connection-parts.tsx";
import { titleMeta } from "../../lib/title.ts";
import { requirePermission } from "../../server/guards.server.ts";
import { metaConnectAction } from "../../server/social/meta-connect.server.ts";
import { serviceContext } from "../../../worker/context.ts";
import { socialOverview } from "../../../worker/services/social/connections.ts";

/** "Conexão Facebook" (managers): see ConnectionDetail. */

export const meta: Route.MetaFunction = () => titleMeta("Conexão Facebook");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { rc, actor } = requirePermission(context, request, "social-settings", "read");
  return { overview: await socialOverview(serviceContext(rc), actor) };
}

export const action = ({ request, context }: Route.ActionArgs) => metaConnectAction(context, request);

export default function FacebookConnection({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return <ConnectionDetail login="facebook" overview={loaderData.overview} result={result as ConnectMessage | undefined} />;
}
