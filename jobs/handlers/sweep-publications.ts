import { sweepEvents } from "../../worker/services/social/publishing/sweep.ts";
import { sweepPublications } from "../contracts/sweep-publications.ts";
import { jobHandlers } from "../define.ts";

export default jobHandlers(sweepPublications, {
  async handler({ event, step, db, config, now, send }) {
    return step.run("varrer", async () => {
      const events = await sweepEvents(db, now?.() ?? new Date(event.ts), config.APP_URL);
      await send(events);
      return { started: events.length };
    });
  },
});
