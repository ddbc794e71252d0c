/**
 * Which of a set of screen paths (`/clients`, `/ai-content/referencias`) a page's path belongs
 * to: the longest that is the path itself or one of its folders. A React Router data request
 * (`/clients.data`) counts as its page. Pure and client-safe (the error boundary uses it too).
 */
export function screenPathOf(pathname: string, paths: Iterable<string>): string | undefined {
  const path = pathname.replace(/\.data$/, "");
  let best: string | undefined;
  for (const p of paths) {
    if ((path === p || path.startsWith(`${p}/`)) && (!best || p.length > best.length)) best = p;
  }
  return best;
}
