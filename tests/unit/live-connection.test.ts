/**
 * The page side of the live connection (app/lib/live/connection.ts, ADR 043) against a fake
 * WebSocket and fake timers: one socket per tab, the spec's 10 s timeout, the heartbeat, the
 * reconnect backoff, `resync` after a reconnect, and the replay of what came in while a page
 * was loading.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIVE_PING, LIVE_PONG, LIVE_REPLAY_PARAM, LIVE_TIMING, readReplayMs } from "../../shared/live-connection.ts";

type Handler = (event: { data?: unknown }) => void;

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readonly url: string;
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  closed = false;
  #handlers = new Map<string, Handler[]>();
  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }
  addEventListener(type: string, handler: Handler): void {
    this.#handlers.set(type, [...(this.#handlers.get(type) ?? []), handler]);
  }
  send(text: string): void {
    this.sent.push(text);
  }
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.readyState = 3;
    this.emit("close");
  }
  emit(type: string, data?: unknown): void {
    for (const h of this.#handlers.get(type) ?? []) h({ data });
  }
  /** The server accepted it. */
  accept(): void {
    this.readyState = FakeSocket.OPEN;
    this.emit("open");
  }
}

const doc = { visibilityState: "visible", addEventListener: vi.fn(), removeEventListener: vi.fn() };

async function load() {
  vi.resetModules();
  return import("../../app/lib/live/connection.ts");
}

