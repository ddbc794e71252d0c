import { markGenerationFailed, runGeneration } from "../../worker/services/ai-generation/engine.ts";
import { aiContent } from "../contracts/ai-content.ts";
import { jobHandlers } from "../define.ts";

/** A crash the engine did not expect (its own failures end the row themselves). */
const INTERNAL_MESSAGE = "Não foi possível gerar agora por um erro nosso. Tente de novo em alguns minutos.";

export default jobHandlers(aiContent, {
  async handler({ event, step, db, config, waitUntil, bindings, now }) {
    // One step: the stream cannot resume halfway (its text was never checked), so a replay starts it over.
    // Text only: the art depends on choices made after it (template, format), so the screen's action draws it (ADR 056).
    return step.run("gerar", () =>
      runGeneration({ db, config, live: bindings?.LIVE, waitUntil, now: now ?? (() => new Date()) }, event.data),
    );
  },
  async onFailure({ event, db, waitUntil, bindings, now }) {
    const at = now?.() ?? new Date();
    await markGenerationFailed({ db, live: bindings?.LIVE, waitUntil }, event.data, "erro_interno", INTERNAL_MESSAGE, at);
  },
});
