/**
 * Every screen of the app, found the way a person finds them: the page paths of app/routes.ts,
 * each `:param` bound to a record whose link appears on a screen already visited (the demo's
 * lists link their records, the landing page links its public page, which links the properties'
 * pages). So a screen added to app/routes.ts is visited without editing the harness, and one no
 * screen links to is reported as unreached.
 */
import type { Page } from "playwright-core";
import routes from "../../../app/routes.ts";
import { pagePaths, type RouteEntry } from "./routes.ts";

/**
 * Route patterns that are not screens: the catch-all (visited at an unknown address), files,
 * logging out, the point of sale's search (JSON for its script), the report files' action and download
 * redirect (ADR 086), a report's CSV (a download, ADR 083).
 */
const NOT_SCREENS = new Set([
  "/*",
  "/files/*",
  "/logout",
  "/sales/nova/catalogo",
  "/relatorios/arquivos",
  "/relatorios/arquivos/:id/baixar",
  "/relatorio/csv",
]);
/** The unknown address that stands for the catch-all route. */
export const UNKNOWN_PATH = "/esta-pagina-nao-existe";
/** Query parameters that switch a screen between its views (cards/table, list/kanban): each view is a screen. */
const VIEW_PARAMS = new Set(["view", "vista"]);
/**
 * Query parameters that pick what a screen shows (`/relatorio?r=vendas`): the bare address only
 * leads elsewhere, so the screen is opened once at the first address linked with its pick.
 */
const PICK_PARAMS = new Set(["r"]);

export const SCREEN_PATTERNS: readonly string[] = [...pagePaths(routes as RouteEntry[]).filter((p) => !NOT_SCREENS.has(p)), UNKNOWN_PATH];
const STATIC = new Set(SCREEN_PATTERNS.filter((p) => !p.includes(":")));
/** Fixed path segments ("create", "export"…): a link to `/properties/export` is no record of `/properties/:id`. */
const WORDS = new Set(SCREEN_PATTERNS.flatMap((p) => p.split("/").filter((s) => s && !s.startsWith(":"))));

function patternRegex(pattern: string): RegExp {
  const body = pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\/:([A-Za-z]+)/g, "/([^/?#]+)");
  return new RegExp(`^${body}$`);
}

/** One concrete address of a screen: its pattern ("/clients/:id") and where it is ("/clients/3f…"). */
export interface Screen {
  pattern: string;
  path: string;
}

/**
 * Turns links seen on screens into the screens still to visit. A parameter is bound once per
 * prefix (`/properties/:id` → one property), so a record's tabs and editor open that record.
 */
export class ScreenFinder {
  private readonly bindings = new Map<string, string>();
  private readonly seen = new Set<string>();
  private readonly queued: Screen[] = [];
  private readonly picked = new Set<string>();

  constructor() {
    for (const p of STATIC) this.enqueue({ pattern: p, path: p });
  }

  private enqueue(screen: Screen): void {
    if (this.seen.has(screen.path)) return;
    this.seen.add(screen.path);
    this.queued.push(screen);
  }

  /** The concrete path of a pattern when each of its parameters is bound, else undefined. */
  private concrete(pattern: string): string | undefined {
    let prefix = "";
    let out = "";
    for (const part of pattern.split("/").slice(1)) {
      prefix += `/${part}`;
      if (!part.startsWith(":")) {
        out += `/${part}`;
        continue;
      }
      const value = this.bindings.get(prefix);
      if (value === undefined) return undefined;
      out += `/${encodeURIComponent(value)}`;
    }
    return out;
  }

  /** Reads the links of a visited screen: binds parameters, queues views and newly reachable screens. */
  learn(current: URL, hrefs: readonly string[]): void {
    for (const href of hrefs) {
      const url = new URL(href, current);
      if (url.origin !== current.origin) continue;
      const keys = [...url.searchParams.keys()];
      if (url.pathname === current.pathname && keys.length > 0 && keys.every((k) => VIEW_PARAMS.has(k))) {
        const pattern = this.patternOf(url.pathname);
        if (pattern) this.enqueue({ pattern: `${pattern}${url.search}`, path: `${url.pathname}${url.search}` });
      }
      if (STATIC.has(url.pathname)) {
        if (keys.length > 0 && keys.some((k) => PICK_PARAMS.has(k)) && !this.picked.has(url.pathname)) {
          this.picked.add(url.pathname);
          this.enqueue({ pattern: url.pathname, path: `${url.pathname}${url.search}` });
        }
        continue;
      }
      for (const pattern of SCREEN_PATTERNS) {
        if (!pattern.includes(":")) continue;
        const match = patternRegex(pattern).exec(url.pathname);
        if (!match || match.slice(1).some((value) => WORDS.has(value))) continue;
        const names = [...pattern.matchAll(/\/:([A-Za-z]+)/g)];
        names.forEach((name, i) => {
          const prefix = pattern.slice(0, (name.index ?? 0) + name[0].length);
          if (!this.bindings.has(prefix)) this.bindings.set(prefix, decodeURIComponent(match[i + 1] ?? ""));
        });
      }
    }
    for (const pattern of SCREEN_PATTERNS) {
      if (!pattern.includes(":")) continue;
      const path = this.concrete(pattern);
      if (path) this.enqueue({ pattern, path });
    }
  }

  private patternOf(pathname: string): string | undefined {
    if (STATIC.has(pathname)) return pathname;
    return SCREEN_PATTERNS.find((p) => p.includes(":") && patternRegex(p).test(pathname));
  }

  next(): Screen | undefined {
    return this.queued.shift();
  }

  /** Patterns with parameters no visited screen linked to. */
  unreached(): string[] {
    return SCREEN_PATTERNS.filter((p) => p.includes(":") && !this.concrete(p));
  }
}

/** The page's same-origin links (hrefs as the browser resolved them). */
export function linksOf(page: Page): Promise<string[]> {
  return page.evaluate(() => [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].map((a) => a.href));
}
