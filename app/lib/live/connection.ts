import type { LiveEvent } from "../../../shared/live-events.ts";
import { LIVE_PING, LIVE_PONG, LIVE_REPLAY_PARAM, LIVE_TIMING, readLiveEvent } from "../../../shared/live-connection.ts";

/**
 * The tab's one live connection (ADR 043): opened by the first screen that listens, shared by
 * every listener, closed a moment after the last one leaves (so moving between pages keeps it).
 * It pings on a heartbeat, drops a connection that does not open or answer within the spec's
 * 10 s, and reconnects with backoff; after a reconnect listeners hear `resync`, since events
 * sent meanwhile were missed. A hidden tab stops retrying until it is shown again.
 *
 * A page reads its data, then subscribes after it renders: an event landing in between would be
 * lost. So the tab keeps the last moments' events and hands them to a new subscriber that asks
 * (`replayMs`), and a first connection asks the room for the events it sent since the page began
 * loading (at most `LIVE_TIMING.replayMs`). A replayed event costs at most one more loader read.
 */
export type LiveState = "connecting" | "open" | "reconnecting";

export type LiveMessage = LiveEvent | { type: "resync" };

type Listener = (message: LiveMessage) => void;
type StateListener = (state: LiveState) => void;

/** How long a connection with no listener stays open (a page change re-subscribes within it). */
const LINGER_MS = 5_000;

const listeners = new Set<Listener>();
/** Events received lately, oldest first, with when (`performance.now()`), for late subscribers. */
const recent: { at: number; event: LiveEvent }[] = [];
/** Enough for a burst (an import); older ones are dropped sooner by age anyway. */
const MAX_RECENT = 100;
const stateListeners = new Set<StateListener>();
let socket: WebSocket | null = null;
let state: LiveState = "connecting";
let attempt = 0;
let everOpened = false;
const timers: { retry?: number; open?: number; beat?: number; pong?: number; linger?: number } = {};

function setState(next: LiveState): void {
  if (next === state) return;
  state = next;
  for (const l of stateListeners) l(state);
}

function clearTimers(...names: (keyof typeof timers)[]): void {
  for (const name of names) {
    if (timers[name] !== undefined) window.clearTimeout(timers[name]);
    delete timers[name];
  }
}

/**
 * A first connection asks the room to repeat what it sent since this document began loading
 * (`performance.now()` counts from there): the page's data may have been read before that.
 * A reconnect needs none: its listeners hear `resync` and read everything again.
 */
function liveUrl(): string {
  const base = `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/live`;
  if (everOpened) return base;
  const since = Math.min(Math.ceil(performance.now()), LIVE_TIMING.replayMs);
  return `${base}?${LIVE_REPLAY_PARAM}=${since}`;
}

function remember(event: LiveEvent): void {
  const now = performance.now();
  recent.push({ at: now, event });
  while (recent.length > MAX_RECENT || (recent[0] && recent[0].at < now - LIVE_TIMING.replayMs)) recent.shift();
}

function deliver(message: LiveMessage): void {
  for (const l of [...listeners]) {
    try {
      l(message);
    } catch (error) {
      console.error("[live] ouvinte falhou", error);
    }
  }
}

function onText(data: unknown): void {
  if (data === LIVE_PONG) {
    clearTimers("pong");
    return;
  }
  if (typeof data !== "string") return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return;
  }
  const event = readLiveEvent(parsed);
  // An event this build does not know (a newer server): ignored, the page still works.
  if (!event) return;
  remember(event);
  deliver(event);
}

function heartbeat(ws: WebSocket): void {
  clearTimers("beat");
  timers.beat = window.setTimeout(() => {
    if (ws !== socket || ws.readyState !== WebSocket.OPEN) return;
    ws.send(LIVE_PING);
    clearTimers("pong");
    timers.pong = window.setTimeout(() => drop(ws), LIVE_TIMING.timeoutMs);
    heartbeat(ws);
  }, LIVE_TIMING.heartbeatMs);
}

/** Ends `ws` (timed out, closed, failed) and schedules the next attempt if anyone listens. */
function drop(ws: WebSocket): void {
  if (ws !== socket) return;
  socket = null;
  clearTimers("open", "beat", "pong");
  try {
    ws.close();
  } catch {
    // Already closed.
  }
  if (!listeners.size) return;
  setState("reconnecting");
  scheduleRetry();
}

function scheduleRetry(): void {
  clearTimers("retry");
  if (document.visibilityState === "hidden") return; // resumes on `visibilitychange`
  const steps = LIVE_TIMING.reconnectMs;
  const base = steps[Math.min(attempt, steps.length - 1)] as number;
  attempt++;
  // A little jitter, so the pages of a restarted server do not all knock at the same instant.
  timers.retry = window.setTimeout(open, base + Math.floor(Math.random() * (base / 4)));
}

function open(): void {
  clearTimers("retry");
  if (socket || !listeners.size) return;
  let ws: WebSocket;
  try {
    ws = new WebSocket(liveUrl());
  } catch {
    setState("reconnecting");
    scheduleRetry();
    return;
  }
  socket = ws;
  timers.open = window.setTimeout(() => drop(ws), LIVE_TIMING.timeoutMs);
  ws.addEventListener("open", () => {
    if (ws !== socket) return;
    clearTimers("open");
    const missed = everOpened;
    everOpened = true;
    attempt = 0;
    setState("open");
    heartbeat(ws);
    if (missed) deliver({ type: "resync" });
  });
  ws.addEventListener("message", (e: MessageEvent) => onText(e.data));
  ws.addEventListener("close", () => drop(ws));
  ws.addEventListener("error", () => drop(ws));
}

function onVisible(): void {
  if (document.visibilityState !== "visible" || socket || !listeners.size) return;
  attempt = 0;
  open();
}

function onOnline(): void {
  if (socket || !listeners.size) return;
  attempt = 0;
  open();
}

function closeForGood(): void {
  clearTimers("retry", "open", "beat", "pong", "linger");
  document.removeEventListener("visibilitychange", onVisible);
  window.removeEventListener("online", onOnline);
  const ws = socket;
  socket = null;
  ws?.close(1000, "sem ouvintes");
  attempt = 0;
  everOpened = false;
  recent.length = 0;
  setState("connecting");
}

export interface SubscribeOptions {
  /** Hands the new listener, at once, the events this tab received within the last this many ms. */
  replayMs?: number;
}

/** Listens to the tab's live connection (opening it if needed); returns the unsubscribe. */
export function subscribeLive(listener: Listener, options: SubscribeOptions = {}): () => void {
  listeners.add(listener);
  const replayMs = Math.min(options.replayMs ?? 0, LIVE_TIMING.replayMs);
  if (replayMs > 0) {
    const since = performance.now() - replayMs;
    for (const { at, event } of recent) {
      if (at < since) continue;
      try {
        listener(event);
      } catch (error) {
        console.error("[live] ouvinte falhou", error);
      }
    }
  }
  clearTimers("linger");
  // The same function added twice is one listener: safe on every subscribe.
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("online", onOnline);
  if (timers.retry === undefined) open();
  return () => {
    listeners.delete(listener);
    if (listeners.size) return;
    clearTimers("linger");
    timers.linger = window.setTimeout(closeForGood, LINGER_MS);
  };
}

/** Follows the connection's state (for the small indicator); returns the unsubscribe. */
export function watchLiveState(listener: StateListener): () => void {
  stateListeners.add(listener);
  listener(state);
  return () => stateListeners.delete(listener);
}
