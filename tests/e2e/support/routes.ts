/** The page paths of `app/routes.ts` ("/clients/:id"…), for harnesses that visit every page. */
export interface RouteEntry {
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
}

export function pagePaths(entries: RouteEntry[], prefix = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const here = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix;
    if (entry.index || (entry.path && !entry.children?.length)) out.push(here || "/");
    if (entry.children) out.push(...pagePaths(entry.children, here));
  }
  return [...new Set(out)];
}
