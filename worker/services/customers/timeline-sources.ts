import { interestsSource, leadsSource, ownedPropertiesSource, visitsSource } from "../real-estate/client-timeline.ts";
import { appointmentsSource } from "../agenda/client-appointments.ts";
import { documentsSource } from "../documents/client-documents.ts";
import type { TimelineSource } from "./timeline-source.ts";

/**
 * Everything that shows on a client's timeline, in the summary's order. A new kind of thing
 * about a client (appointments, sales, documents) writes its source beside its own services and
 * adds one line here; the page, the API and the summary need no edit.
 */
export const CLIENT_TIMELINE_SOURCES: readonly TimelineSource[] = [
  interestsSource,
  visitsSource,
  ownedPropertiesSource,
  leadsSource,
  appointmentsSource,
  documentsSource,
];
