import { z } from "zod";
import { DEFAULT_TIME_ZONE } from "../time-zone.ts";
import { messages, blankToUndefined } from "../validation.ts";
import { localDateTimeInstant } from "./schema-helpers.ts";

const LOCAL = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const FROM = Date.UTC(2000, 0, 1);
const UNTIL = Date.UTC(2100, 0, 1);

/**
 * "Para quando": a moment that may be in the future (an order for next week), unlike the
 * records' `dateTime` (things that happened). "aaaa-mm-ddTHH:mm" (the form's datetime-local,
 * read in the organização's zone by the server before this schema; São Paulo's here), an ISO
 * instant with its offset (API), or epoch ms → ISO instant (UTC).
 */
export function orderWhen(field: string): z.ZodType<string, unknown> {
  return z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      if (typeof b === "number" && Number.isSafeInteger(b)) return new Date(b).toISOString();
      if (typeof b !== "string") return b;
      const text = b.trim();
      if (LOCAL.test(text)) return localDateTimeInstant(text, DEFAULT_TIME_ZONE) ?? text;
      if (WITH_OFFSET.test(text)) {
        const t = Date.parse(text);
        return Number.isNaN(t) ? text : new Date(t).toISOString();
      }
      return text;
    },
    z.string({ error: (iss) => (iss.input === undefined ? messages.required(field) : messages.default(field)) }).refine((s) => {
      if (!/Z$/.test(s)) return false;
      const t = Date.parse(s);
      return !Number.isNaN(t) && t >= FROM && t < UNTIL;
    }, messages.default(field)),
  );
}
