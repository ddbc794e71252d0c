import { useEffect, useState } from "react";
import { NavLink, type NavLinkProps } from "react-router";

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** Spec §9: no prefetch on slow-2g or with the data saver on. */
export function usePrefetchAllowed(): boolean {
  const [allowed, setAllowed] = useState(true);
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    if (connection && (connection.saveData || connection.effectiveType === "slow-2g")) setAllowed(false);
  }, []);
  return allowed;
}

export function AppLink(props: NavLinkProps) {
  const allowed = usePrefetchAllowed();
  return <NavLink prefetch={allowed ? "intent" : "none"} {...props} />;
}
