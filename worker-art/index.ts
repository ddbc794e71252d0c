import { WORKER_ASSETS } from "./assets.ts";
import { createArtEngine } from "./engine.ts";
import { createArtHandler } from "./handler.ts";

/**
 * The art Worker (ADR 051): renders post art for the main Worker, which reaches it only through
 * its `ART` service binding (no route of its own in production). worker-art/handler.ts says what
 * it takes and answers; the engine is made once per isolate, on the first render.
 */
const handle = createArtHandler(() => createArtEngine(WORKER_ASSETS));

export default {
  fetch(request: Request): Promise<Response> {
    return handle(request);
  },
};
