/**
 * A CPU profile of the Worker while something runs, through workerd's inspector (the Chrome
 * DevTools protocol Miniflare exposes with `inspectorPort`). The bench uses it when
 * BENCH_PROFILE names a route: where a page's Worker CPU goes, by function and by file.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** Connects to the first Worker the inspector lists, profiles while `run` runs, returns the profile. */
export async function profileWhile(inspectorPort: number, run: () => Promise<void>): Promise<CpuProfile> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as {
    webSocketDebuggerUrl?: string;
    id?: string;
  }[];
  const target = targets.find((t) => t.webSocketDebuggerUrl && !String(t.id).includes("internal")) ?? targets[0];
  if (!target?.webSocketDebuggerUrl) throw new Error("the inspector lists no Worker");
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    ws.addEventListener("open", () => resolve(), { once: true });
    ws.addEventListener("error", () => reject(new Error("inspector connection failed")), { once: true });
  });
  let next = 0;
  const pending = new Map<number, (result: unknown) => void>();
  ws.addEventListener("message", (e) => {
    const msg = JSON.parse(String(e.data)) as { id?: number; result?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const id = ++next;
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send("Profiler.enable");
    await send("Profiler.setSamplingInterval", { interval: 100 });
    await send("Profiler.start");
    await run();
    const { profile } = (await send("Profiler.stop")) as { profile: CpuProfile };
    return profile;
  } finally {
    ws.close();
  }
}

/** Self time by function and by file, heaviest first (ms per request when `requests` is given). */
export function summarizeProfile(profile: CpuProfile, requests: number, top = 25): string {
  const total = (profile.endTime - profile.startTime) / 1000;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const selfMs = new Map<number, number>();
  for (let i = 0; i < samples.length; i++) {
    const id = samples[i] as number;
    selfMs.set(id, (selfMs.get(id) ?? 0) + (deltas[i + 1] ?? deltas[i] ?? 0) / 1000);
  }
  const byFn = new Map<string, number>();
  const byFile = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === "(idle)" || functionName === "(program)" || functionName === "(garbage collector)") {
      if (functionName !== "(idle)") busy += ms;
      byFn.set(functionName, (byFn.get(functionName) ?? 0) + ms);
      continue;
    }
    busy += ms;
    const file = url.split("/").slice(-2).join("/") || "(native)";
    const where = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
    byFn.set(where, (byFn.get(where) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const per = (ms: number) => `${(ms / Math.max(1, requests)).toFixed(3)} ms/req`;
  const rows = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, ms]) => `  ${per(ms).padStart(16)}  ${k}`);
  return [
    `perfil: ${total.toFixed(0)} ms, ${requests} pedidos, ocupado ${per(busy)}`,
    "por função (tempo próprio):",
    ...rows(byFn),
    "por arquivo:",
    ...rows(byFile),
  ].join("\n");
}
