import { sweepStuckGenerations } from "../../worker/services/ai-generation/sweep.ts";
import { sweepAiGenerations } from "../contracts/sweep-ai-generations.ts";
import { jobHandlers } from "../define.ts";

export default jobHandlers(sweepAiGenerations, {
  async handler({ event, step, db, waitUntil, bindings, now }) {
    return step.run("varrer", async () => ({
      failed: await sweepStuckGenerations({ db, live: bindings?.LIVE, waitUntil }, now?.() ?? new Date(event.ts)),
    }));
  },
});
