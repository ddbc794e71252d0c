import type { ListView } from "../components/data/types.ts";

/** Adds `name=value` to one of the list's own links (`/properties?…`), replacing it if present. */
function withParam(href: string, name: string, value: string): string {
  const url = new URL(href, "http://x");
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A list view whose every link (pages, sort, filters, chips, panels) and GET form keeps a
 * screen-level parameter the list engine does not know, e.g. `/properties?view=cards`.
 */
export function keepParam(view: ListView, name: string, value: string): ListView {
  // The list's own links are strings under keys ending in "href" (or inside "…Hrefs" maps); rows link to records.
  const walk = (node: unknown, hrefs: boolean): unknown => {
    if (typeof node === "string") return hrefs && node.startsWith(view.basePath) ? withParam(node, name, value) : node;
    if (Array.isArray(node)) return node.map((item) => walk(item, hrefs));
    if (node && typeof node === "object") {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === "rows" ? v : walk(v, hrefs || /hrefs?$/i.test(k))]));
    }
    return node;
  };
  const out = walk(view, false) as ListView;
  return { ...out, params: [...out.params.filter(([k]) => k !== name), [name, value]] };
}
