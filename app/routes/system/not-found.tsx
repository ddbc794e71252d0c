import { data } from "react-router";
import type { Route } from "./+types/not-found";

/** Any unknown path: status 404 with the path (the root error boundary renders the page). */
export async function loader({ request }: Route.LoaderArgs) {
  throw data({ path: new URL(request.url).pathname }, { status: 404 });
}

export default function NotFound() {
  return null;
}
