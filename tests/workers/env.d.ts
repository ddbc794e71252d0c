// Types `exports` from "cloudflare:workers" (the loopback to the Worker under test).
declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("../../worker/index.ts");
  }
}
