/**
 * Stands in for `virtual:react-router/server-build` in the `workers` project: the vitest plugin
 * builds worker/index.ts without React Router's Vite plugin, so the virtual module has no source.
 * The Hono entry, middleware, API and bindings run for real; rendering pages is covered by e2e.
 */
export const assets = { version: "workers-test", entry: { module: "", imports: [] }, routes: {}, url: "" };
export const entry = { module: {} };
export const routes = {};
export const future = {};
export const publicPath = "/";
export const assetsBuildDirectory = "build/client";
export const basename = "/";
export const ssr = true;
export const isSpaMode = false;
export const prerender = [];
export const routeDiscovery = { mode: "initial" };
