/**
 * A Vite plugin that makes "server code in a browser chunk" a build error (ADR 029). In the
 * client environment, after React Router has stripped loaders and actions from route modules,
 * any import left that resolves into worker/, db/, jobs/ or scripts/, or names a server-only
 * package (the libSQL client, Drizzle, Inngest, Hono, `cloudflare:*`, `node:*`…), fails the
 * build (and the dev server's transform) with the importer and the way out.
 */
import path from "node:path";
import type { Plugin } from "vite";

/** Folders of server code (ADR 012): the browser imports none of them. */
export const SERVER_FOLDERS = ["worker", "db", "jobs", "scripts"] as const;

/** Packages and schemes only the Worker or Node may load. */
const SERVER_SPECIFIER =
  /^(?:cloudflare:|node:|@libsql\/|libsql(?:\/|$)|drizzle-orm(?:\/|$)|inngest(?:\/|$)|hono(?:\/|$)|jose(?:\/|$)|@noble\/hashes|openai(?:\/|$)|arctic(?:\/|$))/;

const GUARD = "alicerce:server-only";

/** Why `source`, imported by `importer` and resolved to `resolvedId`, may not reach the browser; null when it may. */
export function serverOnlyReason(root: string, source: string, importer: string, resolvedId: string | null): string | null {
  const fromApp = !importer.includes(`${path.sep}node_modules${path.sep}`) && !importer.includes("/node_modules/");
  if (fromApp && SERVER_SPECIFIER.test(source)) return `"${source}" is a server-only package`;
  if (!resolvedId) return null;
  const file = path.relative(root, resolvedId.split("?")[0] as string);
  if (file.startsWith("..") || path.isAbsolute(file)) return null;
  const top = file.split(/[\\/]/)[0];
  return SERVER_FOLDERS.some((f) => f === top) ? `it resolves to ${file.replaceAll("\\", "/")}, server code (${top}/)` : null;
}

export function serverCodeStaysOnServer(root: string): Plugin {
  return {
    name: "alicerce:server-code-stays-on-server",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    async resolveId(source, importer, options) {
      // Vite's dependency scan (dev) sees route modules before React Router strips their loaders.
      const scan = (options as { scan?: boolean }).scan === true;
      if (!importer || scan || options.custom?.[GUARD]) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true, custom: { ...options.custom, [GUARD]: true } });
      const reason = serverOnlyReason(root, source, importer, resolved?.id ?? null);
      if (!reason) return resolved;
      const from = path.relative(root, importer.split("?")[0] as string).replaceAll("\\", "/");
      this.error(
        [
          `Server code in the browser bundle: ${from} imports "${source}": ${reason}.`,
          "  Route modules may import the server only from loader/action (React Router strips them from the client);",
          "  a value the component needs goes in shared/ (client-safe), server helpers in app/server/**/*.server.ts. See ADR 029.",
        ].join("\n"),
      );
    },
  };
}
