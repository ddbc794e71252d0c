import type { Route } from "./+types/facebook-callback";
import { CallbackError } from "../../components/social/callback-error.tsx";
import { titleMeta } from "../../lib/title.ts";
import { metaCallbackLoader } from "../../server/social/meta-connect.server.ts";

/** Facebook Login's return (no layout): the code is exchanged on the server; the person sees only where it goes next, or why not. */

export const meta: Route.MetaFunction = () => titleMeta("Conexão Facebook");

export const loader = ({ request, context }: Route.LoaderArgs) => metaCallbackLoader(context, request, "facebook");

export default function FacebookCallback({ loaderData }: Route.ComponentProps) {
  return <CallbackError network="Facebook" message={loaderData.error} next={loaderData.next} />;
}
