import { isbot } from "isbot";
// React's Node build (workerd runs it under nodejs_compat) writes each piece of markup into one
// buffer with encodeInto; the edge build allocates a Uint8Array per attribute and text node, and
// a list page has thousands (ADR 011).
import { renderToReadableStream } from "react-dom/server.node";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";
import { requestContext } from "../worker/context.ts";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const rc = loadContext.get(requestContext);
  let shellRendered = false;
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} nonce={rc.nonce} />, {
    nonce: rc.nonce,
    signal: AbortSignal.timeout(streamTimeout + 1000),
    onError(error: unknown) {
      status = 500;
      // Errors after the shell are logged here; before it, React Router's boundary handles them.
      if (shellRendered) console.error(`[${rc.requestId}] erro ao renderizar`, error);
    },
  });
  shellRendered = true;
  // Bots and no-JS clients get the whole document at once.
  if (isbot(request.headers.get("user-agent") ?? "") || routerContext.isSpaMode) await body.allReady;
  headers.set("content-type", "text/html; charset=utf-8");
  return new Response(body, { headers, status });
}
