import { raiseAlerts } from "../../worker/services/real-estate/matching.ts";
import { matchProperty } from "../contracts/match-property.ts";
import { jobHandlers } from "../define.ts";

export default jobHandlers(matchProperty, {
  async handler({ event, step, db }) {
    const { orgId, propertyId, reason } = event.data;
    return step.run("raise-alerts", () => raiseAlerts(db, orgId, { propertyId, reason }, new Date()));
  },
});
