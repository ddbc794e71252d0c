import type { Route } from "./+types/instagram-callback";
import { CallbackError } from "../../components/social/callback-error.tsx";
import { titleMeta } from "../../lib/title.ts";
import { metaCallbackLoader } from "../../server/social/meta-connect.server.ts";

/** Instagram Login's return (no layout): the code is exchanged on the server; the person sees only where it goes next, or why not. */

export const meta: Route.MetaFunction = () => titleMeta("Conexão Instagram");

export const loader = ({ request, context }: Route.LoaderArgs) => metaCallbackLoader(context, request, "instagram");

export default function InstagramCallback({ loaderData }: Route.ComponentProps) {
  return <CallbackError network="Instagram" message={loaderData.error} next={loaderData.next} />;
}
