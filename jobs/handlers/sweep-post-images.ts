import { sweepPostImages } from "../../worker/services/social/post-images.ts";
import { sweepPostImagesJob } from "../contracts/sweep-post-images.ts";
import { jobHandlers } from "../define.ts";
import { sweepEveryOrganization } from "../sweep-organizations.ts";

/** Every organização's post images nobody uses any more, one page of organizações per step. */
export default jobHandlers(sweepPostImagesJob, {
  async handler({ event, step, db, bindings }) {
    const bucket = bindings?.FILES;
    // Without the bucket (a Node script) there is nothing to sweep.
    if (!bucket) return { organizations: 0, removed: 0 };
    const now = new Date(event.ts);
    return sweepEveryOrganization(step, db, (orgId) => sweepPostImages({ db, now }, bucket, orgId));
  },
});
