import { z } from "zod";

/** Every background event with its payload schema: the one list both runners read. */
export const events = {
  "email/send.requested": z.object({ outboxId: z.string().min(1) }),
} as const;

export type EventName = keyof typeof events;
export type EventData<N extends EventName> = z.infer<(typeof events)[N]>;
