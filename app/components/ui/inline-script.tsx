import { useRouteLoaderData } from "react-router";

/**
 * Runs `run` in the browser as an inline script carrying the page's CSP nonce: the progressive
 * enhancement of a page that ships no JavaScript bundle (`handle = { scripts: false }`, ADR 022).
 * `run` is sent as its own source text, so it must be self-contained: no imports, no outer
 * variables, only what the browser has.
 */
export function InlineScript({ run }: { run: () => void }) {
  const root = useRouteLoaderData("root") as { nonce?: string } | undefined;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: our own function's source, no user input
  return <script nonce={root?.nonce} dangerouslySetInnerHTML={{ __html: `(${run.toString()})();` }} />;
}