const live = () => FakeSocket.all.filter((s) => !s.closed);
/** When the fake document began loading (`performance.now()` counts from it), on the fake clock. */
let loadedAt = 0;
const SOCKET_URL = "wss://app.alicerce.app/api/live";
const event = { type: "record.changed", resource: "clients", action: "created", ids: ["a"] };

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, "random").mockReturnValue(0);
  FakeSocket.all = [];
  doc.addEventListener.mockClear();
  doc.removeEventListener.mockClear();
  vi.stubGlobal("WebSocket", FakeSocket);
  vi.stubGlobal("window", { setTimeout, clearTimeout, addEventListener: vi.fn(), removeEventListener: vi.fn() });
  vi.stubGlobal("document", doc);
  vi.stubGlobal("location", { protocol: "https:", host: "app.alicerce.app" });
  // The page has been loading for 1.2 s when the first screen subscribes.
  loadedAt = Date.now() - 1_200;
  vi.stubGlobal("performance", { now: () => Date.now() - loadedAt });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("live connection in the page", () => {
  it("opens one socket for every listener of the tab, to wss://<host>/api/live, and delivers events to each", async () => {
    const { subscribeLive } = await load();
    const a: unknown[] = [];
    const b: unknown[] = [];
    subscribeLive((m) => a.push(m));
    subscribeLive((m) => b.push(m));
    // A first connection asks the room for what it sent since this page began loading.
    expect(FakeSocket.all.map((s) => s.url)).toEqual([`${SOCKET_URL}?${LIVE_REPLAY_PARAM}=1200`]);
    const ws = FakeSocket.all[0] as FakeSocket;
    ws.accept();
    ws.emit("message", JSON.stringify(event));
    ws.emit("message", JSON.stringify({ type: "desconhecido" }));
    ws.emit("message", "não é JSON");
    expect(a).toEqual([event]);
    expect(b).toEqual([event]);
  });

  it("drops a connection that does not open within the spec's 10 s, and retries after 1 s, then 2 s, 5 s, 10 s", async () => {
    const { subscribeLive, watchLiveState } = await load();
    const states: string[] = [];
    watchLiveState((s) => states.push(s));
    subscribeLive(() => {});
    expect(LIVE_TIMING.timeoutMs).toBe(10_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(FakeSocket.all[0]?.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all[0]?.closed).toBe(true);
    expect(states.at(-1)).toBe("reconnecting");
    const opensAfter: number[] = [];
    for (const wait of [1_000, 2_000, 5_000, 10_000, 10_000]) {
      const before = FakeSocket.all.length;
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(FakeSocket.all.length).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.all.length).toBe(before + 1);
      opensAfter.push(wait);
      (FakeSocket.all.at(-1) as FakeSocket).close(); // refused again
    }
    expect(opensAfter).toEqual([1_000, 2_000, 5_000, 10_000, 10_000]);
  });

  it("pings on the heartbeat; a pong keeps it, a ping unanswered for 10 s reconnects and then says resync", async () => {
    const { subscribeLive, watchLiveState } = await load();
    const heard: unknown[] = [];
    const states: string[] = [];
    watchLiveState((s) => states.push(s));
    subscribeLive((m) => heard.push(m));
    const first = FakeSocket.all[0] as FakeSocket;
    first.accept();
    expect(states.at(-1)).toBe("open");
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.heartbeatMs);
    expect(first.sent).toEqual([LIVE_PING]);
    first.emit("message", LIVE_PONG);
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.timeoutMs);
    expect(first.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.heartbeatMs - LIVE_TIMING.timeoutMs);
    expect(first.sent).toEqual([LIVE_PING, LIVE_PING]);
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.timeoutMs);
    expect(first.closed).toBe(true);
    expect(states.at(-1)).toBe("reconnecting");
    await vi.advanceTimersByTimeAsync(1_000);
    const second = FakeSocket.all[1] as FakeSocket;
    // A reconnect asks for no replay: its listeners read everything again on `resync`.
    expect(second.url).toBe(SOCKET_URL);
    expect(heard).toEqual([]);
    second.accept();
    expect(heard).toEqual([{ type: "resync" }]);
    expect(states.at(-1)).toBe("open");
  });

  it("keeps the socket a moment after the last listener leaves (a page change), then closes it and stops retrying", async () => {
    const { subscribeLive } = await load();
    const leave = subscribeLive(() => {});
    (FakeSocket.all[0] as FakeSocket).accept();
    leave();
    await vi.advanceTimersByTimeAsync(1_000);
    const back = subscribeLive(() => {});
    expect(live()).toHaveLength(1);
    back();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(live()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it("does not retry while the tab is hidden, and reconnects at once when it is shown", async () => {
    const { subscribeLive } = await load();
    subscribeLive(() => {});
    (FakeSocket.all[0] as FakeSocket).accept();
    doc.visibilityState = "hidden";
    try {
      (FakeSocket.all[0] as FakeSocket).close();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(FakeSocket.all).toHaveLength(1);
      doc.visibilityState = "visible";
      const onVisible = doc.addEventListener.mock.calls.findLast(([type]) => type === "visibilitychange")?.[1] as () => void;
      onVisible();
      expect(FakeSocket.all).toHaveLength(2);
    } finally {
      doc.visibilityState = "visible";
    }
  });

  it("hands a late subscriber that asks the events of the last moments, and only those", async () => {
    const { subscribeLive } = await load();
    subscribeLive(() => {});
    const ws = FakeSocket.all[0] as FakeSocket;
    ws.accept();
    const old = { ...event, ids: ["antigo"] };
    ws.emit("message", JSON.stringify(old));
    await vi.advanceTimersByTimeAsync(LIVE_TIMING.replayMs - 2_000);
    ws.emit("message", JSON.stringify(event));
    await vi.advanceTimersByTimeAsync(3_000);
    // The page that read its data and subscribed just now hears what came in meanwhile.
    const replayed: unknown[] = [];
    subscribeLive((m) => replayed.push(m), { replayMs: LIVE_TIMING.replayMs });
    expect(replayed).toEqual([event]);
    // A subscriber that does not ask hears only what comes next; then both hear the same.
    const plain: unknown[] = [];
    subscribeLive((m) => plain.push(m));
    expect(plain).toEqual([]);
    const next = { ...event, ids: ["b"] };
    ws.emit("message", JSON.stringify(next));
    expect(plain).toEqual([next]);
    expect(replayed).toEqual([event, next]);
    // No one asks further back than the window.
    const greedy: unknown[] = [];
    subscribeLive((m) => greedy.push(m), { replayMs: 10 * LIVE_TIMING.replayMs });
    expect(greedy).toEqual([event, next]);
  });

  it("forgets the remembered events when the connection closes for good; the next first connection asks the room", async () => {
    const { subscribeLive } = await load();
    const leave = subscribeLive(() => {});
    (FakeSocket.all[0] as FakeSocket).accept();
    (FakeSocket.all[0] as FakeSocket).emit("message", JSON.stringify(event));
    leave();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(live()).toHaveLength(0);
    const later: unknown[] = [];
    subscribeLive((m) => later.push(m), { replayMs: LIVE_TIMING.replayMs });
    expect(later).toEqual([]);
    // The page has been open 6.2 s: that is how far back the room is asked to look.
    expect((FakeSocket.all[1] as FakeSocket).url).toBe(`${SOCKET_URL}?${LIVE_REPLAY_PARAM}=6200`);
  });

  it("caps a first connection's ask at the window, however long ago the page loaded", async () => {
    loadedAt = Date.now() - 3_600_000;
    const { subscribeLive } = await load();
    subscribeLive(() => {});
    expect((FakeSocket.all[0] as FakeSocket).url).toBe(`${SOCKET_URL}?${LIVE_REPLAY_PARAM}=${LIVE_TIMING.replayMs}`);
  });
});

describe("readReplayMs (what the server accepts as the ask)", () => {
  it("takes whole ms up to the window and nothing else", () => {
    expect(readReplayMs("1200")).toBe(1_200);
    expect(readReplayMs("999999")).toBe(LIVE_TIMING.replayMs);
    for (const bad of [null, undefined, "", "-5", "1e9", "12.5", "abc", "1".repeat(20), " 100"]) expect(readReplayMs(bad)).toBe(0);
  });
});
