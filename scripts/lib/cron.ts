/**
 * The Worker's cron triggers, fired locally as Cloudflare fires them: at the start of every
 * minute, each declared cron that matches that minute (read by jobs/cron.ts). Neither Miniflare nor Vite's dev
 * server fires them on their own (ADR 028).
 */
import { cronMatches, parseCron } from "../../jobs/cron.ts";

export interface CronOptions {
  crons: readonly string[];
  /** Runs the Worker's scheduled handler for `cron` at `scheduledTime`. */
  fire: (cron: string, scheduledTime: Date) => Promise<void>;
  log?: (message: string) => void;
}

export interface Cron {
  stop: () => void;
  /** Fires now the crons that match this minute, as the next tick would (a test that cannot wait the minute). */
  fireNow: () => Promise<void>;
  /**
   * Holds the ticks (a test comparing the whole database before and after one request, which a
   * job the cron starts must not change meanwhile): resolves once a tick under way has fired.
   * Holds nest; a minute missed while held fires once on the last release.
   */
  hold: () => Promise<void>;
  release: () => Promise<void>;
}

/**
 * Fires `crons` at the start of each minute until stopped. A tick that fails is logged and the
 * next minute fires anyway (Cloudflare does not retry a failed cron either).
 */
export function startCron(options: CronOptions): Cron {
  const schedules = options.crons.map((cron) => {
    const schedule = parseCron(cron);
    if (!schedule) throw new Error(`cron inválido: ${cron}`);
    return { cron, schedule };
  });
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let holds = 0;
  let missed: Date | null = null;
  let inFlight: Promise<void> = Promise.resolve();
  const scheduleNext = () => {
    if (stopped) return;
    const next = Math.floor(Date.now() / 60_000) * 60_000 + 60_000;
    timer = setTimeout(() => void tick(new Date(next)), next - Date.now());
    timer.unref();
  };
  const fire = async (at: Date) => {
    for (const { cron, schedule } of schedules) {
      if (!cronMatches(schedule, at)) continue;
      await options.fire(cron, at).catch((error: unknown) => {
        options.log?.(`cron ${cron} falhou: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
  };
  const run = (at: Date) => {
    inFlight = inFlight.then(() => fire(at));
    return inFlight;
  };
  const tick = async (at: Date) => {
    scheduleNext();
    if (holds > 0) {
      missed = at;
      return;
    }
    await run(at);
  };
  scheduleNext();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
    fireNow: () => {
      if (holds > 0) {
        missed = new Date();
        return Promise.resolve();
      }
      return run(new Date());
    },
    hold: () => {
      holds++;
      return inFlight;
    },
    release: async () => {
      holds = Math.max(0, holds - 1);
      if (holds > 0 || !missed) return;
      const at = missed;
      missed = null;
      await run(at);
    },
  };
}
