import { createArtHandler } from "../../worker-art/handler.ts";
import type { ArtBinding } from "../../worker/services/art/art-client.ts";
import { nodeArtEngine } from "./art-engine.ts";

/** The art Worker's handler in Node, as the `ART` binding of the api tests (workerd runs the real one in tests/workers). */
export function nodeArtBinding(): ArtBinding & { calls: number } {
  const handle = createArtHandler(nodeArtEngine);
  const binding = {
    calls: 0,
    fetch: (input: RequestInfo | URL, init?: RequestInit) => {
      binding.calls++;
      return handle(new Request(input, init));
    },
  };
  return binding as ArtBinding & { calls: number };
}
