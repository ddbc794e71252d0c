import { failPublication } from "../../worker/services/social/publishing/failure.ts";
import { publishingContext, publishTarget } from "../../worker/services/social/publishing/publish.ts";
import { publishPost } from "../contracts/publish-post.ts";
import { jobHandlers } from "../define.ts";

export default jobHandlers(publishPost, {
  async handler({ event, step, runId, ...deps }) {
    return publishTarget(publishingContext(deps, runId, event.data.origin), step, event.data);
  },
  async onFailure({ event, error, step, runId, ...deps }) {
    // The failed run's id: its claim is what this may still change (looked up at Meta first).
    return step.run("falhou", () => failPublication(publishingContext(deps, runId, event.data.origin), event.data, error.message));
  },
});
