import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { serverCodeStaysOnServer } from "./scripts/lib/vite-server-only.ts";

export default defineConfig(({ mode }) => ({
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    tailwindcss(),
    reactRouter(),
    // A browser chunk that would carry worker/, db/, jobs/ or a server package fails the build (ADR 029).
    serverCodeStaysOnServer(import.meta.dirname),
  ],
  // The Worker build must pick React's production server renderer: without this define its
  // bundle kept `react-dom/server` in development mode (several times slower to render, with
  // dev-only checks on every request). See docs/decisions/011-speed.md.
  define: { "process.env.NODE_ENV": JSON.stringify(mode === "production" ? "production" : "development") },
  build: { sourcemap: false },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // App modules nearly every page loads travel as one chunk: fewer files (each gzipped
            // alone) and shorter import lists in the route manifest every page carries (ADR 029).
            codeSplitting: { groups: [{ name: "app-common", test: /[\\/](app|shared)[\\/]/, minShareCount: 40 }] },
          },
        },
      },
    },
  },
}));
