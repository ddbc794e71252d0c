/**
 * Cron expressions as Inngest reads them (five fields: minute hour day-of-month month day-of-week,
 * optionally after "TZ=<zone> "; UTC otherwise), for the local runner to tell which scheduled
 * jobs are due in a given minute (ADR 026).
 */

interface Field {
  min: number;
  max: number;
}

const FIELDS: readonly Field[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12 },
  // 0 and 7 are both Sunday.
  { min: 0, max: 7 },
];

export interface CronSchedule {
  timeZone: string;
  /** The allowed values of each field, in FIELDS order. */
  values: readonly ReadonlySet<number>[];
  /** Day of month and day of week both restricted: either may match (as cron does). */
  eitherDay: boolean;
}

function parseField(text: string, field: Field): Set<number> | undefined {
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) return undefined;
    const from = match[1] === "*" ? field.min : Number(match[2]);
    const to = match[1] === "*" ? field.max : match[3] !== undefined ? Number(match[3]) : match[4] !== undefined ? field.max : from;
    const step = match[4] !== undefined ? Number(match[4]) : 1;
    if (from < field.min || to > field.max || from > to || step < 1) return undefined;
    for (let value = from; value <= to; value += step) values.add(value);
  }
  return values;
}

/** Reads an expression; undefined when Inngest would not accept it either. */
export function parseCron(expression: string): CronSchedule | undefined {
  const zoned = /^TZ=(\S+)\s+(.*)$/.exec(expression.trim());
  const timeZone = zoned?.[1] ?? "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
  } catch {
    return undefined;
  }
  const texts = (zoned?.[2] ?? expression).trim().split(/\s+/);
  if (texts.length !== FIELDS.length) return undefined;
  const values = texts.map((text, i) => parseField(text, FIELDS[i] as Field));
  if (values.some((set) => set === undefined)) return undefined;
  const days = values as Set<number>[];
  if ((days[4] as Set<number>).has(7)) (days[4] as Set<number>).add(0);
  return { timeZone, values: days, eitherDay: texts[2] !== "*" && texts[4] !== "*" };
}

/** The minute, hour, day, month and weekday of `at` in the schedule's time zone. */
function partsOf(at: Date, timeZone: string): number[] {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    minute: "numeric",
    hour: "numeric",
    day: "numeric",
    month: "numeric",
    weekday: "short",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(part("weekday"));
  return [Number(part("minute")), Number(part("hour")), Number(part("day")), Number(part("month")), weekday];
}

/** Whether the schedule fires in the minute that contains `at`. */
export function cronMatches(schedule: CronSchedule, at: Date): boolean {
  const [minute, hour, day, month, weekday] = partsOf(at, schedule.timeZone) as [number, number, number, number, number];
  const [minutes, hours, days, months, weekdays] = schedule.values as [
    ReadonlySet<number>,
    ReadonlySet<number>,
    ReadonlySet<number>,
    ReadonlySet<number>,
    ReadonlySet<number>,
  ];
  if (!(minutes.has(minute) && hours.has(hour) && months.has(month))) return false;
  return schedule.eitherDay ? days.has(day) || weekdays.has(weekday) : days.has(day) && weekdays.has(weekday);
}
