import { createRequestHandler, type ServerBuild } from "react-router";
import { createHarness, type Harness } from "./harness.ts";

/**
 * A harness whose pages are real route modules run by React Router's own request handler (a
 * minimal server build; the document itself is not rendered): loaders, actions and their
 * answers' headers as production gives them. `pages` maps a URL pattern to its route module.
 */
export async function createPageHarness(pages: Record<string, unknown>): Promise<Harness> {
  const routes: Record<string, unknown> = { root: { id: "root", path: "", module: { default: () => null } } };
  for (const [path, module] of Object.entries(pages)) routes[path] = { id: path, parentId: "root", path, module };
  const build = {
    entry: {
      module: { default: (_request: Request, status: number, headers: Headers) => new Response("documento", { status, headers }) },
    },
    routes,
    assets: { version: "test", entry: { module: "", imports: [] }, routes: {}, url: "" },
    future: {},
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    basename: "/",
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return createHarness({ renderPage: (request, context) => handler(request, context) });
}
