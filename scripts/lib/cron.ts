/**
 * The Worker's cron triggers, fired locally as Cloudflare fires them: at the start of every
 * minute, each declared cron that matches that minute (UTC). Neither Miniflare nor Vite's dev
 * server fires them on their own (ADR 028).
 */

/** One field of a cron expression ("*", "5", "1-5", "*\/15", "1,15,30") against a value. */
function fieldMatches(field: string, value: number, min: number, max: number): boolean {
  return field.split(",").some((part) => {
    const [range = "*", stepText] = part.split("/");
    const step = stepText === undefined ? 1 : Number(stepText);
    let from = min;
    let to = max;
    if (range !== "*") {
      const [a, b] = range.split("-");
      from = Number(a);
      to = b === undefined ? (stepText === undefined ? from : max) : Number(b);
    }
    if (![from, to, step].every(Number.isInteger) || step < 1) throw new Error(`cron inválido: ${field}`);
    return value >= from && value <= to && (value - from) % step === 0;
  });
}

/** True when the five-field cron `expression` fires at `at` (UTC, to the minute). */
export function cronMatches(expression: string, at: Date): boolean {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`cron inválido: ${expression}`);
  const [minute, hour, day, month, weekday] = fields as [string, string, string, string, string];
  return (
    fieldMatches(minute, at.getUTCMinutes(), 0, 59) &&
    fieldMatches(hour, at.getUTCHours(), 0, 23) &&
    fieldMatches(day, at.getUTCDate(), 1, 31) &&
    fieldMatches(month, at.getUTCMonth() + 1, 1, 12) &&
    // 0 and 7 are both Sunday.
    (fieldMatches(weekday, at.getUTCDay(), 0, 7) || (at.getUTCDay() === 0 && fieldMatches(weekday, 7, 0, 7)))
  );
}

export interface CronOptions {
  crons: readonly string[];
  /** Runs the Worker's scheduled handler for `cron` at `scheduledTime`. */
  fire: (cron: string, scheduledTime: Date) => Promise<void>;
  log?: (message: string) => void;
}

export interface Cron {
  stop: () => void;
}

/**
 * Fires `crons` at the start of each minute until stopped. A tick that fails is logged and the
 * next minute fires anyway (Cloudflare does not retry a failed cron either).
 */
export function startCron(options: CronOptions): Cron {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    const next = Math.floor(Date.now() / 60_000) * 60_000 + 60_000;
    timer = setTimeout(() => void tick(new Date(next)), next - Date.now());
    timer.unref();
  };
  const tick = async (at: Date) => {
    schedule();
    for (const cron of options.crons) {
      if (!cronMatches(cron, at)) continue;
      await options.fire(cron, at).catch((error: unknown) => {
        options.log?.(`cron ${cron} falhou: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
  };
  schedule();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
