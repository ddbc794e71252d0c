import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // The whole route manifest ships as one cached file (≈2 kB gzip) instead of a partial one
  // built, matched and pretty-printed into every page, and client navigations never stop to
  // ask the Worker for `/__manifest` (ADR 011).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
