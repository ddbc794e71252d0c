import { raiseAlerts } from "../../worker/services/real-estate/matching.ts";
import { matchInterest } from "../contracts/match-interest.ts";
import { jobHandlers } from "../define.ts";

export default jobHandlers(matchInterest, {
  async handler({ event, step, db }) {
    const { orgId, interestId } = event.data;
    return step.run("raise-alerts", () => raiseAlerts(db, orgId, { interestId }, new Date()));
  },
});
