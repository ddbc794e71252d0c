import { NavLink, type NavLinkProps } from "react-router";
import { intentPrefetch } from "../ui/prefetch.ts";

/** A NavLink that prefetches on intent, except on slow-2g or with the data saver on (spec §9, `intentPrefetch`). */
export function AppLink(props: NavLinkProps) {
  return <NavLink prefetch={intentPrefetch()} {...props} />;
}
