import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import type { LiveEvent } from "../../../shared/live-events.ts";
import { LIVE_TIMING } from "../../../shared/live-connection.ts";
import { type LiveMessage, type LiveState, type SubscribeOptions, subscribeLive, watchLiveState } from "./connection.ts";

/**
 * Which events a screen wants: a predicate, or fields an event must have (e.g.
 * `{ type: "record.changed", resource: "clients" }`).
 */
export type LiveFilter = ((event: LiveEvent) => boolean) | Partial<Record<string, string>>;

function matches(filter: LiveFilter, event: LiveEvent): boolean {
  if (typeof filter === "function") return filter(event);
  const fields = event as unknown as Record<string, unknown>;
  return Object.entries(filter).every(([key, value]) => value === undefined || fields[key] === value);
}

/**
 * Calls `onEvent` for each live event of the caller's organização that passes `filter`, and with
 * `{ type: "resync" }` after the connection came back (events may have been missed). Shares the
 * tab's one connection (ADR 043); the latest `filter` and `onEvent` are used without reconnecting.
 * With `replayMs`, events the tab received that long before mounting are handed over too.
 */
export function useLiveEvents(filter: LiveFilter, onEvent: (message: LiveMessage) => void, options: SubscribeOptions = {}): void {
  const latest = useRef({ filter, onEvent });
  latest.current = { filter, onEvent };
  // Read once, when subscribing: a replay only makes sense then.
  const subscribeOptions = useRef(options);
  useEffect(
    () =>
      subscribeLive((message) => {
        const { filter: f, onEvent: handle } = latest.current;
        if (message.type === "resync" || matches(f, message)) handle(message);
      }, subscribeOptions.current),
    [],
  );
}

/** Coalesces a burst of events (an import, a bulk delete) into one reload of the page's data. */
const REVALIDATE_DEBOUNCE_MS = 300;

/**
 * Reads the page's loaders again when a matching event arrives (or after a reconnect), so the
 * screen shows what another page of the organização changed without a reload. Events that came
 * in while the page was loading (after its data was read, before it subscribed) are replayed:
 * reading again is cheap, missing a "failed" is not.
 */
export function useLiveRevalidation(filter: LiveFilter): void {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useLiveEvents(
    filter,
    () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void latest.current.revalidate(), REVALIDATE_DEBOUNCE_MS);
    },
    { replayMs: LIVE_TIMING.replayMs },
  );
}

/** The tab's connection state, for a small indicator. */
export function useLiveState(): LiveState {
  const [state, setState] = useState<LiveState>("connecting");
  useEffect(() => watchLiveState(setState), []);
  return state;
}
