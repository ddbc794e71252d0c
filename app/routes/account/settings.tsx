import { Outlet } from "react-router";
import type { Route } from "./+types/settings";
import { titleMeta } from "../../lib/title.ts";

export const meta: Route.MetaFunction = () => titleMeta("Configurações");

/** /settings and its child preferences (spec §2); the settings area's layout draws the sections. */
export default function Settings() {
  return <Outlet />;
}
