/**
 * The client JavaScript a page costs, read from a production build's browser manifest
 * (`build/client/assets/manifest-*.js`, the file React Router ships to every page). One
 * measurement for the bench (`npm run bench`, per measured URL) and for the build-output test
 * (every route of the build), so both hold the same 150 kB budget the same way.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes } from "react-router";

/** Client JavaScript (gzip) any page may load. */
export const CLIENT_JS_BUDGET_KB = 150;

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: string;
  imports?: string[];
}

export interface ClientManifest {
  /** The manifest script itself (every document loads it). */
  url: string;
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute>;
}

export interface ClientJs {
  bytes: number;
  files: string[];
}

const MANIFEST_PREFIX = "window.__reactRouterManifest=";

/** The browser manifest of the build whose client output is `clientDir` (`build/client`). */
export function readClientManifest(clientDir: string): ClientManifest {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no manifest-*.js in ${assets}: build first (npm run build)`);
  const text = readFileSync(path.join(assets, file), "utf8").trim();
  if (!text.startsWith(MANIFEST_PREFIX)) throw new Error(`${file} is not React Router's browser manifest`);
  return JSON.parse(text.slice(MANIFEST_PREFIX.length).replace(/;$/, "")) as ClientManifest;
}

/** A route and its ancestors, root first: the modules a document request for it loads. */
export function routeChain(manifest: ClientManifest, id: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (let r = manifest.routes[id]; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) chain.unshift(r);
  return chain;
}

/**
 * The manifest script, the entry and every given route module with their static imports;
 * each file gzipped on its own (as served), each counted once. Lazy chunks (`import()`) are
 * not counted: they load only when used.
 */
export function clientJsOf(
  manifest: ClientManifest,
  clientDir: string,
  routes: readonly ManifestRoute[],
  /** Gzip sizes already measured, by file (many routes share most of their chunks). */
  sizes = new Map<string, number>(),
): ClientJs {
  const files = new Set<string>([manifest.url, manifest.entry.module, ...manifest.entry.imports]);
  for (const r of routes) {
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  let bytes = 0;
  for (const f of files) {
    let size = sizes.get(f);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(clientDir, f)), { level: 9 }).length;
      sizes.set(f, size);
    }
    bytes += size;
  }
  return { bytes, files: [...files] };
}

interface RouteObject {
  id: string;
  path?: string;
  index?: boolean;
  children?: RouteObject[];
}

function routeTree(manifest: ClientManifest, parentId?: string): RouteObject[] {
  return Object.values(manifest.routes)
    .filter((r) => r.parentId === parentId)
    .map((r) => {
      const children = routeTree(manifest, r.id);
      return r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, ...(children.length ? { children } : {}) };
    });
}

/** Client JavaScript of a document request for `pathname`, or null when no route matches. */
export function clientJsForPath(manifest: ClientManifest, clientDir: string, pathname: string): ClientJs | null {
  // biome-ignore lint/suspicious/noExplicitAny: react-router's RouteObject generics add nothing here
  const matches = matchRoutes(routeTree(manifest) as any, pathname) as { route: RouteObject }[] | null;
  if (!matches) return null;
  const routes = matches.map((m) => manifest.routes[m.route.id]).filter((r): r is ManifestRoute => r !== undefined);
  return clientJsOf(manifest, clientDir, routes);
}

/** A route's URL pattern as the route tree composes it ("/properties/:id/interesses"). */
export function routePattern(manifest: ClientManifest, id: string): string {
  const parts = routeChain(manifest, id)
    .map((r) => r.path ?? "")
    .filter((p) => p !== "");
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

/** Every route of the build with its page's client JavaScript, heaviest first. */
export function clientJsPerRoute(clientDir: string): { id: string; pattern: string; bytes: number }[] {
  const manifest = readClientManifest(clientDir);
  const sizes = new Map<string, number>();
  return Object.keys(manifest.routes)
    .map((id) => ({
      id,
      pattern: routePattern(manifest, id),
      bytes: clientJsOf(manifest, clientDir, routeChain(manifest, id), sizes).bytes,
    }))
    .sort((a, b) => b.bytes - a.bytes);
}
